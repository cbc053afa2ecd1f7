// What the server handed to the office instead of a class's record, shown on the phone until the
// instructor says they have seen it (the child named, what it was, why); and, for a class that is no
// longer this person's, what they recorded for it and did not send: sent now, and held for the office.
import type { FieldSync } from './useFieldSync';
import { useFieldSync } from './useFieldSync';

export function FieldNotices({ field }: { field: Pick<FieldSync, 'notices' | 'seen'> }) {
  if (!field.notices.length) return null;
  return (
    <div className="field-notices" role="alert" aria-labelledby="field-notices-title">
      <h3 id="field-notices-title">Handed to the office, not on the class’s record</h3>
      <ul className="plain-list">
        {field.notices.map((n) => (
          <li key={n.id}>
            <strong>{n.child}</strong> — {n.what}. {n.reason}{' '}
            <button type="button" className="link-button" onClick={() => field.seen(n.id)}>
              I have seen it <span className="visually-hidden">({n.child}: {n.what})</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A class that is no longer this person's: what waits on the phone for it goes to the office. */
export function HandOver({ classId }: { classId: string }) {
  const field = useFieldSync(classId, undefined);
  if (!field.waiting.length && !field.notices.length) return null;
  return (
    <section className="attendance" aria-labelledby="handover-title">
      <h2 id="handover-title">Records from this phone</h2>
      <p role="status">
        {field.waiting.length
          ? `${field.waiting.length} waiting to be handed to the office${field.isPending ? '…' : ''}: they go when the signal allows.`
          : 'Everything recorded on this phone for this class is with the office.'}
      </p>
      <FieldNotices field={field} />
    </section>
  );
}
