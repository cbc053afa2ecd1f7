// My Enrollments' waitlist section: each child's place, a seat offered with its deadline
// (claim it, paying by card or the office later, or decline it), and leaving the list.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { CheckoutMethod, FamilyWaitlistEntry } from '../../../contract/domain';
import { formatCents, ordinal } from '../../../contract/format';
import { formatDay, formatMoment } from '../../../contract/wording';
import { Button } from '../../components/Button';
import { FormFailure } from '../../components/FormFailure';
import { usePaymentOptions } from '../../lib/paymentOptions';
import { failureText } from '../../lib/query';
import { useNotify } from '../../lib/toast';
import { useReleases } from '../catalogue/api';
import { useClaimOffer, useDeclineOffer, useLeaveWaitlist, useTodaysPrice } from './api';
import { creditToUse } from '../../../contract/credit';
import { claimPayParts, monthlyWithCredit } from '../../../contract/instalments';
import { PayPartChoice, type PayPart } from '../../components/PayPartChoice';
import { useMyCredit, useMyWaitlist } from '../family/api';
import { newIdempotencyKey } from '../../lib/idempotencyKey';


const ENDED: Partial<Record<FamilyWaitlistEntry['status'], string>> = {
  enrolled: 'Enrolled from the waitlist',
  lapsed: 'The seat offered was not claimed in time',
  declined: 'You declined the seat offered',
  left: 'You left the waitlist',
  removed: 'Taken off the waitlist by the school office',
};

function Offer({ entry }: { entry: FamilyWaitlistEntry }) {
  const [options] = usePaymentOptions();
  const methods = options.status === 'loaded' ? options.value.methods : [];
  // A registration round's place offers first how the family said it would pay in its entry.
  const [chosen, setChosen] = useState<CheckoutMethod | null>(entry.request.payWith ?? null);
  const method = chosen && methods.includes(chosen) ? chosen : methods[0];
  const claim = useClaimOffer();
  const [credit] = useMyCredit();
  const creditBalance = credit.status === 'loaded' ? credit.value.balance : 0;
  const decline = useDeclineOffer();
  const [today, askToday] = useTodaysPrice({ studentId: entry.studentId, lines: entry.request.lines }, entry.request.codes);
  // By card, a deposit or monthly payments where the classes offer them, as at a checkout.
  const [part, setPart] = useState<PayPart>('full');
  const notify = useNotify();
  const [key] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  // Declining gives the seat away for good: it asks first.
  const [declining, setDeclining] = useState(false);
  // A release changed while the family waited: it signs the current version here, then claims.
  const [resign, setResign] = useState(false);
  const [releases] = useReleases();
  // Known before the family presses Claim: a release whose version is not the one signed at joining.
  const outdated =
    releases.status === 'loaded' && releases.value.releases.some((r) => !entry.request.releases.some((s) => s.releaseId === r.id && s.version === r.version));
  const asking = resign || outdated;
  const [signatures, setSignatures] = useState<Record<string, string>>({});
  // The child's information is due for review (the server says so): confirmed here, then claimed.
  const [reviewDue, setReviewDue] = useState(false);
  const [infoConfirmed, setInfoConfirmed] = useState(false);
  const drawn = !!entry.round;
  // What the claim costs today, and the parts it may pay now (monthly only where the credit leaves the first payment to the card).
  const claimTotal = today.status === 'loaded' ? Math.min(entry.quote.total, today.value.total) : null;
  const offered = today.status === 'loaded' && claimTotal ? claimPayParts(today.value, claimTotal) : null;
  const monthly = offered ? monthlyWithCredit(offered.instalments, creditBalance) : null;
  const claimSeat = async () => {
    setBusy(true);
    setFailure('');
    try {
      // The family pays the lower of the price quoted when it joined and today's, asked again now.
      const fresh = await askToday();
      const signed =
        asking && releases.status === 'loaded' ? { releases: releases.value.releases.map((r) => ({ releaseId: r.id, version: r.version, typedName: signatures[r.id] ?? '' })) } : {};
      const expectedTotal = Math.min(entry.quote.total, fresh.total);
      const byCard = method === 'card';
      // The part chosen, at today's figures (none offered now: paid in full, as the page shows it).
      const parts = claimPayParts(fresh, expectedTotal);
      const deposit = byCard && part === 'deposit' ? parts.deposit : null;
      const plan = byCard && part === 'instalments' ? monthlyWithCredit(parts.instalments, creditBalance) : null;
      const due = deposit?.amount ?? plan?.payments[0].amount ?? expectedTotal;
      // The account credit pays first (the same rule as the functions', which refuse another figure).
      const expectedCredit = creditToUse(creditBalance, [due], byCard).total;
      const { enrollment, checkoutUrl } = await claim.mutateAsync({
        entryId: entry.id,
        expectedTotal,
        idempotencyKey: key,
        payWith: method,
        expectedCredit,
        ...(deposit && { payDeposit: true }),
        ...(plan && { payInstalments: true }),
        ...signed,
        ...(infoConfirmed ? { infoConfirmed } : {}),
      });
      if (checkoutUrl) return window.location.assign(checkoutUrl);
      notify({ severity: 'success', summary: 'Success', detail: `${enrollment.studentName} is enrolled in ${entry.title}!` });
    } catch (e) {
      const message = failureText(e);
      if (/has changed\. Please read it again and sign\.$|^Please sign /.test(message)) setResign(true);
      if (/information is still accurate\.$/.test(message)) setReviewDue(true);
      setFailure(message);
    }
    setBusy(false);
  };
  return (
    <div className="waitlist-offer">
      <p>
        <strong>
          {drawn ? `The draw gave ${entry.studentName} a place` : `A seat is held for ${entry.studentName}`}
        </strong>{' '}
        until {formatMoment(entry.offer!.expiresAt)}. You pay at most {formatCents(entry.quote.total)} (the price {drawn ? 'at the draw' : 'when you joined'}, or today’s if lower).
      </p>
      {creditBalance > 0 && <p className="credit-used">Your account credit ({formatCents(creditBalance)}) pays first; the rest {method === 'card' ? 'by card' : 'is owed to the office'}.</p>}
      {entry.enrollmentId && (
        <p className="muted">A card payment for this seat was started and not finished: the seat stays yours until then. Claim it again to pay.</p>
      )}
      {methods.length > 1 && (
        <div className="pay-choice" role="radiogroup" aria-label={`How to pay for ${entry.title}`}>
          {methods.map((m) => (
            <label key={m} className="pay-option">
              <input type="radio" name={`claim-${entry.id}`} value={m} checked={method === m} onChange={() => setChosen(m)} />
              <span>{m === 'card' ? 'Pay by card now' : 'Pay the office later (check, cash or Venmo)'}</span>
            </label>
          ))}
        </div>
      )}
      {method === 'card' && offered && claimTotal && <PayPartChoice name={`claim-part-${entry.id}`} total={claimTotal} deposit={offered.deposit} plan={monthly} part={part} onPart={setPart} />}
      {asking && releases.status === 'loaded' && (
        <fieldset className="resign">
          <legend>{drawn ? 'Sign the releases' : 'Sign the releases as they are now'}</legend>
          <p className="muted">{drawn ? 'Read the releases and sign them to accept the place.' : 'A release changed since you joined the waitlist: read it and sign again to claim the seat.'}</p>
          {releases.value.releases.map((r) => (
            <div key={r.id} className="release">
              <h4>{r.title}</h4>
              <p className="release-text" tabIndex={0} role="region" aria-label={`Text of the ${r.title}, for ${entry.studentName} in ${entry.title}`}>
                {r.text}
              </p>
              <div className="field">
                <label htmlFor={`resign-${entry.id}-${r.id}`}>Type your full name to sign the {r.title}</label>
                <input
                  id={`resign-${entry.id}-${r.id}`}
                  className="p-inputtext p-component"
                  autoComplete="name"
                  value={signatures[r.id] ?? ''}
                  onChange={(ev) => setSignatures((s) => ({ ...s, [r.id]: ev.target.value }))}
                />
              </div>
            </div>
          ))}
        </fieldset>
      )}
      {reviewDue && (
        <label className="resign">
          <input type="checkbox" checked={infoConfirmed} onChange={(e) => setInfoConfirmed(e.target.checked)} /> {entry.studentName}’s information (contacts, health and
          safety) is still accurate; I changed what was not on <Link to="/account/students">My Students</Link>
        </label>
      )}
      <div className="row-actions">
        <Button disabled={busy || !method} onClick={() => void claimSeat()}>
          <span className="p-button-label">
            {busy ? 'Claiming…' : 'Claim the seat'}
            <span className="visually-hidden"> in {entry.title}</span>
          </span>
        </Button>
        <Button variant="outlined" disabled={busy || decline.isPending} onClick={() => setDeclining(true)}>
          <span className="p-button-label">
            Decline<span className="visually-hidden"> the seat in {entry.title}</span>
          </span>
        </Button>
      </div>
      {declining && (
        <div className="inline-confirm" role="alert">
          <p>
            Give up the seat held for {entry.studentName} in {entry.title}? It goes to the next family in line; you may join the waitlist again, at the end.
          </p>
          <div className="row-actions">
            <Button variant="danger" disabled={decline.isPending} onClick={() => decline.mutate({ entryId: entry.id }, { onSettled: () => setDeclining(false) })}>
              <span className="p-button-label">Give up the seat</span>
            </Button>
            <Button variant="outlined" onClick={() => setDeclining(false)}>
              <span className="p-button-label">Keep it</span>
            </Button>
          </div>
        </div>
      )}
      <FormFailure problem={failure} error={decline.error} />
    </div>
  );
}

function Entry({ entry }: { entry: FamilyWaitlistEntry }) {
  const leave = useLeaveWaitlist();
  // Leaving gives up the child's place in line: asked once more, never on one tap.
  const [asking, setAsking] = useState(false);
  return (
    <li className="enrollment-card waitlist-card">
      <h3>
        {entry.studentName} · {entry.title}
      </h3>
      <p className="muted">
        {entry.round ? 'From the registration round’s draw' : 'Joined'} {formatDay(entry.joinedAt)} · price quoted {formatCents(entry.quote.total)}
      </p>
      {entry.status === 'waiting' && (
        <>
          <p>
            <strong>{entry.place ? `${ordinal(entry.place)} on the waitlist` : 'On the waitlist'}</strong>. We email you when a seat is free.
          </p>
          {asking ? (
            <div className="leave-confirm" role="group" aria-label={`Leave the waitlist for ${entry.title}?`}>
              <p>
                Leave the waitlist for {entry.title}? {entry.studentName} gives up {entry.place ? `the ${ordinal(entry.place)} place` : 'their place'} in line; joining again later starts at the end.
              </p>
              <div className="row-actions">
                <Button variant="danger" disabled={leave.isPending} onClick={() => leave.mutate({ entryId: entry.id })}>
                  {leave.isPending ? 'Leaving…' : 'Yes, leave the waitlist'}
                </Button>
                <Button variant="outlined" onClick={() => setAsking(false)}>
                  Stay on the list
                </Button>
              </div>
            </div>
          ) : (
            <Button variant="outlined" onClick={() => setAsking(true)}>
              <span className="p-button-label">
                Leave the waitlist<span className="visually-hidden"> for {entry.title}</span>
              </span>
            </Button>
          )}
          <FormFailure error={leave.error} />
        </>
      )}
      {entry.status === 'offered' && <Offer entry={entry} />}
      {ENDED[entry.status] && <p className="muted">{ENDED[entry.status]}.</p>}
    </li>
  );
}

/** The family's waitlists, when it has any. */
export function MyWaitlist() {
  const [state] = useMyWaitlist();
  if (state.status !== 'loaded' || state.value.entries.length === 0) return null;
  return (
    <section aria-labelledby="my-waitlist">
      <h2 id="my-waitlist">Waitlists</h2>
      <ul className="enrollment-list">
        {state.value.entries.map((e) => (
          <Entry key={e.id} entry={e} />
        ))}
      </ul>
    </section>
  );
}
