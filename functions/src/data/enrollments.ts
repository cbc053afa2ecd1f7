// What a checkout is checked and priced against (the use case, usecases/checkout.ts, writes it): the
// school's catalogue facts, the family's enrollments and code uses, and the checks of one child.
import { FieldValue, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { DISCOUNT_TYPES, isSiblingRule, type ClassGroup, type ClassRecord, type Discount, type Enrollment, type Release, type Semester, type WaitlistEntry } from '../../../contract/domain';
import { checkoutOf } from '../domain/ids';
import { pricedOrRefused, type CheckoutPayload, type EnrollPayload, type CatalogueFacts } from '../domain/checkout';
import { childCheck } from '../domain/enrollment';
import { orRefused } from '../lib/refused';
import { normalizeCode, type CodeUses } from '../domain/pricing';
import { priceCart, type CartChild } from '../domain/cart';
import { DEFAULT_RELEASES } from '../domain/releases';
import { COLLECTIONS, db, getByIds, noteReads, ownedRecord, recordRef, records, uniq } from './db';
import { codeUsesGivenBack, readClaimedEntries, writeCodeUseDeltas, type CodeUseDeltas } from './holds';
import { loadGroupsOfSemesters } from './catalogue';
import { CATALOGUE_FRESH_MS, catalogueStamp } from './catalogueCache';
import { loadRoundGates } from './rounds';
import type { RoundGate } from '../../../contract/rounds';

export async function loadReleases(): Promise<Release[]> {
  const snap = await db().collection(COLLECTIONS.config).doc('releases').get();
  const list: unknown = snap.get('releases');
  return Array.isArray(list) && list.length ? (list as Release[]) : DEFAULT_RELEASES;
}

/**
 * The discounts of these codes; in the transaction when `tx` is given, so a code switched off while a
 * family enrolls (or the office cancels) no longer applies. Enrollments never write discounts: reading
 * them in a transaction holds no family up.
 */
export async function loadDiscountsByCodes(codes: string[], tx?: Transaction): Promise<{ discounts: Discount[]; unknownCodes: string[] }> {
  const wanted = uniq(codes.map(normalizeCode));
  if (!wanted.length) return { discounts: [], unknownCodes: [] };
  const query = records('discounts').where('code', 'in', wanted.slice(0, 30));
  const snap = await (tx ? tx.get(query) : query.get());
  noteReads(Math.max(1, snap.size));
  const byCode = new Map(snap.docs.map((d) => [d.get('code') as string, d.data()!]));
  return {
    discounts: wanted.filter((c) => byCode.has(c)).map((c) => byCode.get(c)!),
    unknownCodes: wanted.filter((c) => !byCode.has(c)),
  };
}

/** The use counters of the limited codes among `discounts`, as read now (with their update times, for a write that must not race). */
export async function readCodeUseCounters(discounts: Discount[]): Promise<Map<string, DocumentSnapshot>> {
  const limited = discounts.filter((d) => d.maxUses != null);
  const snaps = limited.length ? await db().getAll(...limited.map((d) => db().collection(COLLECTIONS.discountUses).doc(d.id))) : [];
  return new Map(limited.map((d, i) => [d.id, snaps[i]]));
}

/**
 * Uses counted against the limited codes among `discounts` (from their counters), and the codes the
 * family's enrollments used (a checkout that lapsed unpaid used none; one of several children, once).
 * `replaced`: the unpaid card checkouts a new checkout replaces; their uses are the new checkout's
 * to take again, so they are not counted (a family holding a code's last use keeps it).
 */
export function codeUsesOf(discounts: Discount[], counters: Map<string, DocumentSnapshot>, family: Enrollment[], replaced: Enrollment[] = [], entries: Map<string, WaitlistEntry> = new Map()): CodeUses {
  const givenBack = codeUsesGivenBack(replaced, entries);
  const total: Record<string, number> = {};
  for (const d of discounts) if (counters.has(d.id)) total[d.code] = ((counters.get(d.id)!.get('uses') as number | undefined) ?? 0) + (givenBack.get(d.id) ?? 0);
  const replacedIds = new Set(replaced.map((e) => e.id));
  const checkouts: Record<string, Set<string>> = {};
  for (const e of family) if (e.status !== 'expired' && !replacedIds.has(e.id)) for (const a of e.discounts) (checkouts[a.code] ??= new Set()).add(checkoutOf(e));
  return { total, family: Object.fromEntries(Object.entries(checkouts).map(([code, ids]) => [code, ids.size])) };
}

/** The uses of these codes, as read now (the price preview). */
export async function loadCodeUses(discounts: Discount[], family: Enrollment[], replaced: Enrollment[] = []): Promise<CodeUses> {
  const [counters, entries] = await Promise.all([readCodeUseCounters(discounts), readClaimedEntries(db(), replaced)]);
  return codeUsesOf(discounts, counters, family, replaced, entries);
}

/**
 * One more use of each of these codes, written in a transaction only if its counter is still as read
 * (two families cannot both take a code's last use; the one who lost tries again with the new count).
 * `givenBack`: the uses of the holds this checkout replaces, written with them: Firestore takes one
 * write per counter in a transaction, so a code counted and given back at once is one change.
 */
export function countCodeUses(tx: Transaction, discountIds: string[], counters: Map<string, DocumentSnapshot>, givenBack: CodeUseDeltas = new Map()): void {
  for (const id of discountIds) {
    const snap = counters.get(id);
    const by = 1 + (givenBack.get(id) ?? 0);
    const ref = db().collection(COLLECTIONS.discountUses).doc(id);
    // The checkout takes the use its replaced hold gives back: the count stays as it is.
    if (by === 0) continue;
    if (snap?.exists) tx.update(ref, { uses: FieldValue.increment(by) }, { lastUpdateTime: snap.updateTime! });
    else tx.create(ref, { uses: by });
  }
  writeCodeUseDeltas(tx, new Map([...givenBack].filter(([id]) => !discountIds.includes(id))));
}

/** The discounts applied by rule (the sibling rule), whatever codes were typed. */
export async function loadRuleDiscounts(): Promise<Discount[]> {
  const snap = await records('discounts').where('type', 'in', DISCOUNT_TYPES.filter(isSiblingRule)).get();
  noteReads(Math.max(1, snap.size));
  return snap.docs.map((d) => d.data());
}

/** The family's enrollments (the price preview; `enroll` re-reads them in its transaction). */
export async function loadFamilyEnrollments(uid: string): Promise<Enrollment[]> {
  const snap = await records('enrollments').where('ownerUid', '==', uid).get();
  noteReads(Math.max(1, snap.size));
  return snap.docs.map((d) => d.data());
}

/**
 * What the school offers for these classes and codes, read outside any transaction (a transaction
 * reading a class would hold up every family taking one of its seats): the same reads feed the price
 * preview and the checkout. A class the office changes at the same moment is seen as it was a moment
 * before; seats themselves are decided only by the seat documents (data/seats.ts).
 */
export async function loadCatalogueFacts(classIds: string[], codes: string[]): Promise<CatalogueFacts> {
  const kept = await keptCatalogue();
  const typed = uniq(codes.map(normalizeCode));
  const lackingClasses = classIds.filter((id) => !kept.classes.has(id));
  const lackingCodes = typed.filter((c) => !kept.codes.has(c));
  const [classes, discounts, rules] = await Promise.all([
    lackingClasses.length ? getByIds('classes', lackingClasses) : null,
    lackingCodes.length ? loadDiscountsByCodes(lackingCodes) : null,
    kept.rules ? null : loadRuleDiscounts(),
  ]);
  for (const c of classes?.found ?? []) kept.classes.set(c.id, c);
  for (const id of classes?.notFound ?? []) kept.classes.set(id, null);
  for (const d of discounts?.discounts ?? []) kept.codes.set(d.code, d);
  for (const code of discounts?.unknownCodes ?? []) kept.codes.set(code, null);
  if (rules) kept.rules = rules;
  const found = classIds.flatMap((id) => kept.classes.get(id) ?? []);
  const lackingSemesters = uniq(found.map((c) => c.semesterId)).filter((id) => !kept.semesters.has(id));
  if (lackingSemesters.length) {
    const [{ found: semesters }, groups, rounds] = await Promise.all([getByIds('semesters', lackingSemesters), loadGroupsOfSemesters(lackingSemesters), loadRoundGates(lackingSemesters)]);
    for (const id of lackingSemesters) kept.semesters.set(id, { semester: semesters.find((s) => s.id === id) ?? null, groups: groups.filter((g) => g.semesterId === id), round: rounds.get(id) ?? null });
  }
  const offered = uniq(found.map((c) => c.semesterId)).map((id) => kept.semesters.get(id)!);
  return {
    classes: new Map(found.map((c) => [c.id, c])),
    missing: classIds.filter((id) => !kept.classes.get(id)),
    semesters: new Map(offered.flatMap((o) => (o.semester ? [[o.semester.id, o.semester] as const] : []))),
    groups: offered.flatMap((o) => o.groups),
    rounds: new Map(offered.flatMap((o) => (o.semester && o.round ? [[o.semester.id, o.round] as const] : []))),
    discounts: typed.flatMap((c) => kept.codes.get(c) ?? []),
    unknownCodes: typed.filter((c) => !kept.codes.get(c)),
    rules: kept.rules!,
  };
}

/**
 * The catalogue facts each instance keeps, as it keeps the public class list: valid while no office
 * change came since (the catalogue's stamp, read on each call) and for CATALOGUE_FRESH_MS; read afresh
 * when nothing was ever stamped. Seats are never taken from it (the seat documents decide them).
 */
interface KeptCatalogue {
  stamp: string | undefined;
  at: number;
  classes: Map<string, ClassRecord | null>;
  semesters: Map<string, { semester: Semester | null; groups: ClassGroup[]; round: RoundGate | null }>;
  codes: Map<string, Discount | null>;
  rules: Discount[] | null;
}
let catalogueKept: KeptCatalogue | null = null;
async function keptCatalogue(): Promise<KeptCatalogue> {
  const stamp = await catalogueStamp();
  const fresh = catalogueKept && stamp && catalogueKept.stamp === stamp && Date.now() - catalogueKept.at < CATALOGUE_FRESH_MS;
  if (!fresh) catalogueKept = { stamp, at: Date.now(), classes: new Map(), semesters: new Map(), codes: new Map(), rules: null };
  return catalogueKept!;
}

/** The family's enrollment ids as they are now (a query outside the transaction; the documents are then read in it). */
export const familyEnrollmentRefs = (uid: string) =>
  records('enrollments').where('ownerUid', '==', uid).select().get().then((snap) => snap.docs.map((d) => recordRef('enrollments', d.id)));

/** `childCheck`, throwing its problem (a waitlist request). */
export function checkChild(...args: Parameters<typeof childCheck>) {
  return orRefused(childCheck(...args));
}

/** The classes of the family's enrollments that `known` lacks (for the clash check), read outside the transaction. */
export async function withFamilyClasses(known: Map<string, ClassRecord>, family: Enrollment[]): Promise<Map<string, ClassRecord>> {
  const lacking = uniq(family.flatMap((e) => e.classIds)).filter((id) => !known.has(id));
  if (!lacking.length) return known;
  const { found } = await getByIds('classes', lacking);
  return new Map([...known, ...found.map((c) => [c.id, c] as const)]);
}

/** Prices a checkout by the one engine (`priceCart`), with the code uses counted as read. */
export function priceCheckout(facts: Pick<CatalogueFacts, 'groups' | 'discounts' | 'unknownCodes' | 'rules'> & { classes: ClassRecord[]; family: Enrollment[]; counters: Map<string, DocumentSnapshot> }, children: CartChild[], today: string) {
  const { classes, groups, discounts, unknownCodes, family, rules } = facts;
  const uses = codeUsesOf(discounts, facts.counters, family);
  return orRefused(pricedOrRefused(priceCart({ classes, groups, children, discounts, unknownCodes, rules, family, uses, today })));
}

/** A request for one child (enroll, claimOffer) as a checkout. */
export function oneChild({ studentId, lines, infoConfirmed, releases, ...rest }: EnrollPayload): CheckoutPayload {
  return { ...rest, children: [{ studentId, lines, infoConfirmed, releases }] };
}

/** One enrollment; with `ownerUid`, only that family's (another family's id is not found either). */
export async function loadEnrollment(id: string, ownerUid?: string): Promise<Enrollment> {
  return ownedRecord(await recordRef('enrollments', id).get(), 'This enrollment', ownerUid);
}

export async function loadOwnEnrollments(uid: string): Promise<Enrollment[]> {
  const snap = await records('enrollments').where('ownerUid', '==', uid).get();
  return snap.docs.map((d) => d.data()).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
