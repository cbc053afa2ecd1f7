// What the browser keeps of a person's work between visits; cleared on sign-out (shared devices).
export const SELECTION_KEY = 'portal.selection.v1';
/** When the selection on this device last changed (ISO time). */
export const SELECTION_TIME_KEY = 'portal.selection.changedAt';

/** The field records waiting on an instructor's phone and their offline copies of classes (features/teaching/fieldStore.ts), encrypted: one store per person. */
export const FIELD_STORE = 'portal-field';
/** The field store of one signed-in person. */
export const fieldStoreOf = (uid: string) => `${FIELD_STORE}-${uid}`;
/** The signed-in person's roles as the server last said them, for a staff page opened without signal. */
const ROLES_KEY = 'portal.roles';

/** Remembers what the server said of this person's roles. */
export function rememberRoles(uid: string, roles: string[]): void {
  try {
    localStorage.setItem(ROLES_KEY, JSON.stringify({ uid, roles }));
  } catch {
    // Storage disabled: staff pages then need a signal to open.
  }
}

/** This person's roles as last said, or null. */
export function rolesRemembered(uid: string): string[] | null {
  try {
    const kept = JSON.parse(localStorage.getItem(ROLES_KEY) ?? 'null') as { uid: string; roles: string[] } | null;
    return kept?.uid === uid ? kept.roles : null;
  } catch {
    return null;
  }
}

/** Forgets what this device keeps of the person signing out (`uid`: their field store too). */
export function clearFamilyStorage(uid?: string): void {
  try {
    localStorage.removeItem(SELECTION_KEY);
    localStorage.removeItem(SELECTION_TIME_KEY);
    localStorage.removeItem(ROLES_KEY);
  } catch {
    // Storage disabled: nothing was kept.
  }
  try {
    if (uid) indexedDB.deleteDatabase(fieldStoreOf(uid));
  } catch {
    // No IndexedDB here: nothing was kept.
  }
}
