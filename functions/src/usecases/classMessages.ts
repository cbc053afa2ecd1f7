// The office speaks to a class: one email per family with a child enrolled in any of the
// classes (to the account, and the guardians if it asked), and the message kept with who sent it.
import { createHash, randomUUID } from 'node:crypto';
import type { ClassMessage, Enrollment } from '../../../contract/domain';
import { classMessageMail } from '../mail/family';
import { outboxRef } from '../mail/outbox';
import { actorName, type Actor } from '../data/audit';
import { chunks, db, getByIds, notFound, records } from '../data/db';
import { accountEmails, recipientsOf } from '../data/familyMail';

/** The confirmed enrollments holding any of these classes. */
async function enrollmentsOf(classIds: string[]): Promise<Enrollment[]> {
  const parts = await Promise.all(chunks(classIds, 30).map((part) => records('enrollments').where('classIds', 'array-contains-any', part).get()));
  const byId = new Map(parts.flatMap((p) => p.docs.map((d) => [d.id, d.data()] as const)));
  return [...byId.values()].filter((e) => e.status === 'confirmed');
}

/**
 * Previews or sends the office's message. A send is named by the sender and its key: sent again (a
 * retry, a double click), it writes no second message, and mails only the families a broken first
 * attempt had not reached (each family's email is named by the message and the family).
 */
export async function emailClasses(input: { classIds: string[]; subject: string; body: string; send: boolean; toGuardians?: boolean; idempotencyKey?: string }, actor: Actor, portal: string) {
  const { found } = await getByIds('classes', input.classIds);
  if (!found.length) throw notFound('These classes');
  const titles = found.map((c) => c.title);
  const message = classMessageMail(input.subject, input.body, titles, portal);
  const enrollments = await enrollmentsOf(found.map((c) => c.id));
  const [students, accounts] = await Promise.all([
    getByIds('students', enrollments.map((e) => e.studentId)).then(({ found: list }) => new Map(list.map((s) => [s.id, s]))),
    accountEmails(enrollments.map((e) => e.ownerUid)),
  ]);
  // One email per family: its addresses from all its children's enrollments in these classes.
  const byFamily = new Map<string, Set<string>>();
  // The guardians' addresses too when the office asks (families enrolled by the office may have no account).
  for (const e of enrollments) {
    const to = recipientsOf(input.toGuardians ? { ...e, copyGuardians: true } : e, students.get(e.studentId), accounts);
    byFamily.set(e.ownerUid, new Set([...(byFamily.get(e.ownerUid) ?? []), ...to]));
  }
  const families = [...byFamily].filter(([, to]) => to.size > 0);
  // Families with no address to write to: the office is told how many, and why.
  const unreachable = byFamily.size - families.length;
  const preview = { subject: message.subject, text: message.text };
  if (!input.send) return { families: families.length, unreachable, preview, message: null };
  const sentBy = actorName(actor);
  const key = input.idempotencyKey ?? randomUUID();
  const ref = records('classMessages').doc(createHash('sha256').update(JSON.stringify([sentBy, key])).digest('hex').slice(0, 32));
  const earlier = (await ref.get()).data();
  const kept: ClassMessage = earlier ?? {
    id: ref.id,
    classIds: found.map((c) => c.id),
    classTitles: titles,
    subject: input.subject,
    body: input.body,
    sentBy,
    sentAt: new Date().toISOString(),
    families: families.length,
  };
  for (const part of chunks(families, 400)) {
    const mails = part.map(([uid, to]) => [outboxRef('class-message', `${ref.id}_${uid}`), to] as const);
    const written = await db().getAll(...mails.map(([doc]) => doc));
    const batch = db().batch();
    mails.forEach(([doc, to], i) => {
      if (!written[i].exists) batch.create(doc, { kind: 'class-message', to: [...to], message, classMessageId: ref.id });
    });
    await batch.commit();
  }
  // Kept once every family's email is written: the list never shows a message that did not go out.
  if (!earlier) await ref.set(kept);
  return { families: kept.families, unreachable, preview, message: kept };
}
