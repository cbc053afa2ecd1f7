// /admin/students/:id/correct: the office corrects a child's record — contacts, pickups, health and
// consents — on the family's own form, saying why. The audit trail keeps which fields changed and the
// reason; the family is emailed which fields changed (never their values) and sees them on My Students.
// The same form adds a child to a family's account (AddStudent).
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { Student, StudentProfile } from '../../../contract/domain';
import { Button, LinkButton } from '../../components/Button';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { profileErrors, type Errors } from '../../components/studentForm/errors';
import { profileOf } from '../../components/studentForm/profile';
import { ProfileFields } from '../../components/studentForm/ProfileFields';
import { toCallError } from '../../lib/query';
import { useNotify } from '../../lib/toast';
import { useAdminStudent, useCorrectStudent } from './api';

/**
 * The family's own form for a child's record, filled in by the office with its reason (the audit
 * trail keeps it): correcting a record, or adding a child to a family.
 */
export function OfficeStudentForm({
  title,
  intro,
  initial,
  reasonLabel,
  saveLabel,
  back,
  pending,
  onSave,
}: {
  title: string;
  intro: string;
  initial: StudentProfile;
  reasonLabel: string;
  saveLabel: string;
  back: string;
  pending: boolean;
  /** Saves, then says so and goes where it should; a failure is shown. */
  onSave: (profile: StudentProfile, reason: string) => Promise<void>;
}) {
  const [profile, setProfile] = useState<StudentProfile>(initial);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const notify = useNotify();
  const set = (patch: Partial<StudentProfile>) => setProfile((p) => ({ ...p, ...patch }));
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const found: Errors = { ...profileErrors(profile, () => true), ...(reason.trim() ? {} : { reason: 'Say why, for the audit trail and the family.' }) };
    setErrors(found);
    if (Object.keys(found).length) {
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    try {
      await onSave(profile, reason.trim());
    } catch (err) {
      notify({ severity: 'error', summary: 'Not saved', detail: toCallError(err).message });
    }
  };
  return (
    <form className="step" onSubmit={(e) => void save(e)} noValidate>
      <h1>{title}</h1>
      <p className="muted">{intro}</p>
      <ProfileFields profile={profile} errors={errors} set={set} />
      <div className="field">
        <label htmlFor="correct-reason">{reasonLabel}</label>
        <input
          id="correct-reason"
          className="p-inputtext p-component"
          maxLength={300}
          value={reason}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? 'correct-reason-error' : undefined}
          onChange={(e) => setReason(e.target.value)}
        />
        {errors.reason && (
          <small id="correct-reason-error" className="field-error">
            {errors.reason}
          </small>
        )}
      </div>
      <div className="step-actions">
        <LinkButton to={back} variant="outlined">
          <span className="p-button-label">Cancel</span>
        </LinkButton>
        <Button type="submit" disabled={pending}>
          <span className="p-button-label">{pending ? 'Saving…' : saveLabel}</span>
        </Button>
      </div>
    </form>
  );
}

function Corrector({ student }: { student: Student }) {
  const correct = useCorrectStudent();
  const notify = useNotify();
  const navigate = useNavigate();
  const back = `/admin/students/${student.id}`;
  return (
    <OfficeStudentForm
      title={`Correct ${student.firstName} ${student.lastName}’s record`}
      intro="The family is emailed which fields you changed (never the values) and sees them on My Students. Your reason stays in the audit trail."
      initial={profileOf(student)}
      reasonLabel="Why (the family reads it)"
      saveLabel="Save the correction"
      back={back}
      pending={correct.isPending}
      onSave={async (profile, reason) => {
        await correct.mutateAsync({ id: student.id, profile, reason, ...(student.version !== undefined ? { version: student.version } : {}) });
        notify({ severity: 'success', summary: 'Saved', detail: `${profile.firstName}’s record is corrected; the family is emailed which fields changed.` });
        navigate(back);
      }}
    />
  );
}

export default function CorrectStudent() {
  const { id = '' } = useParams();
  const [state, reload] = useAdminStudent(id);
  if (state.status === 'loading') return <PageLoading label="Loading the record…" />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={reload} />;
  return (
    <div className="page">
      <Corrector student={state.value.student} />
    </div>
  );
}
