import { useMemo, type ReactNode } from 'react';
import type { PublicClass } from '../../../contract/domain';
import { useIncremental } from '../../hooks/useIncremental';

/** Cards rendered with the first paint: more than a wide screen shows above the fold. */
export const FIRST_CARDS = 9;

/**
 * A grid of class cards, rendered a screenful at a time; busy until every card is there. The cards'
 * elements are made once, so each new screenful renders only its own cards: React skips an element it
 * has already rendered (rendering every card again at each step was most of a phone's blocking time).
 */
export function ClassGrid({ classes, card }: { classes: PublicClass[]; card: (c: PublicClass) => ReactNode }) {
  const count = useIncremental(classes.length, FIRST_CARDS, 18);
  const cards = useMemo(() => classes.map(card), [classes, card]);
  return (
    <div className="class-grid" aria-busy={count < classes.length}>
      {cards.slice(0, count)}
    </div>
  );
}
