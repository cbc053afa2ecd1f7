import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planRosterSeats, type SeededEntry } from '../../scripts/demo/seats';
import { classLedgerProblems, seatId, type Seat } from '../../functions/src/domain/seats';

const AT = '2026-12-03T10:00:00.000Z';
const entry = (studentId: string, extra: Partial<SeededEntry> = {}): SeededEntry => ({ studentId, enrollmentId: `e-${studentId}`, ownerUid: 'family', ...extra });
const taken = (studentId: string): Seat => ({ state: 'taken', classId: 'c', enrollmentId: `e-${studentId}`, studentId, ownerUid: 'family', at: AT });

/** The class's seats and roster once the plan is written, as the seat ledger's invariants read them. */
function written(capacity: number, roster: SeededEntry[], seats: Map<string, Seat>) {
  const plan = planRosterSeats({ id: 'c', capacity }, roster, seats, AT);
  const after = new Map(seats);
  for (const id of plan.gone) after.delete(id);
  for (const [id, seat] of plan.made) after.set(id, seat);
  const entries = roster.map((e) => ({ ...e, seat: plan.seatOf.get(e.studentId) }));
  return { plan, problems: classLedgerProblems({ id: 'c', capacity, enrolledCount: plan.enrolledCount }, after, entries) };
}

describe('the seeds give each roster entry its seat', () => {
  it('on a class without seats: the first numbers in order, held while a hold lasts, the count following the roster', () => {
    const { plan, problems } = written(3, [entry('ava'), entry('ben', { holdExpiresAt: '2026-12-03T10:30:00.000Z' })], new Map());
    expect(plan.made).toEqual([
      [seatId(0), { state: 'taken', classId: 'c', enrollmentId: 'e-ava', studentId: 'ava', ownerUid: 'family', at: AT }],
      [seatId(1), { state: 'held', classId: 'c', enrollmentId: 'e-ben', studentId: 'ben', ownerUid: 'family', until: '2026-12-03T10:30:00.000Z', at: AT }],
    ]);
    expect([plan.gone, plan.enrolledCount, problems]).toEqual([[], 2, []]);
  });

  it('seeded again: a child keeps its seat, a seat whose child left the roster is given back, and a new child takes a free one', () => {
    const seats = new Map([[seatId(0), taken('gone')], [seatId(1), taken('ava')]]);
    const { plan, problems } = written(3, [entry('ava'), entry('cleo')], seats);
    expect(plan.seatOf).toEqual(new Map([['ava', seatId(1)], ['cleo', seatId(0)]]));
    // Seat 0 is given back and taken by Cleo: written once, never removed after.
    expect(plan.gone).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('whatever the roster and the seats already there, the class agrees with the seat ledger afterwards', () => {
    const student = fc.constantFrom('a', 'b', 'c', 'd', 'e');
    fc.assert(
      fc.property(fc.uniqueArray(student, { maxLength: 4 }), fc.uniqueArray(student, { maxLength: 4 }), fc.boolean(), (onRoster, seated, hold) => {
        const seats = new Map(seated.map((s, i) => [seatId(i), taken(s)]));
        const roster = onRoster.map((s, i) => entry(s, hold && i === 0 ? { holdExpiresAt: '2026-12-03T10:30:00.000Z' } : {}));
        const { problems, plan } = written(4, roster, seats);
        // A child already seated is never moved, and nobody holds two seats.
        for (const s of onRoster) if (seated.includes(s)) expect(plan.seatOf.get(s)).toBe(seatId(seated.indexOf(s)));
        expect(new Set(plan.seatOf.values()).size).toBe(plan.seatOf.size);
        expect(problems).toEqual([]);
      }),
    );
  });
});
