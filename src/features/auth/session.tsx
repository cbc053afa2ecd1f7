// Who is signed in, and their roles (fetched once per signed-in user, used only once loaded).
import type { User } from 'firebase/auth';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { ROLE_ADMIN } from '../../../contract/domain';
import { watchUser } from '../../lib/auth';
import { call } from '../../lib/callable';

export interface Session {
  /** undefined while Firebase has not said yet. */
  user: User | null | undefined;
  /** null until the roles of the current user have loaded. */
  roles: string[] | null;
}

export const SessionContext = createContext<Session>({ user: undefined, roles: null });

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null | undefined>(undefined);
  const [roles, setRoles] = useState<{ uid: string; roles: string[] } | null>(null);

  useEffect(() => {
    return watchUser(setUser);
  }, []);

  const uid = user?.uid;
  useEffect(() => {
    if (!uid) return;
    let live = true;
    // Seed §8: the role fetch ignores every state except loaded.
    call('roles').then(
      (r) => live && setRoles({ uid, roles: r }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [uid]);

  const value: Session = { user, roles: uid && roles?.uid === uid ? roles.roles : null };
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export const useSession = () => useContext(SessionContext);
export const isAdmin = (s: Session) => !!s.user && !!s.roles?.includes(ROLE_ADMIN);
