import type { ClassGroup, PublicClass } from '../../../contract/domain';
import { formatCents } from '../../../contract/format';
import { Button } from '../../components/Button';
import { bundleSaving } from '../../../contract/rules';

/** A bundle: its price, what it saves against the classes' list prices, and "Select all". */
export function GroupCard({
  group,
  classes,
  complete,
  onSelectAll,
}: {
  group: ClassGroup;
  classes: PublicClass[];
  complete: boolean;
  /** Absent while the semester's places are drawn (no first come). */
  onSelectAll?: () => void;
}) {
  const saving = bundleSaving(group, classes);
  // The pricing engine's rule, in the same words as the review's: the lower of the bundle and the prices chosen.
  const sliding = classes.some((c) => c.slidingScale);
  const anyFull = classes.some((c) => c.seatsLeft <= 0);
  return (
    <article className="group-card" aria-labelledby={`group-${group.id}`}>
      <h3 id={`group-${group.id}`}>
        <span className="pi pi-box" aria-hidden="true" /> {group.name}
      </h3>
      <p>
        Bundle price <strong>{formatCents(group.price)}</strong>
        {saving > 0 && <span className="saving"> · save {formatCents(saving)}{sliding && ' on the list prices'}</span>} when you take all {classes.length}:{' '}
        {classes.map((c) => c.title).join(', ')}.
      </p>
      {sliding && <p className="muted">With a sliding-scale price, you pay the lower of the bundle price and the prices you choose.</p>}
      {onSelectAll && (
        <Button variant={complete ? 'outlined' : 'primary'} onClick={onSelectAll} disabled={complete}>
          <span className="pi pi-check-square" aria-hidden="true" />
          <span className="p-button-label">
            {complete ? 'All selected' : anyFull ? 'Join the waitlist for the bundle' : 'Select all'}
            <span className="visually-hidden"> in {group.name}</span>
          </span>
        </Button>
      )}
    </article>
  );
}
