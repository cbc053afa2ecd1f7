// The office speaks to a class: one email per family with a child enrolled in any of the
// classes (to the account, and the guardians if it asked), and the message kept with who sent it.
import type { ClassMessage, Enrollment } from '../../../contract/domain';
import { classMessageMail } from '../domain/familyMail';
import { actorName, type Actor } from './audit';
import { chunks, COLLECTIONS, db, getByIds, notFound, records } from './db';
import { recipients } from './familyMail';


/** The confirmed enrollments holding any of these classes. */
async function enrollmentsOf(classIds: string[]): Promise<Enrollment[]> {
  const parts = await Promise.all(chunks(classIds, 30).map((part) => records('enrollments').where('classIds', 'array-contains-any', part).get()));
  const byId = new Map(parts.flatMap((p) => p.docs.map((d) => [d.id, d.data()] as const)));
  return [...byId.values()].filter((e) => e.status === 'confirmed');
}

export async function emailClasses(input: { classIds: string[]; subject: string; body: string; send: boolean }, actor: Actor, portal: string) {
  const { found } = await getByIds('classes', input.classIds);
  if (!found.length) throw notFound('These classes');
  const titles = found.map((c) => c.title);
  const message = classMessageMail(input.subject, input.body, titles, portal);
  const enrollments = await enrollmentsOf(found.map((c) => c.id));
  const students = new Map((await getByIds('students', enrollments.map((e) => e.studentId))).found.map((s) => [s.id, s]));
  // One email per family: its addresses from all its children's enrollments in these classes.
  const byFamily = new Map<string, Set<string>>();
  for (const e of enrollments) {
    const to = await recipients(e, students.get(e.studentId));
    byFamily.set(e.ownerUid, new Set([...(byFamily.get(e.ownerUid) ?? []), ...to]));
  }
  const families = [...byFamily.values()].filter((to) => to.size > 0);
  const preview = { subject: message.subject, text: message.text };
  if (!input.send) return { families: families.length, preview, message: null };
  const ref = records('classMessages').doc();
  const kept: ClassMessage = {
    id: ref.id,
    classIds: found.map((c) => c.id),
    classTitles: titles,
    subject: input.subject,
    body: input.body,
    sentBy: actorName(actor),
    sentAt: new Date().toISOString(),
    families: families.length,
  };
  for (const [i, part] of chunks(families, 400).entries()) {
    const batch = db().batch();
    if (i === 0) batch.set(ref, kept);
    part.forEach((to, j) => batch.set(db().collection(COLLECTIONS.mail).doc(`class-message_${ref.id}_${i}_${j}`), { kind: 'class-message', to: [...to], message, classMessageId: ref.id }));
    await batch.commit();
  }
  if (!families.length) await ref.set(kept);
  return { families: families.length, preview, message: kept };
}

export async function listClassMessages(): Promise<ClassMessage[]> {
  return (await records('classMessages').orderBy('sentAt', 'desc').limit(100).get()).docs.map((d) => d.data());
}
