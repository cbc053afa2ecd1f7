// What other features use of the office pages: the printed class sheets (with their print styles),
// for the instructor's packet (features/teaching).
import './office/office.css';

export { ClassSheet } from './office/ClassSheets';
export { Allergies, InstructorNotes } from './office/sheetParts';
export { ageFor } from './office/rosterCsv';
export { medicationText, yesNo } from './office/studentText';
