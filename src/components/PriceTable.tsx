import type { ReactNode } from 'react';
import type { AppliedDiscount, Cents, LineItem } from '../../contract/domain';
import { formatCents } from '../../contract/format';
import { discountBasis, discountName, feesOf, lineTotalOf, separatelyOf } from '../../contract/money';

export interface PricedLines {
  lineItems: LineItem[];
  discounts: AppliedDiscount[];
  subtotal: Cents;
  total: Cents;
  /** An enrollment's cancellations: a fee kept is part of its total. */
  cancellations?: readonly { fee: Cents }[];
}

/**
 * The itemised price the receipt email has: each class or bundle (a bundle with its classes and what
 * they cost separately at the chosen prices), add-ons, subtotal, each discount and the total. The
 * review step, the success page and My Enrollments show the same lines.
 */
export function PriceTable({ priced, caption, details, after }: { priced: PricedLines; caption: string; details?: (line: LineItem) => ReactNode; after?: ReactNode }) {
  const fees = feesOf(priced);
  // After a cancellation the classes kept are repriced, but never above what was charged for them.
  const held = priced.cancellations?.length ? priced.total - (priced.subtotal - priced.discounts.reduce((sum, d) => sum + d.amount, 0) + fees) : 0;
  return (
    <table className="price-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col" className="num">
            Price
          </th>
        </tr>
      </thead>
      <tbody>
        {priced.lineItems.map((l) => (
          <tr key={l.kind + l.id}>
            <td>
              <strong>{l.title}</strong>
              {l.kind === 'group' && <div className="muted">Bundle price {formatCents(l.price)} (separately {formatCents(separatelyOf(l))})</div>}
              {l.kind === 'class' && l.price !== l.listPrice && (
                <div className="muted">
                  Your sliding-scale price {formatCents(l.price)} (full price {formatCents(l.listPrice)})
                </div>
              )}
              {details?.(l)}
              {l.addOns.map((a) => (
                <div key={a.id} className="muted">
                  + {a.description} ({formatCents(a.price)})
                </div>
              ))}
            </td>
            <td className="num">{formatCents(lineTotalOf(l))}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Subtotal</th>
          <td className="num">{formatCents(priced.subtotal)}</td>
        </tr>
        {priced.discounts.map((d) => (
          <tr key={d.code}>
            <th scope="row">
              {discountName(d)}
              {discountBasis(d)}
            </th>
            <td className="num">−{formatCents(d.amount)}</td>
          </tr>
        ))}
        {fees > 0 && (
          <tr>
            <th scope="row">Cancellation fee kept</th>
            <td className="num">+{formatCents(fees)}</td>
          </tr>
        )}
        {held < 0 && (
          <tr>
            <th scope="row">Kept at the price first charged</th>
            <td className="num">−{formatCents(-held)}</td>
          </tr>
        )}
        <tr className="total-row">
          <th scope="row">Total</th>
          <td className="num">{formatCents(priced.total)}</td>
        </tr>
        {after}
      </tfoot>
    </table>
  );
}
