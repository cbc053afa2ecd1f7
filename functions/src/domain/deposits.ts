// Deposits (PRODUCT §5): paying part now by card and the rest by the semester's balance due date.
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
  if (!classes.length) return null;
  let amount = 0;
  const dates: IsoDate[] = [];
  for (const c of classes) {
    const semester = semesters.get(c.semesterId);
    const perClass = c.deposit ?? semester?.depositPerClass;
    if (!semester?.balanceDueDate || semester.balanceDueDate <= today || !perClass) return null;
    amount += perClass;
    dates.push(semester.balanceDueDate);
  }
  if (amount >= total) return null;
  return { amount, dueDate: dates.sort()[0] };
}
