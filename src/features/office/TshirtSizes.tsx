import { useState } from 'react';
import type { TshirtTally } from '../../../contract/domain';
import { Card } from '../../components/Card';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { tshirtLabel } from '../../../contract/wording';
import { slug } from '../../lib/csv';
import { CsvButton } from '../../components/CsvButton';
import { useSemesterPicker } from '../catalogueSetup';
import { AdminTable, ColumnHeaders, Pager } from '../../components/table';
import { gradeText } from '../../lib/studentText';
import './office.css';
import { useAdminTshirts } from './api';

const PAGE_SIZE = 50;

/** /admin/t-shirts: how many shirts of each size a semester needs, and who gets which. */
export default function TshirtSizes() {
  const { semester, picker } = useSemesterPicker();
  const [state, reload] = useAdminTshirts(semester?.id);
  const tally = state.status === 'loaded' ? state.value : null;
  return (
    <div className="page admin-page">
      <h1>T-shirt Sizes</h1>
      {picker}
      {semester && state.status === 'loading' && <PageLoading label="Counting shirts…" />}
      {state.status === 'error' && <LoadError error={state.error} onRetry={reload} />}
      {tally && semester && (
        <>
          <Card
            id="size-counts"
            title={`Shirts for ${semester.name}`}
            actions={
              <div className="row-actions">
                {/* Two files, one table each: a spreadsheet reads each as it is. */}
                <CsvButton file={`t-shirt-counts-${slug(semester.name)}.csv`} rows={() => [['Size', 'Count'], ...tally.counts.map((c) => [tshirtLabel(c.size), c.count])]}>
                  Counts (CSV)
                </CsvButton>
                <CsvButton
                  file={`t-shirt-students-${slug(semester.name)}.csv`}
                  disabled={!tally.students.length}
                  rows={() => [['Last name', 'First name', 'Grade', 'Size', 'Classes'], ...tally.students.map((s) => [s.lastName, s.firstName, gradeText(s.grade), tshirtLabel(s.size), s.classTitles.join('; ')])]}
                >
                  Students and sizes (CSV)
                </CsvButton>
              </div>
            }
          >
            <p>
              {tally.students.length} {tally.students.length === 1 ? 'student' : 'students'} with a confirmed class.
            </p>
            <dl className="size-counts">
              {tally.counts.map((c) => (
                <div key={c.size} className={c.count === 0 ? 'is-zero' : undefined}>
                  <dt>{tshirtLabel(c.size)}</dt>
                  <dd>{c.count}</dd>
                </div>
              ))}
            </dl>
          </Card>
          <SizeList key={semester.id} semesterName={semester.name} students={tally.students} />
        </>
      )}
    </div>
  );
}

function SizeList({ semesterName, students }: { semesterName: string; students: TshirtTally['students'] }) {
  const [page, setPage] = useState(0);
  return (
    <Card id="size-students" title="Students and sizes">
      {students.length === 0 ? (
        <p className="muted">Nobody is enrolled in {semesterName} yet.</p>
      ) : (
        <>
          <AdminTable label="T-shirt sizes" caption={`Students of ${semesterName} with their t-shirt size`} head={<ColumnHeaders columns={['Student', 'Grade', 'Size', 'Classes']} />}>
            {students.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE).map((s) => (
              <tr key={s.id}>
                <th scope="row">
                  {s.lastName}, {s.firstName}
                </th>
                <td>{gradeText(s.grade)}</td>
                <td>{tshirtLabel(s.size)}</td>
                <td>{s.classTitles.join(', ')}</td>
              </tr>
            ))}
          </AdminTable>
          <Pager page={page} pageSize={PAGE_SIZE} total={students.length} onPage={setPage} label="Students and sizes" />
        </>
      )}
    </Card>
  );
}
