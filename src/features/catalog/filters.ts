import type { PublicClass } from '../../../contract/domain';

export interface ClassFilters {
  query: string;
  /** null = all grades. */
  grade: number | null;
}

/** Search in title, description, location and instructors; grade within the class's range. */
export function filterClasses<T extends PublicClass>(classes: T[], { query, grade }: ClassFilters): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return classes.filter((c) => {
    if (grade !== null && (grade < c.gradeMin || grade > c.gradeMax)) return false;
    if (!words.length) return true;
    const text = [c.title, c.description, c.location, c.classType, ...c.instructors].join(' ').toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** "Full", "1 seat left", "N seats left". */
export function seatsText(seatsLeft: number): string {
  if (seatsLeft <= 0) return 'Full';
  return seatsLeft === 1 ? '1 seat left' : `${seatsLeft} seats left`;
}
