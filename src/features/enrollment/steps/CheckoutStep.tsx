import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import type { FamilyEnrollment } from '../../../../contract/domain';
import { andList, formatCents } from '../../../../contract/format';
import { formatCard, SEATS_GONE } from '../../../../contract/wording';
import { useMyEnrollments } from '../../family/api';
import { LinkButton } from '../../../components/Button';
import { LoadError } from '../../../components/LoadError';
import { PageLoading } from '../../../components/PageLoading';
import { failureText } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { useNotify } from '../../../lib/toast';
import { useCheckoutEnrollment, useReleaseHold } from '../api';
import { useFlow } from '../FlowContext';
import { stepPath } from '../flowState';
import { EnrolledSummary, PageHeading, emailSent } from './EnrolledSummary';

/** Minutes and seconds until `iso`, ticking every second ("12:04"); "0:00" once passed. */
function useCountdown(iso: string | undefined): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.floor(((iso ? new Date(iso).getTime() : now) - now) / 1000));
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
}

/** Back from Stripe's page, paid: waits for the webhook's confirmation (of `sessionId`: a balance payment). */
function Waiting({ enrollmentId, sessionId }: { enrollmentId: string; sessionId: string | null }) {
  const paidBy = (e: FamilyEnrollment | undefined) => !!e && (sessionId ? e.payments.some((p) => p.card?.sessionId === sessionId) : e.status === 'confirmed');
  const [state, reload] = useCheckoutEnrollment(enrollmentId, (e) => !paidBy(e) && (e?.status ?? 'pending_payment') !== 'expired');
  const { finish } = useFlow();
  const enrollment = state.status === 'loaded' ? state.value.enrollment : null;
  const confirmed = paidBy(enrollment ?? undefined);
  // Paid and confirmed: the next enrollment starts fresh (the server already deleted the draft).
  useEffect(() => {
    if (confirmed) finish();
  }, [confirmed, finish]);
  const countdown = useCountdown(enrollment?.hold?.payBy ?? enrollment?.hold?.expiresAt);
  if (state.status === 'loading') return <PageLoading label="Checking your payment…" />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={reload} />;
  const e = state.value.enrollment;
  if (!paidBy(e) && e.status !== 'expired' && e.status !== 'cancelled') {
    return (
      <div className="step checkout-step">
        <PageHeading>Waiting for your payment</PageHeading>
        <p role="status" className="checkout-waiting">
          <span className="pi pi-spin pi-spinner" aria-hidden="true" /> We are waiting for Stripe to confirm the payment for {e.studentName}. This page updates by itself.
        </p>
        <p className="muted">Seats held for {countdown} more.</p>
        {e.hold?.url && (
          <p>
            Not paid yet? <a href={e.hold.url}>Go back to the payment page</a>.
          </p>
        )}
      </div>
    );
  }
  // A payment given back whole (a second payment for the same seats, or one that came too late) says so.
  const givenBack = e.cardRefunds?.find((r) => r.kind && (!sessionId || r.sessionId === sessionId));
  if (givenBack) return <Refunded enrollment={e} refund={givenBack} />;
  if (paidBy(e)) return <Paid enrollment={e} sessionId={sessionId} />;
  return <NotCompleted enrollment={e} />;
}

/** A payment that could not be kept: refunded in full, and why, in words. */
function Refunded({ enrollment: e, refund }: { enrollment: FamilyEnrollment; refund: NonNullable<FamilyEnrollment['cardRefunds']>[number] }) {
  const duplicate = refund.kind === 'duplicate';
  return (
    <div className="step checkout-step">
      <PageHeading>{duplicate ? 'This payment was refunded' : `${e.studentName} is not enrolled`}</PageHeading>
      <p role="alert">
        {duplicate
          ? `This payment of ${formatCents(refund.amount)} was for seats already paid for (or for a checkout you started again), so we refunded it in full to your card ending ${refund.last4}. Nothing else changes: see My Enrollments.`
          : `Your payment arrived after the checkout time ran out, and ${SEATS_GONE}. We refunded ${formatCents(refund.amount)} to your card ending ${refund.last4}.`}{' '}
        It shows on your statement in 5–10 days.
      </p>
      <div className="step-actions">
        <LinkButton to={duplicate ? '/account/enrollments' : stepPath('review')}>
          <span className="p-button-label">{duplicate ? 'My Enrollments' : 'Back to review'}</span>
        </LinkButton>
      </div>
    </div>
  );
}

function Paid({ enrollment: e, sessionId }: { enrollment: FamilyEnrollment; sessionId: string | null }) {
  // One payment for several children: a checkout's (its enrollments) or the family's balance (every
  // enrollment the Stripe page paid a part of).
  const several = !!e.checkoutIds || !!sessionId;
  const [mine] = useMyEnrollments(several);
  const ids = e.checkoutIds ?? [e.id];
  const paidHere = (x: FamilyEnrollment) => (sessionId ? x.payments.some((p) => p.card?.sessionId === sessionId) : ids.includes(x.id));
  // In the checkout's order (its first child first), else the order they were enrolled in.
  const place = (x: FamilyEnrollment) => e.checkoutIds?.indexOf(x.id) ?? -1;
  const found = mine.status === 'loaded' ? mine.value.enrollments.filter(paidHere).sort((a, b) => place(a) - place(b) || a.createdAt.localeCompare(b.createdAt)) : [e];
  // The list read a moment before the payment was recorded: this enrollment, which the page waited for.
  const checkout = found.some((x) => x.id === e.id) ? found : [e];
  const payments = checkout.flatMap((x) => x.payments.filter((p) => p.card && (!sessionId || p.card.sessionId === sessionId)));
  const card = payments[0]?.card;
  if (several && mine.status === 'loading') return <PageLoading label="Checking your payment…" />;
  return (
    <div className="step done-step checkout-step">
      <PageHeading>
        <span className="pi pi-check-circle" aria-hidden="true" /> Payment received — {andList(checkout.map((x) => x.studentName.split(' ')[0]))} {checkout.length > 1 ? 'are' : 'is'} enrolled
      </PageHeading>
      <p>
        {card ? `We charged ${formatCents(payments.reduce((sum, p) => sum + p.amount, 0))} to your ${formatCard(card)}. ` : ''}
        {emailSent(checkout.length)}
      </p>
      <EnrolledSummary enrollments={checkout} />
    </div>
  );
}

function NotCompleted({ enrollment: e }: { enrollment: FamilyEnrollment }) {
  return (
    <div className="step checkout-step">
      <PageHeading>{e.studentName} is not enrolled</PageHeading>
      <p role="alert">The payment was not completed in time, so the seats went back. Nothing was charged. Your classes are still in your cart: you can try again.</p>
      <div className="step-actions">
        <LinkButton to={stepPath('review')}>
          <span className="p-button-label">Back to review</span>
        </LinkButton>
      </div>
    </div>
  );
}

/** Back from Stripe's page with Cancel: the held seats go back at once and the cart is kept. */
function Cancelled({ enrollmentId }: { enrollmentId: string }) {
  const release = useReleaseHold();
  const navigate = useNavigate();
  const notify = useNotify();
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    release.mutateAsync({ enrollmentId }).then(
      ({ enrollment }) => {
        if (enrollment.status === 'confirmed') return navigate(`/classes/enrollment/checkout?enrollment=${encodeURIComponent(enrollmentId)}`, { replace: true });
        // A waitlist offer being claimed has no cart: the family goes back to the offer, which stays open.
        if (enrollment.waitlistEntryId) {
          notify({ severity: 'info', summary: 'Payment cancelled', detail: 'Nothing was charged. The seat offered is still yours until the offer ends: claim it from My Enrollments.' });
          return navigate('/account/enrollments', { replace: true });
        }
        notify({ severity: 'info', summary: 'Payment cancelled', detail: 'Nothing was charged. Your classes are still in your cart.' });
        navigate(stepPath('review'), { replace: true });
      },
      () => undefined,
    );
  }, [release, enrollmentId, navigate, notify]);
  if (release.isError) {
    return (
      <div className="step checkout-step">
        <PageHeading>Payment cancelled</PageHeading>
        <p role="alert">{failureText(release.error)}</p>
        <LinkButton to={stepPath('review')}>
          <span className="p-button-label">Back to review</span>
        </LinkButton>
      </div>
    );
  }
  return <PageLoading label="Payment cancelled: returning to your cart…" />;
}

/** /classes/enrollment/checkout: where Stripe's page sends the family back. */
export default function CheckoutStep() {
  const [params] = useSearchParams();
  const { user } = useSession();
  const enrollmentId = params.get('enrollment');
  if (!enrollmentId) return <Navigate to="/account/enrollments" replace />;
  if (user === undefined) return <PageLoading />;
  if (user === null) return <Navigate to={stepPath('account')} replace />;
  return params.get('cancelled') ? <Cancelled enrollmentId={enrollmentId} /> : <Waiting enrollmentId={enrollmentId} sessionId={params.get('session')} />;
}
