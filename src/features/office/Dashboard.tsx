import { Link } from 'react-router-dom';
import { formatCents, formatDate } from '../../../contract/format';
import { schoolToday } from '../../../contract/schedule';
import { Card } from '../../components/Card';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { useSemesterPicker } from '../catalogueSetup';
import { useAdminDashboard } from './api';
import { ColumnHeaders } from '../../components/table';
import { useStaffLinks } from '../../lib/staffLinks';
import { can, useSession } from '../../lib/session';

/** /admin: a semester at a glance. */
export default function Dashboard() {
  const session = useSession();
  const links = useStaffLinks().filter((p) => p.to !== '/admin' && can(session, p.access));
  const { semester, picker, loading } = useSemesterPicker();
  const [figures, reload] = useAdminDashboard(semester?.id);
  // The links come with the figures, not before: figures arriving above them would move a link from
  // under the pointer (or the finger) about to choose it.
  const settled = !loading && !(semester && figures.status === 'loading');
  return (
    <div className="page admin-page">
      <h1>Dashboard</h1>
      {picker}
      {semester && figures.status === 'loading' && <PageLoading label="Adding up…" />}
      {figures.status === 'error' && <LoadError error={figures.error} onRetry={reload} />}
      {semester && figures.status === 'loaded' && (
        <>
          <dl className="stat-grid">
            {[
              ['Enrollments', String(figures.value.enrollments)],
              ['Students', String(figures.value.students)],
              ['Seats filled (live classes)', `${figures.value.seatsFilled} / ${figures.value.capacity}`],
              ['Billed', formatCents(figures.value.billed)],
              ['Paid', formatCents(figures.value.paid)],
              ['Paid by card', formatCents(figures.value.paidByCard)],
              ['Paid at the office', formatCents(figures.value.paidAtOffice)],
              ...(figures.value.paidFromCredit ? [['Paid from account credit', formatCents(figures.value.paidFromCredit)]] : []),
              ['Refunded', formatCents(figures.value.refunded)],
              ['Net paid', formatCents(figures.value.netPaid)],
              ['Outstanding', formatCents(figures.value.outstanding)],
              ['Waiting for card payment', `${figures.value.heldCheckouts} (${formatCents(figures.value.heldAmount)})`],
              ['On waitlists', String(figures.value.waiting)],
              ['Account credit families hold (whole school)', formatCents(figures.value.creditOwed)],
              ...(figures.value.aidGiven ? [['Financial aid given', formatCents(figures.value.aidGiven)]] : []),
              ['Financial aid funds hold (whole school)', formatCents(figures.value.aidFundsHold)],
            ].map(([label, value]) => (
              <div key={label} className="stat">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <Card id="seats-title" title="Seats filled per class">
            {figures.value.classes.length === 0 ? (
              <p className="muted">No classes in this semester yet.</p>
            ) : (
              <table className="bar-table">
                <caption className="visually-hidden">Enrolled students and capacity per class</caption>
                <thead>
                  <tr>
                    <ColumnHeaders columns={['Class', 'Filled', { label: 'Enrolled / capacity', num: true }]} />
                  </tr>
                </thead>
                <tbody>
                  {figures.value.classes.map((c) => {
                    const pct = c.capacity ? Math.min(100, Math.round((c.enrolled / c.capacity) * 100)) : 0;
                    return (
                      <tr key={c.id}>
                        <th scope="row">
                          {c.title}
                          {c.status !== 'live' && <span className="muted"> ({c.status})</span>}
                        </th>
                        <td>
                          <div className="bar" aria-hidden="true">
                            <div className={`bar-fill${pct >= 100 ? ' is-full' : ''}`} style={{ width: `${pct}%` }} />
                          </div>
                        </td>
                        <td className="num">
                          {c.enrolled} / {c.capacity}
                          {pct >= 100 && ' (full)'}
                          {c.waiting > 0 && `, ${c.waiting} waiting`}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            )}
          </Card>
          <Card id="recent-title" title="Recent enrollments">
            {figures.value.recent.length === 0 ? (
              <p className="muted">No enrollments yet.</p>
            ) : (
              <ul className="recent-list">
                {figures.value.recent.map((r) => (
                  <li key={r.id}>
                    <strong>{r.studentName}</strong> · {r.classTitles.join(', ')} · {formatCents(r.total)}
                    {r.balance > 0 ? <span className="balance-due"> · {formatCents(r.balance)} due</span> : <span className="muted"> · paid</span>}
                    <span className="muted"> · {formatDate(schoolToday(new Date(r.createdAt)))}</span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </>
      )}
      {settled && (
        <nav aria-label="Admin pages" className="admin-card quick-links">
          <h2>Quick links</h2>
          <ul>
            {links.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>
                  <span className={`pi ${l.icon}`} aria-hidden="true" /> {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
