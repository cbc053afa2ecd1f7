import { BrowserRouter, useRoutes } from 'react-router-dom';
import { SessionProvider } from '../lib/session';
import { SettingsProvider } from '../lib/settingsContext';
import { QueryProvider } from '../lib/query';
import { ToastProvider } from '../lib/toast';
import { routes } from './routes';

function AppRoutes() {
  return useRoutes(routes);
}

// PrimeReact's settings are given where its components are used (components/Prime.tsx).
export function App() {
  return (
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
  );
}
