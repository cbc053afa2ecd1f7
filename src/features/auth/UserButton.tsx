import { lazy, Suspense, useState } from 'react';
import { useSession } from '../../lib/session';
import { LinkButton } from '../../components/Button';
import { MenuNotDownloaded, OnDemand } from '../../components/OnDemand';

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
    <OnDemand fallback={<AccountMenuNotDownloaded />}>
      <Suspense fallback={<span className="user-button-placeholder" aria-hidden="true" />}>
        <UserMenu uid={user.uid} email={user.email} />
      </Suspense>
    </OnDemand>
  );
}

/** The account menu's button when the menu's code could not be downloaded: opened, it says so. */
function AccountMenuNotDownloaded() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="avatar-button" aria-label="Account menu" aria-expanded={open} onClick={() => setOpen(true)}>
        <span className="pi pi-user" aria-hidden="true" />
      </button>
      {open && <MenuNotDownloaded onClose={() => setOpen(false)} />}
    </>
  );
}
