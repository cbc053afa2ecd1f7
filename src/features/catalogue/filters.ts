import type { PublicClass } from '../../../contract/domain';
import { matchesSearch } from '../../../contract/rules';

export interface ClassFilters {
  query: string;
  /** null = all grades. */
  grade: number | null;
}

/** Search in title, description, location and instructors; grade within the class's range. */
export function filterClasses<T extends PublicClass>(classes: T[], { query, grade }: ClassFilters): T[] {
  return classes.filter(
    (c) =>
      (grade === null || (grade >= c.gradeMin && grade <= c.gradeMax)) &&
      matchesSearch([c.title, c.description, c.location, c.classType, ...c.instructors], query),
  );
}

/** "Full", "1 seat left", "N seats left". */
export function seatsText(seatsLeft: number): string {
  if (seatsLeft <= 0) return 'Full';
  return seatsLeft === 1 ? '1 seat left' : `${seatsLeft} seats left`;
}
