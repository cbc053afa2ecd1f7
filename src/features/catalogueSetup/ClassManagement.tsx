import { Link } from 'react-router-dom';
import type { Semester } from '../../../contract/domain';
import { formatDateRange } from '../../../contract/format';
import { Card } from '../../components/Card';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { useSemesterPicker } from './SemesterPicker';
import { GroupList } from './GroupList';
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

/** /admin/classes/management: the classes and bundles of each semester, and the semesters. */
export default function ClassManagement() {
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
