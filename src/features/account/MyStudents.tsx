import { Link } from 'react-router-dom';
import { gradeName } from '../../../contract/format';
import { needsInfoReview } from '../../../contract/rules';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { useMyEnrollments, useMyStudents } from '../family/api';
import { LinkButton } from '../../components/Button';
import { PickupCodes } from './PickupCodes';
import { DeleteProfile } from './DeleteProfile';

/** /account/students: the family's students with their classes; edit each one's info. */
export default function MyStudents() {
  const [students, reload] = useMyStudents();
  const [enrollments] = useMyEnrollments();
  const classesOf = (studentId: string) =>
    enrollments.status === 'loaded'
      ? enrollments.value.enrollments.filter((e) => e.studentId === studentId && e.status === 'confirmed').flatMap((e) => e.lineItems.map((l) => l.title))
      : [];
  return (
    <div className="page">
      <h1>My Students</h1>
      {students.status === 'loading' && <PageLoading label="Loading your students…" />}
      {students.status === 'error' && <LoadError error={students.error} onRetry={reload} />}
      {students.status === 'loaded' && students.value.students.length === 0 && (
        <div className="empty-panel">
          <p>No students yet. You add a student when you enroll.</p>
          <Link to="/classes/enrollment">Browse classes</Link>
        </div>
      )}
      {students.status === 'loaded' && (
        <ul className="enrollment-list">
          {students.value.students.map((s) => (
            <li key={s.id} className="enrollment-card">
              <h2>
                {s.firstName} {s.lastName}
              </h2>
              <p className="muted">
                Grade {gradeName(s.grade)}
                {needsInfoReview(s.infoReviewedAt, new Date()) && ' · info needs review'}
              </p>
              {classesOf(s.id).length > 0 && <p>Classes: {classesOf(s.id).join(', ')}</p>}
              <PickupCodes student={s} status={students.value.pickupCodes[s.id]} />
              <div className="row-actions">
                <LinkButton to={`/account/students/${s.id}`} variant="outlined">
                  <span className="pi pi-pencil" aria-hidden="true" />
                  <span className="p-button-label">
                    Edit info<span className="visually-hidden"> for {s.firstName}</span>
                  </span>
                </LinkButton>
              </div>
              <DeleteProfile student={s} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
