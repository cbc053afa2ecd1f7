import { Link, Route, Routes } from 'react-router-dom';
import type { Semester } from '../../../contract/domain';
import { formatDateRange } from '../../../contract/format';
import { Card } from '../../components/Card';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { useSemesterPicker } from './SemesterPicker';
import DiscountCodes from './DiscountCodes';
import ClassForm from './ClassForm';
import GroupForm from './GroupForm';
import { GroupList } from './GroupList';
import SemesterForm from './SemesterForm';
import WaitlistPage from './WaitlistPage';
import { ClassTable } from './ClassTable';
import { useAdminClasses } from './api';
import { NewLink } from '../../components/NewLink';

/** One load of a semester's classes and bundles, shared by the class table and the bundle list. */
function SemesterClasses({ semester, semesters }: { semester: Semester; semesters: Semester[] }) {
  const [state, reload] = useAdminClasses(semester.id);
  if (state.status === 'loading') return <PageLoading label="Loading classes…" />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={reload} />;
  return (
    <>
      <ClassTable semester={semester} semesters={semesters} classes={state.value.classes} />
      <GroupList semester={semester} classes={state.value.classes} groups={state.value.groups} />
    </>
  );
}

function Overview() {
  const { semester, picker, pickable, all } = useSemesterPicker();
  return (
    <div className="page admin-page">
      <h1>Class Management</h1>
      <p>
        <Link to="discounts">Discount codes</Link>
      </p>
      {picker}
      {semester && <SemesterClasses key={semester.id} semester={semester} semesters={pickable} />}
      {all && (
        <Card id="semesters-title" title="Semesters" actions={<NewLink to="semester/new" label="New semester" />}>
          <ul className="recent-list">
            {all.map((s) => (
              <li key={s.id}>
                <span className={`status-chip semester-${s.status}`}>{s.status}</span> <strong>{s.name}</strong>
                <span className="muted">
                  {' '}
                  · classes {formatDateRange(s.startDate, s.endDate)} · registration {formatDateRange(s.registrationOpens, s.registrationCloses)}
                </span>{' '}
                <Link to={`semester/${s.id}`}>
                  Edit<span className="visually-hidden"> {s.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}

/** /admin/classes/management/*: the classes of each semester, and the class form. */
export default function ClassManagement() {
  return (
    <Routes>
      <Route index element={<Overview />} />
      <Route path="discounts/*" element={<DiscountCodes />} />
      <Route
        path="group/:id"
        element={
          <div className="page">
            <GroupForm />
          </div>
        }
      />
      <Route
        path="semester/:id"
        element={
          <div className="page">
            <SemesterForm />
          </div>
        }
      />
      <Route
        path="class/:id"
        element={
          <div className="page">
            <ClassForm />
          </div>
        }
      />
      <Route path="waitlist/:id" element={<WaitlistPage />} />
    </Routes>
  );
}
