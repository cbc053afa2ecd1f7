import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { SessionProvider } from '../features/auth/session';
import { SettingsProvider } from '../lib/settingsContext';
import { ToastProvider } from '../lib/toast';
import { routes } from './routes';

const router = createBrowserRouter(routes);

export function App() {
  return (
    <SettingsProvider>
      <ToastProvider>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </ToastProvider>
    </SettingsProvider>
  );
}
