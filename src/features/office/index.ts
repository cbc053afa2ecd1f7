// What other features use of the office pages: the printed class sheets (with their print styles),
// for the instructor's packet (features/teaching).
import './office.css';

export { ClassSheet } from './ClassSheets';
export { Allergies, InstructorNotes } from './sheetParts';
export { ageFor } from './rosterCsv';
