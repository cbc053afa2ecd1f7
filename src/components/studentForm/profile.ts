import { NO_HEALTH, type Student, type StudentProfile } from '../../../contract/domain';

/** The editable part of a saved student (what the server keeps about the record itself left out). */
export function profileOf(s: Student): StudentProfile {
  const { id: _id, ownerUid: _owner, infoReviewedAt: _reviewed, version: _version, healthNoticeOn: _notice, healthErasedOn: _erased, ...profile } = s;
  return profile;
}

/** A new child's form: nothing filled in, one guardian and two emergency contacts to fill. */
export function emptyProfile(): StudentProfile {
  return {
    firstName: '',
    lastName: '',
    birthDate: '',
    grade: 0,
    pronouns: '',
    school: '',
    tshirtSize: 'YM',
    notes: '',
    guardians: [{ name: '', relationship: 'Parent', phone: '', email: '', livesWithStudent: true }],
    emergencyContacts: [
      { name: '', relationship: '', phone: '' },
      { name: '', relationship: '', phone: '' },
    ],
    authorizedPickups: [],
    pickupCodeWord: '',
    permissions: { photo: null, sunscreen: null, bugSpray: null },
    health: { ...NO_HEALTH, allergies: [], medications: [] },
  };
}
