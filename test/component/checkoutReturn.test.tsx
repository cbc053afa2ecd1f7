// Back from Stripe's page, paid: the flow ends, and nothing of it is saved again — not by the debounce,
// and not when the family closes the page. The flow ends in the confirmation's effect, which runs
// before the provider's save effect of the same render: that save, planned for the page's first state
// (the classes the device remembered), must not go out as the page closes, or the next visit offers
// the classes just paid for.
import { act, render, screen } from '@testing-library/react';
import type { User } from 'firebase/auth';
import { useEffect, useState, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import EnrollmentRoute from '../../src/features/enrollment/EnrollmentRoute';
import { SELECTION_KEY } from '../../src/lib/familyStorage';
import { createQueryClient, QueryProvider } from '../../src/lib/query';
import { SessionContext } from '../../src/lib/session';
import { ToastProvider } from '../../src/lib/toast';

const calls: string[] = [];
const paid = {
  id: 'e1',
  studentId: 's1',
  studentName: 'Ava Rivera',
  status: 'confirmed',
  classIds: ['moss'],
  payments: [{ amount: 26000, method: 'card', at: '2026-11-27T00:00:00Z', card: { sessionId: 'cs1', brand: 'visa', last4: '4242' } }],
  lineItems: [],
  subtotal: 26000,
  total: 26000,
  balance: 0,
  discounts: [],
  releases: [],
  semesterIds: [],
};
/** What the functions answer for the enrollment (the webhook came first). */
let answered: typeof paid = paid;
vi.mock('../../src/lib/callable', () => ({
  call: async (name: string) => {
    calls.push(name);
    // The webhook came first: the draft is gone, the enrollment confirmed.
    if (name === 'loadDraft') return null;
    if (name === 'myEnrollment') return { enrollment: answered };
    if (name === 'myEnrollments') return { enrollments: [answered] };
    return {};
  },
}));

/** Signed in a moment after the page opens, as Firebase Auth restores the session. */
function SignedInSoon({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | undefined>(undefined);
  useEffect(() => {
    const timer = setTimeout(() => setUser({ uid: 'u1', email: 'family@example.com' } as User), 100);
    return () => clearTimeout(timer);
  }, []);
  return <SessionContext.Provider value={{ user, roles: [] }}>{children}</SessionContext.Provider>;
}

const returnPage = () => (
  <ToastProvider>
    <QueryProvider client={createQueryClient()}>
      <SignedInSoon>
        <MemoryRouter initialEntries={['/classes/enrollment/checkout?enrollment=e1&session=cs1']}>
          <Routes>
            <Route path="/classes/enrollment/*" element={<EnrollmentRoute />} />
          </Routes>
        </MemoryRouter>
      </SignedInSoon>
    </QueryProvider>
  </ToastProvider>
);

describe('the page back from Stripe, paid', () => {
  it('ends the flow: the classes the device remembered are cleared and never saved back, even as the page closes', async () => {
    localStorage.setItem(SELECTION_KEY, JSON.stringify({ moss: { classId: 'moss', semesterId: 'fall', addOnIds: [] } }));
    render(returnPage());
    await screen.findByRole('heading', { name: /Payment received — Ava is enrolled/ });
    // Past the save's debounce, then the family closes the page.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 1500)));
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(calls).toContain('deleteDraft');
    expect(calls.filter((c) => c === 'saveDraft')).toEqual([]);
    expect(localStorage.getItem(SELECTION_KEY)).toBe('{}');
  });

  it('paid after the checkout time ran out and refunded whole: says the child is not enrolled and why, in the words of the email and the office’s record', async () => {
    answered = {
      ...paid,
      status: 'expired',
      cardRefunds: [{ amount: 26000, refundId: 're1', paymentIntent: 'pi1', last4: '4242', reason: '', kind: 'seat-lost', sessionId: 'cs1', at: '2026-11-27T00:01:00Z' }],
    } as unknown as typeof paid;
    render(returnPage());
    await screen.findByRole('heading', { name: 'Ava Rivera is not enrolled' });
    expect(screen.getByRole('alert').textContent).toBe(
      'Your payment arrived after the checkout time ran out, and the seats (or the discount or financial aid they were priced with) were no longer available. We refunded $260 to your card ending 4242. It shows on your statement in 5–10 days.',
    );
    answered = paid;
  });
});
