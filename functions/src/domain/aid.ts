// Financial aid as plans: a family's application, finance's batch of awards from its funds, the award
// a checkout may use, and what a family reads of it. Pure: usecases/aid.ts reads and writes.
import type { z } from 'zod/mini';
import { AID_CODE, aidLineLabel, aidOnLines, committedOf, FIRST_COME_NOTE, fundBalance, schoolYearOf, type AidApplication, type AidFund, type FamilyAid } from '../../../contract/aid';
import type { aidDecisionSchema, applyForAidSchema } from '../../../contract/api/aid';
import type { Cents, Enrollment, Semester, Student } from '../../../contract/domain';
import { balanceOf } from '../../../contract/money';
import { formatCents } from '../../../contract/format';
import { aidTermsFor, enrollmentAidOf, type CartAid } from './cart';
import { aidAmount } from './pricing';
import { isRefusal, refuse, type Refusal } from './refusal';

export type AidRequest = z.output<typeof applyForAidSchema>;
export type AidDecision = z.output<typeof aidDecisionSchema>;

/** The id of a family's application for a school year: one each. */
export const applicationId = (uid: string, schoolYear: string) => `${uid}-${schoolYear.replace(/\D/g, '')}`;

/** The application, or why not: the family's own children, an open term, once per school year. */
export function planApplication(
  request: AidRequest,
  f: { uid: string; email: string; semester: Semester | undefined; students: (Student | undefined)[]; existing: AidApplication | undefined; now: Date },
): AidApplication | Refusal {
  if (!f.semester || f.semester.status === 'archived') return refuse('not-found', 'This term is not offered.');
  if (f.students.some((s) => !s || s.ownerUid !== f.uid)) return refuse('not-found', 'One of these children is not on your account.');
  const schoolYear = schoolYearOf(f.semester.startDate);
  if (f.existing) return refuse('already-exists', `Your family has applied for the ${schoolYear} school year already (${f.existing.semesterName}): the office reviews one application a year.`);
  const students = f.students as Student[];
  return {
    id: applicationId(f.uid, schoolYear),
    ownerUid: f.uid,
    email: f.email,
    schoolYear,
    semesterId: f.semester.id,
    semesterName: f.semester.name,
    studentIds: students.map((s) => s.id),
    childNames: students.map((s) => `${s.firstName} ${s.lastName}`),
    householdSize: request.householdSize,
    incomeBand: request.incomeBand,
    benefits: request.benefits,
    words: request.words,
    status: 'received',
    submittedAt: f.now.toISOString(),
  };
}

const BAND_ORDER = ['under-100', '100-185', '185-300', 'over-300'];
/** Most in need first: receiving benefits, then the lowest income band, then the largest household, then the first to apply. */
export const byNeed = (a: AidApplication, b: AidApplication) =>
  Number(b.benefits) - Number(a.benefits) || BAND_ORDER.indexOf(a.incomeBand) - BAND_ORDER.indexOf(b.incomeBand) || b.householdSize - a.householdSize || a.submittedAt.localeCompare(b.submittedAt);

/**
 * Finance's batch: each decision on an application still waiting, each award from a fund that holds
 * it (the awards of the batch together, fund by fund), with an expiry not yet past.
 */
export function planAwards(decisions: AidDecision[], f: { applications: Map<string, AidApplication>; funds: Map<string, AidFund>; today: string; at: string; by: string }): { applications: AidApplication[]; funds: AidFund[] } | Refusal {
  const funds = new Map([...f.funds].map(([id, fund]) => [id, { ...fund }]));
  const decided: AidApplication[] = [];
  const seen = new Set<string>();
  for (const d of decisions) {
    const app = f.applications.get(d.applicationId);
    if (!app) return refuse('not-found', 'This application does not exist.');
    const who = app.childNames.join(' and ');
    if (seen.has(app.id)) return refuse('invalid-argument', `The application for ${who} is decided twice in this batch.`);
    seen.add(app.id);
    if (app.status !== 'received') return refuse('failed-precondition', `The application for ${who} was decided already (${app.status}): reload the page.`);
    if (!d.award) {
      decided.push({ ...app, status: 'declined', decidedAt: f.at });
      continue;
    }
    if ((d.percent === undefined) === (d.amount === undefined)) return refuse('invalid-argument', `For ${who}, give a percent or an amount.`);
    if (d.percent !== undefined && d.capPerChild === undefined) return refuse('invalid-argument', `For ${who}, a percent needs a cap for each child (the most the fund can give).`);
    if (!d.expiresOn || d.expiresOn < f.today) return refuse('invalid-argument', `For ${who}, give an expiry that is not past.`);
    const fund = d.fundId ? funds.get(d.fundId) : undefined;
    if (!fund) return refuse('not-found', `For ${who}, choose a fund.`);
    const committed = committedOf(d, app.studentIds.length);
    if (committed > fundBalance(fund)) return refuse('failed-precondition', `${fund.name} holds ${formatCents(fundBalance(fund))} now: the award for ${who} (up to ${formatCents(committed)}) is more than that.`);
    fund.committed += committed;
    decided.push({
      ...app,
      status: 'awarded',
      decidedAt: f.at,
      award: {
        fundId: fund.id,
        fundName: fund.name,
        ...(d.percent !== undefined ? { percent: d.percent } : {}),
        ...(d.amount !== undefined ? { amount: d.amount } : {}),
        ...(d.capPerChild !== undefined ? { capPerChild: d.capPerChild } : {}),
        addOns: !!d.addOns,
        committed,
        used: 0,
        expiresOn: d.expiresOn,
        note: d.note,
        at: f.at,
        by: f.by,
      },
    });
  }
  return { applications: decided, funds: [...funds.values()].filter((fund) => fund.committed !== f.funds.get(fund.id)!.committed) };
}

/**
 * An application as it arrives, where a fund is first come until it runs out: awarded the first such
 * fund's terms (by name) that it still holds; null when none does (the application waits for review).
 */
export function firstComeAward(app: AidApplication, funds: AidFund[], today: string, at: string): { application: AidApplication; fund: AidFund } | null {
  for (const fund of funds.filter((f) => f.firstCome && f.firstCome.expiresOn >= today).sort((a, b) => a.name.localeCompare(b.name))) {
    const terms = fund.firstCome!;
    const planned = planAwards([{ applicationId: app.id, award: true, fundId: fund.id, ...terms, note: FIRST_COME_NOTE }], { applications: new Map([[app.id, app]]), funds: new Map([[fund.id, fund]]), today, at, by: 'portal' });
    if (!isRefusal(planned)) return { application: planned.applications[0], fund: planned.funds[0] };
  }
  return null;
}

/**
 * The award a checkout may use: awarded, not expired, with what it has left and what each child has
 * already taken of it (the family's enrollments holding seats), the holds this checkout replaces
 * giving theirs back.
 */
export function cartAidOf(app: AidApplication | undefined, today: string, family: Pick<Enrollment, 'id' | 'status' | 'studentId' | 'aid' | 'discounts'>[], replaced: Set<string>): CartAid | undefined {
  const award = app?.status === 'awarded' ? app.award : undefined;
  if (!app || !award || award.expiresOn < today) return undefined;
  const heldBack = aidTakenBy(family.filter((e) => replaced.has(e.id) && e.status === 'pending_payment')).get(app.id) ?? 0;
  const taken = takenByChild(family, app.id, replaced);
  return {
    applicationId: app.id,
    label: aidLineLabel(app.semesterName),
    ...(award.percent !== undefined ? { percent: award.percent } : {}),
    addOns: award.addOns,
    semesterId: app.semesterId,
    studentIds: app.studentIds,
    ...(award.capPerChild !== undefined ? { capPerChild: award.capPerChild } : {}),
    left: award.committed - award.used + heldBack,
    taken,
  };
}

/** What each child took of an award on the family's enrollments holding seats (not expired), but those left out. */
function takenByChild(family: Pick<Enrollment, 'id' | 'status' | 'studentId' | 'aid' | 'discounts'>[], applicationId: string, leftOut: ReadonlySet<string>): Record<string, Cents> {
  const taken: Record<string, Cents> = {};
  for (const e of family) {
    if (e.status === 'expired' || leftOut.has(e.id)) continue;
    const amount = aidTakenBy([e]).get(applicationId);
    if (amount) taken[e.studentId] = (taken[e.studentId] ?? 0) + amount;
  }
  return taken;
}

/** What each application's award took of these enrollments (their aid lines), by application. */
export function aidTakenBy(enrollments: Pick<Enrollment, 'aid' | 'discounts'>[]): Map<string, Cents> {
  const taken = new Map<string, Cents>();
  for (const e of enrollments) {
    if (!e.aid) continue;
    const amount = aidOnLines(e.discounts);
    if (amount) taken.set(e.aid.applicationId, (taken.get(e.aid.applicationId) ?? 0) + amount);
  }
  return taken;
}

/**
 * What a checkout takes of each capped award for each of its children, beside the room that child's
 * cap leaves now: the cap less what the child's other enrollments took of it (those not expired, as
 * `cartAidOf` counts them). A late payment honoured past it would give a child more than the cap.
 */
export function childAidRoom(
  checkout: Pick<Enrollment, 'id' | 'studentId' | 'aid' | 'discounts'>[],
  family: Pick<Enrollment, 'id' | 'status' | 'studentId' | 'aid' | 'discounts'>[],
  caps: ReadonlyMap<string, Cents>,
): { taken: Cents; room: Cents }[] {
  const ids = new Set(checkout.map((e) => e.id));
  return [...caps].flatMap(([applicationId, cap]) => {
    const others = takenByChild(family, applicationId, ids);
    return [...new Set(checkout.map((e) => e.studentId))].flatMap((studentId) => {
      const taken = aidTakenBy(checkout.filter((e) => e.studentId === studentId)).get(applicationId) ?? 0;
      return taken ? [{ taken, room: cap - (others[studentId] ?? 0) }] : [];
    });
  });
}

/** What the family reads: its status and award, nothing of its income or the fund. */
export function familyAidOf(app: AidApplication): FamilyAid {
  const { award } = app;
  return {
    id: app.id,
    schoolYear: app.schoolYear,
    semesterId: app.semesterId,
    semesterName: app.semesterName,
    childNames: app.childNames,
    status: app.status,
    submittedAt: app.submittedAt,
    ...(award
      ? {
          award: {
            ...(award.percent !== undefined ? { percent: award.percent } : {}),
            ...(award.amount !== undefined ? { amount: award.amount } : {}),
            ...(award.capPerChild !== undefined ? { capPerChild: award.capPerChild } : {}),
            addOns: award.addOns,
            expiresOn: award.expiresOn,
            note: award.note,
            used: award.used,
            left: award.committed - award.used,
          },
        }
      : {}),
  };
}

/** What an enrollment's change takes of its award (less than nothing: gives back), by application. */
export function aidChange(before: Pick<Enrollment, 'aid' | 'discounts'>, after: Pick<Enrollment, 'aid' | 'discounts'>): Map<string, Cents> {
  const was = aidTakenBy([before]);
  const now = aidTakenBy([after]);
  return new Map([...new Set([...was.keys(), ...now.keys()])].map((id) => [id, (now.get(id) ?? 0) - (was.get(id) ?? 0)]));
}

/** Applications are kept two school years after their year ends (31 July), then deleted. */
export const APPLICATIONS_KEPT_YEARS = 2;

/**
 * What the daily job does with an application today: an award past its expiry gives what it still
 * holds back to its fund ('return', with the amount: also what a cancellation gave back to it since);
 * an application two school years past its year is deleted ('delete'); else nothing.
 */
export function aidYearStep(app: Pick<AidApplication, 'schoolYear' | 'award'>, today: string): { step: 'return'; amount: Cents } | { step: 'delete' } | null {
  const start = Number(app.schoolYear.slice(0, 4));
  if (today > `${start + 1 + APPLICATIONS_KEPT_YEARS}-07-31`) return { step: 'delete' };
  const award = app.award;
  if (award && award.expiresOn < today && award.committed > award.used) return { step: 'return', amount: award.committed - award.used };
  return null;
}

/** What office-only staff read instead of an award's line: the figures add up, nothing says it is aid. */
export const ADJUSTMENT = { code: 'adjustment', description: 'Price adjustment' } as const;

/**
 * An answer for staff who may not know who receives aid (office-only staff): every award's line
 * becomes a price adjustment and an enrollment's award terms are left out, wherever they are in it.
 */
export function withoutAid<T>(answer: T): T {
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (!v || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    if (o.code === AID_CODE && typeof o.amount === 'number') return { ...o, ...ADJUSTMENT };
    return Object.fromEntries(Object.entries(o).flatMap(([k, x]) => (k === 'aid' && x && typeof x === 'object' && 'applicationId' in x ? [] : [[k, strip(x)]])));
  };
  return strip(answer) as T;
}

/**
 * An award decided after the family enrolled (to pay later): its children's enrollments of its term
 * that still owe take it as their own line, on what they still owe (never on what was paid), within
 * each child's cap and what the award has left, the oldest first. Enrollments already changed by a
 * cancellation, or priced with an award, are left as they are.
 */
export function aidOnOwed(family: Enrollment[], aid: CartAid): { enrollments: Enrollment[]; taken: Cents } {
  let left = aid.left;
  const taken: Record<string, Cents> = { ...aid.taken };
  const changed: Enrollment[] = [];
  const fits = (e: Enrollment) => e.status === 'confirmed' && !e.aid && !e.cancellations?.length && aid.studentIds.includes(e.studentId) && e.semesterIds.length === 1 && e.semesterIds[0] === aid.semesterId;
  for (const e of family.filter(fits).sort((a, b) => a.createdAt.localeCompare(b.createdAt))) {
    const owed = balanceOf(e);
    const addOnTotal = e.lineItems.reduce((s, l) => s + l.addOns.reduce((x, a) => x + a.price, 0), 0);
    const amount = Math.min(owed, aidAmount(aidTermsFor(aid, left, taken[e.studentId] ?? 0), e.total, addOnTotal));
    if (amount <= 0) continue;
    const next: Enrollment = {
      ...e,
      discounts: [...e.discounts, { code: AID_CODE, description: aid.label, amount }],
      total: e.total - amount,
      aid: enrollmentAidOf(aid),
    };
    changed.push({ ...next, balance: balanceOf(next) });
    left -= amount;
    taken[e.studentId] = (taken[e.studentId] ?? 0) + amount;
  }
  return { enrollments: changed, taken: aid.left - left };
}
