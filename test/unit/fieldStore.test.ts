// The field records waiting on a phone and the offline copies of classes: kept encrypted (no child's data
// in the stored bytes), read back for their class only, waiting entries gone once sent, copies gone after
// their last day, and everything wiped on sign-out.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { FieldEntryInput } from '../../contract/field';
import type { SheetRoster } from '../../contract/domain';
import { copies, dropCopy, keepCopy, keepWaiting, sent, waitingFor, type OfflineCopy } from '../../src/features/teaching/fieldStore';
import { clearFamilyStorage, FIELD_STORE } from '../../src/lib/familyStorage';
import { unsentFieldRecords } from '../../src/lib/unsentField';

const entry = (id: string, studentId = 'kid-nora-haddad'): FieldEntryInput => ({ id: `${id}-0000000000000`, kind: 'attendance', studentId, meeting: '2026-12-18', at: '2026-12-18T23:40:00.000Z', mark: 'left_early' });

/** Every stored record of a store, as raw text (what a copy of the storage shows). */
async function rawStore(store: 'waiting' | 'copies' = 'waiting'): Promise<string> {
  const db = await new Promise<IDBDatabase>((ok, ko) => {
    const request = indexedDB.open(FIELD_STORE);
    request.onsuccess = () => ok(request.result);
    request.onerror = ko;
  });
  const all = await new Promise<{ id: string; classId: string; data: ArrayBuffer }[]>((ok) => {
    const request = db.transaction(store).objectStore(store).getAll();
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

  /** A class's copy: only what the test reads of the roster is filled in. */
  const copy = (classId: string, until: string): OfflineCopy => ({
    roster: { class: { id: classId, title: `Creek ${classId}` }, entries: [{ student: { firstName: 'Nora', lastName: 'Haddad', health: { allergies: [{ allergen: 'Peanuts' }] } } }] } as unknown as SheetRoster,
    entries: [],
    savedAt: '2026-12-14T17:00:00.000Z',
    until,
  });

  it('keeps a class’s offline copy encrypted until its last day, one per class', async () => {
    await keepCopy(copy('fire', '2026-12-18'));
    await keepCopy(copy('pond', '2026-12-16'));
    await keepCopy({ ...copy('fire', '2026-12-18'), savedAt: '2026-12-15T17:00:00.000Z' });
    const raw = await rawStore('copies');
    for (const secret of ['Nora', 'Haddad', 'Peanuts', 'Creek']) expect(raw, secret).not.toContain(secret);
    expect((await copies('2026-12-16')).map((c) => [c.roster.class.id, c.savedAt]).sort()).toEqual([
      ['fire', '2026-12-15T17:00:00.000Z'],
      ['pond', '2026-12-14T17:00:00.000Z'],
    ]);
    // The day after its last day, a copy no longer opens and is gone from the phone.
    expect((await copies('2026-12-17')).map((c) => c.roster.class.id)).toEqual(['fire']);
    expect(await rawStore('copies')).not.toContain('"pond"');
    await dropCopy('fire');
    expect(await copies('2026-12-17')).toEqual([]);
  });

  it('is wiped on sign-out', async () => {
    await keepCopy(copy('fire', '2026-12-18'));
    expect(await waitingFor('creek')).toHaveLength(1);
    clearFamilyStorage();
    await expect.poll(() => waitingFor('creek')).toEqual([]);
    expect(await copies('2026-12-16')).toEqual([]);
  });

  it('counts the records not sent yet (asked before a sign-out wipes them), without making a store where there is none', async () => {
    clearFamilyStorage();
    await expect.poll(async () => (await indexedDB.databases()).map((d) => d.name)).not.toContain(FIELD_STORE);
    expect(await unsentFieldRecords()).toBe(0);
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(FIELD_STORE);
    await keepWaiting('fire', [entry('u1'), entry('u2', 'kid-mia')]);
    expect(await unsentFieldRecords()).toBe(2);
    await sent(['u1-0000000000000']);
    expect(await unsentFieldRecords()).toBe(1);
    // The field store still opens and keeps after being asked.
    await keepWaiting('creek', [entry('u3')]);
    expect((await waitingFor('creek')).map((e) => e.id)).toEqual(['u3-0000000000000']);
  });
});
