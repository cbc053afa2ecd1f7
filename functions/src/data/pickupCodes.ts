// Children's pickup codes in Firestore: one document per child, its check values for one school year
// (written whole each time the family makes new codes). The codes themselves are never stored.
import type { PickupCheck } from '../../../contract/field';
import { COLLECTIONS, db, present } from './db';

export interface PickupCodes {
  studentId: string;
  ownerUid: string;
  year: string;
  issuedAt: string;
  adults: PickupCheck[];
  /** The school day codes were last made, and how many times that day (a limit per child). */
  madeOn?: string;
  madeToday?: number;
}

export const pickupCodesRef = (studentId: string) => db().collection(COLLECTIONS.pickupCodes).doc(studentId);

/** The codes of these children made for this school year (an older year's are as none). */
export async function loadPickupCodes(studentIds: string[], year: string): Promise<Map<string, PickupCodes>> {
  if (!studentIds.length) return new Map();
  const found = present(await db().getAll(...studentIds.map(pickupCodesRef))) as PickupCodes[];
  return new Map(found.filter((c) => c.year === year).map((c) => [c.studentId, c]));
}
