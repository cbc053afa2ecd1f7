// Asked before a sign-out, which wipes the phone's field store (features/teaching/fieldStore.ts): kept
// apart from familyStorage so that the landing page does not carry it.
import { FIELD_STORE } from './familyStorage';

/** Field records on this phone not sent yet (0 when it has no field store: none is made by asking). */
export function unsentFieldRecords(): Promise<number> {
  return new Promise((resolve) => {
    try {
      const request = indexedDB.open(FIELD_STORE);
      // No store here: nothing waits. Opening would make an empty one the field store could not upgrade.
      request.onupgradeneeded = () => request.transaction?.abort();
      request.onerror = () => resolve(0);
      request.onsuccess = () => {
        const db = request.result;
        if (!db.objectStoreNames.contains('waiting')) {
          db.close();
          return resolve(0);
        }
        const count = db.transaction('waiting').objectStore('waiting').count();
        count.onsuccess = () => resolve(count.result);
        count.onerror = () => resolve(0);
        db.close();
      };
    } catch {
      resolve(0);
    }
  });
}
