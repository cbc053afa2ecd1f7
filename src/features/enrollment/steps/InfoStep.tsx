import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import type { StudentProfile } from '../../../../contract/domain';
import { useFlow } from '../FlowContext';
import { stepPath } from '../flowState';
import { CheckboxField, profileErrors, type Errors } from '../../../components/studentForm/fields';
import { isInfoPath } from '../../../components/studentForm/sections';
import { StudentInfoFields } from '../../../components/studentForm/StudentInfoFields';
import { focusFirstInvalid, StepFrame } from './StepFrame';


/** Step 4: the student's details, guardians, emergency contacts and pickups. */
export default function InfoStep() {
  const { state, update } = useFlow();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<Errors>({});
  const [shown, setShown] = useState(false);
  if (!state.profile) return <Navigate to={stepPath('student')} replace />;
  const p = state.profile;
  const set = (patch: Partial<StudentProfile>) => {
    const next = { ...p, ...patch };
    update((s) => ({ ...s, profile: next }));
    if (shown) setErrors(profileErrors(next, isInfoPath));
  };
  const next = () => {
    const found = profileErrors(p, isInfoPath);
    if (state.reviewNeeded && !state.infoConfirmed) found.infoConfirmed = 'Please confirm this information is still accurate.';
    setErrors(found);
    setShown(true);
    if (Object.keys(found).length) focusFirstInvalid();
    else navigate(stepPath('health'));
  };
  return (
    <StepFrame title="Student info" back={stepPath('student')} onNext={next}>
      {shown && Object.keys(errors).length > 0 && (
        <p className="form-failure" role="alert">
          Please fix the {Object.keys(errors).length === 1 ? 'field' : `${Object.keys(errors).length} fields`} marked below.
        </p>
      )}
      <StudentInfoFields profile={p} errors={errors} set={set} />

      {state.reviewNeeded && (
        <CheckboxField
          label="I have reviewed this information and it is still accurate."
          checked={state.infoConfirmed}
          error={errors.infoConfirmed}
          onChange={(infoConfirmed) => update((s) => ({ ...s, infoConfirmed }))}
        />
      )}
    </StepFrame>
  );
}
