// What other features use of the catalogue: the class list step, the family's selection and the child it is for.
export { CatalogueStep } from './CatalogueStep';
export { childFromAddress } from './useFamilyFits';
export { isWaitlist, loadSelection, saveSelection, selectionChangedAt, type Selection } from './selection';
