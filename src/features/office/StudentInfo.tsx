import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { StudentSort } from '../../../contract/domain';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { useDebounced } from '../../hooks/useDebounced';
import { AdminTable, ColumnHeaders, Pager, type Sort, SortHeader } from '../../components/table';
import { Card } from '../../components/Card';
import { gradeText } from '../../lib/studentText';
import { AbandonedDrafts } from './AbandonedDrafts';
import { NewLink } from '../../components/NewLink';
import './office.css';
import { useAdminStudents } from './api';

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
      <div className="card-header">
        <p className="muted">A family without an account (it calls, or comes to the office): make one, add its children, enroll them by phone.</p>
        <NewLink to="/admin/families/new" label="A new family" icon="pi-user-plus" />
      </div>
      <div className="field semester-picker">
        <label htmlFor="student-search">Search by a child’s or guardian’s name, school or guardian email</label>
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
        <Card id="student-list" title={`${state.value.total} ${state.value.total === 1 ? 'student' : 'students'}`}>
          <AdminTable
            label="Student list"
            caption={`Students${query ? ` matching ${query}` : ''}`}
            head={
              <>
                <SortHeader label="Name" field="name" sort={sort} onSort={onSort} />
                <SortHeader label="Grade" field="grade" sort={sort} onSort={onSort} />
                <SortHeader label="School" field="school" sort={sort} onSort={onSort} />
                <ColumnHeaders columns={['Guardian email']} />
              </>
            }
          >
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
          </AdminTable>
          <Pager page={page} pageSize={PAGE_SIZE} total={state.value.total} onPage={setPage} label="Students" />
        </Card>
      )}
      <AbandonedDrafts />
    </div>
  );
}
