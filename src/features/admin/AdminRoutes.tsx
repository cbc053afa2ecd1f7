import { Route, Routes } from 'react-router-dom';
import { NotBuiltYet } from '../../components/NotBuiltYet';
import ClassManagement from './classes/ClassManagement';
import Dashboard from './dashboard/Dashboard';

export default function AdminRoutes() {
  return (
    <Routes>
      <Route index element={<Dashboard />} />
      <Route path="report" element={<NotBuiltYet title="Class Forms and Contacts" />} />
      <Route path="students" element={<NotBuiltYet title="Student Info Sheets" />} />
      <Route path="t-shirts" element={<NotBuiltYet title="T-shirt Sizes" />} />
      <Route path="enrollments" element={<NotBuiltYet title="Enrollments" />} />
      <Route path="classes/management/*" element={<ClassManagement />} />
    </Routes>
  );
}
