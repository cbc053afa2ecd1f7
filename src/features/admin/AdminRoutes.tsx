import { ConfirmDialog } from 'primereact/confirmdialog';
import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PageLoading } from '../../components/PageLoading';
import ClassManagement from './classes/ClassManagement';
import Dashboard from './dashboard/Dashboard';
import { Prime } from '../../components/Prime';
import { ACCESS, type StaffRole } from '../../../contract/roles';
import { RequireStaff } from '../auth';

// The office's sheets and money pages load when first opened.
const ClassForms = lazy(() => import('./office/ClassForms'));
const StudentInfo = lazy(() => import('./office/StudentInfo'));
const StudentSheetPage = lazy(() => import('./office/StudentSheet'));
const TshirtSizes = lazy(() => import('./office/TshirtSizes'));
const Enrollments = lazy(() => import('./office/Enrollments'));
const StaffPage = lazy(() => import('./staff/StaffPage'));

/** A page for the roles that may open it (contract/roles.ts); the others go to /. */
const only = (access: readonly StaffRole[], page: ReactNode) => <RequireStaff access={access}>{page}</RequireStaff>;

export default function AdminRoutes() {
  return (
    <Prime>
      <Suspense fallback={<PageLoading label="Loading…" />}>
        {/* Questions before what cannot be undone (components/confirm.ts). */}
        <ConfirmDialog pt={{ root: { role: "alertdialog" } }} />
        <Routes>
          <Route index element={only(ACCESS.money, <Dashboard />)} />
          <Route path="report" element={only(ACCESS.care, <ClassForms />)} />
          <Route path="students" element={only(ACCESS.care, <StudentInfo />)} />
          <Route path="students/:id" element={only(ACCESS.care, <StudentSheetPage />)} />
          <Route path="t-shirts" element={only(ACCESS.care, <TshirtSizes />)} />
          <Route path="enrollments" element={only(ACCESS.money, <Enrollments />)} />
          <Route path="classes/management/*" element={only(ACCESS.catalogue, <ClassManagement />)} />
          <Route path="staff/*" element={only(ACCESS.staff, <StaffPage />)} />
        </Routes>
      </Suspense>
    </Prime>
  );
}
