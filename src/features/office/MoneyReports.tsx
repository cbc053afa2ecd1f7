// /admin/reports: the money reports a bookkeeper asks for, for one term — payments and refunds by way
// over the days chosen (to match the bank), what families owe by how long it has been due, and the
// term's billing with each code's and financial aid's part. Each table downloads as a CSV; the figures
// are the dashboard's.
import { useState } from 'react';
import { formatCents } from '../../../contract/format';
import type { PaymentMethod } from '../../../contract/domain';
import type { MoneyReport } from '../../../contract/reports';
import { addDaysIso, schoolToday } from '../../../contract/schedule';
import { plainDollars } from '../../../contract/wording';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { AdminTable } from '../../components/table';
import { downloadCsv, slug, type CsvValue } from '../../lib/csv';
import { useSemesterPicker } from '../catalogueSetup';
import { useMoneyReport } from './api';
import { METHOD_LABEL } from './paymentMethod';

/** A table of the report with its CSV. */
function ReportTable({ id, title, head, rows, total, file }: { id: string; title: string; head: string[]; rows: (string | number)[][]; total?: (string | number)[]; file: string }) {
  const csv: CsvValue[][] = [head, ...rows.map((r) => r.map((c) => (typeof c === 'number' ? plainDollars(c) : c))), ...(total ? [total.map((c) => (typeof c === 'number' ? plainDollars(c) : c))] : [])];
  return (
    <Card
      id={id}
      title={title}
      actions={
        <Button variant="outlined" onClick={() => downloadCsv(file, csv)} disabled={!rows.length}>
          <span className="pi pi-download" aria-hidden="true" /> CSV<span className="visually-hidden"> of {title}</span>
        </Button>
      }
    >
      {!rows.length ? (
        <p className="muted">Nothing in this period.</p>
      ) : (
        <AdminTable
          label={`${title}: the figures`}
          caption={title}
          head={
            <>
              {head.map((h, i) => (
                <th key={h} scope="col" className={i > 0 && typeof rows[0][i] === 'number' ? 'num' : undefined}>
                  {h}
                </th>
              ))}
            </>
          }
        >
          {[...rows, ...(total ? [total] : [])].map((r, k) => (
            <tr key={k} className={total && k === rows.length ? 'report-total' : undefined}>
              {r.map((c, i) => (i === 0 ? <th key={i} scope="row">{c}</th> : <td key={i} className={typeof c === 'number' ? 'num' : undefined}>{typeof c === 'number' ? formatCents(c) : c}</td>))}
            </tr>
          ))}
        </AdminTable>
      )}
    </Card>
  );
}

function Report({ report: r, name }: { report: MoneyReport; name: string }) {
  const way = (m: PaymentMethod) => (m === 'other' ? 'The office (other)' : METHOD_LABEL[m]);
  const file = (what: string) => `${what}-${slug(name)}-${r.from}-${r.to}.csv`;
  return (
    <>
      <ReportTable id="report-payments" title="Payments received, by way" head={['Way', 'Payments', 'Amount']} rows={r.payments.map((p) => [way(p.method), String(p.count), p.amount])} total={['Total', '', r.paymentsTotal]} file={file('payments')} />
      <ReportTable id="report-refunds" title="Refunds given, by way" head={['Way', 'Refunds', 'Amount']} rows={r.refunds.map((p) => [way(p.method), String(p.count), p.amount])} total={['Total', '', r.refundsTotal]} file={file('refunds')} />
      <ReportTable
        id="report-owed"
        title="Owed today, by age"
        head={['Due for', 'Enrollments', 'Amount']}
        rows={r.owed.map((o) => [o.bucket, String(o.count), o.amount])}
        total={['Total owed', '', r.owedTotal]}
        file={`owed-${slug(name)}.csv`}
      />
      {r.overpaid < 0 && <p className="muted">Paid beyond what is billed (the school owes it back): {formatCents(-r.overpaid)}.</p>}
      <ReportTable
        id="report-term"
        title="The term’s billing"
        head={['Line', 'Checkouts', 'Amount']}
        rows={[
          ['Classes and add-ons before discounts', '', r.term.beforeDiscounts],
          ...r.term.codes.map((c) => [`${c.description} (${c.code})`, String(c.checkouts), -c.amount]),
          ...(r.term.aid ? [['Financial aid', '', -r.term.aid] as (string | number)[]] : []),
          ['Billed', '', r.term.billed],
          ['Paid', '', r.term.paid],
          ['Refunded', '', r.term.refunded],
          ['Net paid', '', r.term.netPaid],
        ]}
        total={['Outstanding', '', r.term.outstanding]}
        file={`billing-${slug(name)}.csv`}
      />
    </>
  );
}

export default function MoneyReports() {
  const { semester, picker } = useSemesterPicker();
  const today = schoolToday();
  const [from, setFrom] = useState(addDaysIso(today, -30));
  const [to, setTo] = useState(today);
  const [report, reload] = useMoneyReport(semester?.id, from, to);
  return (
    <div className="page admin-page">
      <h1>Money reports</h1>
      {picker}
      <div className="filters">
        <div className="field">
          <label htmlFor="report-from">From</label>
          <input id="report-from" type="date" className="p-inputtext p-component" value={from} max={to} onChange={(e) => e.target.value && setFrom(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="report-to">To</label>
          <input id="report-to" type="date" className="p-inputtext p-component" value={to} min={from} onChange={(e) => e.target.value && setTo(e.target.value)} />
        </div>
      </div>
      <p className="muted">Payments and refunds by the day they were recorded, on the school’s calendar; what is owed and the billing as of today. The figures are the dashboard’s.</p>
      {semester && report.status === 'loading' && <PageLoading label="Adding up…" />}
      {report.status === 'error' && <LoadError error={report.error} onRetry={reload} />}
      {semester && report.status === 'loaded' && <Report report={report.value} name={semester.name} />}
    </div>
  );
}
