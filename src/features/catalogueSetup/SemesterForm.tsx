import { MAX_INSTALMENTS } from '../../../contract/instalments';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import type { Semester } from '../../../contract/domain';
import { semesterInputSchema } from '../../../contract/api/admin';
import { Markdown } from '../../components/Markdown';
import { EditById } from '../../components/EditById';
import { SelectField, TextArea, TextField } from '../../components/studentForm/fields';
import { wholeOrNull } from '../../components/studentForm/errors';
import { MoneyField } from '../../components/MoneyField';
import { EditForm, useCheckedSave } from '../../components/EditForm';
import { NoMeetingDatesField } from './NoMeetingDates';
import { CancellationPolicyField } from './CancellationPolicyField';
import { useAdminSemesters, useSaveSemester } from './api';
import { RoundCard } from '../rounds';

type Draft = Omit<Semester, 'id'>;
const STATUSES = [
  { value: 'draft', label: 'Draft (hidden)' },
  { value: 'open', label: 'Open (families can enroll during the registration window)' },
  { value: 'closed', label: 'Closed (registration stopped)' },
  { value: 'archived', label: 'Archived (hidden from the office pickers)' },
] as const;
const blank: Draft = { name: '', startDate: '', endDate: '', registrationOpens: '', registrationCloses: '', status: 'draft', infoMarkdown: '', confirmationMarkdown: '' };

function Form({ initial, id }: { initial: Draft; id?: string }) {
  const [s, setS] = useState<Draft>(initial);
  const saveCall = useSaveSemester();
  const set = (patch: Partial<Draft>) => setS((x) => ({ ...x, ...patch }));
  const { errors, save } = useCheckedSave(semesterInputSchema, { ...s, ...(id ? { id } : {}) }, saveCall, (r) => ({
    message: `${r.semester.name} is saved.`,
    to: `/admin/classes/management?semester=${r.semester.id}`,
  }));
  return (
    <EditForm title={id ? `Edit ${initial.name}` : 'New semester'} cancelTo="/admin/classes/management" saveLabel="Save semester" mutation={saveCall} onSubmit={save}>
      <fieldset className="form-section">
        <legend>Semester</legend>
        <div className="form-grid">
          <TextField path="name" label="Name" required errors={errors} value={s.name} onChange={(name) => set({ name })} />
          <SelectField path="status" label="Status" errors={errors} value={s.status} options={[...STATUSES]} onChange={(status) => set({ status })} />
          <TextField path="startDate" label="First day of classes" type="date" required errors={errors} value={s.startDate} onChange={(startDate) => set({ startDate })} />
          <TextField path="endDate" label="Last day of classes" type="date" required errors={errors} value={s.endDate} onChange={(endDate) => set({ endDate })} />
          <TextField path="registrationOpens" label="Registration opens" type="date" required errors={errors} value={s.registrationOpens} onChange={(registrationOpens) => set({ registrationOpens })} />
          <TextField path="registrationCloses" label="Registration closes" type="date" required errors={errors} value={s.registrationCloses} onChange={(registrationCloses) => set({ registrationCloses })} />
        </div>
        <div className="form-grid">
          <TextField
            path="balanceDueDate"
            label="Balance due date (optional)"
            type="date"
            hint={
              s.balanceDueDate && s.registrationCloses && s.balanceDueDate < s.registrationCloses
                ? 'This is before registration closes: a family who enrolls after it owes the balance at once.'
                : 'Receipts and My Enrollments show it beside any balance.'
            }
            errors={errors}
            value={s.balanceDueDate ?? ''}
            onChange={(balanceDueDate) => set({ balanceDueDate: balanceDueDate || null })}
          />
          <MoneyField
            optional
            path="depositPerClass"
            label="Deposit per class ($, optional)"
            hint="Families paying by card may pay this for each class now and the rest by the balance due date."
            errors={errors}
            cents={s.depositPerClass ?? null}
            onChange={(depositPerClass) => set({ depositPerClass })}
          />
          <TextField
            path="instalments"
            label="Monthly payments (optional)"
            type="number"
            hint={`Empty: none. 2 to ${MAX_INSTALMENTS}: families paying by card may pay in that many monthly payments, the first at checkout, the rest charged to the card they save, each before the class starts.`}
            errors={errors}
            value={s.instalments == null ? '' : String(s.instalments)}
            onChange={(v) => set({ instalments: wholeOrNull(v) })}
          />
          <TextField
            path="waitlistClaimHours"
            label="Hours to claim a waitlist seat (optional)"
            type="number"
            hint="Empty: 48. Never more than 24 within 14 days of a class's start, 4 within 2 days."
            errors={errors}
            value={s.waitlistClaimHours == null ? '' : String(s.waitlistClaimHours)}
            onChange={(v) => set({ waitlistClaimHours: wholeOrNull(v) })}
          />
        </div>
        <TextArea path="infoMarkdown" label="Info panel for families (markdown)" errors={errors} value={s.infoMarkdown} onChange={(infoMarkdown) => set({ infoMarkdown })} />
        {s.infoMarkdown && (
          <div className="markdown-preview" aria-label="Info panel preview">
            <Markdown text={s.infoMarkdown} />
          </div>
        )}
        <TextArea path="confirmationMarkdown" label="Added to confirmation emails (markdown)" errors={errors} value={s.confirmationMarkdown} onChange={(confirmationMarkdown) => set({ confirmationMarkdown })} />
      </fieldset>
      <NoMeetingDatesField
        legend="Holidays"
        hint="No class of the semester meets on these days: the catalogue, the calendar and the calendar feeds leave them out."
        days={s.noMeetingDates ?? []}
        errors={errors}
        onChange={(noMeetingDates) => set({ noMeetingDates })}
        span={{ start: s.startDate, end: s.endDate, what: 'the semester' }}
      />
      <CancellationPolicyField policy={s.cancellationPolicy ?? null} errors={errors} onChange={(cancellationPolicy) => set({ cancellationPolicy })} />
    </EditForm>
  );
}

/** /admin/classes/management/semester/:id (or /semester/new). */
export default function SemesterForm() {
  const { id } = useParams();
  const load = useAdminSemesters(id !== 'new');
  if (id === 'new') return <Form initial={blank} />;
  return (
    <EditById load={load} find={(v) => v.semesters.find((s) => s.id === id)} missing="This semester does not exist.">
      {({ id: found, ...initial }) => (
        <>
          <Form key={found} initial={initial} id={found} />
          <RoundCard semesterId={found} />
        </>
      )}
    </EditById>
  );
}
