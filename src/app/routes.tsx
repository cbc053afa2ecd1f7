// The route table. The landing page (the class list) comes with the app, so it waits for
// no second download; every other screen is loaded on demand.
import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { RequireLogin, RequireStaff } from '../features/auth/guards';
import EnrollmentRoute from '../features/enrollment/EnrollmentRoute';
import { Shell } from './Shell';
import { ACCESS } from '../../contract/roles';

const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const AccountRoutes = lazy(() => import('../features/account/AccountRoutes'));
const AdminRoutes = lazy(() => import('./AdminRoutes'));
const CalendarPage = lazy(() => import('../features/calendar/CalendarPage'));
const TeachingRoutes = lazy(() => import('../features/teaching/TeachingRoutes'));
const DonatePage = lazy(() => import('../features/donate/DonatePage'));
const HelpPage = lazy(() => import('../features/help/HelpPage'));
const UnsubscribePage = lazy(() => import('../features/reminders/UnsubscribePage'));
const RoundPage = lazy(() => import('../features/rounds/RoundPage'));
const EntryPage = lazy(() => import('../features/rounds/EntryPage'));

export const routes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      { index: true, element: <Navigate to="/classes" replace /> },
      { path: 'classes', element: <Navigate to="/classes/enrollment" replace /> },
      { path: 'classes/enrollment/*', element: <EnrollmentRoute /> },
      { path: 'user/login', element: <LoginPage create={false} /> },
      { path: 'user/create', element: <LoginPage create /> },
      { path: 'user/*', element: <Navigate to="/user/login" replace /> },
      {
        path: 'account/*',
        element: (
          <RequireLogin>
            <AccountRoutes />
          </RequireLogin>
        ),
      },
      {
        path: 'admin/*',
        element: (
          <RequireStaff>
            <AdminRoutes />
          </RequireStaff>
        ),
      },
      {
        path: 'staff/*',
        element: (
          <RequireStaff access={ACCESS.teach}>
            <TeachingRoutes />
          </RequireStaff>
        ),
      },
      { path: 'calendar/classes', element: <CalendarPage /> },
      { path: 'donate-venmo', element: <DonatePage /> },
      { path: 'help', element: <HelpPage /> },
      { path: 'unsubscribe', element: <UnsubscribePage /> },
      { path: 'rounds/:semesterId', element: <RoundPage /> },
      {
        path: 'rounds/:semesterId/entry',
        element: (
          <RequireLogin>
            <EntryPage />
          </RequireLogin>
        ),
      },
      { path: '*', element: <Navigate to="/classes/enrollment" replace /> },
    ],
  },
];
