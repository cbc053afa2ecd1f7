// Student Info Sheets: enrollments families started and left. Each holds a child's profile (health
// included) until it goes by itself DRAFT_DAYS after its last save; the office may delete those not
// saved for fewer days — counted first, then deleted once asked twice (audited).
import { useState, type FormEvent } from 'react';
import { DRAFT_DAYS } from '../../../contract/constants';
import { counted } from '../../../contract/format';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { FormFailure } from '../../components/FormFailure';
import { useDeleteDrafts } from './api';

const left = (n: number) => counted(n, 'enrollment', 'enrollments');

export function AbandonedDrafts() {
  const run = useDeleteDrafts();
  const [days, setDays] = useState('14');
  const [found, setFound] = useState<{ days: number; count: number } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const olderThanDays = Number(days);
  const valid = Number.isInteger(olderThanDays) && olderThanDays >= 1 && olderThanDays <= DRAFT_DAYS;
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    if (!valid) return;
    const send = found?.days === olderThanDays && found.count > 0;
    run.mutate(
      { olderThanDays, send },
      {
        onSuccess: (r) => {
          if (!send) {
            setFound({ days: olderThanDays, count: r.found });
            setDone(null);
            return;
          }
          setFound(null);
          setDone(`Deleted ${left(r.deleted)} left unfinished.${r.found > r.deleted ? ` ${left(r.found - r.deleted)} saved again meanwhile ${r.found - r.deleted === 1 ? 'was' : 'were'} kept.` : ''}`);
        },
      },
    );
  };
  const asking = found !== null && found.days === olderThanDays && found.count > 0;
  return (
    <Card id="abandoned-drafts" title="Enrollments started and left">
      <p className="muted">
        A family’s unfinished enrollment keeps the child’s profile, health included, until it goes by itself {DRAFT_DAYS} days after the family last touched it. Delete sooner the ones nobody
        has touched for a while.
      </p>
      <form onSubmit={submit} noValidate aria-label="Delete enrollments started and left" className="bulk-cancel">
        <div className="field">
          <label htmlFor="drafts-days">Not touched for (days)</label>
          <input
            id="drafts-days"
            type="number"
            inputMode="numeric"
            min={1}
            max={DRAFT_DAYS}
            className="p-inputtext p-component"
            value={days}
            aria-invalid={!valid}
            aria-describedby={valid ? undefined : 'drafts-days-error'}
            onChange={(e) => setDays(e.target.value)}
          />
          {!valid && (
            <p id="drafts-days-error" className="field-error" role="alert">
              Give a whole number of days from 1 to {DRAFT_DAYS}.
            </p>
          )}
        </div>
        {found && (
          <p role="status">
            {found.count ? `${left(found.count)} not touched for ${counted(found.days, 'day')}.` : `No enrollment left unfinished for ${counted(found.days, 'day')}.`}
          </p>
        )}
        {done && <p role="status">{done}</p>}
        <FormFailure error={run.error} />
        <div className="inline-actions">
          <Button type="submit" variant={asking ? 'danger' : 'outlined'} disabled={run.isPending || !valid}>
            <span className="p-button-label">{run.isPending ? 'Working…' : asking ? `Delete ${left(found.count)}` : 'Count them'}</span>
          </Button>
        </div>
      </form>
    </Card>
  );
}
