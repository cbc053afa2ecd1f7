// A family's household as the office sees it on one page: the account's adults, every child with
// their classes, the money of each enrollment, the account credit, waitlist places, requests to the
// office and the emails sent — each part only for the roles whose work needs it (finance: the money
// and the account's own contacts, never a child's guardians or pickups).
import type { CreditEntry } from './credit';
import type { AccountHolder, Cents, EnrollmentStatus, Guardian } from './domain';

export interface HouseholdChild {
  id: string;
  name: string;
  grade: number;
  /** The child's parents and guardians (admin and office only). */
  guardians?: Pick<Guardian, 'name' | 'relationship' | 'phone' | 'email'>[];
  /** The terms not yet ended in which the child holds a class, a checkout being paid or a waitlist place (what "Cancel a child's term" may end), latest first. */
  terms: { id: string; name: string }[];
}

export interface HouseholdEnrollment {
  id: string;
  studentName: string;
  status: EnrollmentStatus;
  createdAt: string;
  terms: string[];
  classTitles: string[];
  /** Classes it no longer holds: cancelled, or left for another. */
  changes: string[];
  total: Cents;
  paid: Cents;
  refunded: Cents;
  balance: Cents;
  /** The add-ons its classes offer that it has not taken (a confirmed enrollment's): the office adds one for the family. */
  addOnOffers: { classId: string; classTitle: string; addOnId: string; description: string; price: Cents }[];
}

export interface Household {
  uid: string;
  email: string | null;
  holder: AccountHolder | null;
  children: HouseholdChild[];
  enrollments: HouseholdEnrollment[];
  credit: { balance: Cents; entries: Pick<CreditEntry, 'id' | 'amount' | 'kind' | 'words' | 'at'>[] };
  waitlist: { id: string; studentName: string; classTitles: string[]; status: string; joinedAt: string }[];
  requests: { enrollmentId: string; studentName: string; asks: string; status: string; askedAt: string }[];
  /** The emails the portal wrote to the account's address, newest first. */
  emails: { subject: string; at: string }[];
}
