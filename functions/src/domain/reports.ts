// The money reports, from the term's enrollments as read. Pure. The same enrollments and the same
// money functions as the dashboard (contract/money.ts): enrollments being paid by card are left out
// until they settle, a card checkout never completed bills nothing.
import { AID_CODE, aidOnLines } from '../../../contract/aid';
import type { Cents, Enrollment, IsoDate, PaymentMethod } from '../../../contract/domain';
import { balanceOf, billedOf, cardRefundedBy, lineTotalOf, netPaidOf, paidOf, refundedOf } from '../../../contract/money';
import { AGE_BUCKETS, type AgeBucket, type ClassRevenue, type MoneyReport } from '../../../contract/reports';
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

/**
 * `amount` shared over the keys by their weights, to the cent: each gets its share rounded down, and
 * the cents left go to the largest remainders (the first key on a tie). Equal shares when no weight.
 */
export function apportion(amount: Cents, weights: [string, number][]): Map<string, Cents> {
  const total = weights.reduce((s, [, w]) => s + w, 0);
  const used = total > 0 ? weights : weights.map(([k]): [string, number] => [k, 1]);
  const sum = total > 0 ? total : used.length;
  const sign = amount < 0 ? -1 : 1;
  const exact = used.map(([k, w]) => [k, (Math.abs(amount) * w) / sum] as const);
  const shares = new Map(exact.map(([k, x]) => [k, Math.floor(x)]));
  let left = Math.abs(amount) - [...shares.values()].reduce((s, x) => s + x, 0);
  for (const [k] of [...exact].sort((a, b) => b[1] - Math.floor(b[1]) - (a[1] - Math.floor(a[1])))) {
    if (left <= 0) break;
    shares.set(k, shares.get(k)! + 1);
    left--;
  }
  return new Map([...shares].map(([k, x]) => [k, sign * x]));
}

/** What each class of an enrollment costs on it (its line, a bundle's share by its members' prices, add-ons with their class): the weights its figures are shared by. */
function classWeights(e: Enrollment): [string, number][] {
  const weights = new Map<string, number>(e.classIds.map((c) => [c, 0]));
  for (const line of e.lineItems) {
    const add = (classId: string, amount: number) => weights.has(classId) && weights.set(classId, weights.get(classId)! + amount);
    if (line.kind === 'class') add(line.id, lineTotalOf(line));
    else {
      const members = line.members ?? line.classIds.map((classId) => ({ classId, price: 1 }));
      for (const [classId, share] of apportion(lineTotalOf(line), members.map((m) => [m.classId, m.price]))) add(classId, share);
    }
  }
  // Cancelled whole: what it still bills (a fee kept) is the cancelled classes'.
  if (!weights.size) for (const c of (e.cancellations ?? []).at(-1)?.classIds ?? []) weights.set(c, 1);
  return [...weights];
}

/** Each class's share of the enrollments' figures; added up, the term's. */
export function classRevenue(enrollments: Enrollment[]): ClassRevenue[] {
  const rows = new Map<string, ClassRevenue>();
  const row = (classId: string, title: string) => {
    if (!rows.has(classId)) rows.set(classId, { classId, title, children: 0, beforeDiscounts: 0, discounts: 0, billed: 0, paid: 0, refunded: 0, netPaid: 0 });
    return rows.get(classId)!;
  };
  for (const e of enrollments) {
    const titles = new Map<string, string>([
      ...(e.cancellations ?? []).flatMap((c) => c.classIds.map((id, i): [string, string] => [id, c.classTitles[i] ?? id])),
      ...e.lineItems.flatMap((l): [string, string][] => (l.kind === 'class' ? [[l.id, l.title]] : (l.members ?? []).map((m): [string, string] => [m.classId, m.title]))),
    ]);
    const weights = classWeights(e);
    const shareOf = (amount: Cents) => apportion(amount, weights);
    // A card checkout never completed bills nothing, nor takes any code or aid.
    const discounts = e.status === 'expired' ? 0 : e.discounts.reduce((s, d) => s + d.amount, 0);
    // A cancellation's refund is its classes'; a card payment given back whole is shared like the rest.
    const refunds = new Map<string, Cents>();
    for (const c of e.cancellations ?? []) for (const [k, x] of apportion(c.refund, c.classIds.map((id) => [id, 1]))) refunds.set(k, (refunds.get(k) ?? 0) + x);
    for (const [k, x] of shareOf((e.cardRefunds ?? []).reduce((s, r) => s + r.amount, 0))) refunds.set(k, (refunds.get(k) ?? 0) + x);
    const parts = { billed: shareOf(billedOf(e)), discounts: shareOf(discounts), paid: shareOf(paidOf(e)) };
    for (const classId of new Set([...weights.map(([k]) => k), ...refunds.keys()])) {
      const r = row(classId, titles.get(classId) ?? classId);
      const billed = parts.billed.get(classId) ?? 0;
      const paid = parts.paid.get(classId) ?? 0;
      const refunded = refunds.get(classId) ?? 0;
      if (e.status !== 'expired' && e.status !== 'cancelled' && e.classIds.includes(classId)) r.children++;
      r.billed += billed;
      r.discounts += parts.discounts.get(classId) ?? 0;
      r.beforeDiscounts += billed + (parts.discounts.get(classId) ?? 0);
      r.paid += paid;
      r.refunded += refunded;
      r.netPaid += paid - refunded;
    }
  }
  return [...rows.values()].sort((a, b) => a.title.localeCompare(b.title) || a.classId.localeCompare(b.classId));
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
  const owedBy = new Map<string, MoneyReport['owedBy'][number]>();
  let overpaid = 0;
  for (const e of settled) {
    const balance = balanceOf(e);
    if (balance <= 0) {
      overpaid += balance;
      continue;
    }
    const bucket = ageBucket(e.balanceDueDate ?? f.dayOf(e.createdAt), f.today);
    tally(owed, bucket, balance);
    const family = owedBy.get(e.ownerUid) ?? { ownerUid: e.ownerUid, children: [], count: 0, oldest: bucket, amount: 0 };
    if (!family.children.includes(e.studentName)) family.children.push(e.studentName);
    if (AGE_BUCKETS.indexOf(bucket) > AGE_BUCKETS.indexOf(family.oldest)) family.oldest = bucket;
    family.count++;
    family.amount += balance;
    owedBy.set(e.ownerUid, family);
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
    owedBy: [...owedBy.values()]
      .map((o) => ({ ...o, children: o.children.sort((a, b) => a.localeCompare(b)) }))
      .sort((a, b) => AGE_BUCKETS.indexOf(b.oldest) - AGE_BUCKETS.indexOf(a.oldest) || b.amount - a.amount || a.ownerUid.localeCompare(b.ownerUid)),
    overpaid,
    classes: classRevenue(settled),
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
