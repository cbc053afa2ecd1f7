import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageLoading } from '../../components/PageLoading';
import { rememberRequestedPath } from './redirect';
import { isAdmin, useSession } from '../../lib/session';

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

/** Admin pages: signed-in non-admins go to /. The server checks the role again on every call. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useSession();
  return (
    <RequireLogin>
      {session.roles === null ? <PageLoading /> : isAdmin(session) ? children : <Navigate to="/" replace />}
    </RequireLogin>
  );
}
