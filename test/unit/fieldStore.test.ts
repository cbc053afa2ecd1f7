// The field records waiting on a phone: kept encrypted (no child's data in the stored bytes), read back
// for their class only, gone once sent, and wiped with everything else on sign-out.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { FieldEntryInput } from '../../contract/field';
import { keepWaiting, sent, waitingFor } from '../../src/features/teaching/fieldStore';
import { clearFamilyStorage, FIELD_STORE } from '../../src/lib/familyStorage';

const entry = (id: string, studentId = 'kid-nora-haddad'): FieldEntryInput => ({ id: `${id}-0000000000000`, kind: 'attendance', studentId, meeting: '2026-12-18', at: '2026-12-18T23:40:00.000Z', mark: 'left_early' });

/** Every stored record of the waiting store, as raw text (what a copy of the storage shows). */
async function rawStore(): Promise<string> {
  const db = await new Promise<IDBDatabase>((ok, ko) => {
    const request = indexedDB.open(FIELD_STORE);
    request.onsuccess = () => ok(request.result);
    request.onerror = ko;
  });
  const all = await new Promise<{ id: string; classId: string; data: ArrayBuffer }[]>((ok) => {
    const request = db.transaction('waiting').objectStore('waiting').getAll();
    request.onsuccess = () => ok(request.result as never);
  });
  db.close();
  return JSON.stringify(all.map((r) => ({ ...r, data: Buffer.from(r.data).toString('latin1') })));
}

describe('the field store', () => {
  it('keeps entries encrypted, by class, until sent', async () => {
    await keepWaiting('fire', [entry('a'), entry('b', 'kid-mia')]);
    await keepWaiting('creek', [entry('c')]);
    expect((await waitingFor('fire')).map((e) => e.id).sort()).toEqual(['a-0000000000000', 'b-0000000000000']);
    expect(await waitingFor('fire')).toContainEqual(entry('a'));
    const raw = await rawStore();
    for (const secret of ['kid-nora-haddad', 'kid-mia', 'left_early', 'attendance', '2026-12-18']) expect(raw, secret).not.toContain(secret);
    await sent(['a-0000000000000']);
    expect((await waitingFor('fire')).map((e) => e.id)).toEqual(['b-0000000000000']);
  });

  it('is wiped on sign-out', async () => {
    expect(await waitingFor('creek')).toHaveLength(1);
    clearFamilyStorage();
    await expect.poll(() => waitingFor('creek')).toEqual([]);
  });
});
