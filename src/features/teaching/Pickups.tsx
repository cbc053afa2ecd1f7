// Checked pickup at the end of a meeting: the instructor picks the child and who came, and checks the
// adult's pickup code against the check value the phone downloaded (no signal needed), or the
// family's code word for someone not on the list. A match releases the child; anything else is a stop
// screen with the family's and the office's phones. Every attempt is an entry, sent like attendance.
import { useState, type FormEvent } from 'react';
import type { SheetRoster } from '../../../contract/domain';
import { SCHOOL_OFFICE_PHONE } from '../../../contract/constants';
import { adultsWhoMayCollect, codeMatches, PICKUP_CODE_DIGITS, pickupText, RELEASING_CHECKS, uncorrected, type PickupCheckKind, type PickupInput } from '../../../contract/field';
import { formatClock } from '../../../contract/wording';
import { Button } from '../../components/Button';
import { Phones } from './Phones';
import { pickupCsvRows } from './fieldCsv';
import { RecordsCsv } from './RecordsCsv';
import { madeNow, type FieldSync } from './useFieldSync';

type Entry = SheetRoster['entries'][number];
/** Who came: an adult on the list (by name), someone else, or nobody (the child leaves alone). */
type Who = { listed: string } | { other: true } | { alone: true };

export function Pickups({ roster, field, meeting }: { roster: SheetRoster; field: FieldSync; meeting: string }) {
  const { kept, waiting, record, names } = field;
  const [releasing, setReleasing] = useState<Entry | null>(null);
  const [outcome, setOutcome] = useState<{ entry: Entry; pickup: PickupInput } | null>(null);
  const pickups = uncorrected([...kept, ...waiting]).filter((e): e is PickupInput => e.kind === 'pickup' && e.meeting === meeting);
  const released = new Map(pickups.filter((p) => RELEASING_CHECKS.includes(p.check)).map((p) => [p.studentId, p]));

  const done = (entry: Entry, adult: string, check: PickupCheckKind) => {
    const pickup: PickupInput = { ...madeNow(), kind: 'pickup', studentId: entry.student.id, meeting, adult, check };
    record(pickup);
    setOutcome({ entry, pickup });
    setReleasing(null);
  };

  return (
    <section className="attendance pickups" aria-labelledby="pickups-title">
      <h2 id="pickups-title">Pickup</h2>
      {outcome && (RELEASING_CHECKS.includes(outcome.pickup.check) ? <Released outcome={outcome} /> : <StopScreen outcome={outcome} onBack={() => setOutcome(null)} />)}
      {releasing ? (
        <ReleaseForm entry={releasing} onDone={done} onCancel={() => setReleasing(null)} />
      ) : (
        <ul className="attendance-list pickup-list">
          {roster.entries.map((entry) => {
            const name = names.get(entry.student.id)!;
            const gone = released.get(entry.student.id);
            return (
              <li key={entry.student.id}>
                <span className="attendance-name">{name}</span>
                {gone ? (
                  <span className="muted">
                    {pickupText(gone)} at {formatClock(gone.at)}
                    {waiting.some((w) => w.id === gone.id) && ' · not sent yet'}
                  </span>
                ) : (
                  <Button
                    variant="outlined"
                    onClick={() => {
                      setOutcome(null);
                      setReleasing(entry);
                    }}
                  >
                    Release <span className="visually-hidden">{name}</span>
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <RecordsCsv roster={roster} field={field} kind="pickups" rows={pickupCsvRows}>
        Download the pickups (CSV)
      </RecordsCsv>
    </section>
  );
}

function Released({ outcome: { entry, pickup } }: { outcome: { entry: Entry; pickup: PickupInput } }) {
  const who = pickup.check === 'alone' ? `${entry.student.firstName} left on their own` : `${entry.student.firstName} released to ${pickup.adult}`;
  return (
    <p className="pickup-released" role="status">
      <span className="pi pi-check-circle" aria-hidden="true" /> {who} at {formatClock(pickup.at)}.
    </p>
  );
}

function StopScreen({ outcome: { entry, pickup }, onBack }: { outcome: { entry: Entry; pickup: PickupInput }; onBack: () => void }) {
  const s = entry.student;
  return (
    <div className="pickup-stop" role="alert" aria-labelledby="pickup-stop-title">
      <h3 id="pickup-stop-title">
        <span className="pi pi-ban" aria-hidden="true" /> Stop: do not release {s.firstName}.
      </h3>
      <p>{pickupText(pickup)}. The attempt is recorded.</p>
      <p>Keep {s.firstName} with you and call the family or the office.</p>
      <h4>Family</h4>
      <Phones people={s.guardians} empty="No phone given" />
      <h4>Office</h4>
      <Phones people={[{ name: 'The office', relationship: 'school', phone: SCHOOL_OFFICE_PHONE }]} empty="" />
      <Button variant="outlined" onClick={onBack}>
        Back to pickup
      </Button>
    </div>
  );
}

function ReleaseForm({ entry, onDone, onCancel }: { entry: Entry; onDone: (entry: Entry, adult: string, check: PickupCheckKind) => void; onCancel: () => void }) {
  const s = entry.student;
  const adults = adultsWhoMayCollect(s);
  const checks = new Map((entry.pickups ?? []).map((p) => [p.name, p]));
  const [who, setWho] = useState<Who | null>(null);
  const [code, setCode] = useState('');
  const [otherName, setOtherName] = useState('');
  const [checking, setChecking] = useState(false);
  const listed = who && 'listed' in who ? who.listed : null;
  const check = listed ? checks.get(listed) : undefined;
  const codeWord = s.pickupCodeWord.trim();
  const other = !!who && 'other' in who;
  /** The adult the entry names: the one picked on the list, or the name someone else gave. */
  const adult = listed ?? otherName.trim();

  const checkCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!check || !listed) return;
    setChecking(true);
    const ok = await codeMatches(code, check);
    setChecking(false);
    onDone(entry, listed, ok ? 'code' : 'wrong-code');
  };
  const choose = (next: Who) => {
    setWho(next);
    setCode('');
  };
  const groupName = `pickup-who-${s.id}`;

  return (
    <div className="pickup-form">
      <h3>
        Release {s.firstName} {s.lastName}
      </h3>
      <fieldset className="choice-field">
        <legend>Who came?</legend>
        {adults.map((name) => (
          <label key={name} className="choice">
            <input type="radio" name={groupName} checked={listed === name} onChange={() => choose({ listed: name })} /> {name}
            {!checks.has(name) && <span className="muted"> (no pickup code for this school year)</span>}
          </label>
        ))}
        <label className="choice">
          <input type="radio" name={groupName} checked={other} onChange={() => choose({ other: true })} /> Someone not on the list
        </label>
        {s.mayLeaveAlone && (
          <label className="choice">
            <input type="radio" name={groupName} checked={!!who && 'alone' in who} onChange={() => choose({ alone: true })} /> Nobody: {s.firstName} leaves on their own
          </label>
        )}
      </fieldset>

      {listed && check && (
        <form onSubmit={checkCode} noValidate>
          <div className="field">
            <label htmlFor={`pickup-code-${s.id}`}>{listed}’s pickup code</label>
            <input
              id={`pickup-code-${s.id}`}
              className="p-inputtext pickup-code"
              inputMode="numeric"
              autoComplete="off"
              pattern="[0-9]*"
              maxLength={PICKUP_CODE_DIGITS}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              aria-describedby={`pickup-code-hint-${s.id}`}
            />
            <small id={`pickup-code-hint-${s.id}`} className="muted">
              The {PICKUP_CODE_DIGITS} digits the family gave them.
            </small>
          </div>
          <Button type="submit" disabled={checking || code.length !== PICKUP_CODE_DIGITS}>
            {checking ? 'Checking…' : 'Check the code'}
          </Button>
        </form>
      )}

      {(other || (listed && !check)) && (
        <div>
          {other && (
            <label className="field">
              <span>Their name</span>
              <input className="p-inputtext" autoComplete="off" maxLength={200} value={otherName} onChange={(e) => setOtherName(e.target.value)} />
            </label>
          )}
          {codeWord && (
            <p>
              Ask for the family’s code word. It is <strong>{codeWord}</strong>.
            </p>
          )}
          <div className="row-actions">
            {codeWord && (
              <Button onClick={() => onDone(entry, adult, 'code-word')} disabled={!adult}>
                They said it
              </Button>
            )}
            <Button variant={codeWord ? 'outlined' : undefined} onClick={() => onDone(entry, adult, listed ? 'no-code' : 'not-listed')}>
              {codeWord ? 'They did not' : 'Continue'}
            </Button>
          </div>
        </div>
      )}

      {who && 'alone' in who && <Button onClick={() => onDone(entry, '', 'alone')}>{s.firstName} leaves now</Button>}

      <p>
        <Button variant="text" onClick={onCancel}>
          Cancel
        </Button>
      </p>
    </div>
  );
}
