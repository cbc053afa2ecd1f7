// The public catalogue: classes, bundles and the semesters open for enrollment.
// Each call: who may call it, its payload, its answer, and what it shows and changes (the app
// fetches again what a call made stale: src/lib/stale.ts, written from these).
import { z } from 'zod/mini';
import { MAX_IDS } from '../constants';
import type { PublicAnnouncement, ClassGroup, PublicClass, PublicSemester, SemesterCatalogue } from '../domain';
import { id } from '../schemas';
import { spec, none, ids } from './spec';

export const catalogueCalls = {
  classes: spec<{ classes: PublicClass[]; notFound: string[] }>()(
    'public',
    z.union([none, z.strictObject({ query: z.array(z.strictObject({ id })).check(z.maxLength(MAX_IDS, 'has too many ids')) })]),
    { shows: ['classes', 'seats'] },
  ),
  availableEnrollmentClasses: spec<Record<string, SemesterCatalogue>>()('public', none, { shows: ['classes', 'seats'] }),
  classGroups: spec<{ groups: ClassGroup[]; notFound: string[] }>()('public', ids, { shows: ['classes', 'seats'] }),
  classesBySemester: spec<Record<string, SemesterCatalogue>>()('public', ids, { shows: ['classes', 'seats'] }),
  /** The semesters open for enrollment, and the announcements showing today (above the class list). */
  openSemesters: spec<{ semesters: PublicSemester[]; announcements: PublicAnnouncement[] }>()('public', none, { shows: ['classes', 'seats', 'announcements'] }),
} as const;
