import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { LoginForm } from '../../auth';
import { useSession } from '../../../lib/session';
import { stepPath } from '../flowState';
import { StepFrame } from './StepFrame';

/** Step 2: sign in or create an account in place, then go on. */
export default function AccountStep() {
  const { user } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (user) navigate(stepPath('student'), { replace: true });
  }, [user, navigate]);
  return (
    <StepFrame title="Your account" back={stepPath('classes')}>
      <p>Sign in, or create an account, to enroll. Your classes stay selected.</p>
      <LoginForm embedded create />
    </StepFrame>
  );
}
