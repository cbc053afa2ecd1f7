import { Route, Routes } from 'react-router-dom';
import { useCall } from '../../../lib/useCall';
import { pickable, useSemesterPicker } from '../shared/SemesterPicker';
import ClassForm from './ClassForm';
import { ClassTable } from './ClassTable';

function Overview() {
  const { semester, picker } = useSemesterPicker();
  const [semesters] = useCall('adminSemesters');
  const list = semesters.status === 'loaded' ? pickable(semesters.value.semesters) : [];
  return (
    <div className="page admin-page">
      <h1>Class Management</h1>
      {picker}
      {semester && <ClassTable key={semester.id} semester={semester} semesters={list} />}
    </div>
  );
}

/** /admin/classes/management/*: the classes of each semester, and the class form. */
export default function ClassManagement() {
  return (
    <Routes>
      <Route index element={<Overview />} />
      <Route
        path="class/:id"
        element={
          <div className="page">
            <ClassForm />
          </div>
        }
      />
    </Routes>
  );
}
