import { PrimeReactProvider } from 'primereact/api';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { SessionProvider } from '../features/auth/session';
import { SettingsProvider } from '../lib/settingsContext';
import { QueryProvider } from '../lib/query';
import { ToastProvider } from '../lib/toast';
import { routes } from './routes';

function AppRoutes() {
  return useRoutes(routes);
}

// PrimeReact's overlays read their settings from this context: without it, resizing the window with
// the account menu open threw "reading 'hideOverlaysOnDocumentScrolling'" and left the menu open.
export function App() {
  return (
    <PrimeReactProvider>
      <SettingsProvider>
        <ToastProvider>
          <QueryProvider>
            <SessionProvider>
              <BrowserRouter>
                <AppRoutes />
              </BrowserRouter>
            </SessionProvider>
          </QueryProvider>
        </ToastProvider>
      </SettingsProvider>
    </PrimeReactProvider>
  );
}
