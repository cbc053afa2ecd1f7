import { useState } from 'react';
import { formatCents } from '../../../contract/format';
import { useSettings } from '../../lib/settingsContext';
import { MAX_NOTE_LENGTH, parseDonationAmount, venmoPayUrl } from './donation';
import { VenmoQr } from './VenmoQr';
import { useLocation } from 'react-router-dom';
import { donateSchema } from '../../../contract/api/enrollment';
import { Button, buttonClass } from '../../components/Button';
import { usePaymentOptions } from '../../lib/paymentOptions';
import { failureText } from '../../lib/query';
import { useDonate, useDonationFunds } from './api';
import { newIdempotencyKey } from '../../lib/idempotencyKey';


/** A gift by card on Stripe's page: the email the receipt goes to, then Stripe. */
function CardGift({ cents, note }: { cents: number; note: string }) {
  const donate = useDonate();
  const [funds] = useDonationFunds();
  const [fundId, setFundId] = useState('');
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState('');
  const [leaving, setLeaving] = useState(false);
  const [key] = useState(newIdempotencyKey);
  const give = async () => {
    const wrong = donateSchema.shape.email.safeParse(email).success ? '' : 'Enter the email address your receipt goes to.';
    setProblem(wrong);
    if (wrong) return;
    try {
      const { checkoutUrl } = await donate.mutateAsync({ amount: cents, note, email: email.trim(), idempotencyKey: key, ...(fundId ? { fundId } : {}) });
      setLeaving(true);
      window.location.assign(checkoutUrl);
    } catch (e) {
      setProblem(failureText(e));
    }
  };
  return (
    <div className="card-gift">
      {funds.status === 'loaded' && funds.value.funds.length > 0 && (
        <div className="field">
          <label htmlFor="donation-fund">Where your gift goes</label>
          <select id="donation-fund" className="p-inputtext p-component" value={fundId} onChange={(e) => setFundId(e.target.value)}>
            <option value="">Where the school needs it most</option>
            {funds.value.funds.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name} (financial aid)
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <label htmlFor="donation-email">Email for your receipt</label>
        <input
          id="donation-email"
          className={`p-inputtext p-component${problem ? ' p-invalid' : ''}`}
          type="email"
          autoComplete="email"
          value={email}
          aria-invalid={!!problem}
          aria-describedby={problem ? 'donation-email-error' : undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
        {problem && (
          <small id="donation-email-error" className="field-error" role="alert">
            {problem}
          </small>
        )}
      </div>
      <Button disabled={donate.isPending || leaving} onClick={() => void give()}>
        <span className="p-button-label">{donate.isPending || leaving ? 'Opening the payment page…' : `Give ${formatCents(cents)} by card`}</span>
      </Button>
      <p className="muted">You pay on Stripe’s secure page; no card details reach us. Your receipt, with our tax information, comes by email.</p>
    </div>
  );
}

/** /donate-venmo: a gift by card (Stripe's page) or through Venmo. No card data is handled here. */
export default function DonatePage() {
  const { venmo_handle, support_email } = useSettings();
  const [options] = usePaymentOptions();
  const byCard = options.status === 'loaded' && options.value.methods.includes('card');
  const thanked = new URLSearchParams(useLocation().search).has('thanks');
  const [amount, setAmount] = useState('25');
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const check = parseDonationAmount(amount);
  const error = touched && 'error' in check ? check.error : '';
  const url = 'cents' in check ? venmoPayUrl(venmo_handle, check.cents, note) : null;
  return (
    <div className="page page-narrow donate-page">
      <h1>Donate</h1>
      {thanked && (
        <p className="thanks-panel" role="status">
          <span className="pi pi-heart" aria-hidden="true" /> Thank you for your gift! Your receipt comes by email as soon as the payment is confirmed.
        </p>
      )}
      <p>
        Your gift helps children get outdoors: scholarships, gear and field trips. {byCard ? 'Give by card, or with Venmo to' : 'Donations go to'}
        <strong> @{venmo_handle.replace(/^@/, '')}</strong>{byCard ? '' : ' on Venmo'}.
      </p>
      <div className="form-section">
        <div className="field">
          <label htmlFor="donation-amount">Amount (US dollars)</label>
          <div className="money-input">
            <span aria-hidden="true">$</span>
            <input
              id="donation-amount"
              className={`p-inputtext p-component${error ? ' p-invalid' : ''}`}
              inputMode="decimal"
              value={amount}
              aria-invalid={!!error}
              aria-describedby={error ? 'donation-amount-error' : 'donation-amount-hint'}
              onChange={(e) => {
                setAmount(e.target.value);
                setTouched(true);
              }}
              onBlur={() => setTouched(true)}
            />
          </div>
          <small id="donation-amount-hint" className="muted">
            From $1 to $9,999.
          </small>
          {error && (
            <small id="donation-amount-error" className="field-error" role="alert">
              {error}
            </small>
          )}
        </div>
        <div className="field">
          <label htmlFor="donation-note">Note (optional)</label>
          <input
            id="donation-note"
            className="p-inputtext p-component"
            maxLength={MAX_NOTE_LENGTH}
            value={note}
            placeholder="In memory of…, for the scholarship fund…"
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
      </div>
      {byCard && 'cents' in check && <CardGift cents={check.cents} note={note} />}
      {url && 'cents' in check ? (
        <div className="venmo-box">
          <a className={buttonClass('primary', 'venmo-button')} href={url} target="_blank" rel="noopener noreferrer">
            <span className="p-button-label">Give {formatCents(check.cents)} with Venmo</span>
          </a>
          <VenmoQr url={url} label={`QR code to give ${formatCents(check.cents)} with Venmo`} />
          <p className="muted">
            On a computer, scan the code with your phone&apos;s camera. On a phone without the Venmo app, the link opens
            Venmo&apos;s website, where you can sign in and pay. Questions? Write to{' '}
            <a href={`mailto:${support_email}`}>{support_email}</a>.
          </p>
        </div>
      ) : (
        <p className="muted">Enter an amount to get your Venmo link.</p>
      )}
    </div>
  );
}
