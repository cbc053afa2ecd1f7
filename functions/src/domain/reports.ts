// The money reports, from the term's enrollments as read. Pure. The same enrollments and the same
// money functions as the dashboard (contract/money.ts): enrollments being paid by card are left out
// until they settle, a card checkout never completed bills nothing.
import { AID_CODE, aidOnLines } from '../../../contract/aid';
import type { Cents, Enrollment, IsoDate, PaymentMethod } from '../../../contract/domain';
import { balanceOf, billedOf, cardRefundedBy, netPaidOf, paidOf, refundedOf } from '../../../contract/money';
import { AGE_BUCKETS, type AgeBucket, type MoneyReport } from '../../../contract/reports';
import { addDaysIso } from '../../../contract/schedule';

/** Which bucket a balance due on `due` falls in today. */
export function ageBucket(due: IsoDate, today: IsoDate): AgeBucket {
  if (due > today) return 'Not due yet';
  const days = [30, 60, 90].findIndex((n) => addDaysIso(due, n) >= today);
  return days < 0 ? 'Over 90 days' : AGE_BUCKETS[days + 1];
}

/** Adds `amount` to the row of `key`, counting one. */
function tally<K extends string>(rows: Map<K, { count: number; amount: Cents }>, key: K, amount: Cents) {
  const row = rows.get(key) ?? { count: 0, amount: 0 };
  rows.set(key, { count: row.count + 1, amount: row.amount + amount });
}

export function moneyReport(f: { semesterId: string; enrollments: Enrollment[]; from: IsoDate; to: IsoDate; today: IsoDate; dayOf: (moment: string) => IsoDate }): MoneyReport {
  const settled = f.enrollments.filter((e) => e.status !== 'pending_payment');
  const inRange = (moment: string) => {
    const day = f.dayOf(moment);
    return day >= f.from && day <= f.to;
  };
  const payments = new Map<PaymentMethod, { count: number; amount: Cents }>();
  const refunds = new Map<PaymentMethod, { count: number; amount: Cents }>();
  for (const e of settled) {
    for (const p of e.payments) if (!p.voided && inRange(p.at)) tally(payments, p.method, p.amount);
    for (const c of e.cancellations ?? []) {
      if (!c.refund || !inRange(c.at)) continue;
      const toCard = cardRefundedBy(c);
      if (toCard) tally(refunds, 'card', toCard);
      if (c.refund - toCard) tally(refunds, c.refundMethod && c.refundMethod !== 'card' ? c.refundMethod : 'other', c.refund - toCard);
    }
    // A card payment given back whole (no seat left, paid twice, or refunded in Stripe's dashboard).
    for (const r of e.cardRefunds ?? []) if (inRange(r.at)) tally(refunds, 'card', r.amount);
  }
  const owed = new Map<AgeBucket, { count: number; amount: Cents }>();
  let overpaid = 0;
  for (const e of settled) {
    const balance = balanceOf(e);
    if (balance > 0) tally(owed, ageBucket(e.balanceDueDate ?? f.dayOf(e.createdAt), f.today), balance);
    else overpaid += balance;
  }
  const codes = new Map<string, { code: string; description: string; checkouts: Set<string>; amount: Cents }>();
  const billing = settled.filter((e) => e.status !== 'expired');
  const aid = billing.reduce((s, e) => s + aidOnLines(e.discounts), 0);
  for (const e of billing) {
    for (const d of e.discounts) {
      if (d.code === AID_CODE) continue;
      const row = codes.get(d.code) ?? { code: d.code, description: d.description, checkouts: new Set<string>(), amount: 0 };
      row.checkouts.add(e.checkoutIds?.[0] ?? e.id);
      row.amount += d.amount;
      codes.set(d.code, row);
    }
  }
  const sum = (of: (e: Enrollment) => Cents) => settled.reduce((s, e) => s + of(e), 0);
  const rows = <K extends string>(m: Map<K, { count: number; amount: Cents }>, name: 'method' | 'bucket') => [...m].map(([key, r]) => ({ [name]: key, ...r }));
  const total = (m: Map<string, { amount: Cents }>) => [...m.values()].reduce((s, r) => s + r.amount, 0);
  return {
    semesterId: f.semesterId,
    from: f.from,
    to: f.to,
    payments: rows(payments, 'method') as MoneyReport['payments'],
    paymentsTotal: total(payments),
    refunds: rows(refunds, 'method') as MoneyReport['refunds'],
    refundsTotal: total(refunds),
    owed: AGE_BUCKETS.flatMap((bucket) => (owed.has(bucket) ? [{ bucket, ...owed.get(bucket)! }] : [])),
    owedTotal: total(owed),
    overpaid,
    term: {
      beforeDiscounts: billing.reduce((s, e) => s + billedOf(e) + e.discounts.reduce((x, d) => x + d.amount, 0), 0),
      codes: [...codes.values()].map((c) => ({ code: c.code, description: c.description, checkouts: c.checkouts.size, amount: c.amount })).sort((a, b) => b.amount - a.amount || a.code.localeCompare(b.code)),
      aid,
      billed: sum(billedOf),
      paid: sum(paidOf),
      refunded: sum(refundedOf),
      netPaid: sum(netPaidOf),
      outstanding: sum(balanceOf),
    },
  };
}
