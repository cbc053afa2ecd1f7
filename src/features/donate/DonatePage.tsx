import { useState } from 'react';
import { formatCents } from '../../../contract/format';
import { useSettings } from '../../lib/settingsContext';
import { MAX_NOTE_LENGTH, parseDonationAmount, venmoPayUrl } from './donation';
import { VenmoQr } from './VenmoQr';
import { buttonClass } from '../../components/Button';

/** /donate-venmo: a gift through Venmo. No card data is handled here. */
export default function DonatePage() {
  const { venmo_handle, support_email } = useSettings();
  const [amount, setAmount] = useState('25');
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const check = parseDonationAmount(amount);
  const error = touched && 'error' in check ? check.error : '';
  const url = 'cents' in check ? venmoPayUrl(venmo_handle, check.cents, note) : null;
  return (
    <div className="page page-narrow donate-page">
      <h1>Donate</h1>
      <p>
        Your gift helps children get outdoors: scholarships, gear and field trips. Donations go to
        <strong> @{venmo_handle.replace(/^@/, '')}</strong> on Venmo.
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
