import { Navigate, Route, Routes } from 'react-router-dom';
import { NotBuiltYet } from '../../components/NotBuiltYet';
import ManageAccount from './ManageAccount';
import MyEnrollments from './MyEnrollments';

export default function AccountRoutes() {
  return (
    <Routes>
      <Route path="enrollments" element={<MyEnrollments />} />
      <Route path="students" element={<NotBuiltYet title="My Students" />} />
      <Route path="manage" element={<ManageAccount />} />
      <Route path="*" element={<Navigate to="enrollments" replace />} />
    </Routes>
  );
}
