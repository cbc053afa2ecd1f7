// Firestore reads and writes of the office's discount codes.
import { HttpsError } from 'firebase-functions/v2/https';
import type { z } from 'zod/mini';
import type { Discount, DiscountList, Enrollment } from '../../../contract/domain';
import type { discountInputSchema } from '../../../contract/schemas';
import { normalizeCode } from '../domain/pricing';
import { discountUses } from '../domain/office';
import { loadSemesters } from './catalogue';
import { COLLECTIONS, db, getByIds, nextVersion, notFound, precondition, recordRef, records, uniq } from './db';

/** The shortest new discount code. */
const MIN_NEW_CODE = 6;

/** Every code, with the names of what it applies to and how often it was used. */
export async function loadDiscountList(): Promise<DiscountList> {
  const [snap, semesters, used, countedSnap] = await Promise.all([
    records('discounts').get(),
    loadSemesters(),
    records('enrollments').select('discounts', 'status').get(),
    db().collection(COLLECTIONS.discountUses).get(),
  ]);
  const discounts = snap.docs.map((d) => d.data()).sort((a, b) => a.code.localeCompare(b.code));
  const [classes, groups] = await Promise.all([
    getByIds('classes', uniq(discounts.flatMap((d) => d.classIds)), ['title']),
    getByIds('groups', uniq(discounts.flatMap((d) => d.groupIds)), ['name']),
  ]);
  const names: Record<string, string> = {};
  for (const s of semesters) names[s.id] = s.name;
  for (const c of classes.found) names[c.id] = c.title;
  for (const g of groups.found) names[g.id] = g.name;
  const counted = new Map(countedSnap.docs.map((d) => [d.id, (d.get('uses') as number | undefined) ?? 0]));
  // A selection: each enrollment holds only these two fields.
  const enrollments = used.docs.map((d) => d.data() as Pick<Enrollment, 'status' | 'discounts'>);
  return { discounts, names, ...discountUses(discounts, enrollments, counted) };
}

export async function saveDiscount({ id, version, ...fields }: z.output<typeof discountInputSchema>): Promise<Discount> {
  const code = normalizeCode(fields.code);
  return db().runTransaction(async (tx) => {
    const ref = id ? recordRef('discounts', id) : records('discounts').doc();
    const existing = id ? await tx.get(ref) : null;
    if (existing && !existing.exists) throw notFound('This code');
    const next = nextVersion(existing, version, `The code ${code}`);
    // Short codes can be guessed: a new code (or a code renamed) needs MIN_NEW_CODE characters.
    if (code.length < MIN_NEW_CODE && existing?.data()?.code !== code) {
      throw precondition(`A new code needs at least ${MIN_NEW_CODE} letters or digits, so that it cannot be guessed.`);
    }
    const same = await tx.get(records('discounts').where('code', '==', code));
    if (same.docs.some((d) => d.id !== ref.id)) throw new HttpsError('already-exists', `The code ${code} is already used.`);
    const discount: Discount = { ...fields, code, id: ref.id, version: next };
    tx.set(ref, discount);
    return discount;
  });
}
