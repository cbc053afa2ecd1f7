// What the office's pages use of the catalogue set-up: the semester picker their pages share.
export { useSemesterPicker } from './SemesterPicker';
