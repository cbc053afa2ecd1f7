import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

let firestore: Firestore | undefined;

export function db(): Firestore {
  if (!firestore) {
    if (getApps().length === 0) initializeApp();
    firestore = getFirestore();
  }
  return firestore;
}

export const COLLECTIONS = {
  roles: 'roles',
  semesters: 'semesters',
  classes: 'classes',
  groups: 'groups',
  config: 'config',
  students: 'students',
  enrollments: 'enrollments',
  enrollmentDrafts: 'enrollmentDrafts',
  discounts: 'discounts',
  mail: 'mail',
  /** Subcollection of a class: one document per enrolled student. */
  roster: 'roster',
} as const;
