// Form errors by field path, from the contract's schemas, in sentences a family or the office reads.
import { studentProfileSchema } from '../../../contract/schemas';
import type { StudentProfile } from '../../../contract/domain';

export type Errors = Record<string, string>;

/** Field path ("guardians.0.phone") → message from a contract schema, for the fields kept. */
export function schemaErrors(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: readonly { path: PropertyKey[]; message: string }[] } } },
  value: unknown,
  keep: (path: string) => boolean = () => true,
): Errors {
  const result = schema.safeParse(value);
  const errors: Errors = {};
  if (result.success || !result.error) return errors;
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    if (keep(path) && !errors[path]) errors[path] = sentence(issue.message);
  }
  return errors;
}

/** The errors of the parts of a student profile a step edits. */
export const profileErrors = (profile: StudentProfile, keep: (path: string) => boolean): Errors =>
  schemaErrors(studentProfileSchema, profile, keep);

/** Schema messages are predicates ("is required"); the field's label makes them a sentence. */
function sentence(message: string): string {
  return message.replace(/^Invalid input: expected .*/, 'is required');
}

/** An optional whole number as typed in a number field: empty means none (null). */
export const wholeOrNull = (typed: string) => (typed.trim() ? Math.round(Number(typed)) : null);

export const capitalized = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);

/** "Phone is required" from the label and a schema predicate; a full sentence is kept as it is. */
export const fieldMessage = (label: string, message: string) => (/^[a-z]/.test(message) ? `${label} ${message}` : message);
