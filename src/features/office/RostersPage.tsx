import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { AdminClass } from '../../../contract/domain';
import { formatDate } from '../../../contract/format';
import { Card } from '../../components/Card';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { useSemesterPicker } from '../catalogueSetup';
import { AdminTable, ColumnHeaders, type Sort, SortHeader, sortRows } from '../../components/table';
import { ClassSheet, SHEETS, type SheetId } from './ClassSheets';
import { downloadRosterCsv } from './rosterCsv';
import { ClassEmail, SentMessages } from './ClassEmail';
import './office.css';
import { useAdminRosters } from './api';
import { useAdminClasses } from '../catalogueSetup/api';
import { Button, LinkButton } from '../../components/Button';

type Field = 'title' | 'enrolled' | 'start' | 'end';
const value = (c: AdminClass, f: Field) => (f === 'title' ? c.title : f === 'enrolled' ? c.enrolledCount : f === 'start' ? c.startDate : c.endDate);

/** /admin/report: the classes of a semester, then the printable forms of the ones chosen. */
export default function RostersPage() {
  const [params] = useSearchParams();
  const ids = (params.get('classes') ?? '').split(',').filter(Boolean);
  return ids.length ? <Sheets classIds={ids} /> : <ClassList />;
}

function ClassList() {
  const { semester, picker } = useSemesterPicker();
  const [state, reload] = useAdminClasses(semester?.id);
  const [sort, setSort] = useState<Sort<Field>>({ field: 'title', order: 'asc' });
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const classes = state.status === 'loaded' ? sortRows(state.value.classes.filter((c) => c.status !== 'draft'), sort, value) : [];
  const toggle = (id: string) => setChosen((s) => new Set(s.has(id) ? [...s].filter((x) => x !== id) : [...s, id]));
  const selected = classes.filter((c) => chosen.has(c.id));
  const formsLink = (list: AdminClass[]) => `?semester=${semester?.id ?? ''}&classes=${list.map((c) => c.id).join(',')}`;
  return (
    <div className="page admin-page">
      <h1>Class Forms and Contacts</h1>
      {picker}
      {semester && state.status === 'loading' && <PageLoading label="Loading classes…" />}
      {state.status === 'error' && <LoadError error={state.error} onRetry={reload} />}
      {state.status === 'loaded' && classes.length === 0 && <p className="empty-panel">No published classes in {semester?.name} yet.</p>}
      {state.status === 'loaded' && classes.length > 0 && (
        <Card
          id="forms-classes"
          title={`Classes in ${semester?.name}`}
          actions={
            selected.length > 0 ? (
              <LinkButton to={formsLink(selected)}>
                <span className="pi pi-print" aria-hidden="true" />
                <span className="p-button-label">Open forms for {selected.length} selected</span>
              </LinkButton>
            ) : (
              <LinkButton variant="outlined" to={formsLink(classes.slice(0, 100))}>
                <span className="pi pi-print" aria-hidden="true" />
                <span className="p-button-label">Open forms for all{classes.length > 100 ? ' (first 100)' : ''}</span>
              </LinkButton>
            )
          }
        >
          <AdminTable
            label="Classes"
            caption={`Classes of ${semester?.name}; choose some to open their forms together`}
            head={
              <>
                <ColumnHeaders columns={[{ label: 'Choose', hidden: true }]} />
                <SortHeader label="Class" field="title" sort={sort} onSort={setSort} />
                <SortHeader label="Enrolled" field="enrolled" sort={sort} onSort={setSort} className="num" />
                <SortHeader label="Start" field="start" sort={sort} onSort={setSort} />
                <SortHeader label="End" field="end" sort={sort} onSort={setSort} />
                <ColumnHeaders columns={[{ label: 'Field records', hidden: true }]} />
              </>
            }
          >
            {classes.map((c) => (
              <tr key={c.id}>
                <td>
                  <input type="checkbox" className="row-check" aria-label={`Choose ${c.title}`} checked={chosen.has(c.id)} onChange={() => toggle(c.id)} />
                </td>
                <th scope="row">
                  <Link to={formsLink([c])}>{c.title}</Link>
                  {c.status !== 'live' && <span className="muted"> ({c.status})</span>}
                </th>
                <td className="num">
                  {c.enrolledCount} / {c.capacity}
                </td>
                <td>{c.startDate ? formatDate(c.startDate, true) : '—'}</td>
                <td>{c.endDate ? formatDate(c.endDate, true) : '—'}</td>
                <td>
                  <Link to={`/staff/classes/${c.id}`}>
                    Attendance<span className="visually-hidden"> of {c.title}</span>
                  </Link>
                </td>
              </tr>
            ))}
          </AdminTable>
        </Card>
      )}
      <SentMessages />
    </div>
  );
}

function Sheets({ classIds }: { classIds: string[] }) {
  const [params, setParams] = useSearchParams();
  const sheet = (SHEETS.find((s) => s.id === params.get('sheet'))?.id ?? 'all') as SheetId;
  const [state, reload] = useAdminRosters(classIds);
  const back = `/admin/report${params.get('semester') ? `?semester=${params.get('semester')}` : ''}`;
  return (
    <div className="page admin-page class-forms">
      <div className="no-print">
        <Link to={back}>
          <span className="pi pi-arrow-left" aria-hidden="true" /> All classes
        </Link>
      </div>
      <h1 className="no-print">Class Forms and Contacts</h1>
      {state.status === 'loading' && <PageLoading label="Loading rosters…" />}
      {state.status === 'error' && <LoadError error={state.error} onRetry={reload} />}
      {state.status === 'loaded' && (
        <>
          <div className="sheet-toolbar no-print">
            <fieldset className="sheet-choice">
              <legend>Show</legend>
              {SHEETS.map((s) => (
                <label key={s.id}>
                  <input
                    type="radio"
                    name="sheet"
                    value={s.id}
                    checked={sheet === s.id}
                    onChange={() => setParams((p) => ({ ...Object.fromEntries(p), sheet: s.id }), { replace: true })}
                  />
                  {s.label}
                </label>
              ))}
            </fieldset>
            <div className="row-actions">
              <Button onClick={() => window.print()}>
                <span className="pi pi-print" aria-hidden="true" /> Print
              </Button>
              <Button variant="outlined" onClick={() => downloadRosterCsv(state.value.rosters)}>
                <span className="pi pi-download" aria-hidden="true" /> Roster CSV
              </Button>
            </div>
          </div>
          <ClassEmail classIds={state.value.rosters.map((r) => r.class.id)} />
          {state.value.notFound.length > 0 && (
            <p role="status" className="muted no-print">
              {state.value.notFound.length} of the classes asked for no longer exist.
            </p>
          )}
          {state.value.rosters.map((r) => (
            <ClassSheet key={r.class.id} roster={r} sheet={sheet} familyLinks />
          ))}
        </>
      )}
    </div>
  );
}
