// /admin/reports: the money reports a bookkeeper asks for, for one term — payments and refunds by way
// over the days chosen, with Stripe's payouts to the bank in those days (to match the bank), what families owe by how long it has been due (and by
// family, each opening the family's page), each
// class's share of the term's money, and the term's billing with each code's and financial aid's
// part. Each table downloads as a CSV and as an .xlsx with real currency, date and number cells; the
// figures are the dashboard's.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { andList, formatCents, formatDate } from '../../../contract/format';
import type { IsoDate, PaymentMethod } from '../../../contract/domain';
import type { MoneyReport, StripePayout } from '../../../contract/reports';
import { addDaysIso, schoolToday } from '../../../contract/schedule';
import { plainDollars } from '../../../contract/wording';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { AdminTable } from '../../components/table';
import { downloadCsv, slug, type CsvValue } from '../../lib/csv';
import { useNotify } from '../../lib/toast';
import { downloadXlsx, type XlsxCell } from '../../lib/xlsx';
import { useSemesterPicker } from '../catalogueSetup';
import { useMoneyReport, usePayouts } from './api';
import { METHOD_LABEL } from './paymentMethod';

/** A report's cell: words, a count ("3"), an amount (cents) or a day. */
type ReportCell = string | number | { day: IsoDate };

/** A report's cell in the spreadsheet: amounts (cents) as currency, counts as numbers, days as dates. */
const sheetCell = (c: ReportCell): XlsxCell => (typeof c === 'number' ? { cents: c } : typeof c === 'object' ? c : /^\d+$/.test(c) ? Number(c) : c);
/** A report's cell on the page: amounts in dollars, days in words. */
const shownCell = (c: ReportCell) => (typeof c === 'number' ? formatCents(c) : typeof c === 'object' ? formatDate(c.day, true) : c);

/**
 * A table of the report with its CSV and its .xlsx (the same figures; the spreadsheet's first rows
 * say the term and, for payments and refunds, the days, as date cells).
 */
function ReportTable({
  id,
  title,
  head,
  rows,
  total,
  file,
  about,
  links,
}: {
  id: string;
  title: string;
  head: string[];
  rows: ReportCell[][];
  total?: ReportCell[];
  file: string;
  about: XlsxCell[][];
  /** Where each row's first cell leads (a family's page), on the page only. */
  links?: string[];
}) {
  const all = [...rows, ...(total ? [total] : [])];
  const csv: CsvValue[][] = [head, ...all.map((r) => r.map((c) => (typeof c === 'number' ? plainDollars(c) : typeof c === 'object' ? c.day : c)))];
  const notify = useNotify();
  const xlsx = () =>
    downloadXlsx(file.replace(/\.csv$/, '.xlsx'), title, [[title], ...about, [], head, ...all.map((r) => r.map(sheetCell))]).catch((error: unknown) =>
      notify({ severity: 'error', summary: 'Error', detail: `The spreadsheet could not be made: ${String(error)}` }),
    );
  return (
    <Card
      id={id}
      title={title}
      actions={
        <div className="row-actions">
          <Button variant="outlined" onClick={() => downloadCsv(file, csv)} disabled={!rows.length}>
            <span className="pi pi-download" aria-hidden="true" /> CSV<span className="visually-hidden"> of {title}</span>
          </Button>
          <Button variant="outlined" onClick={() => void xlsx()} disabled={!rows.length}>
            <span className="pi pi-file-excel" aria-hidden="true" /> .xlsx<span className="visually-hidden"> of {title}</span>
          </Button>
        </div>
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
              {r.map((c, i) =>
                i === 0 ? (
                  <th key={i} scope="row">
                    {links?.[k] ? <Link to={links[k]}>{shownCell(c)}</Link> : shownCell(c)}
                  </th>
                ) : (
                  <td key={i} className={typeof c === 'number' ? 'num' : undefined}>
                    {shownCell(c)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </AdminTable>
      )}
    </Card>
  );
}

const PAYOUT_WORDS: Record<StripePayout['status'], string> = {
  paid: 'In the bank',
  in_transit: 'On its way',
  pending: 'Waiting',
  canceled: 'Cancelled',
  failed: 'Failed: Stripe could not pay the bank',
};

/** Stripe's payouts reaching the bank in the same days: read from Stripe apart, so that the term's figures show when Stripe cannot be reached. */
function Payouts({ from, to, file, about }: { from: IsoDate; to: IsoDate; file: string; about: XlsxCell[][] }) {
  const [state, reload] = usePayouts(from, to);
  const title = 'Stripe payouts to the bank';
  if (state.status !== 'loaded')
    return (
      <Card id="report-payouts" title={title}>
        {state.status === 'loading' ? <PageLoading label="Loading Stripe’s payouts…" /> : <LoadError error={state.error} onRetry={reload} />}
      </Card>
    );
  const { payouts } = state.value;
  return (
    <>
      <ReportTable
        id="report-payouts"
        title={title}
        head={['Arrives', 'Status', 'Amount']}
        rows={payouts.map((p) => [{ day: p.arrivesOn }, PAYOUT_WORDS[p.status], p.amount])}
        total={['Total', '', payouts.reduce((sum, p) => sum + p.amount, 0)]}
        file={file}
        about={about}
      />
      <p className="muted">
        Every term’s card payments reach the bank through Stripe about two days after they are paid, less Stripe’s fees and that day’s card refunds: this total differs from the card payments above by
        the fees and by those days.
      </p>
    </>
  );
}

function Report({ report: r, name }: { report: MoneyReport; name: string }) {
  const way = (m: PaymentMethod) => (m === 'other' ? 'The office (other)' : METHOD_LABEL[m]);
  const file = (what: string) => `${what}-${slug(name)}-${r.from}-${r.to}.csv`;
  const days: XlsxCell[][] = [['Term', name], ['From', { day: r.from }], ['To', { day: r.to }]];
  const asOf: XlsxCell[][] = [['Term', name], ['As of', { day: schoolToday() }]];
  return (
    <>
      <ReportTable id="report-payments" title="Payments received, by way" head={['Way', 'Payments', 'Amount']} rows={r.payments.map((p) => [way(p.method), String(p.count), p.amount])} total={['Total', '', r.paymentsTotal]} file={file('payments')} about={days} />
      <ReportTable id="report-refunds" title="Refunds given, by way" head={['Way', 'Refunds', 'Amount']} rows={r.refunds.map((p) => [way(p.method), String(p.count), p.amount])} total={['Total', '', r.refundsTotal]} file={file('refunds')} about={days} />
      <Payouts from={r.from} to={r.to} file={file('stripe-payouts')} about={days} />
      <ReportTable
        id="report-owed"
        title="Owed today, by age"
        head={['Due for', 'Enrollments', 'Amount']}
        rows={r.owed.map((o) => [o.bucket, String(o.count), o.amount])}
        total={['Total owed', '', r.owedTotal]}
        file={`owed-${slug(name)}.csv`}
        about={asOf}
      />
      <ReportTable
        id="report-owed-by"
        title="Owed today, by family"
        head={['Family (children)', 'Enrollments', 'Due for (the longest)', 'Amount']}
        rows={r.owedBy.map((o) => [andList(o.children), String(o.count), o.oldest, o.amount])}
        links={r.owedBy.map((o) => `/admin/families/${o.ownerUid}`)}
        total={['Total owed', '', '', r.owedTotal]}
        file={`owed-by-family-${slug(name)}.csv`}
        about={asOf}
      />
      {r.overpaid < 0 && <p className="muted">Paid beyond what is billed (the school owes it back): {formatCents(-r.overpaid)}.</p>}
      <ReportTable
        id="report-classes"
        title="Revenue per class"
        head={['Class', 'Children', 'Before discounts', 'Discounts and aid', 'Billed', 'Paid', 'Refunded', 'Net paid']}
        rows={r.classes.map((c) => [c.title, String(c.children), c.beforeDiscounts, -c.discounts, c.billed, c.paid, c.refunded, c.netPaid])}
        total={['Total', String(r.classes.reduce((n, c) => n + c.children, 0)), ...(['beforeDiscounts', 'discounts', 'billed', 'paid', 'refunded', 'netPaid'] as const).map((k) => (k === 'discounts' ? -1 : 1) * r.classes.reduce((n, c) => n + c[k], 0))]}
        file={`classes-${slug(name)}.csv`}
        about={asOf}
      />
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
        about={asOf}
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
