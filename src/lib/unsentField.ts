// Asked before a sign-out, which wipes the phone's field store (features/teaching/fieldStore.ts): kept
// apart from familyStorage so that the landing page does not carry it.
import { fieldStoreOf } from './familyStorage';

/** This person's field records on this phone not sent yet (0 when they have no field store: none is made by asking). */
export function unsentFieldRecords(uid: string): Promise<number> {
  return new Promise((resolve) => {
    try {
      const request = indexedDB.open(fieldStoreOf(uid));
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
