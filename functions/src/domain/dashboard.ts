// The office dashboard's figures for one semester, from its classes and enrollments. Pure.
import type { Cents, ClassRecord, DashboardFigures, Enrollment, PaymentMethod } from '../../../contract/domain';
import { balanceOf, billedOf, netPaidOf, paidOf, refundedOf } from '../../../contract/money';
import { aidOnLines } from '../../../contract/aid';

/** `school`: the whole school's figures, not the semester's (the account credit families hold, what the aid funds hold). */
export function dashboardFigures(semesterId: string, classes: ClassRecord[], all: Enrollment[], school: { creditOwed: Cents; aidFundsHold: Cents }): DashboardFigures {
  const enrollments = all.filter((e) => e.status === 'confirmed');
  const titles = new Map(classes.map((c) => [c.id, c.title]));
  const offered = classes.filter((c) => c.status !== 'draft');
  // Seats a family can take: live classes only (paused and info-only ones are not enrollable).
  const enrollable = classes.filter((c) => c.status === 'live');
  // Money counts cancelled enrollments too (a fee kept or a refund given is money all the same), and
  // a checkout that never completed for the money it took and gave back; a hold in progress apart.
  const settled = all.filter((e) => e.status !== 'pending_payment');
  const held = all.filter((e) => e.status === 'pending_payment');
  const sum = (f: (e: Enrollment) => number) => settled.reduce((s, e) => s + f(e), 0);
  const paidBy = (way: (m: PaymentMethod) => boolean) => sum((e) => paidOf({ payments: e.payments.filter((p) => way(p.method)) }));
  return {
    semesterId,
    enrollments: enrollments.length,
    students: new Set(enrollments.map((e) => e.studentId)).size,
    seatsFilled: enrollable.reduce((s, c) => s + c.enrolledCount, 0),
    capacity: enrollable.reduce((s, c) => s + c.capacity, 0),
    billed: sum(billedOf),
    paid: sum(paidOf),
    paidByCard: paidBy((m) => m === 'card'),
    paidAtOffice: paidBy((m) => m !== 'card' && m !== 'credit'),
    paidFromCredit: paidBy((m) => m === 'credit'),
    creditOwed: school.creditOwed,
    // Financial aid given on the semester's enrollments (its lines), and what the funds hold for more.
    aidGiven: sum((e) => (e.status === 'expired' ? 0 : aidOnLines(e.discounts))),
    aidFundsHold: school.aidFundsHold,
    heldCheckouts: held.length,
    heldAmount: held.reduce((s, e) => s + (e.hold?.amount ?? e.total), 0),
    refunded: sum(refundedOf),
    netPaid: sum(netPaidOf),
    outstanding: sum(balanceOf),
    waiting: offered.reduce((s, c) => s + (c.waiting ?? 0), 0),
    classes: offered
      .map((c) => ({ id: c.id, title: c.title, enrolled: c.enrolledCount, capacity: c.capacity, status: c.status, waiting: c.waiting ?? 0 }))
      .sort((a, b) => a.title.localeCompare(b.title)),
    recent: [...enrollments]
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .slice(0, 10)
      .map((e) => ({
        id: e.id,
        studentName: e.studentName,
        total: e.total,
        balance: e.balance,
        createdAt: e.createdAt,
        classTitles: e.classIds.map((cid) => titles.get(cid) ?? cid),
      })),
  };
}
