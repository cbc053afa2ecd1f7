import { Navigate, Route, Routes } from 'react-router-dom';
import EditStudent from './EditStudent';
import ManageAccount from './ManageAccount';
import MyStudents from './MyStudents';
import MyEnrollments from './MyEnrollments';

export default function AccountRoutes() {
  return (
    <Routes>
      <Route path="enrollments" element={<MyEnrollments />} />
      <Route path="students" element={<MyStudents />} />
      <Route path="students/:id" element={<EditStudent />} />
      <Route path="manage" element={<ManageAccount />} />
      <Route path="*" element={<Navigate to="enrollments" replace />} />
    </Routes>
  );
}
