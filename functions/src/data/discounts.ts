// The office's discount codes as stored, with what each applies to and how often it was used.
import type { DiscountList, Enrollment } from '../../../contract/domain';
import { discountUses } from '../domain/office';
import { loadSemesters } from './catalogue';
import { COLLECTIONS, db, getByIds, records, uniq } from './db';

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
