// The office's class form and the server check a class with the same rules: its own values, and
// what publishing it needs. Kept apart from rules.ts, which the families' landing page loads.
import type { ClassRecord } from './domain';

type PublishFields = Pick<
  ClassRecord,
  'title' | 'description' | 'classType' | 'location' | 'startDate' | 'endDate' | 'startTime' | 'endTime' | 'registrationDeadline' | 'instructors' | 'weekdays' | 'capacity'
>;

type ClassValues = Pick<ClassRecord, 'gradeMin' | 'gradeMax' | 'startDate' | 'endDate' | 'startTime' | 'endTime' | 'price' | 'slidingScale' | 'capacity'> & Partial<Pick<ClassRecord, 'aidSeats' | 'aidSeatsUntil'>>;

/**
 * A class's own values that cannot be right, whatever its status, by the field to fix: the form marks
 * each at its field before saving, the server refuses the first.
 */
export function classValueProblems(c: ClassValues): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (c.gradeMin > c.gradeMax) problems.push({ path: 'gradeMax', message: 'The lowest grade must not be above the highest grade.' });
  if (c.startDate && c.endDate && c.startDate > c.endDate) problems.push({ path: 'endDate', message: 'The end date must not be before the start date.' });
  if (c.startTime && c.endTime && c.startTime >= c.endTime) problems.push({ path: 'endTime', message: 'The class must end after it starts.' });
  if (c.slidingScale && c.slidingScale.min > c.slidingScale.max) {
    problems.push({ path: 'slidingScale.max', message: 'The lowest sliding-scale price must not be above the highest.' });
  } else if (c.slidingScale && (c.slidingScale.min > c.price || c.price > c.slidingScale.max)) {
    problems.push({ path: c.slidingScale.min > c.price ? 'slidingScale.min' : 'slidingScale.max', message: 'The sliding scale must include the full price.' });
  }
  if ((c.aidSeats ?? 0) > c.capacity) problems.push({ path: 'aidSeats', message: 'Seats kept for aid cannot be more than the capacity.' });
  if ((c.aidSeats ?? 0) > 0 && !c.aidSeatsUntil) problems.push({ path: 'aidSeatsUntil', message: 'Say when the seats kept for aid open to everyone.' });
  return problems;
}

const PUBLISH_NEEDS: [keyof PublishFields, string][] = [
  ['title', 'title'],
  ['description', 'description'],
  ['classType', 'class type'],
  ['location', 'location'],
  ['startDate', 'start date'],
  ['endDate', 'end date'],
  ['startTime', 'start time'],
  ['endTime', 'end time'],
  ['registrationDeadline', 'registration deadline'],
  ['instructors', 'instructors'],
  ['weekdays', 'weekdays'],
  ['capacity', 'capacity'],
];

const lacks = (c: PublishFields, key: keyof PublishFields) => {
  const v = c[key];
  return Array.isArray(v) ? v.length === 0 : typeof v === 'number' ? v < 1 : !String(v ?? '').trim();
};

/**
 * The fields a family needs that the class still lacks, by path, with what the form says at each (a
 * capacity of 0 is there, but no family could take a seat).
 */
export const missingFieldsForPublish = (c: PublishFields) =>
  PUBLISH_NEEDS.filter(([key]) => lacks(c, key)).map(([path, label]) => ({
    path,
    label: path === 'capacity' ? 'a capacity of at least 1' : label,
    message: path === 'capacity' ? 'must be at least 1 to publish the class' : 'is needed to publish the class',
  }));

/** What a family needs that the class still lacks, in words (empty when it can be published). */
export const missingForPublish = (c: PublishFields): string[] => missingFieldsForPublish(c).map((m) => m.label);
