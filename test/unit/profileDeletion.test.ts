// When a family may delete a child's profile: not while the child has somewhere to be.
import { describe, expect, it } from 'vitest';
import type { Enrollment, WaitlistEntry } from '../../contract/domain';
import { deletionRefusal, type DeletionFacts } from '../../functions/src/domain/profileDeletion';

const today = '2026-11-29';
const classes = new Map([
  ['past', { title: 'Autumn Walk', endDate: '2026-11-01' }],
  ['now', { title: 'Wild Art', endDate: '2027-02-21' }],
  ['last-day', { title: 'Pond Day', endDate: today }],
]);
const enrollment = (classIds: string[], status: Enrollment['status'] = 'confirmed') => ({ ...({} as Enrollment), classIds, status });
const facts = (over: Partial<DeletionFacts> = {}): DeletionFacts => ({ firstName: 'Ava', enrollments: [], classes, waitlist: [], openRounds: [], today, ...over });

describe('deleting a child’s profile', () => {
  it.each<[string, Partial<DeletionFacts>, string | null]>([
    ['no enrollments at all', {}, null],
    ['only classes that are over, and cancelled or unpaid checkouts', { enrollments: [enrollment(['past']), enrollment(['now'], 'cancelled'), enrollment(['now'], 'expired')] }, null],
    ['a class still to come', { enrollments: [enrollment(['past', 'now'])] }, 'Ava is still enrolled in Wild Art: cancel it first (or ask the office), then delete the profile.'],
    ['a class whose last day is today', { enrollments: [enrollment(['last-day'])] }, 'Ava is still enrolled in Pond Day: cancel it first (or ask the office), then delete the profile.'],
    ['a card payment under way', { enrollments: [enrollment(['past'], 'pending_payment')] }, 'Ava is still enrolled in Autumn Walk: cancel it first (or ask the office), then delete the profile.'],
    ['a waitlist place', { waitlist: [{ ...({} as WaitlistEntry), status: 'waiting', title: 'Wild Art' }] }, 'Ava is on the waitlist for Wild Art: leave it first, then delete the profile.'],
    ['a waitlist place that ended', { waitlist: [{ ...({} as WaitlistEntry), status: 'lapsed', title: 'Wild Art' }] }, null],
    ['an open round’s entry', { openRounds: ['Spring 2027'] }, 'Ava is in your entry for the registration round of Spring 2027: take Ava out of it first, then delete the profile.'],
  ])('%s', (_why, over, expected) => {
    expect(deletionRefusal(facts(over))).toEqual(expected && { refused: 'failed-precondition', message: expected });
  });
});
