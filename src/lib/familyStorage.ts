// What the browser keeps of a family's work between visits; cleared on sign-out (shared devices).
export const SELECTION_KEY = 'portal.selection.v1';

export function clearFamilyStorage(): void {
  try {
    localStorage.removeItem(SELECTION_KEY);
  } catch {
    // Storage disabled: nothing was kept.
  }
}
