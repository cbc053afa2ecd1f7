import { useEffect, type ReactNode } from 'react';
import type { FamilyEnrollment } from '../../../contract/domain';
import { Link } from 'react-router-dom';
import { andList, formatCents, formatDate, formatTimeRange, formatWeekdays } from '../../../contract/format';
import { ATTENDANCE_LABELS, type AttendanceLine } from '../../../contract/field';
import { balanceDueLabel, ENROLLMENT_STATUS_LABELS, formatDay, paidHow } from '../../../contract/wording';
import { balanceOf, cardRefundedBy, moneyFigures, PAID_HOW } from '../../../contract/money';
import { LinkButton } from '../../components/Button';
import { HoldCountdown } from '../../components/HoldCountdown';
import { usePaymentOptions } from '../../lib/paymentOptions';
import { PriceTable } from '../../components/PriceTable';
import { PageLoading } from '../../components/PageLoading';
import { useCatalogueCache, useOpenSemesters } from '../catalogue/api';
import { LoadError } from '../../components/LoadError';
import { usePayBalance, usePayFamilyBalance } from './api';
import { useMyAccount, useMyAttendance, useMyEnrollments } from '../family/api';
import { MyWaitlist } from './MyWaitlist';
import { listEnrollments, type Section } from './enrollmentOrder';
import { AccountCredit } from './AccountCredit';
import { AddOnOffers } from './AddOnOffers';
import { changeOn } from '../../../contract/changes';
import { CancelClass } from './CancelClass';
import { MoveClass } from './MoveClass';
import { MonthlyPlan } from './MonthlyPlan';
import { PayButton, useLinkedPayment } from './PayButton';
import { checkoutReceipt, paymentReceipt, paymentYears, receiptFooter, yearStatement, type ReceiptFacts } from './receipt';
import { ReceiptButton } from './ReceiptButton';
import { useSession } from '../../lib/session';
import { useSettings } from '../../lib/settingsContext';
import { classSpan, schoolToday } from '../../../contract/schedule';
import { slug } from '../../lib/csv';

/** "Pay balance $Y": Stripe's page for what one enrollment still owes. */
function PayBalance({ enrollment }: { enrollment: FamilyEnrollment }) {
  const pay = usePayBalance();
  const start = () => pay.mutateAsync({ enrollmentId: enrollment.id });
  // The office's card link (an enrollment made by phone) opens the page at once; a plan's link is its own.
  useLinkedPayment(enrollment.id, start, !enrollment.instalments);
  return <PayButton label={`Pay balance ${formatCents(balanceOf(enrollment))} by card`} start={start} pending={pay.isPending} error={pay.error} />;
}

/** Above the cards when more than one enrollment owes: the family's whole balance, in one payment. */
function FamilyBalance({ enrollments }: { enrollments: FamilyEnrollment[] }) {
  const pay = usePayFamilyBalance();
  // Oldest first, as on Stripe's page.
  const owing = enrollments.filter((e) => e.status === 'confirmed' && balanceOf(e) > 0).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  if (owing.length < 2) return null;
  const owed = owing.reduce((sum, e) => sum + balanceOf(e), 0);
  const names = [...new Set(owing.map((e) => e.studentName))];
  return (
    <section className="family-balance" aria-labelledby="family-balance-title">
      <h2 id="family-balance-title">The family’s balance: {formatCents(owed)}</h2>
      <p className="muted">
        {owing.map((e) => `${e.studentName} ${formatCents(balanceOf(e))}`).join(' · ')}. One card payment pays {names.length > 1 ? `for ${andList(names)}` : 'it all'}; each
        enrollment shows its part.
      </p>
      <PayButton label={`Pay the family’s balance ${formatCents(owed)} by card`} start={() => pay.mutateAsync(null)} pending={pay.isPending} error={pay.error} />
    </section>
  );
}

/**
 * "Add classes": the class list for this child in the enrollment's semester while it is still open;
 * the classes taken are shown locked, the releases signed are kept.
 */
function AddClasses({ enrollment: e, openIds }: { enrollment: FamilyEnrollment; openIds: Set<string> }) {
  const semesterId = e.semesterIds.find((id) => openIds.has(id));
  if (!semesterId) return null;
  return (
    <LinkButton variant="outlined" to={`/classes/enrollment?semester=${semesterId}&for=${e.studentId}`}>
      <span className="pi pi-plus" aria-hidden="true" />
      <span className="p-button-label">Add classes for {e.studentName}</span>
    </LinkButton>
  );
}

/**
 * The page's lists: checkouts held while the family pays and what the family has, then, folded, the
 * attempts that ended unpaid (nothing was charged for them).
 */
function EnrollmentSections<L extends { enrollment: FamilyEnrollment; section: Section }>({ listings, card }: { listings: L[]; card: (l: L) => ReactNode }) {
  const shown = listings.filter((l) => l.section !== 'abandoned');
  const abandoned = listings.filter((l) => l.section === 'abandoned');
  return (
    <>
      {shown.length > 0 && <ul className="enrollment-list">{shown.map(card)}</ul>}
      {abandoned.length > 0 && (
        <details className="abandoned-enrollments">
          <summary>
            Not completed: {abandoned.length === 1 ? '1 checkout' : `${abandoned.length} checkouts`} left unpaid — nothing was charged
          </summary>
          <ul className="enrollment-list">{abandoned.map(card)}</ul>
        </details>
      )}
    </>
  );
}

/** /account/enrollments: the family's enrollments, newest first. */
/** A card refund Stripe could not send after all: the family hears it from the page as the office does. */
const FAILED_REFUND = ' (the card refused it: the school will give it back another way)';

/** What the instructors recorded of this child at the enrollment's classes, by class, oldest meeting first. */
function AttendanceOf({ enrollment: e, lines }: { enrollment: FamilyEnrollment; lines: AttendanceLine[] }) {
  const mine = lines.filter((l) => l.studentId === e.studentId && e.classIds.includes(l.classId));
  if (!mine.length) return null;
  const byClass = [...new Set(mine.map((l) => l.classTitle))];
  return (
    <div className="attendance-family">
      {byClass.map((title) => (
        <p key={title} className="muted">
          Attendance{byClass.length > 1 || e.classIds.length > 1 ? ` at ${title}` : ''}:{' '}
          {mine
            .filter((l) => l.classTitle === title)
            .reverse()
            .map((l) => `${formatDate(l.meeting)} ${ATTENDANCE_LABELS[l.mark].toLowerCase()}`)
            .join(' · ')}
        </p>
      ))}
    </div>
  );
}

export default function MyEnrollments() {
  const [state, reload] = useMyEnrollments();
  const [attendance] = useMyAttendance();
  const [options] = usePaymentOptions();
  const byCard = options.status === 'loaded' && options.value.methods.includes('card');
  const [open] = useOpenSemesters();
  const openIds = new Set(open.status === 'loaded' ? open.value.semesters.map((s) => s.id) : []);
  const cache = useCatalogueCache();
  // Class dates come from the shared class cache (fetched once per class).
  useEffect(() => {
    if (state.status === 'loaded') void cache.ensureClasses(state.value.enrollments.flatMap((e) => e.classIds));
  }, [state, cache]);
  const classOf = (classId: string) => {
    const c = cache.classState(classId);
    return c?.status === 'loaded' ? c.value : null;
  };
  const { user } = useSession();
  const [account] = useMyAccount();
  const holder = account.status === 'loaded' ? account.value.holder : null;
  const { school_address, school_tax_id } = useSettings();
  const facts: ReceiptFacts = { account: [holder?.name, user?.email].filter(Boolean).join(' · ') || null, classOf, today: schoolToday(), school: { address: school_address, taxId: school_tax_id } };
  const footer = receiptFooter(facts);
  // The years with payments, each with its statement.
  const enrollments = state.status === 'loaded' ? state.value.enrollments : [];
  const years = paymentYears(enrollments);
  // The children paid for in one checkout, in the checkout's order (the receipt names them all).
  const checkoutOf = (e: FamilyEnrollment) =>
    state.status === 'loaded' ? (e.checkoutIds ?? [e.id]).flatMap((id) => state.value.enrollments.filter((x) => x.id === id)) : [e];
  return (
    <div className="page">
      <h1>My Enrollments</h1>
      <p>
        <Link to="/account/students">My students and their info</Link>
        {' · '}
        <Link to="/account/manage#calendar">Add the classes to my calendar</Link>
        {' · '}
        <Link to="/account/aid">Financial aid</Link>
      </p>
      <MyWaitlist />
      {state.status === 'loading' && <PageLoading label="Loading your enrollments…" />}
      {state.status === 'error' && <LoadError error={state.error} onRetry={reload} />}
      {state.status === 'loaded' && state.value.enrollments.length === 0 && (
        <div className="empty-panel">
          <p>You have no enrollments yet.</p>
          <Link to="/classes/enrollment">Browse classes</Link>
        </div>
      )}
      {state.status === 'loaded' && <FamilyBalance enrollments={state.value.enrollments} />}
      <AccountCredit owed={state.status === 'loaded' ? state.value.enrollments.filter((e) => e.status === 'confirmed').reduce((sum, e) => sum + Math.max(0, balanceOf(e)), 0) : 0} />
      {state.status === 'loaded' && state.value.enrollments.length > 0 && (
        <EnrollmentSections
          listings={listEnrollments(state.value.enrollments)}
          card={({ enrollment: e, added, last, checkoutWith }) => {
            // What is still owed on a confirmed enrollment (a held or ended checkout owes nothing yet).
            const owed = e.status === 'confirmed' ? balanceOf(e) : 0;
            return (
              <li key={e.id} className={`enrollment-card${added ? ' enrollment-added' : ''}`}>
                <h2>{added ? `${e.studentName}: classes added` : e.studentName}</h2>
                <p className="muted">
                  {added ? 'Added' : 'Enrolled'} {formatDay(e.createdAt)} ·{' '}
                  <span className={`status status-${e.status}`}>{ENROLLMENT_STATUS_LABELS[e.status]}</span>
                  {checkoutWith.length > 0 && ` · in one checkout with ${andList(checkoutWith)}`}
                </p>
                {e.status === 'pending_payment' && e.hold?.url && (
                  <p>
                    <HoldCountdown until={e.hold.payBy ?? e.hold.expiresAt} /> <a href={e.hold.url}>Finish paying by card</a>
                  </p>
                )}
                <PriceTable
                  priced={e}
                  caption={`Classes and prices for ${e.studentName}`}
                  details={(l) => (
                    <>
                      {l.classIds.map((id) => {
                        const c = classOf(id);
                        return c ? (
                          <div key={id} className="muted class-when">
                            {l.kind === 'group' && `${c.title}: `}
                            {classSpan(c)} · {formatWeekdays(c.weekdays)} {formatTimeRange(c.startTime, c.endTime)}
                          </div>
                        ) : null;
                      })}
                      {e.status === 'confirmed' && !e.cancellations?.length && openIds.has(l.semesterId) && <AddOnOffers enrollment={e} line={l} classOf={classOf} />}
                    </>
                  )}
                />
                {e.status === 'confirmed' &&
                  e.lineItems.flatMap((l) =>
                    l.classIds.map((id) => (
                      <div key={`change-${id}`} className="class-changes">
                        <CancelClass enrollment={e} classId={id} title={classOf(id)?.title ?? l.title} many={e.classIds.length > 1} />
                        {l.kind === 'class' && openIds.has(l.semesterId) && <MoveClass enrollment={e} classId={id} semesterId={l.semesterId} title={classOf(id)?.title ?? l.title} />}
                      </div>
                    )),
                  )}
                {attendance.status === 'loaded' && <AttendanceOf enrollment={e} lines={attendance.value.attendance} />}
                {(e.cancellations ?? []).map((c, i) => (
                  <p key={i} className="muted">
                    {changeOn(c, formatDay(c.at))}
                    {c.refund > 0 && !c.movedTo && ` · refund ${formatCents(c.refund)}`}
                    {c.fee > 0 && ` · cancellation fee kept ${formatCents(c.fee)}`}
                    {(c.cardRefunds ?? []).map((r) => ` · ${formatCents(r.amount)} back to card ending ${r.last4}${r.failed ? FAILED_REFUND : ''}`).join('')}
                    {c.refundMethod && c.refundMethod !== 'card' && c.refund > cardRefundedBy(c) && ` · ${formatCents(c.refund - cardRefundedBy(c))} ${PAID_HOW[c.refundMethod]}`}
                  </p>
                ))}
                {e.payments.flatMap((p, i) =>
                  p.voided ? [] : (
                    <p key={p.id ?? i} className="muted payment-line">
                      Paid {formatCents(p.amount)} on {formatDay(p.at)} {paidHow(p)}{' '}
                      <ReceiptButton
                        label="Payment receipt (PDF)"
                        filename={`payment-${slug(e.studentName)}-${schoolToday(new Date(p.at))}.pdf`}
                        lines={() => paymentReceipt(e, p, facts)}
                        footer={footer}
                        what={`of ${formatCents(p.amount)} on ${formatDay(p.at)}`}
                      />
                    </p>
                  ),
                )}
                {(e.cardRefunds ?? []).map((r) => (
                  <p key={r.refundId} className="muted">
                    Refunded {formatCents(r.amount)} on {formatDay(r.at)} to card ending {r.last4}: {r.reason}
                    {r.failed && FAILED_REFUND}
                  </p>
                ))}
                <dl className="money-summary">
                  {moneyFigures(e).map(([label, value]) => (
                    <div key={label}>
                      <dt>{label}</dt>
                      <dd className={label === 'Balance' && value > 0 ? 'balance-due' : ''}>{formatCents(value)}</dd>
                    </div>
                  ))}
                </dl>
                {e.instalments && e.status === 'confirmed' ? <MonthlyPlan enrollment={e} /> : owed > 0 && e.balanceDueDate && <p className="balance-due">{balanceDueLabel({ balance: owed, balanceDueDate: e.balanceDueDate })}</p>}
                <div className="enrollment-actions">
                  {e.status !== 'expired' && (
                    <ReceiptButton
                      label="Receipt (PDF)"
                      filename={`receipt-${slug(e.studentName)}-${e.createdAt.slice(0, 10)}.pdf`}
                      lines={() => checkoutReceipt(checkoutOf(e), facts)}
                      footer={footer}
                      what={`for ${andList([e.studentName, ...checkoutWith])}, enrolled ${formatDay(e.createdAt)}`}
                    />
                  )}
                  {byCard && owed > 0 && <PayBalance enrollment={e} />}
                  {e.status === 'confirmed' && last && <AddClasses enrollment={e} openIds={openIds} />}
                </div>
              </li>
            );
          }}
        />
      )}
      {years.length > 0 && (
        <section className="year-statements" aria-labelledby="statements-title">
          <h2 id="statements-title">Year-end statements</h2>
          <p className="muted">Every payment of a calendar year, per child, for tax and flexible-spending claims.</p>
          <ul>
            {years.map((year) => (
              <li key={year}>
                <ReceiptButton
                  label={`${year} statement (PDF)`}
                  filename={`statement-${year}.pdf`}
                  lines={() => yearStatement(enrollments, year, facts)}
                  footer={footer}
                  what="of the family’s payments"
                />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
