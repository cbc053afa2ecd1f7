// A family's household for the office (contract/household.ts): read from the account's own records
// in one go, each part for the roles whose work needs it, and the reading audited under each child.
// The office also makes an account for a family that has none, which the family then claims.
import type { Household } from '../../../contract/household';
import { allows, ACCESS, type StaffRole } from '../../../contract/roles';
import { paidOf, refundedOf, balanceOf } from '../../../contract/money';
import { changeWords, requestAsks } from '../../../contract/changes';
import { getAuth } from 'firebase-admin/auth';
import { accountByEmail, loadHolder, accountRef, saveHolder } from '../data/accounts';
import { auditReads, type Actor } from '../data/audit';
import { getByIds, notFound, records, uniq } from '../data/db';
import { createMailOnce, mailWithDates } from '../mail/outbox';
import { accountMadeMail } from '../mail/family';
import { accountEmails } from '../data/familyMail';
import { classTitles } from '../data/office';
import { onTheList } from '../domain/waitlist';
import { schoolToday } from '../domain/calendar';


export async function loadHousehold(actor: Actor & { roles: StaffRole[] }, uid: string): Promise<Household> {
  const [emails, holder, account, students, enrollments, entries, credits] = await Promise.all([
    accountEmails([uid]),
    loadHolder(uid),
    accountRef(uid).get(),
    records('students').where('ownerUid', '==', uid).get().then((s) => s.docs.map((d) => d.data())),
    records('enrollments').where('ownerUid', '==', uid).get().then((s) => s.docs.map((d) => d.data())),
    records('waitlist').where('ownerUid', '==', uid).get().then((s) => s.docs.map((d) => d.data())),
    records('credits').where('ownerUid', '==', uid).get().then((s) => s.docs.map((d) => d.data())),
  ]);
  const email = emails.get(uid) ?? null;
  if (!email && !students.length && !enrollments.length) throw notFound('This family');
  const [titles, { found: semesters }, mail, { found: offering }] = await Promise.all([
    classTitles(uniq([...enrollments.flatMap((e) => [...e.classIds, ...(e.cancellations ?? []).flatMap((c) => c.classIds)]), ...entries.flatMap((w) => w.classIds)])),
    getByIds('semesters', uniq([...enrollments.flatMap((e) => e.semesterIds), ...entries.map((w) => w.semesterId)])),
    email ? mailWithDates(email) : [],
    getByIds('classes', uniq(enrollments.filter((e) => e.status === 'confirmed').flatMap((e) => e.classIds)), ['title', 'addOns']),
  ]);
  const addOnsOf = new Map(offering.map((c) => [c.id, c]));
  // What a confirmed enrollment's classes offer that its lines have not taken (as My Enrollments offers it).
  const offersOf = (e: (typeof enrollments)[number]): Household['enrollments'][number]['addOnOffers'] =>
    e.status !== 'confirmed'
      ? []
      : e.lineItems.flatMap((l) =>
          l.classIds.filter((id) => e.classIds.includes(id)).flatMap((id) => {
            const c = addOnsOf.get(id);
            return (c?.addOns ?? []).filter((a) => !l.addOns.some((x) => x.id === a.id)).map((a) => ({ classId: id, classTitle: c!.title, addOnId: a.id, description: a.description, price: a.price }));
          }),
        );
  // A child's guardians are the office's to see (they answer for the child's care), never finance's.
  const care = allows(actor.roles, ACCESS.care);
  const termName = new Map(semesters.map((s) => [s.id, s.name]));
  const today = schoolToday(new Date());
  const termsOf = (studentId: string) =>
    semesters
      .filter((t) => t.endDate >= today)
      .filter(
        (t) =>
          enrollments.some((e) => e.studentId === studentId && (e.status === 'confirmed' || e.status === 'pending_payment') && e.semesterIds.includes(t.id)) ||
          entries.some((w) => w.studentId === studentId && onTheList(w) && w.semesterId === t.id),
      )
      .sort((a, b) => b.startDate.localeCompare(a.startDate))
      .map((t) => ({ id: t.id, name: t.name }));
  const household: Household = {
    uid,
    email,
    holder,
    children: students
      .map((s) => ({ id: s.id, name: `${s.firstName} ${s.lastName}`, grade: s.grade, terms: termsOf(s.id), ...(care ? { guardians: s.guardians.map(({ name, relationship, phone, email: address }) => ({ name, relationship, phone, email: address })) } : {}) }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    enrollments: enrollments
      .filter((e) => e.status !== 'expired')
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .map((e) => ({
        id: e.id,
        studentName: e.studentName,
        status: e.status,
        createdAt: e.createdAt,
        terms: e.semesterIds.map((id) => termName.get(id) ?? id),
        classTitles: e.classIds.map((id) => titles.get(id) ?? id),
        changes: (e.cancellations ?? []).map(changeWords),
        total: e.total,
        paid: paidOf(e),
        refunded: refundedOf(e),
        balance: balanceOf(e),
        addOnOffers: offersOf(e),
      })),
    credit: { balance: (account.get('credit') as number | undefined) ?? 0, entries: credits.sort((a, b) => b.at.localeCompare(a.at)).map(({ id, amount, kind, words, at }) => ({ id, amount, kind, words, at })) },
    waitlist: entries
      .sort((a, b) => b.joinedAt.localeCompare(a.joinedAt))
      .map((w) => ({ id: w.id, studentName: w.studentName, classTitles: w.classIds.map((id) => titles.get(id) ?? id), status: w.status, joinedAt: w.joinedAt })),
    requests: enrollments.flatMap((e) => (e.requests ?? []).map((r) => ({ enrollmentId: e.id, studentName: e.studentName, asks: requestAsks(r), status: r.status, askedAt: r.askedAt }))).sort((a, b) => b.askedAt.localeCompare(a.askedAt)),
    emails: mail,
  };
  await auditReads(
    actor,
    students.map((s) => ({ kind: 'household-viewed', record: { type: 'student', id: s.id }, studentId: s.id, studentName: `${s.firstName} ${s.lastName}`, summary: `Read the family’s page (${email ?? uid})` })),
  );
  return household;
}

/**
 * An account for a family that has none: made with its address (not yet proved: the family proves it
 * by choosing its password from the emailed link), its holder saved, audited. An address that has an
 * account answers that account, unchanged. The link is made before anything is kept: if it cannot be,
 * the account made for it goes again.
 */
export async function createFamily(actor: Actor, asked: { email: string; name: string; phone: string }, portal: string, now: Date): Promise<{ uid: string; created: boolean }> {
  const address = asked.email.trim().toLowerCase();
  const existing = await accountByEmail(address);
  if (existing) return { uid: existing.uid, created: false };
  const user = await getAuth().createUser({ email: address, emailVerified: false });
  let link: string;
  try {
    link = await getAuth().generatePasswordResetLink(address, { url: `${portal}/user/login` });
  } catch (error) {
    await getAuth().deleteUser(user.uid);
    throw error;
  }
  await saveHolder(user.uid, { name: asked.name, phone: asked.phone });
  await createMailOnce({ kind: 'account-made', to: [address], message: accountMadeMail(asked.name, link, portal) }, `account-${user.uid}`);
  await auditReads(actor, [{ kind: 'family-created', record: { type: 'account', id: user.uid }, summary: `Made an account for ${address} (${asked.name})` }], now);
  return { uid: user.uid, created: true };
}
