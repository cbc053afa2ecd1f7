// A balance page's parts travel in Stripe's metadata, which keeps at most 500 characters a value and
// 50 keys: a family's many enrollments are spread over as many values as they need, and read back whole.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { partsMetadata, partsOf } from '../../functions/src/usecases/balance';

const session = (metadata: Record<string, string>, amount = 0) => ({ metadata, client_reference_id: 'first', amount_total: amount });

describe('the parts of a balance payment', () => {
  it('reads back every part in order, each metadata value within Stripe’s 500 characters', () => {
    const part = fc.record({ id: fc.stringMatching(/^[A-Za-z0-9_-]{32}$/), amount: fc.integer({ min: 1, max: 9_999_999 }) });
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 60 }), (parts) => {
        const metadata = partsMetadata(parts);
        expect(Object.values(metadata).every((v) => v.length <= 500)).toBe(true);
        expect(Object.keys(metadata).length).toBeLessThanOrEqual(Math.ceil(parts.length / 11));
        expect(partsOf(session({ ...metadata, kind: 'balance', enrollmentId: parts[0].id }))).toEqual(parts);
      }),
    );
  });

  it('takes a page made before parts were written as its one enrollment, paid whole', () => {
    expect(partsOf(session({ kind: 'balance', enrollmentId: 'first' }, 26_000))).toEqual([{ id: 'first', amount: 26_000 }]);
  });

  it('orders values past the ninth by number, not by their text', () => {
    const parts = Array.from({ length: 200 }, (_, i) => ({ id: `e${String(i).padStart(31, '0')}`, amount: i + 1 }));
    const metadata = partsMetadata(parts);
    expect(Object.keys(metadata)).toContain('parts12');
    expect(partsOf(session(metadata))).toEqual(parts);
  });
});
