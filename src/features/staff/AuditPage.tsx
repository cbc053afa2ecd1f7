// /admin/audit (admins only): who changed a child's health, pickup or contact data, took or
// gave back money, changed staff roles, or opened a roster or info sheet — filtered, and as CSV.
import { useState, type FormEvent } from 'react';
import type { Payload } from '../../../contract/callables';
import { AUDIT_KIND_LABELS, AUDIT_KINDS, type AuditEntry } from '../../../contract/audit';
import { formatMoment } from '../../../contract/wording';
import { Button } from '../../components/Button';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { EnumField } from '../../components/EnumField';
import { CsvButton } from '../../components/CsvButton';
import { auditCsvRows, what } from './auditCsv';
import { useAdminAudit } from './api';
import { AdminTable, ColumnHeaders } from '../../components/table';

type Filter = Payload<'adminAudit'>;

const who = (e: AuditEntry) => `${e.by.email ?? e.by.uid} (${e.by.roles.join(', ')})`;
/** Text boxes and dates, applied by Show (not at every key). */
function Filters({ initial, onApply }: { initial: Filter; onApply: (f: Filter) => void }) {
  const [f, setF] = useState(initial);
  const set = (patch: Partial<Filter>) => setF((x) => ({ ...x, ...patch }));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    onApply(Object.fromEntries(Object.entries(f).filter(([, v]) => v)) as Filter);
  };
  return (
    <form className="filters admin-card" onSubmit={apply} aria-label="Filter the audit trail">
      <div className="field">
        <label htmlFor="audit-person">Person (email)</label>
        <input id="audit-person" className="p-inputtext p-component" value={f.person ?? ''} onChange={(e) => set({ person: e.target.value })} />
      </div>
      <div className="field">
        <label htmlFor="audit-child">Child</label>
        <input id="audit-child" className="p-inputtext p-component" value={f.child ?? ''} onChange={(e) => set({ child: e.target.value })} />
      </div>
      <EnumField id="audit-kind" label="What" values={AUDIT_KINDS} labels={AUDIT_KIND_LABELS} value={f.kind ?? ''} blank="Everything" onChange={(kind) => set({ kind: kind || undefined })} />
      <div className="field">
        <label htmlFor="audit-from">From</label>
        <input id="audit-from" type="date" className="p-inputtext p-component" value={f.from ?? ''} onChange={(e) => set({ from: e.target.value || undefined })} />
      </div>
      <div className="field">
        <label htmlFor="audit-to">To</label>
        <input id="audit-to" type="date" className="p-inputtext p-component" value={f.to ?? ''} onChange={(e) => set({ to: e.target.value || undefined })} />
      </div>
      <Button type="submit">Show</Button>
    </form>
  );
}

export default function AuditPage() {
  const [filter, setFilter] = useState<Filter>({});
  const [state, reload] = useAdminAudit(filter);
  return (
    <div className="page admin-page">
      <h1>Audit trail</h1>
      <p className="muted">Every change to a child’s health, pickup or contact data, every payment, void, refund and cancellation, every staff role change, and every roster or info sheet opened. Entries cannot be changed or deleted.</p>
      <Filters initial={filter} onApply={setFilter} />
      {state.status === 'loading' ? (
        <PageLoading label="Loading the audit trail…" />
      ) : state.status === 'error' ? (
        <LoadError error={state.error} onRetry={reload} />
      ) : state.value.entries.length === 0 ? (
        <p className="empty-panel">No entry matches these filters.</p>
      ) : (
        <>
          <div className="table-actions">
            <p role="status">
              {state.value.entries.length} {state.value.entries.length === 1 ? 'entry' : 'entries'}
              {state.value.more && ', the newest: narrow the filters to see older ones'}
            </p>
            <CsvButton file="audit-trail.csv" rows={() => auditCsvRows(state.value.entries)}>
              Download CSV
            </CsvButton>
          </div>
          <AdminTable label="Audit entries" caption="Audit entries, newest first" head={<ColumnHeaders columns={['When', 'Who', 'What', 'Record', 'Details']} />}>
            {state.value.entries.map((e) => (
              <tr key={e.id}>
                <td>{formatMoment(e.at)}</td>
                <td>{who(e)}</td>
                <th scope="row">{AUDIT_KIND_LABELS[e.kind]}</th>
                <td>{what(e)}</td>
                <td>{e.summary}</td>
              </tr>
            ))}
          </AdminTable>
        </>
      )}
    </div>
  );
}
