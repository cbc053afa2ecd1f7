import { ConfirmDialog } from 'primereact/confirmdialog';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PageLoading } from '../../components/PageLoading';
import ClassManagement from './classes/ClassManagement';
import Dashboard from './dashboard/Dashboard';
import { Prime } from '../../components/Prime';

// The office's sheets and money pages load when first opened.
const ClassForms = lazy(() => import('./office/ClassForms'));
const StudentInfo = lazy(() => import('./office/StudentInfo'));
const StudentSheetPage = lazy(() => import('./office/StudentSheet'));
const TshirtSizes = lazy(() => import('./office/TshirtSizes'));
const Enrollments = lazy(() => import('./office/Enrollments'));

export default function AdminRoutes() {
  return (
    <Prime>
      <Suspense fallback={<PageLoading label="Loading…" />}>
        {/* Questions before what cannot be undone (components/confirm.ts). */}
        <ConfirmDialog pt={{ root: { role: "alertdialog" } }} />
        <Routes>
          <Route index element={<Dashboard />} />
          <Route path="report" element={<ClassForms />} />
          <Route path="students" element={<StudentInfo />} />
          <Route path="students/:id" element={<StudentSheetPage />} />
          <Route path="t-shirts" element={<TshirtSizes />} />
          <Route path="enrollments" element={<Enrollments />} />
          <Route path="classes/management/*" element={<ClassManagement />} />
        </Routes>
      </Suspense>
    </Prime>
  );
}
