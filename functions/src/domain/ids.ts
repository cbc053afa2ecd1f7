// Document ids made from what a family sent: hashed, so that no key (whatever its characters) names
// another checkout's or another child's document, and a replay is found by its key alone.
import { createHash } from 'node:crypto';

const hashed = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 32);

/** The enrollment ids of a checkout: one per child, the first child's first (the checkout's own). */
export const checkoutIds = (uid: string, idempotencyKey: string, children: number): string[] =>
  Array.from({ length: children }, (_, i) => hashed('checkout', uid, idempotencyKey, String(i)));

/** A checkout's own id: its first enrollment's (one child's enrollment is its own checkout). */
export const checkoutOf = (e: { id: string; checkoutIds?: string[] }) => e.checkoutIds?.[0] ?? e.id;

/** A waitlist entry's id. */
export const waitlistEntryId = (uid: string, idempotencyKey: string) => hashed('waitlist', uid, idempotencyKey);
