// Instalment plans, without Firestore or Stripe: which plan a checkout is offered, what the daily job
// charges today, and the plan after a charge went through or was declined (contract/instalments.ts
// for what the family reads).
import type { Cents, ClassRecord, Enrollment, IsoDate, Semester } from '../../../contract/domain';
import { balanceOf } from '../../../contract/money';
import { INSTALMENT_RETRY_DAYS, remainingPayments, splitEvenly, type InstalmentOffer, type Instalments } from '../../../contract/instalments';
import { addDaysIso } from '../../../contract/schedule';
import { STRIPE_MIN_CHARGE } from '../../../contract/constants';
import { no, type Refusal } from './refusal';

/** The same day `months` later (the month's last day when it has fewer). */
export function addMonthsIso(iso: IsoDate, months: number): IsoDate {
  const [y, m, d] = iso.split('-').map(Number);
  const month = m - 1 + months;
  const year = y + Math.floor(month / 12);
  const inYear = ((month % 12) + 12) % 12;
  const last = new Date(Date.UTC(year, inYear + 1, 0)).getUTCDate();
  return `${year}-${String(inYear + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** Monthly dates from today, as many as `payments`, each before the first class meets: the school is paid before the class begins. */
export function planDates(today: IsoDate, payments: number, firstMeeting: IsoDate): IsoDate[] {
  const dates: IsoDate[] = [];
  for (let k = 0; k < payments; k++) {
    const day = addMonthsIso(today, k);
    if (k > 0 && day >= firstMeeting) break;
    dates.push(day);
  }
  return dates;
}

type PlanClass = Pick<ClassRecord, 'semesterId' | 'startDate'>;
type PlanSemester = Pick<Semester, 'instalments'>;

/**
 * The plan a card checkout is offered: when every class's semester offers one (the fewest payments
 * among them), with at least two monthly dates before the first class meets, and every child's every
 * payment at least Stripe's least charge. `firsts`: each child's first payment, in the order given.
 */
export function checkoutInstalments(children: { classes: PlanClass[]; total: Cents }[], semesters: Map<string, PlanSemester>, today: IsoDate): { dates: IsoDate[]; firsts: Cents[]; offer: InstalmentOffer } | null {
  const classes = children.flatMap((c) => c.classes);
  if (!classes.length) return null;
  const offered = classes.map((c) => semesters.get(c.semesterId)?.instalments ?? 0);
  const payments = Math.min(...offered);
  if (payments < 2) return null;
  const firstMeeting = classes.map((c) => c.startDate).sort()[0];
  const dates = planDates(today, payments, firstMeeting);
  if (dates.length < 2) return null;
  const shares = children.map((c) => splitEvenly(c.total, dates.length));
  if (shares.some((s) => s.some((amount) => amount < STRIPE_MIN_CHARGE))) return null;
  return {
    dates,
    firsts: shares.map((s) => s[0]),
    offer: { payments: dates.map((due, i) => ({ due, amount: shares.reduce((sum, s) => sum + s[i], 0) })) },
  };
}

/** The card a plan charges: Stripe's customer and payment method, and how the family knows the card. */
export type PlanCard = Required<Pick<Instalments, 'customer' | 'paymentMethod' | 'card'>>;

/** A new plan's record, paid on its first date once the checkout's page is paid. */
export const newPlan = (dates: IsoDate[]): Instalments => ({ dates, paid: 0 });

/** What the daily job charges a plan today (the next payment, or the one it retries), or nothing. */
export function chargeDue(plan: Instalments, balance: Cents, today: IsoDate): { amount: Cents; index: number; attempt: number } | null {
  if (!plan.nextOn || plan.nextOn > today || !plan.paymentMethod) return null;
  const next = remainingPayments(plan, balance)[0];
  if (!next) return null;
  return { amount: next.amount, index: plan.paid, attempt: plan.failed?.tries ?? 0 };
}

/** The plan once a payment of it went through (by the job, or the family paying it by hand): the next date, if anything is left. */
export function afterPayment(plan: Instalments, balanceAfter: Cents): Instalments {
  const { failed: _failed, officeTold: _told, nextOn: _next, ...rest } = plan;
  const paid = plan.paid + 1;
  const nextOn = balanceAfter > 0 ? plan.dates[paid] : undefined;
  return { ...rest, paid, ...(nextOn ? { nextOn } : {}) };
}

/** The plan once a charge was declined: tried again after the retry days, then the office is told (`told`, and no more tries). */
export function afterDecline(plan: Instalments, today: IsoDate, reason: string, amount: Cents, at: string): { plan: Instalments; told: boolean } {
  const since = plan.failed?.since ?? today;
  const tries = (plan.failed?.tries ?? 0) + 1;
  const { nextOn: _next, ...rest } = plan;
  const failed = { since, tries, reason, amount };
  if (tries <= INSTALMENT_RETRY_DAYS.length) return { plan: { ...rest, failed, nextOn: addDaysIso(since, INSTALMENT_RETRY_DAYS[tries - 1]) }, told: false };
  return { plan: { ...rest, failed, officeTold: at }, told: true };
}

/** The payment a family may pay now by hand: the one that failed (or the office was told of), with its number. */
export function payableNow(e: Enrollment): { index: number; amount: Cents } | Refusal {
  const plan = e.instalments;
  const next = plan && e.status === 'confirmed' && (plan.failed || plan.officeTold) ? remainingPayments(plan, balanceOf(e))[0] : undefined;
  return next ? { index: plan!.paid, amount: next.amount } : no('No monthly payment is waiting to be paid on this enrollment.');
}

/** A plan with nothing left to charge (paid off another way, or every class cancelled): the job stops looking at it. */
export const settled = (plan: Instalments): Instalments => {
  const { nextOn: _next, ...rest } = plan;
  return rest;
};
