// What the browser keeps of a person's work between visits; cleared on sign-out (shared devices).
export const SELECTION_KEY = 'portal.selection.v1';
/** When the selection on this device last changed (ISO time). */
export const SELECTION_TIME_KEY = 'portal.selection.changedAt';

/** The field records waiting on an instructor's phone (features/teaching/fieldStore.ts), encrypted. */
export const FIELD_STORE = 'portal-field';

export function clearFamilyStorage(): void {
  try {
    localStorage.removeItem(SELECTION_KEY);
    localStorage.removeItem(SELECTION_TIME_KEY);
  } catch {
    // Storage disabled: nothing was kept.
  }
  try {
    indexedDB.deleteDatabase(FIELD_STORE);
  } catch {
    // No IndexedDB here: nothing was kept.
  }
}
