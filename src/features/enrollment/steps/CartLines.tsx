// The review step's prices: one child's classes as today, or each child of the checkout under their
// name (the sibling rule a line of the child it applies to), then the total of them all.
import type { CartQuote, Problem } from '../../../../contract/domain';
import { andList, formatCents } from '../../../../contract/format';
import { PriceTable } from '../../../components/PriceTable';

export function CartLines({ quote, names, onRemove }: { quote: CartQuote; names: Map<string, string>; /** Takes a waiting child out of the checkout (not the one on the steps). */ onRemove: (studentId: string) => void }) {
  if (quote.children.length === 1) {
    return (
      <>
        <PriceTable priced={quote.children[0]} caption="Classes and prices" />
        <PriceNotes notes={quote.children[0].notes} />
      </>
    );
  }
  // In the order the family added them (the engine's order is by price).
  const children = [...names.keys()].flatMap((id) => quote.children.filter((c) => c.studentId === id));
  const last = [...names.keys()].at(-1);
  return (
    <>
      {children.map((child) => (
        <section key={child.studentId} className="cart-child" aria-labelledby={`cart-${child.studentId}`}>
          <div className="cart-child-head">
            <h2 id={`cart-${child.studentId}`}>{names.get(child.studentId)}</h2>
            {child.studentId !== last && (
              <button type="button" className="link-button" onClick={() => onRemove(child.studentId)}>
                Remove {names.get(child.studentId)?.split(' ')[0]} from this checkout
              </button>
            )}
          </div>
          <PriceTable priced={child} caption={`Classes and prices for ${names.get(child.studentId)}`} />
          <PriceNotes notes={child.notes} />
        </section>
      ))}
      <p className="cart-total">
        <span>Total for {andList([...names.values()].map((n) => n.split(' ')[0]))}</span> <strong>{formatCents(quote.total)}</strong>
      </p>
    </>
  );
}

/** What the family should know about a price, under its table (a bundle price not used, and why). */
function PriceNotes({ notes }: { notes: Problem[] }) {
  return notes.map((n) => (
    <p key={n.about} className="price-note">
      <span className="pi pi-info-circle" aria-hidden="true" /> {n.message}
    </p>
  ));
}
