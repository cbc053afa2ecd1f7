import { lazy, Suspense } from 'react';
import { useSession } from '../../lib/session';
import { LinkButton } from '../../components/Button';

const UserMenu = lazy(() => import('./UserMenu'));

/** The user button: a link when signed out, an avatar menu (loaded on demand) when signed in. */
export function UserButton({ compact }: { compact: boolean }) {
  const { user } = useSession();
  if (user === undefined) return <span className="user-button-placeholder" aria-hidden="true" />;
  if (!user) {
    return (
      <LinkButton to="/user/create" className="header-register">
        <span className="p-button-label">{compact ? 'Account' : 'Register / Sign In'}</span>
      </LinkButton>
    );
  }
  return (
    <Suspense fallback={<span className="user-button-placeholder" aria-hidden="true" />}>
      <UserMenu uid={user.uid} email={user.email} />
    </Suspense>
  );
}
