// Incident reports at a meeting: what happened to a child, when and where, the first aid given and who
// was told. Recorded on the phone like attendance (waits without signal); when it reaches the server
// the child's family and the office are emailed. A report is never changed: a correction is a new one.
import { useEffect, useState, type FormEvent } from 'react';
import type { SheetRoster } from '../../../contract/domain';
import { incidentSchema, uncorrected, type Incident, type IncidentInput } from '../../../contract/field';
import { formatTime } from '../../../contract/format';
import { Button } from '../../components/Button';
import { schemaErrors, type Errors } from '../../components/studentForm/errors';
import { SelectField, TextArea, TextField } from '../../components/studentForm/fields';
import { schoolStamp } from '../../../contract/schedule';
import { incidentCsvRows } from './fieldCsv';
import { RecordsCsv } from './RecordsCsv';
import { madeNow, type FieldSync } from './useFieldSync';

/** The school's clock now, as HH:MM (the time field's default): the time part of its CSV stamp. */
const clockNow = () => schoolStamp(new Date().toISOString()).slice(-5);

const blank = (): Incident => ({ time: clockNow(), where: '', what: '', firstAid: '', told: '' });

/** A report to open for a child (an epinephrine auto-injector given), with what happened; `key` tells one from the next. */
export interface IncidentStart {
  studentId: string;
  what: string;
  key: string;
}

export function Incidents({ roster, field, meeting, start }: { roster: SheetRoster; field: FieldSync; meeting: string; start?: IncidentStart | null }) {
  const { kept, waiting, record, names } = field;
  // The file is the office's (an instructor's phone keeps no copy of the class's records).
  const [studentId, setStudentId] = useState('');
  const [draft, setDraft] = useState<Incident | null>(null);
  /** The report being corrected (the correction is a new report naming it), or null for a new one. */
  const [correcting, setCorrecting] = useState<IncidentInput | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState('');
  const reports = uncorrected([...kept, ...waiting].filter((e): e is IncidentInput => e.kind === 'incident' && e.meeting === meeting));
  const set = (patch: Partial<Incident>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  // A report asked for from elsewhere on the page opens once, for its child, with what happened.
  const [started, setStarted] = useState<string | undefined>(undefined);
  // The report opens below the doses: bring it into view, its first empty field ready to type in.
  useEffect(() => {
    if (!started) return;
    const form = document.querySelector<HTMLElement>('.incident-form');
    form?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    form?.querySelector<HTMLElement>('#f-where')?.focus({ preventScroll: true });
  }, [started]);
  if (start && start.key !== started) {
    setStarted(start.key);
    setSaved('');
    setErrors({});
    setCorrecting(null);
    setStudentId(start.studentId);
    setDraft({ ...blank(), what: start.what });
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const found = { ...schemaErrors(incidentSchema, draft), ...(studentId ? {} : { child: 'is required' }) };
    setErrors(found);
    if (Object.keys(found).length) {
      requestAnimationFrame(() => document.querySelector<HTMLElement>('.incident-form [aria-invalid="true"]')?.focus());
      return;
    }
    record({ ...madeNow(), kind: 'incident', studentId, meeting, incident: draft, ...(correcting && { corrects: correcting.id }) });
    setSaved(`The ${correcting ? 'correction to the report' : 'report'} on ${names.get(studentId)} is saved on this phone; the family and the office are emailed once it is sent.`);
    close();
  };

  const open = (report: IncidentInput | null) => {
    setSaved('');
    setErrors({});
    setCorrecting(report);
    setStudentId(report?.studentId ?? '');
    setDraft(report ? { ...report.incident } : blank());
  };
  const close = () => {
    setDraft(null);
    setCorrecting(null);
    setStudentId('');
  };

  return (
    <section className="attendance incidents" aria-labelledby="incidents-title">
      <h2 id="incidents-title">Incidents</h2>
      {reports.length ? (
        <ul className="plain-list incident-list">
          {reports.map((r) => (
            <li key={r.id}>
              <strong>{names.get(r.studentId)}</strong> · {formatTime(r.incident.time)} · {r.incident.where}: {r.incident.what}
              {waiting.some((w) => w.id === r.id) && <span className="muted"> · not sent yet</span>}
              {r.corrects && <span className="muted"> · corrected</span>}{' '}
              <button type="button" className="link-button" onClick={() => open(r)}>
                Correct <span className="visually-hidden">the report on {names.get(r.studentId)} at {formatTime(r.incident.time)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No incident at this meeting.</p>
      )}
      {saved && <p role="status">{saved}</p>}
      <RecordsCsv roster={roster} field={field} kind="incidents" rows={incidentCsvRows}>
        Download the incident reports (CSV)
      </RecordsCsv>
      {draft ? (
        <form className="incident-form" onSubmit={submit} noValidate autoComplete="off" aria-label={correcting ? 'Correction of an incident report' : 'Incident report'}>
          {correcting ? (
            <p>
              Correcting the report on <strong>{names.get(correcting.studentId)}</strong>: the first report is kept, and this one replaces it. The family and
              the office are emailed the correction.
            </p>
          ) : (
            <SelectField
              path="child"
              label="Child"
              required
              errors={errors}
              value={studentId}
              options={[{ value: '', label: 'Choose the child' }, ...roster.entries.map(({ student: s }) => ({ value: s.id, label: `${s.firstName} ${s.lastName}` }))]}
              onChange={setStudentId}
            />
          )}
          <TextField path="time" label="When it happened" type="time" required errors={errors} value={draft.time} onChange={(time) => set({ time })} />
          <TextField path="where" autoComplete="off" label="Where" required errors={errors} value={draft.where} maxLength={200} onChange={(where) => set({ where })} />
          <TextArea path="what" autoComplete="off" label="What happened" required errors={errors} value={draft.what} maxLength={2000} onChange={(what) => set({ what })} />
          <TextArea path="firstAid" autoComplete="off" label="First aid given" required errors={errors} value={draft.firstAid} maxLength={1000} onChange={(firstAid) => set({ firstAid })} />
          <TextField path="told" autoComplete="off" label="Who was told, and when" required errors={errors} value={draft.told} maxLength={300} onChange={(told) => set({ told })} />
          <div className="row-actions">
            <Button type="submit">{correcting ? 'Save the correction' : 'Save the report'}</Button>
            <Button variant="text" onClick={close}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="outlined" onClick={() => open(null)}>
          <span className="pi pi-exclamation-triangle" aria-hidden="true" /> Report an incident
        </Button>
      )}
    </section>
  );
}
