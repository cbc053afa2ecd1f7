// The router, made from the table of pages (app/pages.ts). The landing page (the class list) comes with
// the app, so it waits for no second download; every other page is loaded when first opened, inside
// the frame its part of the portal shares.
import { lazy, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { RequireLogin, RequireStaff } from '../features/auth/guards';
import EnrollmentRoute from '../features/enrollment/EnrollmentRoute';
import { Shell } from './Shell';
import { PAGES, type Page } from './pages';
import { ACCESS } from '../../contract/roles';

/** The office's pages share PrimeReact's settings and its confirm dialog; the instructor's, the phone's offline kit. */
const StaffFrame = lazy(() => import('./StaffFrame'));
const TeachingFrame = lazy(() => import('../features/teaching/TeachingFrame'));

function element(page: Page): ReactNode {
  const Component = page.load ? lazy(page.load) : EnrollmentRoute;
  const shown = page.form ? <div className="page"><Component /></div> : <Component />;
  if (page.who === 'anyone') return shown;
  if (page.who === 'signed-in') return <RequireLogin>{shown}</RequireLogin>;
  return <RequireStaff access={page.who}>{shown}</RequireStaff>;
}

const under = (prefix: string) => (page: Page) => page.path === prefix || page.path.startsWith(`${prefix}/`);
const route = (page: Page): RouteObject => ({ path: page.path.slice(1), element: element(page) });

export const routes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      { index: true, element: <Navigate to="/classes" replace /> },
      { path: 'classes', element: <Navigate to="/classes/enrollment" replace /> },
      { path: 'user/*', element: <Navigate to="/user/login" replace /> },
      { path: 'account/*', element: <Navigate to="/account/enrollments" replace /> },
      ...PAGES.filter((p) => !under('/admin')(p) && !under('/staff')(p)).map(route),
      {
        element: (
          <RequireStaff>
            <StaffFrame />
          </RequireStaff>
        ),
        children: PAGES.filter(under('/admin')).map(route),
      },
      {
        element: (
          <RequireStaff access={ACCESS.teach}>
            <TeachingFrame />
          </RequireStaff>
        ),
        children: PAGES.filter(under('/staff')).map(route),
      },
      { path: '*', element: <Navigate to="/classes/enrollment" replace /> },
    ],
  },
];
