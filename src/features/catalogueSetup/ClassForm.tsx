import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSemesterItem } from './useSemesterItem';
import type { AdminClass, Weekday } from '../../../contract/domain';
import { WEEKDAY_NAMES } from '../../../contract/domain';
import { GRADE_OPTIONS } from '../../../contract/format';
import { classInputSchema } from '../../../contract/api/admin';
import { LoadError } from '../../components/LoadError';
import { classValueProblems, missingFieldsForPublish } from '../../../contract/classRules';
import { Markdown } from '../../components/Markdown';
import { EditById } from '../../components/EditById';
import { CheckboxField, focusFirstInvalid, SelectField, TextArea, TextField } from '../../components/studentForm/fields';
import { Rows } from '../../components/studentForm/Rows';
import { type Errors, fieldMessage, schemaErrors } from '../../components/studentForm/errors';
import { useNotify } from '../../lib/toast';
import { EditForm } from '../../components/EditForm';
import { useAdminClasses, useSaveClass } from './api';
import { MoneyField } from '../../components/MoneyField';
import { InstructorAccounts } from './InstructorAccounts';
import { addedDays, ClassDaysOff, useTellFamilies } from './ClassDaysOff';
import { CancellationPolicyField } from './CancellationPolicyField';

type Draft = Omit<AdminClass, 'id' | 'enrolledCount' | 'waiting'>;
const STATUSES = [
  { value: 'draft', label: 'Draft (not shown to families)' },
  { value: 'live', label: 'Live (open for registration)' },
  { value: 'paused', label: 'Paused (shown, registration stopped)' },
  { value: 'info-only', label: 'Information only' },
] as const;

const blank = (semesterId: string): Draft => ({
  semesterId, title: '', description: '', classType: '', instructors: [], location: '', startDate: '', endDate: '', weekdays: [],
  startTime: '', endTime: '', gradeMin: 0, gradeMax: 12, capacity: 12, price: 0, slidingScale: null, addOns: [], registrationDeadline: '',
  status: 'draft', imageUrl: null,
});
const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'add-on';

function Form({ initial, id, enrolled }: { initial: Draft; id?: string; enrolled: number }) {
  const [c, setC] = useState<Draft>(initial);
  // Once a save was tried, the marks follow the form: a fixed field loses its mark as it is fixed.
  const [tried, setTried] = useState(false);
  const saveCall = useSaveClass();
  const notify = useNotify();
  const navigate = useNavigate();
  const set = (patch: Partial<Draft>) => setC((x) => ({ ...x, ...patch }));
  // Days off added in this edit: the office may tell the class's families at once.
  const added = addedDays(initial, c);
  const [tellFamilies, setTellFamilies] = useState(false);
  const tell = useTellFamilies();

  // The semester's holidays are kept on the class by the server, never sent.
  const { holidays: _holidays, ...fields } = c;
  const payload = { ...fields, slidingScale: c.slidingScale ?? null, imageUrl: c.imageUrl ?? null, ...(id ? { id } : {}) };
  const check = (): Errors => {
    const found = schemaErrors(classInputSchema, payload);
    for (const p of classValueProblems(c)) found[p.path] ??= p.message;
    // Publishing needs the full set of fields: each missing one is marked where it is.
    if (c.status !== 'draft') for (const m of missingFieldsForPublish(c)) found[m.path] ??= m.message;
    return found;
  };
  const errors = tried ? check() : {};

  const save = () => {
    setTried(true);
    const found = check();
    if (Object.keys(found).length) {
      const count = Object.keys(found).length;
      notify({ severity: 'error', summary: 'Not saved', detail: `Please fix the ${count === 1 ? 'field' : `${count} fields`} marked in the form.` });
      return focusFirstInvalid();
    }
    saveCall.mutate(payload, {
      onSuccess: (r) => {
        notify({ severity: 'success', summary: 'Saved', detail: `${r.class.title || 'Draft'} is saved.` });
        const back = () => navigate(`/admin/classes/management?semester=${r.class.semesterId}`);
        if (!(id && tellFamilies && added.length)) return back();
        void tell(r.class.id, r.class.title, added).finally(back);
      },
    });
  };

  return (
    <EditForm
      title={id ? `Edit ${initial.title || 'draft'}` : 'New class'}
      cancelTo={`/admin/classes/management?semester=${c.semesterId}`}
      saveLabel="Save class"
      mutation={saveCall}
      onSubmit={save}
    >
      {enrolled > 0 && <p className="muted">{enrolled} students are enrolled.</p>}
      <fieldset className="form-section">
        <legend>Class</legend>
        <div className="form-grid">
          <SelectField path="status" label="Status" errors={errors} value={c.status} options={[...STATUSES]} onChange={(status) => set({ status })} />
          <TextField path="title" label="Title" errors={errors} value={c.title} onChange={(title) => set({ title })} />
          <TextField path="classType" label="Class type" hint="For example After-school, Weekend, Camp" errors={errors} value={c.classType} onChange={(classType) => set({ classType })} />
          <TextField path="location" label="Location" errors={errors} value={c.location} onChange={(location) => set({ location })} />
          <TextField path="instructors" label="Instructors" hint="Separate names with commas" errors={errors} value={c.instructors.join(', ')} onChange={(v) => set({ instructors: v.split(',').map((x) => x.trim()).filter(Boolean) })} />
          <InstructorAccounts value={c.instructorUids ?? []} onChange={(instructorUids) => set({ instructorUids })} />
        </div>
        <TextArea path="description" label="Description (markdown)" errors={errors} value={c.description} onChange={(description) => set({ description })} />
        {c.description && (
          <div className="markdown-preview" aria-label="Description preview">
            <Markdown text={c.description} />
          </div>
        )}
        <TextArea
          path="bring"
          label="What to bring"
          hint="Emailed to the families two days before the first meeting, with the place and time."
          errors={errors}
          value={c.bring ?? ''}
          onChange={(bring) => set({ bring })}
        />
      </fieldset>
      <fieldset className="form-section">
        <legend>Schedule</legend>
        <div className="form-grid">
          <TextField path="startDate" label="Start date" type="date" errors={errors} value={c.startDate} onChange={(startDate) => set({ startDate })} />
          <TextField path="endDate" label="End date" type="date" errors={errors} value={c.endDate} onChange={(endDate) => set({ endDate })} />
          <TextField path="startTime" label="Start time" type="time" errors={errors} value={c.startTime} onChange={(startTime) => set({ startTime })} />
          <TextField path="endTime" label="End time" type="time" errors={errors} value={c.endTime} onChange={(endTime) => set({ endTime })} />
          <TextField path="registrationDeadline" label="Registration deadline" type="date" errors={errors} value={c.registrationDeadline} onChange={(registrationDeadline) => set({ registrationDeadline })} />
        </div>
        <fieldset className="radio-group weekdays" aria-invalid={!!errors.weekdays} aria-describedby={errors.weekdays ? 'weekdays-error' : undefined}>
          <legend>Meets on</legend>
          {errors.weekdays && (
            <small id="weekdays-error" className="field-error">
              {fieldMessage('Meets on', errors.weekdays)}
            </small>
          )}
          {WEEKDAY_NAMES.map((name, day) => (
            <label key={name} className="checkbox-row">
              <input
                type="checkbox"
                checked={c.weekdays.includes(day as Weekday)}
                onChange={(e) => set({ weekdays: e.target.checked ? [...c.weekdays, day as Weekday].sort() : c.weekdays.filter((d) => d !== day) })}
              />
              {name}
            </label>
          ))}
        </fieldset>
      </fieldset>
      <ClassDaysOff draft={c} errors={errors} onChange={(noMeetingDates) => set({ noMeetingDates })} />
      {id && enrolled > 0 && added.length > 0 && (
        <CheckboxField label={`Email the families of the ${enrolled} students about the new days off when saving`} checked={tellFamilies} onChange={setTellFamilies} />
      )}
      <fieldset className="form-section">
        <legend>Who, how many, how much</legend>
        <div className="form-grid">
          <SelectField path="gradeMin" label="Lowest grade" errors={errors} value={c.gradeMin} options={GRADE_OPTIONS} onChange={(gradeMin) => set({ gradeMin })} />
          <SelectField path="gradeMax" label="Highest grade" errors={errors} value={c.gradeMax} options={GRADE_OPTIONS} onChange={(gradeMax) => set({ gradeMax })} />
          <TextField path="capacity" label="Capacity" type="number" errors={errors} value={String(c.capacity)} onChange={(v) => set({ capacity: Math.round(Number(v || '0')) })} />
          <MoneyField path="price" label="Price ($)" errors={errors} cents={c.price} onChange={(price) => set({ price })} />
          <MoneyField
            optional
            path="deposit"
            label="Deposit ($, optional)"
            hint="Instead of the semester's deposit per class."
            errors={errors}
            cents={c.deposit ?? null}
            onChange={(deposit) => set({ deposit })}
          />
          <TextField
            path="aidSeats"
            label="Seats kept for aid (optional)"
            hint="Only families receiving financial aid, or whose application is under review, can take them until the date below."
            type="number"
            errors={errors}
            value={c.aidSeats ? String(c.aidSeats) : ''}
            onChange={(v) => set({ aidSeats: Math.max(0, Math.round(Number(v || '0'))) })}
          />
          {!!c.aidSeats && (
            <TextField
              path="aidSeatsUntil"
              label="Open to everyone on"
              hint="On this day the seats still kept for aid open to every family, the waitlist first."
              type="date"
              errors={errors}
              value={c.aidSeatsUntil ?? ''}
              onChange={(v) => set({ aidSeatsUntil: v || null })}
            />
          )}
        </div>
        <CheckboxField label="Sliding scale" checked={!!c.slidingScale} onChange={(on) => set({ slidingScale: on ? { min: c.price, max: c.price } : null })} />
        {c.slidingScale && (
          <div className="form-grid">
            <MoneyField path="slidingScale.min" label="Lowest price ($)" errors={errors} cents={c.slidingScale.min} onChange={(min) => set({ slidingScale: { ...c.slidingScale!, min } })} />
            <MoneyField path="slidingScale.max" label="Highest price ($)" errors={errors} cents={c.slidingScale.max} onChange={(max) => set({ slidingScale: { ...c.slidingScale!, max } })} />
          </div>
        )}
        <Rows items={c.addOns} onChange={(addOns) => set({ addOns })} noun="Add-on" addLabel="Add an add-on" blank={() => ({ id: `add-on-${c.addOns.length + 1}`, description: '', price: 0 })}>
          {(a, setAddOn, i) => (
            <>
              <TextField path={`addOns.${i}.description`} label="Add-on" errors={errors} value={a.description} onChange={(description) => setAddOn({ ...a, description, id: a.id || slug(description) })} />
              <MoneyField path={`addOns.${i}.price`} label="Add-on price ($)" errors={errors} cents={a.price} onChange={(price) => setAddOn({ ...a, price })} />
            </>
          )}
        </Rows>
      </fieldset>
      <CancellationPolicyField ofClass policy={c.cancellationPolicy ?? null} errors={errors} onChange={(cancellationPolicy) => set({ cancellationPolicy })} />
    </EditForm>
  );
}

/** /admin/classes/management/class/:id (or /class/new?semester=…). */
export default function ClassForm() {
  const { id, semesterId } = useSemesterItem();
  const isNew = id === 'new';
  const load = useAdminClasses(isNew ? undefined : semesterId);
  if (isNew) return <Form initial={blank(semesterId)} enrolled={0} />;
  if (!semesterId) return <LoadError error="Open the class from the class list." onRetry={() => history.back()} />;
  return (
    <EditById load={load} find={(v) => v.classes.find((c) => c.id === id)} missing="This class does not exist.">
      {({ id: found, enrolledCount, waiting: _waiting, keptSeats: _kept, aidKept: _aid, ...initial }) => <Form key={found} initial={initial} id={found} enrolled={enrolledCount} />}
    </EditById>
  );
}
