// The money reports a bookkeeper asks for, for one term: payments and refunds by way over a date
// range (for the bank), what families owe by how long it has been due, and the term's billing with
// every code's and financial aid's part. Their figures are the dashboard's, to the cent.
import type { Cents, IsoDate, PaymentMethod } from './domain';

export const AGE_BUCKETS = ['Not due yet', '0–30 days', '31–60 days', '61–90 days', 'Over 90 days'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];

export interface MoneyReport {
  semesterId: string;
  from: IsoDate;
  to: IsoDate;
  /** Payments received in the range (by the day they were recorded, on the school's calendar), by way. */
  payments: { method: PaymentMethod; count: number; amount: Cents }[];
  paymentsTotal: Cents;
  /** Refunds given in the range, by way (to a card, as account credit, by the office). */
  refunds: { method: PaymentMethod; count: number; amount: Cents }[];
  refundsTotal: Cents;
  /** What families owe today, by how long it has been due (from the balance due date, else the day they enrolled). */
  owed: { bucket: AgeBucket; count: number; amount: Cents }[];
  owedTotal: Cents;
  /** The same, by family (its children's names, for the office to open its page): the longest due first, then the most owed. */
  owedBy: { ownerUid: string; children: string[]; count: number; oldest: AgeBucket; amount: Cents }[];
  /** Paid beyond what is billed (the school owes it back): with `owedTotal`, the dashboard's Outstanding. */
  overpaid: Cents;
  /**
   * Each class's share of the term's figures (an enrollment's shared over its classes by what each
   * costs on it; a refund to the classes it cancelled): added up, the term's billing to the cent.
   */
  classes: ClassRevenue[];
  /** The term's billing: what the classes cost before any discount, each code's and the aid's part, and the dashboard's figures. */
  term: {
    beforeDiscounts: Cents;
    codes: { code: string; description: string; checkouts: number; amount: Cents }[];
    aid: Cents;
    billed: Cents;
    paid: Cents;
    refunded: Cents;
    netPaid: Cents;
    outstanding: Cents;
  };
}

export interface ClassRevenue {
  classId: string;
  title: string;
  /** Children enrolled in it now. */
  children: number;
  beforeDiscounts: Cents;
  /**
   * The codes' part (the sibling rule among them) and financial aid's together: a class's aid alone
   * could say which of its few children receives aid (the term's lines say each code and the aid).
   */
  discounts: Cents;
  billed: Cents;
  paid: Cents;
  refunded: Cents;
  netPaid: Cents;
}

/** A payout Stripe made (or is making) to the school's bank: a day's card payments less its fees and that day's refunds. */
export interface StripePayout {
  id: string;
  amount: Cents;
  /** The day it reaches the bank (Stripe's arrival date). */
  arrivesOn: IsoDate;
  status: 'paid' | 'pending' | 'in_transit' | 'canceled' | 'failed';
}
