// The audit trail: entries written in the transaction of the action they record, only
// ever created (never set, updated or deleted: no callable can, and the client rules deny everything).
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'firebase-admin/firestore';
import type { AuditEntry } from '../../../contract/audit';
import { addDaysIso } from '../../../contract/schedule';
import { auditMatches, type AuditFilter } from '../domain/audit';
import { COLLECTIONS, db, getByIds } from './db';
import { accountEmails } from './familyMail';

/** Who acts: the caller's account and roles ('family' for a family), and the call's request id. */
export interface Actor {
  uid: string;
  email: string | null;
  roles: string[];
  requestId: string;
}

/** Stripe, confirming a card payment by its webhook (the event id stands for the request). */
export const stripeActor = (eventId: string): Actor => ({ uid: 'stripe', email: null, roles: ['stripe'], requestId: eventId });

/** How an actor is named on the records it writes (payments, cancellations): the email, else the id. */
export const actorName = (actor: Actor) => actor.email ?? actor.uid;

export type AuditFacts = Omit<AuditEntry, 'id' | 'at' | 'by' | 'requestId' | 'fields' | 'studentId' | 'studentName'> &
  Partial<Pick<AuditEntry, 'fields' | 'studentId' | 'studentName'>>;

function entryOf(actor: Actor, facts: AuditFacts, at: Date): AuditEntry {
  const ref = db().collection(COLLECTIONS.audit).doc();
  return {
    id: ref.id,
    at: at.toISOString(),
    by: { uid: actor.uid, email: actor.email, roles: actor.roles },
    requestId: actor.requestId || randomUUID(),
    fields: [],
    studentId: null,
    studentName: null,
    ...facts,
  };
}

/** Writes the entry in the action's transaction: if the action fails, no entry exists. */
export function auditInTx(tx: Transaction, actor: Actor, facts: AuditFacts, at = new Date()): void {
  const entry = entryOf(actor, facts, at);
  tx.create(db().collection(COLLECTIONS.audit).doc(entry.id), entry);
}

/** Entries for what was only read (a roster opened): written together, after the read succeeded. */
export async function auditReads(actor: Actor, facts: AuditFacts[], at = new Date()): Promise<void> {
  if (!facts.length) return;
  const batch = db().batch();
  for (const f of facts) {
    const entry = entryOf(actor, f, at);
    batch.create(db().collection(COLLECTIONS.audit).doc(entry.id), entry);
  }
  await batch.commit();
}

/** Entries shown at once; the office narrows the filters to see older ones. */
export const AUDIT_PAGE = 500;
/** Entries read for one search at most (newest first), before the filters in memory. */
const AUDIT_SCAN = 5000;

/** The entries matching the filters, newest first. Dates bound the query (a day wider, for the time zone); the rest is filtered here. */
export async function searchAudit(filter: AuditFilter): Promise<{ entries: AuditEntry[]; more: boolean }> {
  let query = db().collection(COLLECTIONS.audit).orderBy('at', 'desc');
  if (filter.to) query = query.where('at', '<', addDaysIso(filter.to, 2));
  if (filter.from) query = query.where('at', '>=', addDaysIso(filter.from, -1));
  const snap = await query.limit(AUDIT_SCAN).get();
  const matching = snap.docs.map((d) => d.data() as AuditEntry).filter((e) => auditMatches(e, filter));
  return { entries: await withRecordNames(matching.slice(0, AUDIT_PAGE)), more: matching.length > AUDIT_PAGE || snap.size === AUDIT_SCAN };
}

/** The office reads names, not ids: a class's title (as it is now), a staff member's email, a round's semester. */
async function withRecordNames(entries: AuditEntry[]): Promise<AuditEntry[]> {
  const idsOf = (type: AuditEntry['record']['type']) => [...new Set(entries.filter((e) => e.record.type === type).map((e) => e.record.id))];
  const [classes, staff, semesters] = await Promise.all([getByIds('classes', idsOf('class'), ['title']), accountEmails(idsOf('staff')), getByIds('semesters', idsOf('round'), ['name'])]);
  const names = { class: new Map(classes.found.map((c) => [c.id, c.title])), staff, round: new Map(semesters.found.map((s) => [s.id, s.name])) };
  return entries.map((e) => {
    const name = e.record.type === 'class' || e.record.type === 'staff' || e.record.type === 'round' ? names[e.record.type].get(e.record.id) : undefined;
    return name ? { ...e, recordName: name } : e;
  });
}
