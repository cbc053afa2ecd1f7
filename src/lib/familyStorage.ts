// What the browser keeps of a family's work between visits; cleared on sign-out (shared devices).
export const SELECTION_KEY = 'portal.selection.v1';
/** When the selection on this device last changed (ISO time). */
export const SELECTION_TIME_KEY = 'portal.selection.changedAt';

export function clearFamilyStorage(): void {
  try {
    localStorage.removeItem(SELECTION_KEY);
    localStorage.removeItem(SELECTION_TIME_KEY);
  } catch {
    // Storage disabled: nothing was kept.
  }
}
