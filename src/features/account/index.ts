// What other features use of the family's account pages: the data file's two downloads, for the
// office's copy of a family's data (features/office).
export { DataDownload } from './OurData';
