// Medication doses at a meeting: from each child's medications (the family's schedule), what is due
// and when; the instructor records given, not given or refused with their initials; a dose given as
// needed says why and asks for a follow-up 30 minutes later; a dose due and not recorded within the
// hour shows as missed. Nothing is changed once recorded: a mistake is corrected by a new entry.
// Giving an epinephrine auto-injector opens an incident report.
import { useEffect, useState, type FormEvent } from 'react';
import type { Medication, SheetRoster } from '../../../contract/domain';
import { asNeeded, doseStatus, dosesDue, followUpAt, isEpinephrine } from '../../../contract/doses';
import { DOSE_OUTCOME_LABELS, uncorrected, type DoseInput, type DoseOutcome } from '../../../contract/field';
import { formatTime } from '../../../contract/format';
import { formatClock } from '../../../contract/wording';
import { Button } from '../../components/Button';
import { schoolStamp } from '../../../contract/schedule';
import { doseCsvRows } from './fieldCsv';
import { RecordsCsv } from './RecordsCsv';
import { madeNow, type FieldSync } from './useFieldSync';

type Entry = SheetRoster['entries'][number];
const medicationLine = (m: Medication) => [m.name, m.dose, m.schedule].filter(Boolean).join(', ');
/** The school's clock now ("YYYY-MM-DD HH:MM"), moving on each minute while the page is open. */
function useSchoolNow() {
  const [now, setNow] = useState(() => schoolStamp(new Date().toISOString()));
  useEffect(() => {
    const timer = setInterval(() => setNow(schoolStamp(new Date().toISOString())), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function Doses({ roster, field, meeting, onEpinephrine }: { roster: SheetRoster; field: FieldSync; meeting: string; onEpinephrine: (studentId: string, medication: string) => void }) {
  const { kept, waiting, record, names } = field;
  const now = useSchoolNow();
  const [recording, setRecording] = useState<{ entry: Entry; medication: Medication; followUp?: DoseInput; correcting?: DoseInput } | null>(null);
  const [saved, setSaved] = useState('');
  const children = roster.entries.filter((e) => e.student.health.medications.length);
  const doses = uncorrected([...kept, ...waiting]).filter((e): e is DoseInput => e.kind === 'dose' && e.meeting === meeting);
  const stamped = doses.map((d) => ({ ...d, stamp: schoolStamp(d.at) }));
  const status = doseStatus(dosesDue(children.map((e) => e.student), roster.class), stamped, meeting, now);

  const done = (dose: DoseInput, entry: Entry, medication: Medication) => {
    record(dose);
    setRecording(null);
    const first = entry.student.firstName;
    const what = dose.outcome === 'follow-up' ? `Follow-up on ${first} after ${medication.name}` : `${medication.name} ${DOSE_OUTCOME_LABELS[dose.outcome].toLowerCase()} for ${first}`;
    setSaved(`${what}: saved on this phone at ${formatClock(dose.at)}.`);
    if (dose.outcome === 'given' && isEpinephrine(medication.name)) {
      setSaved(`${what} at ${formatClock(dose.at)}. An epinephrine auto-injector was given: an incident report is open below — fill it in and call 911 if you have not.`);
      onEpinephrine(entry.student.id, medication.name);
    }
  };

  return (
    <section className="attendance doses" aria-labelledby="doses-title">
      <h2 id="doses-title">Medications</h2>
      {saved && <p role="status">{saved}</p>}
      {children.length === 0 && <p className="muted">No child in this class has a medication listed.</p>}
      {recording ? (
        <DoseForm {...recording} meeting={meeting} onDone={done} onCancel={() => setRecording(null)} />
      ) : (
        <ul className="plain-list dose-list">
          {children.map((entry) => {
            const s = entry.student;
            const name = names.get(s.id)!;
            return (
              <li key={s.id}>
                <strong>{name}</strong>
                {s.health.medicationAuthorized !== true && <p className="form-failure">Not authorized to give medication: ask the family, or call 911 in an emergency.</p>}
                <ul className="plain-list">
                  {s.health.medications.map((m) => {
                    const mine = status.filter((x) => x.due.studentId === s.id && x.due.medication === m.name);
                    const given = stamped.filter((d) => d.studentId === s.id && d.medication === m.name);
                    const followUps = asNeeded(m) ? given.filter((d) => d.outcome === 'given' && !given.some((f) => f.outcome === 'follow-up' && f.stamp >= d.stamp)) : [];
                    return (
                      <li key={m.name} className="dose-medication">
                        <span>{medicationLine(m)}</span>
                        {mine.map(({ due, dose, missed }) => (
                          <span key={due.time} className={missed ? 'dose-missed' : 'muted'}>
                            Due {formatTime(due.time)}
                            {dose ? ` · ${DOSE_OUTCOME_LABELS[dose.outcome].toLowerCase()} at ${formatClock(dose.at)} (${dose.initials})` : missed ? ' · missed: nothing recorded within the hour' : ''}
                          </span>
                        ))}
                        {given.map((d) => (
                          <span key={d.id} className="muted">
                            {DOSE_OUTCOME_LABELS[d.outcome]} at {formatClock(d.at)} ({d.initials}){d.note && `: ${d.note}`}
                            {d.corrects && ' · corrected'}
                            {waiting.some((w) => w.id === d.id) && ' · not sent yet'}{' '}
                            <button type="button" className="link-button" onClick={() => setRecording({ entry, medication: m, correcting: d })}>
                              Correct{' '}
                              <span className="visually-hidden">
                                the {DOSE_OUTCOME_LABELS[d.outcome].toLowerCase()} of {m.name} for {name} at {formatClock(d.at)}
                              </span>
                            </button>
                          </span>
                        ))}
                        {followUps.map((d) => (
                          <span key={`follow-${d.id}`} className={now >= followUpAt(d.stamp) ? 'dose-missed' : 'muted'}>
                            Follow up on {s.firstName} at {formatTime(followUpAt(d.stamp).slice(11))}{' '}
                            <button type="button" className="link-button" onClick={() => setRecording({ entry, medication: m, followUp: d })}>
                              Record the follow-up <span className="visually-hidden">on {name} after {m.name}</span>
                            </button>
                          </span>
                        ))}
                        <Button
                          variant="outlined"
                          onClick={() => {
                            setSaved('');
                            setRecording({ entry, medication: m });
                          }}
                        >
                          Record a dose <span className="visually-hidden">of {m.name} for {name}</span>
                        </Button>
                      </li>
                    );
                  })}
                </ul>
              </li>
            );
          })}
        </ul>
      )}
      <RecordsCsv roster={roster} field={field} kind="medication-record" rows={doseCsvRows}>
        Download the medication record (CSV)
      </RecordsCsv>
    </section>
  );
}

function DoseForm({ entry, medication, followUp, correcting, meeting, onDone, onCancel }: { entry: Entry; medication: Medication; followUp?: DoseInput; /** The dose this one corrects (it is kept; this one names it). */ correcting?: DoseInput; meeting: string; onDone: (dose: DoseInput, entry: Entry, medication: Medication) => void; onCancel: () => void }) {
  const s = entry.student;
  const authorized = s.health.medicationAuthorized === true;
  const [outcome, setOutcome] = useState<DoseOutcome>(correcting?.outcome ?? (followUp ? 'follow-up' : authorized ? 'given' : 'not-given'));
  const [initials, setInitials] = useState('');
  const [note, setNote] = useState(correcting?.note ?? '');
  const [errors, setErrors] = useState<string[]>([]);
  const whyNeeded = outcome === 'follow-up' || (outcome === 'given' && asNeeded(medication));
  const noteLabel = outcome === 'follow-up' ? `How is ${s.firstName} now?` : outcome === 'given' ? (asNeeded(medication) ? 'Why it was needed' : 'Note (optional)') : 'Why (optional)';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = [...(initials.trim().length < 2 ? ['Your initials are required (2 to 8 letters).'] : []), ...(whyNeeded && !note.trim() ? [`${noteLabel}: please say.`] : [])];
    setErrors(found);
    if (found.length) return;
    onDone({ ...madeNow(), kind: 'dose', studentId: s.id, meeting, medication: medication.name, outcome, initials: initials.trim().toUpperCase(), note: note.trim(), ...(correcting && { corrects: correcting.id }) }, entry, medication);
  };
  const what = outcome === 'follow-up' ? `Follow-up on ${s.firstName} ${s.lastName} after ${medication.name}` : `Dose of ${medication.name} for ${s.firstName} ${s.lastName}`;
  const title = correcting ? `Correction: ${what}` : what;
  return (
    <form className="dose-form" onSubmit={submit} noValidate autoComplete="off" aria-label={title}>
      <h3>{title}</h3>
      <p className="muted">{medicationLine(medication)}</p>
      {correcting && <p>The entry recorded at {formatClock(correcting.at)} is kept; this one replaces it.</p>}
      {errors.length > 0 && (
        <div className="form-failure" role="alert">
          {errors.map((e) => (
            <p key={e}>{e}</p>
          ))}
        </div>
      )}
      {outcome !== 'follow-up' && (
        <fieldset className="choice-field">
          <legend>What happened</legend>
          {(['given', 'not-given', 'refused'] as const).map((o) => (
            <label key={o} className="choice">
              <input type="radio" name={`dose-${s.id}`} checked={outcome === o} disabled={o === 'given' && !authorized} onChange={() => setOutcome(o)} /> {DOSE_OUTCOME_LABELS[o]}
              {o === 'given' && !authorized && <span className="muted"> (not authorized by the family)</span>}
            </label>
          ))}
        </fieldset>
      )}
      <label className="field">
        <span>Your initials</span>
        <input className="p-inputtext" autoComplete="off" maxLength={8} value={initials} onChange={(e) => setInitials(e.target.value)} aria-invalid={errors.length > 0 && initials.trim().length < 2} />
      </label>
      <label className="field">
        <span>{noteLabel}</span>
        <textarea className="p-inputtext" autoComplete="off" maxLength={500} rows={2} value={note} onChange={(e) => setNote(e.target.value)} aria-invalid={whyNeeded && errors.length > 0 && !note.trim()} />
      </label>
      <div className="row-actions">
        <Button type="submit">{correcting ? 'Save the correction' : followUp ? 'Save the follow-up' : 'Save the dose'}</Button>
        <Button variant="text" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
