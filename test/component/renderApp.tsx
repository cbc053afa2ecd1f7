// Renders the real route table and shell in memory with a given session (who is signed in, roles).
import { render } from '@testing-library/react';
import type { User } from 'firebase/auth';
import { MemoryRouter, useLocation, useRoutes, type Location } from 'react-router-dom';
import { routes } from '../../src/app/routes';
import { SessionContext, type Session } from '../../src/lib/session';
import { SETTINGS_DEFAULTS, type Settings } from '../../src/lib/settings';
import { SettingsProvider } from '../../src/lib/settingsContext';
import { QueryProvider } from '../../src/lib/query';
import { ToastProvider } from '../../src/lib/toast';

export const signedOut: Session = { user: null, roles: null };
export const familySession = (email: string | null = 'family@example.com'): Session => ({
  user: { uid: 'u1', email } as User,
  roles: [],
});
export const adminSession: Session = { user: { uid: 'a1', email: 'admin@example.com' } as User, roles: ['admin'] };
/** A staff member holding these roles only. */
export const staffSession = (...roles: string[]): Session => ({ user: { uid: `s-${roles.join('-')}`, email: 'staff@example.com' } as User, roles });

export function renderApp(path: string, session: Session = signedOut, settings: Partial<Settings> = {}) {
  let current: Location | undefined;
  function AppRoutes() {
    current = useLocation();
    return useRoutes(routes);
  }
  const view = render(
    <SettingsProvider initial={{ ...SETTINGS_DEFAULTS, ...settings }}>
      <ToastProvider>
        <QueryProvider>
          <SessionContext.Provider value={session}>
            <MemoryRouter initialEntries={[path]}>
              <AppRoutes />
            </MemoryRouter>
          </SessionContext.Provider>
        </QueryProvider>
      </ToastProvider>
    </SettingsProvider>,
  );
  /** Where the app is now. */
  const location = () => current!;
  return { location, ...view };
}
