import type { Student, StudentProfile } from '../../../contract/domain';

/** The editable part of a saved student (what the server keeps about the record itself left out). */
export function profileOf(s: Student): StudentProfile {
  const { id: _id, ownerUid: _owner, infoReviewedAt: _reviewed, version: _version, healthNoticeOn: _notice, healthErasedOn: _erased, ...profile } = s;
  return profile;
}
