import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { LoginForm } from './LoginForm';
import { takeRequestedPath } from './redirect';
import { useSession } from '../../lib/session';

/** Signing in or creating an account: once signed in, go back to the page that asked for it (default /). */
function LoginPage({ create }: { create: boolean }) {
  const { user } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (user) navigate(takeRequestedPath(), { replace: true });
  }, [user, navigate]);
  return (
    <div className="page page-narrow">
      <h1 className="visually-hidden">{create ? 'Create an account' : 'Sign in'}</h1>
      <LoginForm key={create ? 'create' : 'login'} create={create} />
    </div>
  );
}

/** /user/login */
export const SignInPage = () => <LoginPage create={false} />;
/** /user/create */
export const CreateAccountPage = () => <LoginPage create />;
