// Deposits: paying part now by card and the rest by the semester's balance due date.
// Pure: the price preview shows the plan and `enroll` holds the seats for exactly this amount.
import type { Cents, ClassRecord, DepositPlan, IsoDate, Semester } from '../../../contract/domain';

type DepositClass = Pick<ClassRecord, 'semesterId' | 'deposit'>;
type DepositSemester = Pick<Semester, 'depositPerClass' | 'balanceDueDate'>;

/** The balance due date of an enrollment in these semesters: the earliest still ahead, else none (due now). */
export function balanceDueDateOf(semesters: DepositSemester[], today: IsoDate): IsoDate | undefined {
  return semesters
    .map((s) => s.balanceDueDate)
    .filter((d): d is IsoDate => !!d && d > today)
    .sort()[0];
}

/**
 * The deposit for a basket: each class's deposit (its own, else its semester's per-class deposit),
 * capped at the total. Offered only when every class has one and every semester's balance due date is
 * still ahead; null when there is nothing to split (no deposit, or it would be the whole total).
 */
export function depositPlan(classes: DepositClass[], semesters: Map<string, DepositSemester>, total: Cents, today: IsoDate): DepositPlan | null {
  return checkoutDeposit([{ classes, total }], semesters, today)?.plan ?? null;
}

/**
 * The deposit for a checkout of several children: each child's classes' deposits, capped at that
 * child's total (`amounts`, in the order given), offered on the same terms as for one child.
 */
export function checkoutDeposit(children: { classes: DepositClass[]; total: Cents }[], semesters: Map<string, DepositSemester>, today: IsoDate): { plan: DepositPlan; amounts: Cents[] } | null {
  const dates: IsoDate[] = [];
  const amounts: Cents[] = [];
  for (const child of children) {
    if (!child.classes.length) return null;
    let amount = 0;
    for (const c of child.classes) {
      const semester = semesters.get(c.semesterId);
      const perClass = c.deposit ?? semester?.depositPerClass;
      if (!semester?.balanceDueDate || semester.balanceDueDate <= today || !perClass) return null;
      amount += perClass;
      dates.push(semester.balanceDueDate);
    }
    amounts.push(Math.min(amount, child.total));
  }
  const amount = amounts.reduce((a, b) => a + b, 0);
  if (amount >= children.reduce((sum, c) => sum + c.total, 0)) return null;
  return { plan: { amount, dueDate: dates.sort()[0] }, amounts };
}
