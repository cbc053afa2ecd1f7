// What a family may see of its own enrollment: built field by field, so office notes,
// staff addresses, the office's flags and Stripe's payment ids never reach the browser.
import type { CardRefund, Enrollment, FamilyCardRefund, FamilyEnrollment } from '../../../contract/domain';
import type { FamilyInstalments, Instalments } from '../../../contract/instalments';

const refundView = (r: CardRefund): FamilyCardRefund => ({ amount: r.amount, refundId: r.refundId, last4: r.last4, reason: r.reason, ...(r.kind ? { kind: r.kind } : {}), ...(r.sessionId ? { sessionId: r.sessionId } : {}), at: r.at, ...(r.failed ? { failed: r.failed } : {}) });

const familyPlan = ({ customer: _customer, paymentMethod: _method, ...plan }: Instalments): FamilyInstalments => plan;

export function familyView(e: Enrollment): FamilyEnrollment {
  const { payments, cancellations, cardRefunds, flag: _flag, countedDiscountIds: _counted, instalments, officeDiscounts: _byHand, ...rest } = e;
  return {
    ...rest,
    // A monthly plan without Stripe's customer and card ids.
    ...(instalments ? { instalments: familyPlan(instalments) } : {}),
    payments: payments.map((p) => ({
      ...(p.id !== undefined ? { id: p.id } : {}),
      amount: p.amount,
      method: p.method,
      at: p.at,
      ...(p.voided ? { voided: true } : {}),
      ...(p.card ? { card: { brand: p.card.brand, last4: p.card.last4, ...(p.card.sessionId ? { sessionId: p.card.sessionId } : {}) } } : {}),
    })),
    ...(cardRefunds ? { cardRefunds: cardRefunds.map(refundView) } : {}),
    ...(cancellations
      ? {
          cancellations: cancellations.map((c) => ({
            classIds: c.classIds,
            classTitles: c.classTitles,
            refund: c.refund,
            fee: c.fee,
            ...(c.refundMethod ? { refundMethod: c.refundMethod } : {}),
            ...(c.movedTo ? { movedTo: c.movedTo } : {}),
            at: c.at,
            ...(c.cardRefunds ? { cardRefunds: c.cardRefunds.map(refundView) } : {}),
          })),
        }
      : {}),
  };
}
