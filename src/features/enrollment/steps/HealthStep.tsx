import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useNotify } from '../../../lib/toast';
import { toCallError } from '../../../lib/query';
import { stepPath } from '../flowState';
import { profileErrors } from '../../../components/studentForm/errors';
import { HealthFields } from '../../../components/studentForm/HealthFields';
import { isHealthPath } from '../../../components/studentForm/sections';
import { StepFrame } from './StepFrame';
import { useProfileSection } from './useProfileSection';
import { useSaveStudent } from '../../account/api';

/** Step 5: permissions, allergies, medications, doctor and insurance; then the student is saved. */
export default function HealthStep() {
  const { state, update, errors, setErrors, set, check, reviewed } = useProfileSection(isHealthPath, 'healthConfirmed');
  const navigate = useNavigate();
  const notify = useNotify();
  const saveStudent = useSaveStudent();
  const [saving, setSaving] = useState(false);
  if (!state.profile) return <Navigate to={stepPath('student')} replace />;
  const p = state.profile;

  const next = async () => {
    if (!check()) return;
    if (Object.keys(profileErrors(p, () => true)).length) return navigate(stepPath('info'));
    setSaving(true);
    try {
      const saved = await saveStudent.mutateAsync({
        id: state.studentChoice && state.studentChoice !== 'new' ? state.studentChoice : undefined,
        profile: p,
        reviewed: !state.reviewNeeded || (state.infoConfirmed && state.healthConfirmed),
        ...(state.studentChoice && state.studentChoice !== 'new' && state.studentVersion !== undefined ? { version: state.studentVersion } : {}),
      });
      update((s) => ({ ...s, studentChoice: saved.student.id, studentVersion: saved.student.version }));
      navigate(stepPath('releases'));
    } catch (e) {
      const error = toCallError(e);
      notify({ severity: 'error', summary: 'Not saved', detail: error.message });
      setErrors({ save: error.message });
    } finally {
      setSaving(false);
    }
  };

  return (
    <StepFrame title="Health and safety" back={stepPath('info')} onNext={next} busy={saving}>
      {errors.save && (
        <p className="form-failure" role="alert">
          {errors.save}
        </p>
      )}
      <HealthFields profile={p} errors={errors} set={set} />
      {reviewed}
    </StepFrame>
  );
}
