// What a family's enrollments mean for its next one, as both sides count it, and all the portal keeps
// about a family (its own module: the server and the enrollment steps load it, the landing page does
// not).
import type { AccountHolder, Enrollment, FamilyEnrollment, FamilyWaitlistEntry, Release, ReleaseSignature, Student } from './domain';
import type { AttendanceLine } from './field';

/** A confirmed enrollment in one of these semesters: the ones the sibling rule and kept releases count. */
export const confirmedIn = (e: Pick<Enrollment, 'status' | 'semesterIds'>, semesterIds: string[]) =>
  e.status === 'confirmed' && e.semesterIds.some((s) => semesterIds.includes(s));

/**
 * Adding classes to a child's enrollment: the releases signed for this child in a confirmed
 * enrollment of one of these semesters, at the version in force today, are kept; a release whose text
 * changed since is signed again. The newest signature of each release.
 */
export function keptSignatures(
  family: Pick<Enrollment, 'status' | 'studentId' | 'semesterIds' | 'releases'>[],
  studentId: string,
  semesterIds: string[],
  releases: Pick<Release, 'id' | 'version'>[],
): ReleaseSignature[] {
  const kept = new Map<string, ReleaseSignature>();
  for (const e of family) {
    if (e.studentId !== studentId || !confirmedIn(e, semesterIds)) continue;
    for (const signed of e.releases) {
      const current = releases.some((r) => r.id === signed.releaseId && r.version === signed.version);
      const known = kept.get(signed.releaseId);
      if (current && (!known || known.signedAt < signed.signedAt)) kept.set(signed.releaseId, signed);
    }
  }
  return releases.flatMap((r) => kept.get(r.id) ?? []);
}

/** Everything the portal keeps about a family's account, as "Download our data" gives it (one JSON file). */
export interface FamilyData {
  exportedAt: string;
  account: { email: string | null; holder: AccountHolder | null };
  students: Student[];
  enrollments: FamilyEnrollment[];
  waitlist: FamilyWaitlistEntry[];
  attendance: AttendanceLine[];
  /** The emails the portal wrote to the account's or a guardian's address. */
  emails: { kind: string; to: string[]; subject: string; text: string }[];
}
