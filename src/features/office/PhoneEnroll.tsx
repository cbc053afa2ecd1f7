// The family's page's "Enroll by phone": the office enrolls one of the family's children in a class
// while a guardian is on the phone — priced as the family's own cart (its other children, codes, aid),
// checked by the family's checkout (grade, clashes, seats), the releases agreed by that guardian on
// the phone and marked so; paid at the office, or by card from a link emailed to the family.
import { useState, type FormEvent } from 'react';
import type { CartChildQuote } from '../../../contract/domain';
import type { Household } from '../../../contract/household';
import { formatCents } from '../../../contract/format';
import { Button } from '../../components/Button';
import { ClassChoice } from '../../components/ClassChoice';
import { useActionToast } from '../../components/EditForm';
import { FormFailure } from '../../components/FormFailure';
import { PriceTable } from '../../components/PriceTable';
import { CheckboxField } from '../../components/studentForm/fields';
import { newIdempotencyKey } from '../../lib/idempotencyKey';
import { useAvailableClasses } from '../catalogue/api';
import { usePhoneEnroll, usePhonePrice } from './api';

type PayBy = 'office' | 'link';

export function PhoneEnroll({ household, onDone }: { household: Household; onDone: () => void }) {
  const [studentId, setStudent] = useState(household.children[0]?.id ?? '');
  const child = household.children.find((c) => c.id === studentId);
  const [classId, setClass] = useState('');
  const [code, setCode] = useState('');
  const [guardianName, setGuardian] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [payBy, setPayBy] = useState<PayBy>('office');
  const [quote, setQuote] = useState<CartChildQuote | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const [problem, setProblem] = useState('');
  const [available] = useAvailableClasses();
  const price = usePhonePrice();
  const enroll = usePhoneEnroll();
  const toast = useActionToast();
  if (!household.children.length) return <p className="empty-panel">The family has no child saved yet: the family adds one from My Students first.</p>;
  const classes = available.status === 'loaded' ? Object.values(available.value).flatMap((s) => s.classes) : null;
  const guardians = child?.guardians ?? [];
  const request = { studentId, lines: [{ classId, addOnIds: [] }], codes: code.trim() ? [code.trim()] : [], idempotencyKey: key };
  // A change to what is priced asks for the price again.
  const changed = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setQuote(null);
  };
  const look = () => price.mutateAsync({ ...request, send: false }).then((r) => setQuote(r.quote), () => undefined);
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const wrong = !quote ? 'Choose a class and see the family’s price first.' : quote.problems.length ? quote.problems[0].message : !guardianName ? 'Choose the guardian on the phone.' : !agreed ? 'Read the releases to the guardian and tick that they agreed.' : '';
    setProblem(wrong);
    if (wrong) return enroll.reset();
    enroll.mutate(
      { ...request, guardianName, send: true, expectedTotal: quote!.total, ...(payBy === 'link' ? { emailCardLink: true } : {}) },
      {
        onSuccess: ({ enrollment }) => {
          const e = enrollment!;
          const owed = e.balance > 0 ? (payBy === 'link' ? ` ${formatCents(e.balance)} owed: a card payment link was emailed to ${household.email ?? 'the family'}.` : ` ${formatCents(e.balance)} owed at the office.`) : '';
          toast.done(`Enrolled ${e.studentName} in ${quote!.lineItems.map((l) => l.title).join(', ')}.${owed}`);
          setClass('');
          setCode('');
          setAgreed(false);
          setQuote(null);
          setKey(newIdempotencyKey());
          onDone();
        },
        onError: toast.failed,
      },
    );
  };
  return (
    <form className="phone-enroll" onSubmit={submit} noValidate aria-label="Enroll by phone">
      <div className="field">
        <label htmlFor="phone-child">Child</label>
        <select id="phone-child" className="p-inputtext p-component" value={studentId} onChange={(e) => changed(setStudent)(e.target.value)}>
          {household.children.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="phone-class">Class</label>
        <ClassChoice id="phone-class" classes={classes} exclude={[]} value={classId} onChange={changed(setClass)} />
      </div>
      <div className="field">
        <label htmlFor="phone-code">Discount code (optional)</label>
        <input id="phone-code" className="p-inputtext p-component" maxLength={40} value={code} onChange={(e) => changed(setCode)(e.target.value)} />
      </div>
      {quote && (
        <div aria-live="polite">
          {quote.problems.length ? (
            <p className="field-error">{quote.problems[0].message}</p>
          ) : (
            <PriceTable priced={quote} caption={`The family’s price for ${child?.name ?? 'the child'}`} />
          )}
          {quote.codeProblems.map((p) => (
            <p key={p.message} className="muted">
              {p.message}
            </p>
          ))}
        </div>
      )}
      <div className="field">
        <label htmlFor="phone-guardian">Guardian on the phone</label>
        <select id="phone-guardian" className="p-inputtext p-component" value={guardianName} onChange={(e) => setGuardian(e.target.value)}>
          <option value="">{guardians.length ? 'Choose the guardian' : 'No guardian saved for this child'}</option>
          {guardians.map((g) => (
            <option key={g.name} value={g.name}>
              {g.name}
              {g.relationship ? ` (${g.relationship})` : ''}
            </option>
          ))}
        </select>
      </div>
      <CheckboxField label="I read the releases to the guardian, who agreed to them (each is marked “by phone”, with your name and today’s date)" checked={agreed} onChange={setAgreed} />
      <fieldset className="pay-choice">
        <legend>How the family pays</legend>
        <label className="pay-option">
          <input type="radio" name="phone-pay" checked={payBy === 'office'} onChange={() => setPayBy('office')} />
          <span>At the office (check, cash or Venmo): a balance due</span>
        </label>
        <label className="pay-option">
          <input type="radio" name="phone-pay" checked={payBy === 'link'} onChange={() => setPayBy('link')} />
          <span>By card: email the family a link to Stripe’s page</span>
        </label>
      </fieldset>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <FormFailure error={price.error ?? enroll.error} />
      <div className="row-actions">
        <Button type="button" variant="outlined" disabled={!classId || price.isPending} onClick={() => void look()}>
          <span className="p-button-label">{price.isPending ? 'Pricing…' : 'See the family’s price'}</span>
        </Button>
        <Button type="submit" disabled={!quote || enroll.isPending}>
          <span className="p-button-label">{enroll.isPending ? 'Enrolling…' : `Enroll ${child?.name.split(' ')[0] ?? 'the child'}`}</span>
        </Button>
      </div>
    </form>
  );
}
