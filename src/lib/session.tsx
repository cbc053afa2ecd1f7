// Who is signed in, and their roles (fetched once per signed-in user, used only once loaded; when the
// server cannot be reached, as on an instructor's phone at a trailhead, the roles it last said).
import type { User } from 'firebase/auth';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { allows, staffRolesOf, type StaffRole } from '../../contract/roles';
import { watchUser } from './auth';
import { call } from './callable';
import { rememberRoles, rolesRemembered } from './familyStorage';
import { useForgetOnAccountChange } from './query';

export interface Session {
  /** undefined while Firebase has not said yet. */
  user: User | null | undefined;
  /** null until the roles of the current user have loaded. */
  roles: string[] | null;
}

export const SessionContext = createContext<Session>({ user: undefined, roles: null });

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null | undefined>(undefined);
  useEffect(() => {
    return watchUser(setUser);
  }, []);

  const uid = user?.uid;
  useForgetOnAccountChange(user === undefined ? undefined : (uid ?? null));
  // The role fetch ignores every state except loaded (no toast when it fails).
  const roles = useQuery({
    queryKey: ['roles', uid],
    queryFn: async () => {
      const said = await call('roles');
      if (uid) rememberRoles(uid, said);
      return said;
    },
    enabled: !!uid,
    meta: { quiet: true },
  });
  const unreachable = roles.fetchStatus === 'paused' || roles.isError;
  const value: Session = { user, roles: !uid ? null : (roles.data ?? (unreachable ? rolesRemembered(uid) : null)) };
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export const useSession = () => useContext(SessionContext);
/** The signed-in person's staff roles (none for a family, or before the roles have loaded). */
export const staffRoles = (s: Session): StaffRole[] => (s.user && s.roles ? staffRolesOf(s.roles) : []);
/** The signed-in person may do this kind of staff work (contract/roles.ts ACCESS); the server checks again on every call. */
export const can = (s: Session, access: readonly StaffRole[]) => allows(staffRoles(s), access);
