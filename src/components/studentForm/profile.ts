import type { Student, StudentProfile } from '../../../contract/domain';

/** The editable part of a saved student. */
export function profileOf(s: Student): StudentProfile {
  const { id: _id, ownerUid: _owner, infoReviewedAt: _reviewed, version: _version, ...profile } = s;
  return profile;
}
