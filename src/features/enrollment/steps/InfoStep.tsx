import { Navigate, useNavigate } from 'react-router-dom';
import { isInfoPath } from '../../../components/studentForm/sections';
import { StudentInfoFields } from '../../../components/studentForm/StudentInfoFields';
import { stepPath } from '../flowState';
import { StepFrame } from './StepFrame';
import { useProfileSection } from './useProfileSection';

/** Step 4: the student's details, guardians, emergency contacts and pickups. */
export default function InfoStep() {
  const { state, errors, shown, set, check, reviewed } = useProfileSection(isInfoPath, 'infoConfirmed');
  const navigate = useNavigate();
  if (!state.profile) return <Navigate to={stepPath('student')} replace />;
  const p = state.profile;
  const next = () => {
    if (check()) navigate(stepPath('health'));
  };
  return (
    <StepFrame title="Student info" back={stepPath('student')} onNext={next}>
      {shown && Object.keys(errors).length > 0 && (
        <p className="form-failure" role="alert">
          Please fix the {Object.keys(errors).length === 1 ? 'field' : `${Object.keys(errors).length} fields`} marked below.
        </p>
      )}
      <StudentInfoFields profile={p} errors={errors} set={set} />
      {reviewed}
    </StepFrame>
  );
}
