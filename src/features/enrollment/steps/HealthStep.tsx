import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import type { StudentProfile } from '../../../../contract/domain';
import { call } from '../../../lib/callable';
import { useNotify } from '../../../lib/toast';
import { toCallError } from '../../../lib/useCall';
import { useFlow } from '../FlowContext';
import { stepPath } from '../flowState';
import { CheckboxField, profileErrors, type Errors } from '../../../components/studentForm/fields';
import { HealthFields } from '../../../components/studentForm/HealthFields';
import { isHealthPath } from '../../../components/studentForm/sections';
import { focusFirstInvalid, StepFrame } from './StepFrame';

/** Step 5: permissions, allergies, medications, doctor and insurance; then the student is saved. */
export default function HealthStep() {
  const { state, update } = useFlow();
  const navigate = useNavigate();
  const notify = useNotify();
  const [errors, setErrors] = useState<Errors>({});
  const [shown, setShown] = useState(false);
  const [saving, setSaving] = useState(false);
  if (!state.profile) return <Navigate to={stepPath('student')} replace />;
  const p = state.profile;
  const set = (patch: Partial<StudentProfile>) => {
    const next = { ...p, ...patch };
    update((s) => ({ ...s, profile: next }));
    if (shown) setErrors(profileErrors(next, isHealthPath));
  };

  const next = async () => {
    const found = profileErrors(p, isHealthPath);
    if (state.reviewNeeded && !state.healthConfirmed) found.healthConfirmed = 'Please confirm this information is still accurate.';
    setErrors(found);
    setShown(true);
    if (Object.keys(found).length) return focusFirstInvalid();
    if (Object.keys(profileErrors(p, () => true)).length) return navigate(stepPath('info'));
    setSaving(true);
    try {
      const saved = await call('saveStudent', {
        id: state.studentChoice && state.studentChoice !== 'new' ? state.studentChoice : undefined,
        profile: p,
        reviewed: !state.reviewNeeded || (state.infoConfirmed && state.healthConfirmed),
      });
      update((s) => ({ ...s, studentChoice: saved.student.id }));
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

      {state.reviewNeeded && (
        <CheckboxField
          label="I have reviewed this information and it is still accurate."
          checked={state.healthConfirmed}
          error={errors.healthConfirmed}
          onChange={(healthConfirmed) => update((s) => ({ ...s, healthConfirmed }))}
        />
      )}
    </StepFrame>
  );
}
