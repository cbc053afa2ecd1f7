// The waitlist's pure rules: order, bundles as units, claim windows, places.
import { describe, expect, it } from 'vitest';
import type { WaitlistEntry } from '../../contract/domain';
import { ordinal } from '../../contract/format';
import { claimHours, offersToMake, placeOf, rankBetween, reminderDue } from '../../functions/src/domain/waitlist';

const entry = (id: string, classIds: string[], rank: number, over: Partial<WaitlistEntry> = {}): WaitlistEntry =>
  ({ id, classIds, rank, joinedAt: new Date(rank).toISOString(), status: 'waiting', ...over }) as WaitlistEntry;
const seats = (...pairs: [string, number][]) => new Map(pairs);

describe('waitlist rules', () => {
  it('offers the seats kept for the waitlist first come first served; offered entries are never offered again', () => {
    const list = [entry('c', ['x'], 3), entry('a', ['x'], 1), entry('b', ['x'], 2)];
    expect(offersToMake(seats(['x', 2]), list).map((e) => e.id)).toEqual(['a', 'b']);
    expect(offersToMake(seats(['x', 1]), [...list, entry('o', ['x'], 0, { status: 'offered' })]).map((e) => e.id)).toEqual(['a']);
    expect(offersToMake(seats(['x', 0]), list)).toEqual([]);
    expect(offersToMake(seats(), list)).toEqual([]);
    // Running the job twice makes one offer: an offered entry holds its own seat and is not offered another.
    expect(offersToMake(seats(['x', 1]), [entry('a', ['x'], 1, { status: 'offered' })])).toEqual([]);
  });

  it('a bundle waits as one unit: offered only when each of its classes has a seat, without holding back a later single class', () => {
    const bundle = entry('bundle', ['x', 'y'], 1);
    const single = entry('single', ['x'], 2);
    expect(offersToMake(seats(['x', 1], ['y', 0]), [bundle, single]).map((e) => e.id)).toEqual(['single']);
    expect(offersToMake(seats(['x', 1], ['y', 1]), [bundle, single]).map((e) => e.id)).toEqual(['bundle']);
  });

  it('gives 48 hours to claim (or the semester’s), 24 within 14 days of the start, 4 within 2 days', () => {
    const now = new Date('2026-11-24T15:00:00Z');
    expect(claimHours(undefined, '2027-01-20', now)).toBe(48);
    expect(claimHours({ waitlistClaimHours: 72 }, '2027-01-20', now)).toBe(72);
    expect(claimHours({ waitlistClaimHours: 72 }, '2026-12-01', now)).toBe(24);
    expect(claimHours(undefined, '2026-12-08', now)).toBe(24);
    expect(claimHours(undefined, '2026-11-26', now)).toBe(4);
    expect(claimHours({ waitlistClaimHours: 12 }, '2026-12-01', now)).toBe(12);
  });

  it('reminds once, within 2 hours of the end', () => {
    const offered = (expiresAt: string, remindedAt?: string) => entry('a', ['x'], 1, { status: 'offered', offer: { at: '', expiresAt, ...(remindedAt ? { remindedAt } : {}) } });
    const now = new Date('2026-11-24T15:00:00Z');
    expect(reminderDue(offered('2026-11-24T16:30:00Z'), now)).toBe(true);
    expect(reminderDue(offered('2026-11-24T17:30:00Z'), now)).toBe(false);
    expect(reminderDue(offered('2026-11-24T16:30:00Z', '2026-11-24T14:59:00Z'), now)).toBe(false);
    expect(reminderDue(offered('2026-11-24T14:30:00Z'), now)).toBe(false);
  });

  it('tells a family its place among those waiting for any of its classes, and places a moved entry', () => {
    const list = [entry('a', ['x'], 1), entry('b', ['y'], 2), entry('c', ['x', 'y'], 3), entry('d', ['x'], 4, { status: 'offered' })];
    expect(list.map((e) => placeOf(e, list))).toEqual([1, 1, 3, null]);
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st', '111th']);
    expect(rankBetween(list[0], list[2])).toBe(2);
    expect(rankBetween(undefined, list[0])).toBeLessThan(1);
    expect(rankBetween(list[2], undefined)).toBeGreaterThan(3);
  });
});
