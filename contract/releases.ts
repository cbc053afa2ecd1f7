// Releases both sides need to agree on (kept in its own module: only the enrollment steps load it,
// not the landing page).
import type { Enrollment, Release, ReleaseSignature } from './domain';

/**
 * Adding classes to a child's enrollment (issue 21): the releases signed for this child in a confirmed
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
    if (e.status !== 'confirmed' || e.studentId !== studentId || !e.semesterIds.some((s) => semesterIds.includes(s))) continue;
    for (const signed of e.releases) {
      const current = releases.some((r) => r.id === signed.releaseId && r.version === signed.version);
      const known = kept.get(signed.releaseId);
      if (current && (!known || known.signedAt < signed.signedAt)) kept.set(signed.releaseId, signed);
    }
  }
  return releases.flatMap((r) => kept.get(r.id) ?? []);
}
