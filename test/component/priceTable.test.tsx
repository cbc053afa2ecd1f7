import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ClassRecord, Enrollment } from '../../contract/domain';
import { applyCancellation, planCancellation } from '../../functions/src/domain/cancellation';
import { priceBasket } from '../../functions/src/domain/pricing';
import { PriceTable } from '../../src/components/PriceTable';

const WILD_ART = { id: 'wild-art', semesterId: 's', title: 'Wild Art', price: 24000, slidingScale: null, addOns: [], classType: 'After-school' } as unknown as ClassRecord;

/** Wild Art paid in full ($240), then cancelled by the office with `refund` given back. */
function cancelledWith(refund: number): Enrollment {
  const q = priceBasket({ classes: [WILD_ART], groups: [], lines: [{ classId: 'wild-art', addOnIds: [] }], discounts: [], today: '2026-11-20' });
  const enrollment: Enrollment = {
    id: 'e1', ownerUid: 'u', studentId: 'st', studentName: 'Ava Rivera', semesterIds: ['s'], classIds: ['wild-art'],
    lineItems: q.lineItems, discounts: q.discounts, subtotal: q.subtotal, total: q.total,
    payments: [{ amount: 24000, method: 'check', note: '', at: '2026-11-20T10:00:00Z', by: 'office' }],
    balance: 0, status: 'confirmed', releases: [], createdAt: '2026-11-20T10:00:00Z', idempotencyKey: 'k',
  };
  const plan = planCancellation({ enrollment, cancelClassIds: ['wild-art'], classes: [WILD_ART], groups: [], discounts: [], enrolledOn: '2026-11-20' });
  return applyCancellation(enrollment, plan, refund, { note: '', at: '2026-12-01T10:00:00Z', by: 'office', classTitles: ['Wild Art'] }) as Enrollment;
}

const rows = () => within(screen.getByRole('table')).getAllByRole('row').map((r) => r.textContent);

describe('the price table of an enrollment', () => {
  it('names a cancellation fee kept, so that its lines add up to the total the family owes', () => {
    const cancelled = cancelledWith(20000);
    expect(cancelled.total).toBe(4000);
    render(<PriceTable priced={cancelled} caption="Classes and prices for Ava Rivera" />);
    expect(rows()).toEqual(['ItemPrice', 'Subtotal$0', 'Cancellation fee kept+$40', 'Total$40']);
  });

  it('shows no fee line when the whole suggested refund was given', () => {
    render(<PriceTable priced={cancelledWith(24000)} caption="Classes and prices" />);
    expect(rows()).toEqual(['ItemPrice', 'Subtotal$0', 'Total$0']);
  });

  it('says so when the classes kept are held at the price first charged', () => {
    const priced = { lineItems: [], discounts: [], subtotal: 30000, total: 25000, cancellations: [{ fee: 0 }] };
    render(<PriceTable priced={priced} caption="Classes and prices" />);
    expect(rows()).toEqual(['ItemPrice', 'Subtotal$300', 'Kept at the price first charged−$50', 'Total$250']);
  });
});
