import { PageLoading } from '../../components/PageLoading';
import { useCall } from '../../lib/useCall';

/** /classes/enrollment: the classes open for enrollment, by semester. */
export default function EnrollmentPage() {
  const [semesters] = useCall('openSemesters');
  const [catalogue, reload] = useCall('availableEnrollmentClasses');
  if (semesters.status === 'loading' || catalogue.status === 'loading') return <PageLoading label="Loading classes…" />;
  if (semesters.status === 'error' || catalogue.status === 'error') {
    const error = semesters.status === 'error' ? semesters.error : catalogue.status === 'error' ? catalogue.error : null;
    return (
      <div className="page" role="alert">
        <h1>Class Enrollment</h1>
        <p>{error?.message}</p>
        <button type="button" className="p-button p-component" onClick={reload}>
          <span className="p-button-label">Try again</span>
        </button>
      </div>
    );
  }
  return (
    <div className="page">
      <h1>Class Enrollment</h1>
      {semesters.value.semesters.length === 0 && <p>No semester is open for enrollment right now.</p>}
      {semesters.value.semesters.map((s) => (
        <section key={s.id} aria-labelledby={`semester-${s.id}`}>
          <h2 id={`semester-${s.id}`}>{s.name}</h2>
          <ul>
            {(catalogue.value[s.id]?.classes ?? []).map((c) => (
              <li key={c.id}>{c.title}</li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
