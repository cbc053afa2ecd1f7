import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { andList, formatCents } from '../../../../contract/format';
import { PageLoading } from '../../../components/PageLoading';
import { useSettings } from '../../../lib/settingsContext';
import { useNotify } from '../../../lib/toast';
import { toCallError } from '../../../lib/query';
import { leavingForPayment, useFlow } from '../FlowContext';
import { useSelectionProblems } from '../SelectionCheck';
import { basketLines, classListAfter, stepPath, unsignedReleases } from '../flowState';
import { StepFrame } from './StepFrame';
import { LoadError } from '../../../components/LoadError';
import { usePriceCart } from '../api';
import { useReleasesToSign } from '../useReleasesToSign';
import { usePaymentOptions } from '../../../lib/paymentOptions';
import type { CheckoutMethod } from '../../../../contract/domain';
import { creditToUse } from '../../../../contract/credit';
import { monthlyWithCredit } from '../../../../contract/instalments';
import { useEnrollFamily, useJoinWaitlist, useSaveAccount } from '../../account/api';
import { useMyAccount, useMyCredit } from '../../family/api';
import { AccountHolderFields, holderErrors, NO_HOLDER } from '../../../components/AccountHolderFields';
import { isWaitlist } from '../../catalogue';
import { useSession } from '../../../lib/session';
import { HowTheWaitlistWorks, HowToPay } from './HowToPay';
import type { PayPart } from '../../../components/PayPartChoice';
import { DiscountBox } from './DiscountBox';
import { newIdempotencyKey } from '../../../lib/idempotencyKey';
import { addAnotherChild, childRequest, codeSavings, removeChild } from '../familyCart';
import { CartLines } from './CartLines';

const VERIFY_FIRST = 'Please verify your email address first';

/** Step 7: what is enrolled and what it costs (for each child of the checkout), discount codes, how to pay, and submit. */
export default function ReviewStep() {
  const { state, update, draftSettled } = useFlow();
  const navigate = useNavigate();
  const notify = useNotify();
  const enroll = useEnrollFamily();
  const joinWaitlist = useJoinWaitlist();
  const settings = useSettings();
  const family = state.family ?? [];
  const saved = !!state.profile && !!state.studentChoice && state.studentChoice !== 'new';
  const cart = {
    children: [...family.map((c) => c.request), { studentId: state.studentChoice ?? '', lines: basketLines(state.selection) }].map(({ studentId, lines }) => ({ studentId, lines })),
    codes: state.codes,
  };
  const [quote, reloadQuote] = usePriceCart(cart, saved);
  const [releases, reloadReleases] = useReleasesToSign(state);
  const [options, reloadOptions] = usePaymentOptions();
  const [payWith, setPayWith] = useState<CheckoutMethod | null>(null);
  const [part, setPart] = useState<PayPart>('full');
  const { user } = useSession();
  const [verifiedNow, setVerifiedNow] = useState(false);
  const emailVerified = verifiedNow || !!user?.emailVerified;
  /** The address is proven: the words that asked for it go (nothing stale stays on the page). */
  const onVerified = () => {
    setVerifiedNow(true);
    setFailure((f) => (f.startsWith(VERIFY_FIRST) ? '' : f));
  };
  const [copyGuardians, setCopyGuardians] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState('');
  const [idempotencyKey] = useState(newIdempotencyKey);
  const classProblems = useSelectionProblems();
  // Who holds the account, asked once, at the first checkout (kept on Manage Account after).
  const [account] = useMyAccount();
  const [credit, reloadCredit] = useMyCredit();
  const saveAccount = useSaveAccount();
  const [holder, setHolder] = useState(NO_HOLDER);
  const [holderTried, setHolderTried] = useState(false);

  if (!saved || !state.profile) return <Navigate to={stepPath('student')} replace />;
  if (quote.status === 'loading' || releases.status === 'loading' || options.status === 'loading' || account.status === 'loading') return <PageLoading label="Pricing your enrollment…" />;
  if (quote.status === 'error') return <LoadError error={quote.error} onRetry={reloadQuote} />;
  if (releases.status === 'error') return <LoadError error={releases.error} onRetry={reloadReleases} />;
  if (options.status === 'error') return <LoadError error={options.error} onRetry={reloadOptions} />;
  // The account credit pays first: the figures to pay are shown only once it is known.
  if (credit.status === 'loading') return <PageLoading label="Pricing your enrollment…" />;
  if (credit.status === 'error') return <LoadError error={credit.error} onRetry={reloadCredit} />;
  // Signatures are part of the draft; one restored from an older draft (a reload within its save's
  // debounce) may lack them: the family signs again rather than submitting what the server refuses.
  if (unsignedReleases(state, releases.value).length) {
    return <Navigate to={stepPath('releases')} replace />;
  }
  const q = quote.value;
  const profiles = [...family.map((c) => c.steps.profile!), state.profile];
  const names = new Map(cart.children.map((c, i) => [c.studentId, `${profiles[i].firstName} ${profiles[i].lastName}`]));
  const firstNames = andList(profiles.map((p) => p.firstName));
  const current = childRequest(state, releases.value);
  const { methods, holdMinutes } = options.value;
  const method = payWith && methods.includes(payWith) ? payWith : methods[0];
  const byCard = method === 'card' && q.total > 0;
  const waitlist = isWaitlist(state.selection);
  // Monthly payments save the card on Stripe's page: offered only when the credit leaves the first payment to it.
  const firstPayment = q.instalments?.payments[0].amount ?? 0;
  const monthly = !!monthlyWithCredit(q.instalments, credit.value.balance);
  const payDeposit = byCard && !!q.deposit && part === 'deposit';
  const payInstalments = byCard && monthly && part === 'instalments';
  const due = payDeposit ? q.deposit!.amount : payInstalments ? firstPayment : q.total;
  // What the account credit pays of it (the functions use the same rule, and refuse another figure).
  const fromCredit = { due, used: waitlist ? 0 : creditToUse(credit.value.balance, [due], byCard).total, balance: credit.value.balance };
  const payNow = due - fromCredit.used;
  // Every seat (and every place on a waitlist) is held only for a proven email.
  const mustVerify = !emailVerified;
  // Receipts go to the account's email; the guardians' only when asked, from a verified account.
  const guardianEmails = [...new Set(profiles.flatMap((p) => p.guardians.map((g) => g.email.trim())).filter((e) => e && e.toLowerCase() !== user?.email?.toLowerCase()))];
  const copy = copyGuardians && emailVerified && guardianEmails.length > 0 && { copyGuardians };

  // Not asked when it cannot be read: the enrollment does not depend on it.
  const askHolder = !waitlist && account.status === 'loaded' && !account.value.holder;
  /** A refused submit: said on the page and in a toast; a price that changed meanwhile is fetched again. */
  const refused = (summary: string, e: unknown) => {
    const error = toCallError(e);
    setFailure(error.message);
    notify({ severity: 'error', summary, detail: error.message });
    if (error.code === 'aborted') reloadQuote();
  };
  /** Joining the waitlist (one child): the same request, stored with today's price; nothing is paid now. */
  const join = async () => {
    setSubmitting(true);
    setFailure('');
    try {
      await draftSettled();
      const { entry } = await joinWaitlist.mutateAsync({ ...current, codes: state.codes, expectedTotal: q.total, idempotencyKey, ...copy });
      notify({ severity: 'success', summary: 'Success', detail: `${entry.studentName} is on the waitlist for ${entry.title}.` });
      navigate(stepPath('classes') + '/done', { state: { entry } });
    } catch (e) {
      refused('Not on the waitlist', e);
    }
    setSubmitting(false);
  };

  const submit = async () => {
    if (q.problems.length || q.codeProblems.length) return setFailure('Please fix the problems above first.');
    if (classProblems?.length) return setFailure('Please remove the classes flagged above first.');
    if (waitlist && family.length) return setFailure('A waitlist is joined for one child at a time: remove the other children from this checkout first.');
    if (mustVerify) return setFailure(`${VERIFY_FIRST} (see ${waitlist ? 'How the waitlist works' : 'How to pay'}).`);
    if (waitlist) return join();
    if (askHolder) {
      setHolderTried(true);
      if (Object.keys(holderErrors(holder)).length) return setFailure('Please give your name and phone first (Account holder).');
    }
    setSubmitting(true);
    setFailure('');
    try {
      if (askHolder) await saveAccount.mutateAsync(holder);
      // The enrollment deletes the draft: a save still on its way must not bring it back.
      await draftSettled();
      const { enrollments, checkoutUrl } = await enroll.mutateAsync({
        children: [...family.map((c) => c.request), current],
        codes: state.codes,
        expectedTotal: q.total,
        idempotencyKey,
        ...copy,
        payWith: method,
        ...(payDeposit && { payDeposit }),
        ...(payInstalments && { payInstalments }),
        expectedCredit: fromCredit.used,
      });
      if (checkoutUrl) {
        // Stripe's page; it comes back to /classes/enrollment/checkout. Stays busy while the page changes.
        leavingForPayment(state.flow);
        window.location.assign(checkoutUrl);
        return;
      }
      notify({ severity: 'success', summary: 'Success', detail: `${andList(enrollments.map((e) => e.studentName))} ${enrollments.length > 1 ? 'are' : 'is'} enrolled!` });
      navigate(stepPath('classes') + '/done', { state: { enrollments } });
      setSubmitting(false);
    } catch (e) {
      refused('Not enrolled', e);
      setSubmitting(false);
    }
  };

  return (
    <StepFrame
      title={waitlist ? 'Review and join the waitlist' : 'Review and submit'}
      back={stepPath('releases')}
      onNext={submit}
      nextLabel={waitlist ? 'Join the waitlist' : byCard && payNow > 0 ? `Pay ${formatCents(payNow)} by card` : `Enroll ${firstNames}`}
      busy={submitting}
    >
      <p>
        {waitlist ? 'Joining the waitlist for' : 'Enrolling'} <strong>{andList([...names.values()])}</strong>
      </p>
      {q.problems.map((p) => (
        <p key={p.about + p.message} className="form-failure" role="alert">
          {p.message}
        </p>
      ))}
      <CartLines quote={q} names={names} onRemove={(studentId) => update((s) => removeChild(s, studentId))} />
      {!waitlist && (
        <p className="add-child">
          <button
            type="button"
            className="link-button"
            onClick={() => {
              update((s) => addAnotherChild(s, current));
              navigate(classListAfter(state.selection));
            }}
          >
            <span className="pi pi-user-plus" aria-hidden="true" /> Add another child to this checkout
          </button>
        </p>
      )}

      <DiscountBox priced={{ discounts: codeSavings(q), codeProblems: q.codeProblems }} codes={state.codes} cart={cart} setCodes={(change) => update((s) => ({ ...s, codes: change(s.codes) }))} />

      {askHolder && (
        <fieldset className="form-section account-holder">
          <legend>Account holder</legend>
          <p className="muted">Asked once: the office calls this number about your enrollment, and your receipts name you. You can change it on Manage Account.</p>
          <AccountHolderFields value={holder} onChange={setHolder} errors={holderTried ? holderErrors(holder) : {}} />
        </fieldset>
      )}
      {waitlist ? (
        <HowTheWaitlistWorks firstName={state.profile.firstName} total={q.total} verifyEmail={mustVerify ? (user?.email ?? null) : null} onVerified={onVerified} />
      ) : (
        <HowToPay
          quote={q}
          methods={methods}
          method={method}
          onMethod={setPayWith}
          part={part}
          onPart={setPart}
          monthly={monthly}
          holdMinutes={holdMinutes}
          names={profiles.map((p) => p.firstName)}
          verifyEmail={mustVerify ? (user?.email ?? null) : null}
          onVerified={onVerified}
          paymentInstructions={settings.payment_instructions}
          credit={fromCredit}
        />
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
