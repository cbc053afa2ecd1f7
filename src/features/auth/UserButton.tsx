import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useSession } from './session';

const UserMenu = lazy(() => import('./UserMenu'));

/** Seed §2 "User button": a link when signed out, an avatar menu (loaded on demand) when signed in. */
export function UserButton({ compact }: { compact: boolean }) {
  const { user } = useSession();
  if (user === undefined) return <span className="user-button-placeholder" aria-hidden="true" />;
  if (!user) {
    return (
      <Link to="/user/create" className="p-button p-component header-register">
        <span className="p-button-label">{compact ? 'Account' : 'Register / Sign In'}</span>
      </Link>
    );
  }
  return (
    <Suspense fallback={<span className="user-button-placeholder" aria-hidden="true" />}>
      <UserMenu email={user.email} />
    </Suspense>
  );
}
