// An enrollment's money, the same in the office's table, the family's page and the functions.
import type { Cents, Enrollment } from './domain';

export const paidOf = (e: Pick<Enrollment, 'payments'>): Cents => e.payments.reduce((sum, p) => sum + p.amount, 0);
export const refundedOf = (e: Pick<Enrollment, 'cancellations'>): Cents => (e.cancellations ?? []).reduce((sum, c) => sum + c.refund, 0);
export const feesOf = (e: Pick<Enrollment, 'cancellations'>): Cents => (e.cancellations ?? []).reduce((sum, c) => sum + c.fee, 0);

/** What the family still owes: total − payments + refunds. */
export const balanceOf = (e: Pick<Enrollment, 'total' | 'payments' | 'cancellations'>): Cents => e.total - paidOf(e) + refundedOf(e);
