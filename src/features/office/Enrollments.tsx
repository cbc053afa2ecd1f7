import { CancelWholeClass } from './CancelWholeClass';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ENROLLMENT_STATUSES, type Enrollment, type EnrollmentRow, type EnrollmentSort, type EnrollmentStatus } from '../../../contract/domain';
import { formatCents, formatDate } from '../../../contract/format';
import { ENROLLMENT_STATUS_LABELS, formatDay } from '../../../contract/wording';
import { netPaidOf, paidOf, refundedOf } from '../../../contract/money';
import { Card } from '../../components/Card';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { EnumField } from '../../components/EnumField';
import { useDebounced } from '../../hooks/useDebounced';
import { downloadCsv, slug } from '../../lib/csv';
import { useActionToast } from '../../components/EditForm';
import { useSemesterPicker } from '../catalogueSetup';
import { AdminTable, ColumnHeaders, Pager, type Sort, SortHeader } from '../../components/table';
import { Link } from 'react-router-dom';
import { EnrollmentMoney } from './EnrollmentMoney';
import { BalancesReceived } from './BalancesReceived';
import { enrollmentCsvRows } from './enrollmentsCsv';
import './office.css';
import { useAdminEnrollments, useEnrollmentsPage } from './api';
import { useAdminClasses } from '../catalogueSetup/api';
import { Button } from '../../components/Button';
import { can, useSession } from '../../lib/session';
import { ACCESS } from '../../../contract/roles';

const PAGE_SIZE = 25;
const EXPORT_PAGE = 1000;
type Status = '' | EnrollmentStatus;
interface Filters {
  classId: string;
  status: Status;
  balanceDue: boolean;
  monthly: '' | 'plan' | 'declined';
  search: string;
}
const NO_FILTERS: Filters = { classId: '', status: '', balanceDue: false, monthly: '', search: '' };
const MONTHLY_LABELS = { plan: 'On monthly payments', declined: 'A monthly payment declined' } as const;

const titlesOf = (row: EnrollmentRow) => new Map(row.classIds.map((id, i) => [id, row.classTitles[i]]));

/** /admin/enrollments: the semester's enrollments, filtered, sorted and paged on the server; payments and cancellations. */
export default function Enrollments() {
  const { semester, picker } = useSemesterPicker();
  return (
    <div className="page admin-page">
      <h1>Enrollments</h1>
      {picker}
      {semester && <SemesterEnrollments key={semester.id} semesterId={semester.id} semesterName={semester.name} />}
    </div>
  );
}

function SemesterEnrollments({ semesterId, semesterName }: { semesterId: string; semesterName: string }) {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [sort, setSort] = useState<Sort<EnrollmentSort>>({ field: 'createdAt', order: 'desc' });
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<EnrollmentRow | null>(null);
  // With "Balance due only": the rows ticked to mark received at once (this page's).
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const tick = (id: string, on: boolean) =>
    setTicked((t) => {
      const next = new Set(t);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const enrollmentsPage = useEnrollmentsPage();
  const toast = useActionToast();
  // Finance works without the families' contact details (the server leaves them out too).
  const seesFamilies = can(useSession(), ACCESS.care);
  const search = useDebounced(filters.search.trim());
  const query = {
    semesterId,
    ...(filters.classId && { classId: filters.classId }),
    ...(filters.status && { status: filters.status }),
    ...(filters.balanceDue && { balanceDue: true }),
    ...(filters.monthly && { monthly: filters.monthly }),
    ...(search && { search }),
    sort: sort.field,
    order: sort.order,
  };
  const [classes] = useAdminClasses(semesterId);
  const [state, reload] = useAdminEnrollments({ ...query, page, pageSize: PAGE_SIZE });
  const set = (change: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...change }));
    setPage(0);
    setTicked(new Set());
  };
  const onSort = (next: Sort<EnrollmentSort>) => {
    setSort(next);
    setPage(0);
  };
  const changed = (e: Enrollment) => {
    setOpen((row) => (row ? { ...row, ...e, paid: paidOf(e), refunded: refundedOf(e), netPaid: netPaidOf(e), classTitles: e.classIds.map((id) => titlesOf(row).get(id) ?? id) } : row));
    reload();
  };

  // The CSV holds every enrollment the filters match, fetched page by page.
  const exportCsv = useMutation({
    onSuccess: toast.done,
    onError: toast.failed,
    mutationFn: async () => {
      const rows: EnrollmentRow[] = [];
      for (let p = 0; ; p++) {
        const r = await enrollmentsPage({ ...query, page: p, pageSize: EXPORT_PAGE });
        rows.push(...r.rows);
        if (rows.length >= r.total || r.rows.length === 0) break;
      }
      downloadCsv(`enrollments-${slug(semesterName)}.csv`, enrollmentCsvRows(rows, seesFamilies));
      return `${rows.length} enrollments in the CSV file.`;
    },
  });

  return (
    <>
      <Card id="enrollment-filters" title="Filters">
        <div className="filters">
          <div className="field">
            <label htmlFor="filter-class">Class</label>
            <select id="filter-class" className="p-inputtext p-component" value={filters.classId} onChange={(e) => set({ classId: e.target.value })}>
              <option value="">All classes</option>
              {classes.status === 'loaded' &&
                classes.value.classes.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title || 'Untitled draft'}
                  </option>
                ))}
            </select>
          </div>
          <EnumField id="filter-status" label="Status" values={ENROLLMENT_STATUSES} labels={ENROLLMENT_STATUS_LABELS} value={filters.status} blank="Any status" onChange={(status) => set({ status })} />
          <EnumField id="filter-monthly" label="Monthly payments" values={['plan', 'declined'] as const} labels={MONTHLY_LABELS} value={filters.monthly} blank="Any" onChange={(monthly) => set({ monthly })} />
          <div className="field">
            <label htmlFor="filter-search">Student or class</label>
            <input id="filter-search" type="search" className="p-inputtext p-component" value={filters.search} onChange={(e) => set({ search: e.target.value })} />
          </div>
          <label className="checkbox-row">
            <input type="checkbox" checked={filters.balanceDue} onChange={(e) => set({ balanceDue: e.target.checked })} /> Balance due only
          </label>
        </div>
      </Card>
      {filters.classId && classes.status === 'loaded' && (
        <CancelWholeClass key={filters.classId} classId={filters.classId} title={classes.value.classes.find((c) => c.id === filters.classId)?.title ?? 'this class'} onDone={reload} />
      )}
      {state.status === 'loading' && <PageLoading label="Loading enrollments…" />}
      {state.status === 'error' && <LoadError error={state.error} onRetry={reload} />}
      {state.status === 'loaded' && (
        <Card
          id="enrollment-list"
          title={`${state.value.total} ${state.value.total === 1 ? 'enrollment' : 'enrollments'}`}
          actions={
            <Button variant="outlined" onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending || state.value.total === 0}>
              <span className="pi pi-download" aria-hidden="true" /> {exportCsv.isPending ? 'Exporting…' : 'Export CSV'}
            </Button>
          }
        >
          {state.value.total === 0 ? (
            <p className="muted">No enrollment matches these filters.</p>
          ) : (
            <>
              {filters.balanceDue && (
                <BalancesReceived
                  rows={state.value.rows.filter((r) => ticked.has(r.id))}
                  onDone={() => {
                    setTicked(new Set());
                    reload();
                  }}
                />
              )}
              <AdminTable
                label="Enrollments"
                caption={`Enrollments of ${semesterName}`}
                stacked
                head={
                  <>
                    {filters.balanceDue && <ColumnHeaders columns={[{ label: 'Tick to mark received', hidden: true }]} />}
                    <SortHeader label="Enrolled" field="createdAt" sort={sort} onSort={onSort} />
                    <SortHeader label="Student" field="studentName" sort={sort} onSort={onSort} />
                    <ColumnHeaders columns={[...(seesFamilies ? ['Family'] : []), 'Classes']} />
                    <SortHeader label="Total" field="total" sort={sort} onSort={onSort} className="num" />
                    <ColumnHeaders columns={[{ label: 'Paid', num: true }, { label: 'Refunded', num: true }, { label: 'Net paid', num: true }]} />
                    <SortHeader label="Balance" field="balance" sort={sort} onSort={onSort} className="num" />
                    <ColumnHeaders columns={['Status', { label: 'Actions', hidden: true }]} />
                  </>
                }
              >
                {state.value.rows.map((e) => (
                  <tr key={e.id} role="row">
                    {filters.balanceDue && (
                      <td role="cell" data-label="Mark received">
                        {e.status === 'confirmed' && e.balance > 0 && (
                          <input type="checkbox" aria-label={`Tick ${e.studentName}’s balance of ${formatCents(e.balance)}`} checked={ticked.has(e.id)} onChange={(ev) => tick(e.id, ev.target.checked)} />
                        )}
                      </td>
                    )}
                    <td role="cell" data-label="Enrolled">{formatDay(e.createdAt)}</td>
                    <th scope="row" role="rowheader">{e.studentName}</th>
                    {seesFamilies && (
                      <td role="cell" data-label="Family">
                        <Link to={`/admin/families/${e.ownerUid}`}>
                          {e.familyEmail ?? 'The family’s page'}
                          <span className="visually-hidden"> (the family of {e.studentName})</span>
                        </Link>
                      </td>
                    )}
                    <td role="cell" data-label="Classes">{e.classTitles.join(', ') || <span className="muted">None left</span>}</td>
                    <td role="cell" data-label="Total" className="num">{formatCents(e.total)}</td>
                    <td role="cell" data-label="Paid" className="num">{formatCents(e.paid)}</td>
                    <td role="cell" data-label="Refunded" className="num">{formatCents(e.refunded)}</td>
                    <td role="cell" data-label="Net paid" className="num">{formatCents(e.netPaid)}</td>
                    <td role="cell" data-label="Balance" className="num money-first">
                      {e.balance > 0 ? <strong>{formatCents(e.balance)}</strong> : formatCents(e.balance)}
                    </td>
                    <td role="cell" data-label="Status">
                      {/* One block: a stacked row (360 px) keeps the status and the plan together. */}
                      <span>
                      <span className={`status-chip ${e.status === 'confirmed' ? 'status-live' : 'status-draft'}`}>{ENROLLMENT_STATUS_LABELS[e.status]}</span>
                      {e.instalments && (
                        <span className={`monthly-chip${e.instalments.failed ? ' form-failure' : ''}`}>
                          {' '}
                          Monthly {Math.min(e.instalments.paid, e.instalments.dates.length)}/{e.instalments.dates.length}
                          {e.instalments.failed && ', declined'}
                          {e.instalments.nextOn && `, ${e.instalments.failed ? 'tried again' : 'next'} ${formatDate(e.instalments.nextOn)}`}
                        </span>
                      )}
                      </span>
                    </td>
                    <td role="cell">
                      <button type="button" className="link-button" onClick={() => setOpen(e)}>
                        Payments &amp; changes<span className="visually-hidden"> for {e.studentName}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </AdminTable>
              <Pager
                page={page}
                pageSize={PAGE_SIZE}
                total={state.value.total}
                onPage={(p) => {
                  setPage(p);
                  setTicked(new Set());
                }}
                label="Enrollments"
              />
            </>
          )}
        </Card>
      )}
      {open && <EnrollmentMoney enrollment={open} titles={titlesOf(open)} onChange={changed} onClose={() => setOpen(null)} />}
    </>
  );
}
