// Checked pickup at the end of a meeting: the instructor picks the child and who came, and checks the
// adult's pickup code against the tag the phone downloaded (no signal needed), or the family's code
// word, which the adult says and the instructor types (the phone holds only its tag). A match releases
// the child; anything else is a stop screen with the family's and the office's phones. After
// PICKUP_FAILURES_ESCALATE failed checks for a child at a meeting, the phone checks no more codes for
// them: the instructor calls the office, and releases only on its word. Every attempt is an entry,
// sent like attendance.
import { useState, type FormEvent } from 'react';
import type { SheetRoster } from '../../../contract/domain';
import { SCHOOL_OFFICE_PHONE } from '../../../contract/constants';
import {
  adultsWhoMayCollect,
  codeMatches,
  codeWordMatches,
  failedChecks,
  PICKUP_CODE_DIGITS,
  PICKUP_FAILURES_ESCALATE,
  pickupText,
  RELEASING_CHECKS,
  uncorrected,
  type PickupCheckKind,
  type PickupInput,
} from '../../../contract/field';
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

  /** Enough failed checks for the child at this meeting that the phone checks no more codes for them. */
  const escalated = (studentId: string) => failedChecks([...kept, ...waiting], studentId, meeting).length >= PICKUP_FAILURES_ESCALATE;
  const done = (entry: Entry, adult: string, check: PickupCheckKind) => {
    const pickup: PickupInput = { ...madeNow(), kind: 'pickup', studentId: entry.student.id, meeting, adult, check, ...(check === 'code' && entry.codesIssuedAt && { codesIssuedAt: entry.codesIssuedAt }) };
    record(pickup);
    setOutcome({ entry, pickup });
    setReleasing(null);
  };

  return (
    <section className="attendance pickups" aria-labelledby="pickups-title">
      <h2 id="pickups-title">Pickup</h2>
      {outcome &&
        (RELEASING_CHECKS.includes(outcome.pickup.check) ? (
          <Released outcome={outcome} />
        ) : (
          <StopScreen outcome={outcome} escalated={escalated(outcome.entry.student.id)} onBack={() => setOutcome(null)} />
        ))}
      {releasing ? (
        <ReleaseForm entry={releasing} escalated={escalated(releasing.student.id)} onDone={done} onCancel={() => setReleasing(null)} />
      ) : (
        <ul className="attendance-list pickup-list">
          {roster.entries.map((entry) => {
            const name = names.get(entry.student.id)!;
            const gone = released.get(entry.student.id);
            const callOffice = !gone && escalated(entry.student.id);
            return (
              <li key={entry.student.id} className={callOffice ? 'pickup-escalated-row' : undefined}>
                <span className="attendance-name">{name}</span>
                {callOffice && (
                  <span className="pickup-escalated-note">
                    <span className="pi pi-exclamation-triangle" aria-hidden="true" /> Call the office before releasing
                  </span>
                )}
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

function StopScreen({ outcome: { entry, pickup }, escalated, onBack }: { outcome: { entry: Entry; pickup: PickupInput }; escalated: boolean; onBack: () => void }) {
  const s = entry.student;
  return (
    <div className={`pickup-stop${escalated ? ' pickup-escalated' : ''}`} role="alert" aria-labelledby="pickup-stop-title">
      <h3 id="pickup-stop-title">
        <span className="pi pi-ban" aria-hidden="true" /> Stop: do not release {s.firstName}.
      </h3>
      <p>{pickupText(pickup)}. The attempt is recorded.</p>
      {escalated ? (
        <p>
          <strong>
            {PICKUP_FAILURES_ESCALATE} or more checks failed for {s.firstName} at this meeting: call the office now. This phone checks no more codes for {s.firstName}{' '}
            today; release {s.firstName} only if the office says so. The office and the family are alerted when this reaches the server.
          </strong>
        </p>
      ) : (
        <p>Keep {s.firstName} with you and call the family or the office.</p>
      )}
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

function ReleaseForm({ entry, escalated, onDone, onCancel }: { entry: Entry; escalated: boolean; onDone: (entry: Entry, adult: string, check: PickupCheckKind) => void; onCancel: () => void }) {
  const s = entry.student;
  const adults = adultsWhoMayCollect(s);
  const tags = new Map((entry.pickups ?? []).map((p) => [p.name, p]));
  const [who, setWho] = useState<Who | null>(null);
  const [code, setCode] = useState('');
  const [word, setWord] = useState('');
  const [otherName, setOtherName] = useState('');
  const [checking, setChecking] = useState(false);
  const listed = who && 'listed' in who ? who.listed : null;
  const tag = listed ? tags.get(listed) : undefined;
  const codeWord = entry.codeWord;
  const other = !!who && 'other' in who;
  /** The adult the entry names: the one picked on the list, or the name someone else gave. */
  const adult = listed ?? otherName.trim();
  const ids = { code: `pickup-code-${s.id}`, word: `pickup-word-${s.id}`, other: `pickup-other-${s.id}` };

  /** Checks what the adult gave on the phone (a slow hash: the button says so meanwhile), then records how it went. */
  const checked = (matches: (() => Promise<boolean>) | null, pass: PickupCheckKind, fail: PickupCheckKind) => async (event: FormEvent) => {
    event.preventDefault();
    if (!matches || !adult) return;
    setChecking(true);
    const ok = await matches();
    setChecking(false);
    onDone(entry, adult, ok ? pass : fail);
  };
  const checkCode = checked(tag ? () => codeMatches(code, tag) : null, 'code', 'wrong-code');
  const checkWord = checked(codeWord ? () => codeWordMatches(word, codeWord) : null, 'code-word', 'wrong-code-word');
  const choose = (next: Who) => {
    setWho(next);
    setCode('');
    setWord('');
  };
  const groupName = `pickup-who-${s.id}`;

  return (
    <div className="pickup-form">
      <h3>
        Release {s.firstName} {s.lastName}
      </h3>
      {escalated && (
        <p className="form-failure" role="alert">
          {PICKUP_FAILURES_ESCALATE} or more checks failed for {s.firstName} at this meeting: this phone checks no more codes for {s.firstName}. Call the office at{' '}
          <a href={`tel:${SCHOOL_OFFICE_PHONE.replace(/[^\d+]/g, '')}`}>{SCHOOL_OFFICE_PHONE}</a> and release {s.firstName} only if the office approves the adult.
        </p>
      )}
      <fieldset className="choice-field">
        <legend>Who came?</legend>
        {adults.map((name) => (
          <label key={name} className="choice">
            <input type="radio" name={groupName} checked={listed === name} onChange={() => choose({ listed: name })} /> {name}
            {!tags.has(name) && <span className="muted"> (no pickup code for this school year)</span>}
          </label>
        ))}
        <label className="choice">
          <input type="radio" name={groupName} checked={other} onChange={() => choose({ other: true })} /> Someone not on the list
        </label>
        {s.mayLeaveAlone && !escalated && (
          <label className="choice">
            <input type="radio" name={groupName} checked={!!who && 'alone' in who} onChange={() => choose({ alone: true })} /> Nobody: {s.firstName} leaves on their own
          </label>
        )}
      </fieldset>

      {other && (
        <div className="field">
          <label htmlFor={ids.other}>Their name</label>
          <input id={ids.other} className="p-inputtext" autoComplete="off" maxLength={200} value={otherName} onChange={(e) => setOtherName(e.target.value)} />
        </div>
      )}

      {escalated && (listed || (other && adult)) && (
        <Button onClick={() => onDone(entry, adult, 'office')}>The office approved: release {s.firstName} to {adult}</Button>
      )}

      {!escalated && listed && tag && (
        <form onSubmit={checkCode} noValidate>
          <div className="field">
            <label htmlFor={ids.code}>{listed}’s pickup code</label>
            <input
              id={ids.code}
              className="p-inputtext pickup-code"
              inputMode="numeric"
              autoComplete="off"
              pattern="[0-9]*"
              maxLength={PICKUP_CODE_DIGITS}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              aria-describedby={`${ids.code}-hint`}
            />
            <small id={`${ids.code}-hint`} className="muted">
              The {PICKUP_CODE_DIGITS} digits the family gave them.
            </small>
          </div>
          <Button type="submit" disabled={checking || code.length !== PICKUP_CODE_DIGITS}>
            {checking ? 'Checking…' : 'Check the code'}
          </Button>
        </form>
      )}

      {!escalated && (other || (listed && !tag)) && (
        <div>
          {codeWord ? (
            <form onSubmit={checkWord} noValidate>
              <div className="field">
                <label htmlFor={ids.word}>The family’s code word, as they say it</label>
                <input id={ids.word} className="p-inputtext" autoComplete="off" spellCheck={false} maxLength={40} value={word} onChange={(e) => setWord(e.target.value)} aria-describedby={`${ids.word}-hint`} />
                <small id={`${ids.word}-hint`} className="muted">
                  Ask them for it and type what they say: the phone checks it (capitals and accents do not count).
                </small>
              </div>
              <div className="row-actions">
                <Button type="submit" disabled={checking || !adult || !word.trim()}>
                  {checking ? 'Checking…' : 'Check the code word'}
                </Button>
                <Button variant="outlined" onClick={() => onDone(entry, adult, listed ? 'no-code' : 'not-listed')} disabled={!adult}>
                  They do not know it
                </Button>
              </div>
            </form>
          ) : (
            <div className="row-actions">
              <Button onClick={() => onDone(entry, adult, listed ? 'no-code' : 'not-listed')}>Continue</Button>
            </div>
          )}
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
