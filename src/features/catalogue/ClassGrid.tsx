import type { ReactNode } from 'react';
import type { PublicClass } from '../../../contract/domain';
import { useIncremental } from '../../hooks/useIncremental';

/** Cards rendered with the first paint: more than a wide screen shows above the fold. */
export const FIRST_CARDS = 9;

/** A grid of class cards, rendered a screenful at a time; busy until every card is there. */
export function ClassGrid({ classes, card }: { classes: PublicClass[]; card: (c: PublicClass) => ReactNode }) {
  const count = useIncremental(classes.length, FIRST_CARDS, 18);
  return (
    <div className="class-grid" aria-busy={count < classes.length}>
      {classes.slice(0, count).map(card)}
    </div>
  );
}
