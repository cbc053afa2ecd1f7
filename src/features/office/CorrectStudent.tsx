// /admin/students/:id/correct: the office corrects a child's record — contacts, pickups, health and
// consents — on the family's own form, saying why. The audit trail keeps which fields changed and the
// reason; the family is emailed which fields changed (never their values) and sees them on My Students.
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

function Corrector({ student }: { student: Student }) {
  const [profile, setProfile] = useState<StudentProfile>(() => profileOf(student));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const correct = useCorrectStudent();
  const notify = useNotify();
  const navigate = useNavigate();
  const back = `/admin/students/${student.id}`;
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
      await correct.mutateAsync({ id: student.id, profile, reason: reason.trim(), ...(student.version !== undefined ? { version: student.version } : {}) });
      notify({ severity: 'success', summary: 'Saved', detail: `${profile.firstName}’s record is corrected; the family is emailed which fields changed.` });
      navigate(back);
    } catch (err) {
      notify({ severity: 'error', summary: 'Not saved', detail: toCallError(err).message });
    }
  };
  return (
    <form className="step" onSubmit={(e) => void save(e)} noValidate>
      <h1>
        Correct {student.firstName} {student.lastName}’s record
      </h1>
      <p className="muted">The family is emailed which fields you changed (never the values) and sees them on My Students. Your reason stays in the audit trail.</p>
      <ProfileFields profile={profile} errors={errors} set={set} />
      <div className="field">
        <label htmlFor="correct-reason">Why (the family reads it)</label>
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
        <Button type="submit" disabled={correct.isPending}>
          <span className="p-button-label">{correct.isPending ? 'Saving…' : 'Save the correction'}</span>
        </Button>
      </div>
    </form>
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
