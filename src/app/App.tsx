import { BrowserRouter, useRoutes } from 'react-router-dom';
import { SessionProvider } from '../features/auth/session';
import { SettingsProvider } from '../lib/settingsContext';
import { ToastProvider } from '../lib/toast';
import { routes } from './routes';

function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  return (
    <SettingsProvider>
      <ToastProvider>
        <SessionProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </SessionProvider>
      </ToastProvider>
    </SettingsProvider>
  );
}
