// What other features use of the catalogue: the class list step and the family's selection.
export { CatalogStep } from './CatalogStep';
export { isWaitlist, loadSelection, saveSelection, selectionChangedAt, type Selection } from './selection';
