import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { parseDonationAmount, venmoPayUrl } from '../../src/features/donate/donation';
import DonatePage from '../../src/features/donate/DonatePage';
import { SETTINGS_DEFAULTS } from '../../src/lib/settings';
import { SettingsProvider } from '../../src/lib/settingsContext';
import { MemoryRouter } from 'react-router-dom';
import { callKey, createQueryClient, QueryProvider } from '../../src/lib/query';
import { ToastProvider } from '../../src/lib/toast';

describe('donation amount rules', () => {
  it.each([
    ['25', 2500], ['25.5', 2550], ['25.50', 2550], ['$1', 100], ['9999', 999_900], ['9,999.00', 999_900], [' 40 ', 4000],
  ])('accepts %j as %i cents', (text, cents) => {
    expect(parseDonationAmount(text)).toEqual({ cents });
  });
  it.each([
    ['', 'Enter an amount.'],
    ['0.99', 'The smallest gift is $1.'],
    ['0', 'The smallest gift is $1.'],
    ['10000', 'The largest gift online is $9,999. Please contact us for larger gifts.'],
    ['9999.01', 'The largest gift online is $9,999. Please contact us for larger gifts.'],
    ['-5', 'Enter an amount in dollars, like 25 or 25.50.'],
    ['12.345', 'Enter an amount in dollars, like 25 or 25.50.'],
    ['ten', 'Enter an amount in dollars, like 25 or 25.50.'],
    ['1e3', 'Enter an amount in dollars, like 25 or 25.50.'],
  ])('refuses %j', (text, error) => {
    expect(parseDonationAmount(text)).toEqual({ error });
  });
  it('builds the Venmo link with amount and note', () => {
    expect(venmoPayUrl('@Wild School', 2550, ' For the gear fund & more ')).toBe(
      'https://venmo.com/Wild%20School?txn=pay&amount=25.50&note=For+the+gear+fund+%26+more',
    );
    expect(venmoPayUrl('school', 100, '')).toBe('https://venmo.com/school?txn=pay&amount=1.00&note=Donation');
  });
});

describe('donation page', () => {
  // The school takes cards (the paymentOptions answer, as the server gives it by default).
  const renderPage = () => {
    const client = createQueryClient();
    client.setQueryDefaults(callKey('paymentOptions'), { staleTime: Infinity });
    client.setQueryData(callKey('paymentOptions'), { methods: ['card', 'office'], holdMinutes: 30 });
    return render(
      <SettingsProvider initial={{ ...SETTINGS_DEFAULTS, venmo_handle: 'TestSchool' }}>
        <ToastProvider>
          <QueryProvider client={client}>
            <MemoryRouter initialEntries={['/donate-venmo']}>
              <DonatePage />
            </MemoryRouter>
          </QueryProvider>
        </ToastProvider>
      </SettingsProvider>,
    );
  };

  it('offers a gift by card, asking first where the receipt goes', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.clear(screen.getByLabelText('Amount (US dollars)'));
    await user.type(screen.getByLabelText('Amount (US dollars)'), '40');
    await user.click(screen.getByRole('button', { name: 'Give $40 by card' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the email address your receipt goes to.');
    expect(screen.getByLabelText('Email for your receipt')).toHaveAttribute('aria-invalid', 'true');
  });

  it('links to Venmo with the amount and note, with a QR code', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.clear(screen.getByLabelText('Amount (US dollars)'));
    await user.type(screen.getByLabelText('Amount (US dollars)'), '40');
    await user.type(screen.getByLabelText('Note (optional)'), 'Scholarships');
    expect(screen.getByRole('link', { name: 'Give $40 with Venmo' })).toHaveAttribute(
      'href',
      'https://venmo.com/TestSchool?txn=pay&amount=40.00&note=Scholarships',
    );
    expect(screen.getByRole('img', { name: 'QR code to give $40 with Venmo' })).toBeInTheDocument();
  });

  it('says what is wrong with the amount and offers no link', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.clear(screen.getByLabelText('Amount (US dollars)'));
    await user.type(screen.getByLabelText('Amount (US dollars)'), '20000');
    expect(screen.getByRole('alert')).toHaveTextContent('The largest gift online is $9,999.');
    expect(screen.getByLabelText('Amount (US dollars)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('link', { name: /with Venmo/ })).not.toBeInTheDocument();
  });
});
