import { ConfirmDialog } from 'primereact/confirmdialog';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import ClassManagement from '../features/catalogueSetup/ClassManagement';
import Dashboard from '../features/office/Dashboard';
import { Prime } from '../components/Prime';
import { accessOf } from '../lib/staffPages';
import { RequireStaff } from '../features/auth';

// The office's sheets and money pages load when first opened.
const RostersPage = lazy(() => import('../features/office/RostersPage'));
const StudentInfo = lazy(() => import('../features/office/StudentInfo'));
const StudentSheetPage = lazy(() => import('../features/office/StudentSheet'));
const TshirtSizes = lazy(() => import('../features/office/TshirtSizes'));
const FieldDayPage = lazy(() => import('../features/office/FieldDayPage'));
const Enrollments = lazy(() => import('../features/office/Enrollments'));
const StaffPage = lazy(() => import('../features/staff/StaffPage'));
const AuditPage = lazy(() => import('../features/staff/AuditPage'));
const AnnouncementsPage = lazy(() => import('../features/office/AnnouncementsPage'));
const RequestsPage = lazy(() => import('../features/office/RequestsPage'));

export default function AdminRoutes() {
  return (
    <Prime>
      <Suspense fallback={<PageLoading label="Loading…" />}>
        {/* Questions before what cannot be undone (components/confirm.ts). */}
        <ConfirmDialog pt={{ root: { role: "alertdialog" } }} />
        {/* Each page for the roles that may open it (lib/staffPages.ts); the others go to /. */}
        <Routes>
          <Route index element={<RequireStaff access={accessOf('/admin')}><Dashboard /></RequireStaff>} />
          <Route path="report" element={<RequireStaff access={accessOf('/admin/report')}><RostersPage /></RequireStaff>} />
          <Route path="students" element={<RequireStaff access={accessOf('/admin/students')}><StudentInfo /></RequireStaff>} />
          <Route path="students/:id" element={<RequireStaff access={accessOf('/admin/students')}><StudentSheetPage /></RequireStaff>} />
          <Route path="field" element={<RequireStaff access={accessOf('/admin/field')}><FieldDayPage /></RequireStaff>} />
          <Route path="t-shirts" element={<RequireStaff access={accessOf('/admin/t-shirts')}><TshirtSizes /></RequireStaff>} />
          <Route path="enrollments" element={<RequireStaff access={accessOf('/admin/enrollments')}><Enrollments /></RequireStaff>} />
          <Route path="requests" element={<RequireStaff access={accessOf('/admin/requests')}><RequestsPage /></RequireStaff>} />
          <Route path="classes/management/*" element={<RequireStaff access={accessOf('/admin/classes/management')}><ClassManagement /></RequireStaff>} />
          <Route path="staff/*" element={<RequireStaff access={accessOf('/admin/staff')}><StaffPage /></RequireStaff>} />
          <Route path="audit" element={<RequireStaff access={accessOf('/admin/audit')}><AuditPage /></RequireStaff>} />
          <Route path="messages/*" element={<RequireStaff access={accessOf('/admin/messages')}><AnnouncementsPage /></RequireStaff>} />
        </Routes>
      </Suspense>
    </Prime>
  );
}
