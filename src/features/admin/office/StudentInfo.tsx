import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { schoolToday } from '../../../../contract/schedule';
import type { StudentSort } from '../../../../contract/domain';
import { ageOn, formatDate } from '../../../../contract/format';
import { LoadError } from '../../../components/LoadError';
import { PageLoading } from '../../../components/PageLoading';
import { useDebounced } from '../../../hooks/useDebounced';
import { ColumnHeaders, Pager, type Sort, SortHeader, TableScroll } from '../shared/table';
import { allergyText, contactText, gradeText, guardianText, insuranceText, medicationText, photoText, yesNo } from './studentText';
import './office.css';
import { useAdminStudent, useAdminStudents } from '../api';
import { Button } from '../../../components/Button';

const PAGE_SIZE = 25;

/** /admin/students: every student, searched, sorted and paged on the server. */
export default function StudentInfo() {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort<StudentSort>>({ field: 'name', order: 'asc' });
  const [page, setPage] = useState(0);
  const query = useDebounced(search.trim());
  const [state, reload] = useAdminStudents({ search: query, sort: sort.field, order: sort.order, page, pageSize: PAGE_SIZE });
  const onSort = (next: Sort<StudentSort>) => {
    setSort(next);
    setPage(0);
  };
  return (
    <div className="page admin-page">
      <h1>Student Info Sheets</h1>
      <div className="field semester-picker">
        <label htmlFor="student-search">Search by name, school or guardian email</label>
        <input
          id="student-search"
          type="search"
          className="p-inputtext p-component"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
        />
      </div>
      {state.status === 'loading' && <PageLoading label="Loading students…" />}
      {state.status === 'error' && <LoadError error={state.error} onRetry={reload} />}
      {state.status === 'loaded' && state.value.total === 0 && (
        <p className="empty-panel">{query ? `No student matches “${query}”.` : 'No students yet.'}</p>
      )}
      {state.status === 'loaded' && state.value.total > 0 && (
        <section className="admin-card" aria-label="Students">
          <TableScroll label="Student list">
            <table className="admin-table">
              <caption className="visually-hidden">Students{query && ` matching ${query}`}</caption>
              <thead>
                <tr>
                  <SortHeader label="Name" field="name" sort={sort} onSort={onSort} />
                  <SortHeader label="Grade" field="grade" sort={sort} onSort={onSort} />
                  <SortHeader label="School" field="school" sort={sort} onSort={onSort} />
                  <ColumnHeaders columns={['Guardian email']} />
                </tr>
              </thead>
              <tbody>
                {state.value.rows.map((s) => (
                  <tr key={s.id}>
                    <th scope="row">
                      <Link to={s.id}>
                        {s.lastName}, {s.firstName}
                      </Link>{' '}
                      {s.lifeThreateningAllergy && <span className="tag-danger">Life-threatening allergy</span>}
                    </th>
                    <td>{gradeText(s.grade)}</td>
                    <td>{s.school}</td>
                    <td>{s.guardianEmails.join(', ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pager page={page} pageSize={PAGE_SIZE} total={state.value.total} onPage={setPage} label="Students" />
        </section>
      )}
    </div>
  );
}

const Item = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <>
    <dt>{label}</dt>
    <dd>{children || <span className="muted">—</span>}</dd>
  </>
);

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** /admin/students/:id: everything on file for one student, printable. */
export function StudentSheetPage() {
  const { id = '' } = useParams();
  const [state, reload] = useAdminStudent(id);
  if (state.status === 'loading') return <PageLoading label="Loading the info sheet…" />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={reload} />;
  const { student: s, enrollments, familyEmail } = state.value;
  const h = s.health;
  const today = schoolToday();
  return (
    <div className="page admin-page info-sheet">
      <div className="sheet-toolbar no-print">
        <Link to="/admin/students">
          <span className="pi pi-arrow-left" aria-hidden="true" /> All students
        </Link>
        <Button onClick={() => window.print()}>
          <span className="pi pi-print" aria-hidden="true" /> Print
        </Button>
      </div>
      <section className="admin-card class-sheet">
        <h1>
          {s.firstName} {s.lastName}
        </h1>
        {h.allergies.some((a) => a.lifeThreatening) && <p className="tag-danger">Life-threatening allergy</p>}
        <h2>Student</h2>
        <dl>
          <Item label="Birth date">{`${formatDate(s.birthDate, true)} (age ${ageOn(s.birthDate, today)})`}</Item>
          <Item label="Grade">{gradeText(s.grade)}</Item>
          <Item label="Pronouns">{s.pronouns}</Item>
          <Item label="School">{s.school}</Item>
          <Item label="T-shirt size">{s.tshirtSize}</Item>
          <Item label="Notes">{s.notes}</Item>
          <Item label="Family account">{familyEmail}</Item>
          <Item label="Info last confirmed">{s.infoReviewedAt ? when(s.infoReviewedAt) : 'Never'}</Item>
        </dl>
        <h2>Guardians</h2>
        <ul className="plain-list">
          {s.guardians.map((g, i) => (
            <li key={i}>
              {guardianText(g)} · {g.email}
              {g.livesWithStudent && ' · lives with student'}
            </li>
          ))}
        </ul>
        <h2>Emergency contacts</h2>
        <ul className="plain-list">
          {s.emergencyContacts.map((c, i) => (
            <li key={i}>{contactText(c)}</li>
          ))}
        </ul>
        <h2>Pickup</h2>
        <dl>
          <Item label="Authorized pickups">{s.authorizedPickups.map(contactText).join('; ')}</Item>
          <Item label="Code word">{s.pickupCodeWord}</Item>
        </dl>
        <h2>Permissions</h2>
        <dl>
          <Item label="Photos">{photoText(s.permissions.photo)}</Item>
          <Item label="Sunscreen">{yesNo(s.permissions.sunscreen)}</Item>
          <Item label="Bug spray">{yesNo(s.permissions.bugSpray)}</Item>
        </dl>
        <h2>Health</h2>
        <dl>
          <Item label="Allergies">
            {h.allergies.length ? (
              <ul className="plain-list">
                {h.allergies.map((a, i) => (
                  <li key={i} className={a.lifeThreatening ? 'life-threatening' : undefined}>
                    {allergyText(a)}
                  </li>
                ))}
              </ul>
            ) : (
              'None'
            )}
          </Item>
          <Item label="Medications">{h.medications.map(medicationText).join('; ') || 'None'}</Item>
          <Item label="Medication authorized">{yesNo(h.medicationAuthorized)}</Item>
          <Item label="Medical notes">{h.medicalNotes}</Item>
          <Item label="Doctor">{[h.doctorName, h.doctorPhone].filter(Boolean).join(', ')}</Item>
          <Item label="Insurance">{insuranceText(s)}</Item>
        </dl>
        <h2>Enrollments and signed releases</h2>
        {enrollments.length === 0 ? (
          <p className="muted">No enrollments.</p>
        ) : (
          enrollments.map((e) => (
            <div key={e.id} className="sheet-enrollment">
              <p>
                <strong>{e.classTitles.join(', ') || 'All classes cancelled'}</strong> · enrolled {when(e.createdAt)}
                {e.status === 'cancelled' && ' · cancelled'}
              </p>
              <TableScroll label={`Releases signed on ${when(e.createdAt)} for ${e.classTitles.join(', ') || 'cancelled classes'}`}>
                <table className="admin-table sheet-table">
                  <caption className="visually-hidden">Releases signed for this enrollment</caption>
                  <thead>
                    <tr>
                      <ColumnHeaders columns={['Release', 'Version', 'Signed by', 'When']} />
                    </tr>
                  </thead>
                  <tbody>
                    {e.releases.map((r) => (
                      <tr key={r.releaseId}>
                        <th scope="row">{r.title}</th>
                        <td>{r.version}</td>
                        <td>{r.typedName}</td>
                        <td>{when(r.signedAt)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            </div>
          ))
        )}
      </section>
    </div>
  );
}
