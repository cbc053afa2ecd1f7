// The office's dashboard: its quick links appear with the figures, not before (figures arriving above
// the links would move a link from under the pointer about to choose it). The network is a stand-in
// answering the callable protocol, each answer released by the test.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DashboardFigures, Semester } from '../../contract/domain';
import { fakeFunctions } from './fakeFunctions';
import { adminSession, renderApp } from './renderApp';

const semester = { id: 'fall', name: 'Fall 2026', status: 'open', startDate: '2026-09-01', endDate: '2026-12-15' } as Semester;
const figures: DashboardFigures = {
  semesterId: 'fall',
  enrollments: 3,
  students: 3,
  seatsFilled: 3,
  capacity: 12,
  billed: 90000,
  paid: 60000,
  paidByCard: 0,
  paidAtOffice: 60000,
  paidFromCredit: 0,
  creditOwed: 0,
  aidGiven: 0,
  aidFundsHold: 0,
  heldCheckouts: 0,
  heldAmount: 0,
  refunded: 0,
  netPaid: 60000,
  outstanding: 30000,
  waiting: 0,
  classes: [{ id: 'owls', title: 'Owls', enrolled: 3, capacity: 12, status: 'live', waiting: 0 }],
  // Late on Nov 22 at the school, already Nov 23 in UTC and east of it.
  recent: [{ id: 'e1', studentName: 'Ava Rivera', total: 30000, balance: 0, createdAt: '2026-11-23T06:30:00.000Z', classTitles: ['Owls'] }],
};

/** The semesters and the figures, each answered once the test releases it. */
function heldAnswers() {
  const release: Record<'adminSemesters' | 'adminDashboard', () => void> = { adminSemesters: () => undefined, adminDashboard: () => undefined };
  const held = (name: keyof typeof release, answer: unknown) => new Promise((ok) => (release[name] = () => ok(answer)));
  const semesters = held('adminSemesters', { semesters: [semester] });
  const dashboard = held('adminDashboard', figures);
  fakeFunctions({ adminSemesters: () => semesters, adminDashboard: () => dashboard });
  return release;
}

afterEach(() => vi.unstubAllGlobals());

describe('the office dashboard', () => {
  it('shows its quick links once the semesters and the figures are in, below them', async () => {
    const release = heldAnswers();
    renderApp('/admin', adminSession);
    await screen.findByText('Loading semesters…');
    expect(screen.queryByRole('navigation', { name: 'Admin pages' })).toBeNull();
    release.adminSemesters();
    await screen.findByText('Adding up…');
    expect(screen.queryByRole('navigation', { name: 'Admin pages' })).toBeNull();
    release.adminDashboard();
    const links = await screen.findByRole('navigation', { name: 'Admin pages' });
    expect(screen.queryByText('Adding up…')).toBeNull();
    // Below the figures: nothing arrives above the links once they are there.
    const seats = screen.getByRole('table', { name: 'Enrolled students and capacity per class' });
    expect(seats.compareDocumentPosition(links) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('link', { name: /Audit trail/ })).toBeTruthy();
    // A recent enrollment is dated on the school's calendar, wherever the office's browser is.
    expect(screen.getByText('Ava Rivera').closest('li')!.textContent).toBe('Ava Rivera · Owls · $300 · paid · Nov 22');
  });
});
