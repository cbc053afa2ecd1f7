// Pure rules of the school office's edits (PRODUCT §7).
import type { ClassGroup, ClassRecord } from '../../../contract/domain';

type ClassFields = Omit<ClassRecord, 'id' | 'enrolledCount'>;

const LABELS: [keyof ClassFields, string][] = [
  ['title', 'title'],
  ['description', 'description'],
  ['classType', 'class type'],
  ['location', 'location'],
  ['startDate', 'start date'],
  ['endDate', 'end date'],
  ['startTime', 'start time'],
  ['endTime', 'end time'],
  ['registrationDeadline', 'registration deadline'],
];

/** What a family needs that the class still lacks (empty when it can be published). */
export function missingForPublish(c: ClassFields): string[] {
  const missing = LABELS.filter(([key]) => !String(c[key] ?? '').trim()).map(([, label]) => label);
  if (!c.instructors.length) missing.push('instructors');
  if (!c.weekdays.length) missing.push('weekdays');
  if (c.capacity < 1) missing.push('capacity');
  return missing;
}

/** Problems with a class's own values, whatever its status. */
export function classValueProblem(c: ClassFields, enrolled: number): string | null {
  if (c.gradeMin > c.gradeMax) return 'The lowest grade must not be above the highest grade.';
  if (c.startDate && c.endDate && c.startDate > c.endDate) return 'The end date must not be before the start date.';
  if (c.startTime && c.endTime && c.startTime >= c.endTime) return 'The class must end after it starts.';
  if (c.slidingScale && (c.slidingScale.min > c.price || c.price > c.slidingScale.max)) {
    return 'The sliding scale must include the full price.';
  }
  if (c.capacity < enrolled) return `Capacity cannot be below the ${enrolled} students already enrolled.`;
  return null;
}

/** A group needs at least two distinct classes of its semester, each in no other group. */
export function groupProblem(group: Omit<ClassGroup, 'id'> & { id?: string }, classes: ClassRecord[], others: ClassGroup[]): string | null {
  const ids = new Set(group.classIds);
  if (ids.size < 2) return 'A group needs at least two different classes.';
  if (classes.length !== ids.size) return 'A class in this group does not exist.';
  if (classes.some((c) => c.semesterId !== group.semesterId)) return 'Every class of a group must be in its semester.';
  const taken = others.find((g) => g.id !== group.id && g.classIds.some((id) => ids.has(id)));
  if (taken) return `A class is already in the group "${taken.name}".`;
  return null;
}
