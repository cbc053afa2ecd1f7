// What other features use of the family's account pages, for the office acting for a family
// (features/office): the data file's two downloads, and an add-on offer.
export { DataDownload } from './OurData';
export { AddOnOffer } from './AddOnOffers';
