// Financial aid: a family applies (once per school year), finance reads the applications most in need
// first with the funds (every read audited), decides a batch in one transaction that never lets a fund
// give more than it holds, and keeps the funds. Awards are taken at checkout (usecases/checkout.ts).
import type { Transaction } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { orRefused } from '../lib/refused';
import { awardWords, fundBalance, schoolYearOf, type AidApplication, type AidFund, type FamilyAid, type FirstComeTerms } from '../../../contract/aid';
import type { Enrollment } from '../../../contract/domain';
import { formatCents } from '../../../contract/format';
import { familyApplications } from '../data/aid';
import { auditInTx, auditReads, actorName, type Actor } from '../data/audit';
import { db, present, recordRef, records, uniq } from '../data/db';
import { aidOnOwed, aidYearStep, applicationId, byNeed, cartAidOf, familyAidOf, firstComeAward, planApplication, planAwards, type AidDecision, type AidRequest } from '../domain/aid';
import { familyEnrollmentRefs } from '../data/enrollments';
import { aidDecidedMail } from '../mail/family';
import { queueMail } from '../mail/outbox';
import { portalOrigin } from '../payments/stripe';
import { schoolToday } from '../../../contract/schedule';

export async function myAid(uid: string): Promise<{ applications: FamilyAid[] }> {
  return { applications: (await familyApplications(uid)).map(familyAidOf) };
}

/**
 * An application just decided: what its family still owes for the award's children and term takes the
 * award at once (never what was paid). Returns the application as it is then, and the enrollments changed.
 */
function withOwedTaken(decided: AidApplication, family: Enrollment[], today: string): { app: AidApplication; enrollments: Enrollment[]; taken: number } {
  const aid = decided.award ? cartAidOf(decided, today, family, new Set()) : undefined;
  const owed = aid ? aidOnOwed(family, aid) : { enrollments: [], taken: 0 };
  return { app: owed.taken ? { ...decided, award: { ...decided.award!, used: owed.taken } } : decided, enrollments: owed.enrollments, taken: owed.taken };
}

/** A decision recorded: the family told (once for the application), and the audit entry. */
function decidedInTx(tx: Transaction, actor: Actor, app: AidApplication, taken: number, now: Date, onArrival = false): void {
  if (app.email) queueMail(tx, { kind: 'aid-decided', to: [app.email], message: aidDecidedMail(app, taken, portalOrigin(null)) }, app.id);
  const applied = taken ? `; ${formatCents(taken)} taken off what the family owed` : '';
  const what = app.award
    ? `Awarded${onArrival ? ' on arrival' : ''} ${awardWords(app.award)} from ${app.award.fundName} (up to ${formatCents(app.award.committed)}), until ${app.award.expiresOn}${applied}`
    : 'Not awarded this time';
  auditInTx(tx, actor, { kind: 'aid-decided', record: { type: 'account', id: app.ownerUid }, recordName: app.email, summary: `${what}: ${app.childNames.join(' and ')}, ${app.semesterName}` }, now);
}

/**
 * The family's application for the school year of the term it names; once per year. Where a fund is
 * first come until it runs out, the application is awarded its terms as it arrives, while the fund
 * holds them.
 */
export async function applyForAid(actor: Actor, request: AidRequest, now: Date): Promise<{ application: FamilyAid }> {
  const semester = (await recordRef('semesters', request.semesterId).get()).data();
  const ref = recordRef('aidApplications', applicationId(actor.uid, semester ? schoolYearOf(semester.startDate) : 'none'));
  const enrollmentRefs = await familyEnrollmentRefs(actor.uid);
  const today = schoolToday(now);
  const application = await db().runTransaction(async (tx) => {
    const [existing, students, funds, family] = await Promise.all([
      tx.get(ref),
      tx.getAll(...uniq(request.studentIds).map((id) => recordRef('students', id))),
      tx.get(records('aidFunds')).then((s) => s.docs.map((d) => d.data())),
      enrollmentRefs.length ? tx.getAll(...enrollmentRefs).then(present) : [],
    ]);
    const planned = orRefused(planApplication(
      { ...request, studentIds: uniq(request.studentIds) },
      { uid: actor.uid, email: actor.email ?? '', semester, students: students.map((s) => s.data()), existing: existing.data(), now },
    ));
    const onArrival = firstComeAward(planned, funds, today, now.toISOString());
    const { app, enrollments, taken } = onArrival ? withOwedTaken(onArrival.application, family, today) : { app: planned, enrollments: [], taken: 0 };
    tx.create(ref, app);
    for (const e of enrollments) tx.set(recordRef('enrollments', e.id), e);
    if (onArrival) tx.update(recordRef('aidFunds', onArrival.fund.id), { committed: onArrival.fund.committed });
    auditInTx(tx, actor, { kind: 'aid-applied', record: { type: 'account', id: actor.uid }, recordName: planned.email, summary: `Applied for financial aid for ${planned.childNames.join(' and ')} (${planned.semesterName})` }, now);
    if (app.award) decidedInTx(tx, { ...actor, roles: ['portal'] }, app, taken, now, true);
    return app;
  });
  return { application: familyAidOf(application) };
}

const allFunds = async () => (await records('aidFunds').get()).docs.map((d) => d.data()).sort((a, b) => a.name.localeCompare(b.name));

/** The funds a donor may name on the donation page. */
export const donationFunds = async () => ({ funds: (await allFunds()).map(({ id, name }) => ({ id, name })) });

/** Every application, most in need first, with the funds; the read is audited (one entry for the table). */
export async function officeAid(actor: Actor, now: Date): Promise<{ applications: AidApplication[]; funds: AidFund[] }> {
  const [snap, funds] = await Promise.all([records('aidApplications').get(), allFunds()]);
  const applications = snap.docs.map((d) => d.data()).sort(byNeed);
  await auditReads(actor, [{ kind: 'aid-viewed', record: { type: 'account', id: 'aid' }, recordName: 'financial aid applications', summary: `Read ${applications.length} financial aid applications` }], now);
  return { applications, funds };
}

/**
 * Decides a batch in one transaction. The same batch again (its idempotency key on every application
 * it decided) answers what it decided the first time.
 */
export async function awardAid(actor: Actor, input: { decisions: AidDecision[]; idempotencyKey: string }, now: Date): Promise<{ applications: AidApplication[]; funds: AidFund[]; replayed: boolean }> {
  const ids = input.decisions.map((d) => d.applicationId);
  const fundIds = uniq(input.decisions.flatMap((d) => (d.award && d.fundId ? [d.fundId] : [])));
  const at = now.toISOString();
  const today = schoolToday(now);
  // The families' enrollments (listed now, read in the transaction): an award applies to what they already owe.
  const owners = uniq(present(await db().getAll(...uniq(ids).map((id) => recordRef('aidApplications', id)))).map((a) => (a as AidApplication).ownerUid));
  const enrollmentRefs = (await Promise.all(owners.map(familyEnrollmentRefs))).flat();
  const replayed = await db().runTransaction(async (tx) => {
    const [apps, funds, enrollments] = await Promise.all([
      tx.getAll(...uniq(ids).map((id) => recordRef('aidApplications', id))),
      fundIds.length ? tx.getAll(...fundIds.map((id) => recordRef('aidFunds', id))) : [],
      enrollmentRefs.length ? tx.getAll(...enrollmentRefs).then(present) : [],
    ]);
    const read = present(apps);
    if (read.length && read.length === uniq(ids).length && read.every((a) => a.batchKey === input.idempotencyKey)) return true;
    const planned = orRefused(planAwards(input.decisions, {
      applications: new Map(read.map((a) => [a.id, a])),
      funds: new Map(present(funds).map((f) => [f.id, f])),
      today,
      at,
      by: actorName(actor),
    }));
    for (const decided of planned.applications) {
      // What the family already owes for the award's children and term takes it now.
      const { app, enrollments: owing, taken } = withOwedTaken(decided, enrollments.filter((e) => e.ownerUid === decided.ownerUid), today);
      for (const e of owing) tx.set(recordRef('enrollments', e.id), e);
      tx.set(recordRef('aidApplications', app.id), { ...app, batchKey: input.idempotencyKey });
      decidedInTx(tx, actor, app, taken, now);
    }
    for (const fund of planned.funds) tx.update(recordRef('aidFunds', fund.id), { committed: fund.committed });
    return false;
  });
  const [apps, funds] = await Promise.all([Promise.all(uniq(ids).map((id) => recordRef('aidApplications', id).get())), allFunds()]);
  return { applications: present(apps), funds, replayed };
}

/**
 * The daily job: awards past their expiry give what they still hold back to their funds (what they
 * gave stays given), and applications two school years past their year are deleted (with the audit).
 */
export async function runAidYearEnd(now: Date): Promise<{ returned: number; deleted: number }> {
  const today = schoolToday(now);
  const job: Actor = { uid: 'portal', email: null, roles: ['job'], requestId: `aid-year-end-${today}` };
  const due = (await records('aidApplications').get()).docs.map((d) => d.data()).filter((a) => aidYearStep(a, today));
  let returned = 0;
  let deleted = 0;
  for (const app of due) {
    const done = await db().runTransaction(async (tx) => {
      const ref = recordRef('aidApplications', app.id);
      const now0 = (await tx.get(ref)).data();
      const step = now0 && aidYearStep(now0, today);
      if (!now0 || !step) return null;
      if (step.step === 'delete') {
        tx.delete(ref);
        auditInTx(tx, job, { kind: 'aid-decided', record: { type: 'account', id: now0.ownerUid }, recordName: now0.email, summary: `Deleted the ${now0.schoolYear} financial aid application: kept two school years` }, now);
        return step.step;
      }
      const award = now0.award!;
      const fund = (await tx.get(recordRef('aidFunds', award.fundId))).data();
      tx.update(ref, { 'award.committed': award.used });
      if (fund) tx.update(recordRef('aidFunds', fund.id), { committed: fund.committed - step.amount });
      auditInTx(tx, job, { kind: 'aid-decided', record: { type: 'account', id: now0.ownerUid }, recordName: now0.email, summary: `Award expired on ${award.expiresOn}: ${formatCents(step.amount)} not used went back to ${award.fundName}` }, now);
      return step.step;
    });
    if (done === 'delete') deleted++;
    if (done === 'return') returned++;
  }
  return { returned, deleted };
}

/** Creates a fund, renames one, or moves money into it. */
export async function saveFund(actor: Actor, input: { id?: string; name: string; transfer?: number; firstCome?: FirstComeTerms | null }, now: Date): Promise<{ fund: AidFund }> {
  const ref = input.id ? recordRef('aidFunds', input.id) : records('aidFunds').doc();
  const fund = await db().runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (input.id && !snap.exists) throw new HttpsError('not-found', 'This fund does not exist.');
    const was: AidFund = snap.data() ?? { id: ref.id, name: input.name, gifts: 0, transfers: 0, committed: 0 };
    const next: AidFund = { ...was, id: ref.id, name: input.name, transfers: was.transfers + (input.transfer ?? 0), ...(input.firstCome !== undefined ? { firstCome: input.firstCome } : {}) };
    tx.set(ref, next);
    const moved = input.transfer ? `; ${formatCents(input.transfer)} moved in (it holds ${formatCents(fundBalance(next))})` : '';
    const rule = input.firstCome ? `; first come until it runs out: ${input.firstCome.percent} % (at most ${formatCents(input.firstCome.capPerChild)} a child) until ${input.firstCome.expiresOn}` : input.firstCome === null ? '; applications reviewed together' : '';
    auditInTx(tx, actor, { kind: 'aid-fund-changed', record: { type: 'fund', id: ref.id }, recordName: next.name, summary: `${snap.exists ? (was.name !== next.name ? `Renamed ${was.name} to ${next.name}` : `Fund ${next.name}`) : `Created the fund ${next.name}`}${moved}${rule}` }, now);
    return next;
  });
  return { fund };
}
