/** Callable timeout and region (seed §9). */
export const CALLABLE_TIMEOUT_MS = 70_000;
export const FUNCTIONS_REGION = 'us-central1';
/** The most ids one public catalogue call takes (`classes`, `classGroups`, `classesBySemester`). */
export const MAX_IDS = 100;
/** The school's name, in email subjects (which never carry text a family typed). */
export const SCHOOL_NAME = 'Wildwood Outdoor School';
