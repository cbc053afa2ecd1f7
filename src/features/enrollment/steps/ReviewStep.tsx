import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { formatCents, formatDate } from '../../../../contract/format';
import { Markdown } from '../../../components/Markdown';
import { PageLoading } from '../../../components/PageLoading';
import { useSettings } from '../../../lib/settingsContext';
import { useNotify } from '../../../lib/toast';
import { toCallError } from '../../../lib/query';
import { useFlow } from '../FlowContext';
import { useSelectionProblems } from '../SelectionCheck';
import { basketLines, stepPath, unsignedReleases } from '../flowState';
import { StepFrame } from './StepFrame';
import { LoadError } from '../../../components/LoadError';
import { PriceTable } from '../../../components/PriceTable';
import { usePriceQuote, useReleases } from '../api';
import { usePaymentOptions } from '../../../lib/paymentOptions';
import type { CheckoutMethod } from '../../../../contract/domain';
import { useEnroll, useJoinWaitlist } from '../../account/api';
import { isWaitlist } from '../../catalog';
import { WAITLIST_CLAIM_HOURS } from '../../../../contract/constants';
import { useSession } from '../../../lib/session';
import { VerifyEmail } from './VerifyEmail';
import { DiscountBox } from './DiscountBox';
import { newIdempotencyKey } from '../../../lib/idempotencyKey';


/** Step 7: what is enrolled and what it costs, discount codes, how to pay, and submit. */
export default function ReviewStep() {
  const { state, update, draftSettled } = useFlow();
  const navigate = useNavigate();
  const notify = useNotify();
  const enroll = useEnroll();
  const joinWaitlist = useJoinWaitlist();
  const settings = useSettings();
  const lines = basketLines(state.selection);
  const forStudent = state.studentChoice && state.studentChoice !== 'new' ? { studentId: state.studentChoice } : {};
  const [quote, reloadQuote] = usePriceQuote({ lines, codes: state.codes, ...forStudent });
  const [releases, reloadReleases] = useReleases();
  const [options, reloadOptions] = usePaymentOptions();
  const [payWith, setPayWith] = useState<CheckoutMethod | null>(null);
  const [depositChosen, setDepositChosen] = useState(false);
  const { user } = useSession();
  const [verifiedNow, setVerifiedNow] = useState(false);
  const emailVerified = verifiedNow || !!user?.emailVerified;
  const [copyGuardians, setCopyGuardians] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState('');
  const [idempotencyKey] = useState(newIdempotencyKey);
  const classProblems = useSelectionProblems();

  if (!state.profile || !state.studentChoice || state.studentChoice === 'new') return <Navigate to={stepPath('student')} replace />;
  if (quote.status === 'loading' || releases.status === 'loading' || options.status === 'loading') return <PageLoading label="Pricing your enrollment…" />;
  if (quote.status === 'error') return <LoadError error={quote.error} onRetry={reloadQuote} />;
  if (releases.status === 'error') return <LoadError error={releases.error} onRetry={reloadReleases} />;
  if (options.status === 'error') return <LoadError error={options.error} onRetry={reloadOptions} />;
  // Signatures are part of the draft; one restored from an older draft (a reload within its save's
  // debounce) may lack them: the family signs again rather than submitting what the server refuses.
  if (unsignedReleases(state, releases.value.releases).length) {
    return <Navigate to={stepPath('releases')} replace />;
  }
  const q = quote.value;
  const studentId = state.studentChoice;
  const { methods, holdMinutes } = options.value;
  const method = payWith && methods.includes(payWith) ? payWith : methods[0];
  const byCard = method === 'card' && q.total > 0;
  const payDeposit = byCard && !!q.deposit && depositChosen;
  const payNow = payDeposit ? q.deposit!.amount : q.total;
  const mustVerify = method === 'office' && q.total > 0 && !emailVerified;
  // Receipts go to the account's email; the guardians' only when asked, from a verified account.
  const guardianEmails = [...new Set(state.profile.guardians.map((g) => g.email.trim()).filter((e) => e && e.toLowerCase() !== user?.email?.toLowerCase()))];

  const waitlist = isWaitlist(state.selection);
  const request = () => ({
    studentId,
    lines,
    codes: state.codes,
    expectedTotal: q.total,
    infoConfirmed: !state.reviewNeeded || (state.infoConfirmed && state.healthConfirmed),
    releases: releases.value.releases.map((r) => ({ releaseId: r.id, version: r.version, typedName: state.signatures[r.id] ?? '' })),
    idempotencyKey,
    ...(copyGuardians && emailVerified && guardianEmails.length > 0 && { copyGuardians }),
  });
  /** Joining the waitlist: the same request, stored with today's price; nothing is paid now. */
  const join = async () => {
    setSubmitting(true);
    setFailure('');
    try {
      await draftSettled();
      const { entry } = await joinWaitlist.mutateAsync(request());
      notify({ severity: 'success', summary: 'Success', detail: `${entry.studentName} is on the waitlist for ${entry.title}.` });
      navigate(stepPath('classes') + '/done', { state: { entry } });
    } catch (e) {
      const error = toCallError(e);
      setFailure(error.message);
      notify({ severity: 'error', summary: 'Not on the waitlist', detail: error.message });
      if (error.code === 'aborted') reloadQuote();
    }
    setSubmitting(false);
  };

  const submit = async () => {
    if (q.problems.length || q.codeProblems.length) return setFailure('Please fix the problems above first.');
    if (classProblems?.length) return setFailure('Please remove the classes flagged above first.');
    if (waitlist) return join();
    if (mustVerify) return setFailure('Please verify your email address first (see How to pay), or pay by card.');
    setSubmitting(true);
    setFailure('');
    try {
      // The enrollment deletes the draft: a save still on its way must not bring it back.
      await draftSettled();
      const { enrollment, checkoutUrl } = await enroll.mutateAsync({ ...request(), payWith: method, ...(payDeposit && { payDeposit }) });
      if (checkoutUrl) {
        // Stripe's page; it comes back to /classes/enrollment/checkout. Stays busy while the page changes.
        window.location.assign(checkoutUrl);
        return;
      }
      notify({ severity: 'success', summary: 'Success', detail: `${enrollment.studentName} is enrolled!` });
      navigate(stepPath('classes') + '/done', { state: { enrollment } });
      setSubmitting(false);
    } catch (e) {
      const error = toCallError(e);
      setFailure(error.message);
      notify({ severity: 'error', summary: 'Not enrolled', detail: error.message });
      if (error.code === 'aborted') reloadQuote();
      setSubmitting(false);
    }
  };

  return (
    <StepFrame
      title={waitlist ? 'Review and join the waitlist' : 'Review and submit'}
      back={stepPath('releases')}
      onNext={submit}
      nextLabel={waitlist ? 'Join the waitlist' : byCard ? `Pay ${formatCents(payNow)} by card` : `Enroll ${state.profile.firstName}`}
      busy={submitting}
    >
      <p>
        {waitlist ? 'Joining the waitlist for' : 'Enrolling'} <strong>{`${state.profile.firstName} ${state.profile.lastName}`}</strong>
      </p>
      {q.problems.map((p) => (
        <p key={p.about + p.message} className="form-failure" role="alert">
          {p.message}
        </p>
      ))}
      <PriceTable priced={q} caption="Classes and prices" />

      <DiscountBox priced={q} codes={state.codes} basket={{ lines, ...forStudent }} setCodes={(change) => update((s) => ({ ...s, codes: change(s.codes) }))} />

      {waitlist ? (
        <section className="how-to-pay" aria-labelledby="waitlist-how">
          <h2 id="waitlist-how">How the waitlist works</h2>
          <p>
            Nothing is charged now. When a seat frees up, we hold it for {state.profile.firstName} and email you. You then have up to {WAITLIST_CLAIM_HOURS.default} hours
            (less close to the start) to claim it from My Enrollments, and pay {formatCents(q.total)} — or the price of that day, if lower.
          </p>
        </section>
      ) : (
        <section className="how-to-pay" aria-labelledby="how-to-pay">
          <h2 id="how-to-pay">How to pay</h2>
          {q.total === 0 ? (
            <p>Nothing to pay: your enrollment is confirmed as paid.</p>
          ) : (
            <>
              {methods.length > 1 && (
                <div className="pay-choice" role="radiogroup" aria-labelledby="how-to-pay">
                  {methods.map((m) => (
                    <label key={m} className="pay-option">
                      <input type="radio" name="pay-with" value={m} checked={method === m} onChange={() => setPayWith(m)} />
                      <span>{m === 'card' ? (q.deposit ? 'Pay by card now' : `Pay ${formatCents(q.total)} by card now`) : 'Pay the office later (check, cash or Venmo)'}</span>
                    </label>
                  ))}
                </div>
              )}
              {method === 'card' && q.deposit && (
                <fieldset className="pay-choice">
                  <legend>How much to pay now</legend>
                  <label className="pay-option">
                    <input type="radio" name="pay-amount" checked={!depositChosen} onChange={() => setDepositChosen(false)} />
                    <span>Pay {formatCents(q.total)} in full</span>
                  </label>
                  <label className="pay-option">
                    <input type="radio" name="pay-amount" checked={depositChosen} onChange={() => setDepositChosen(true)} />
                    <span>
                      Pay a deposit of {formatCents(q.deposit.amount)} now and {formatCents(q.total - q.deposit.amount)} by {formatDate(q.deposit.dueDate, true)}
                    </span>
                  </label>
                </fieldset>
              )}
              {method === 'card' ? (
                <p className="muted">
                  You pay on Stripe’s secure page; no card details reach us. Your seats are held for {holdMinutes} minutes while you pay, and {state.profile.firstName} is enrolled
                  as soon as the payment is received.
                </p>
              ) : (
                <>
                  {mustVerify && user?.email && <VerifyEmail email={user.email} onVerified={() => setVerifiedNow(true)} />}
                  <Markdown text={settings.payment_instructions} />
                  <p className="muted">Your enrollment is confirmed right away, with a balance due of {formatCents(q.total)}.</p>
                </>
              )}
            </>
          )}
        </section>
      )}
      {emailVerified && guardianEmails.length > 0 && (
        <label className="checkbox-row receipt-copy">
          <input type="checkbox" checked={copyGuardians} onChange={(e) => setCopyGuardians(e.target.checked)} />
          <span>Also email the receipt to {guardianEmails.join(' and ')}</span>
        </label>
      )}
      {failure && (
        <p className="form-failure" role="alert">
          {failure}
        </p>
      )}
    </StepFrame>
  );
}
