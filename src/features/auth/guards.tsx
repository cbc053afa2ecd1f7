import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useNotify } from '../../lib/toast';
import { PageLoading } from '../../components/PageLoading';
import { rememberRequestedPath } from './redirect';
import { STAFF_ROLES, type StaffRole } from '../../../contract/roles';
import { can, staffRoles, useSession } from '../../lib/session';

/** Signed-out visitors go to /user/login; the requested path is remembered for after login. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  if (user === undefined) return <PageLoading />;
  if (!user) {
    rememberRequestedPath(location.pathname + location.search + location.hash);
    return <Navigate to="/user/login" replace />;
  }
  return children;
}

/** The words a family reads when a staff page sends them away. */
const STAFF_ONLY = 'This page is for school staff only.';
/** The words a staff member reads when a page is not for the roles they hold. */
const notYourRole = (roles: readonly StaffRole[]) => `This page is not for your role (${roles.join(', ')}): ask an admin if you need it.`;

/** Sent to / (the specification's redirect), told why. */
function NotForYou({ roles }: { roles: readonly StaffRole[] }) {
  const notify = useNotify();
  const detail = roles.length ? notYourRole(roles) : STAFF_ONLY;
  useEffect(() => notify({ severity: 'warn', summary: roles.length ? 'Not for your role' : 'Staff only', detail }), [notify, detail, roles.length]);
  return <Navigate to="/" replace />;
}

/**
 * Staff pages: a signed-in person whose roles do not allow the page goes to /, with a message that
 * says why. The server checks the roles again on every call. Without `access`, any staff role will do.
 */
export function RequireStaff({ access = STAFF_ROLES, children }: { access?: readonly StaffRole[]; children: ReactNode }) {
  const session = useSession();
  return (
    <RequireLogin>
      {session.roles === null ? <PageLoading /> : can(session, access) ? children : <NotForYou roles={staffRoles(session)} />}
    </RequireLogin>
  );
}
