// The field records waiting on a phone, the notices of records handed to the office, and the offline
// copies of classes: kept encrypted (no child's data in the stored bytes), each person's in a store of
// their own that another person signed in on the phone never opens; read back for their class only,
// waiting entries gone once sent, copies gone after their last day, and wiped on sign-out.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { FieldEntryInput } from '../../contract/field';
import type { SheetRoster } from '../../contract/domain';
import { copies, dropCopy, keepCopy, keepWaiting, noticesFor, noticesSeen, sent, waitingFor, type OfflineCopy } from '../../src/features/teaching/fieldStore';
import { clearFamilyStorage, FIELD_STORE, fieldStoreOf } from '../../src/lib/familyStorage';
import { unsentFieldRecords } from '../../src/lib/unsentField';

const ME = 'uid-coach-one';
const OTHER = 'uid-coach-two';
const entry = (id: string, studentId = 'kid-nora-haddad'): FieldEntryInput => ({ id: `${id}-0000000000000`, kind: 'attendance', studentId, meeting: '2026-12-18', at: '2026-12-18T23:40:00.000Z', mark: 'left_early' });

/** Every stored record of a store, as raw text (what a copy of the storage shows). */
async function rawStore(store: 'waiting' | 'copies' | 'notices' = 'waiting', uid = ME): Promise<string> {
  const db = await new Promise<IDBDatabase>((ok, ko) => {
    const request = indexedDB.open(fieldStoreOf(uid));
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

/** A class's copy: only what the test reads of the roster is filled in. */
const copy = (classId: string, until: string): OfflineCopy => ({
  roster: { class: { id: classId, title: `Creek ${classId}` }, entries: [{ student: { firstName: 'Nora', lastName: 'Haddad', health: { allergies: [{ allergen: 'Peanuts' }] } } }] } as unknown as SheetRoster,
  entries: [],
  names: { 'kid-gone': 'Leo Gone' },
  savedAt: '2026-12-14T17:00:00.000Z',
  until,
});

describe('the field store', () => {
  it('keeps entries encrypted, by class, until sent', async () => {
    await keepWaiting(ME, 'fire', [entry('a'), entry('b', 'kid-mia')]);
    await keepWaiting(ME, 'creek', [entry('c')]);
    expect((await waitingFor(ME, 'fire')).map((e) => e.id).sort()).toEqual(['a-0000000000000', 'b-0000000000000']);
    expect(await waitingFor(ME, 'fire')).toContainEqual(entry('a'));
    const raw = await rawStore();
    for (const secret of ['kid-nora-haddad', 'kid-mia', 'left_early', 'attendance', '2026-12-18']) expect(raw, secret).not.toContain(secret);
    await sent(ME, 'fire', ['a-0000000000000']);
    expect((await waitingFor(ME, 'fire')).map((e) => e.id)).toEqual(['b-0000000000000']);
  });

  it('keeps what was handed to the office as a notice, encrypted, until the instructor has seen it; the entry stops waiting in the same step', async () => {
    await keepWaiting(ME, 'fire', [entry('h')]);
    await sent(ME, 'fire', ['h-0000000000000'], [{ id: 'h-0000000000000', classId: 'fire', child: 'Nora Haddad', what: 'Incident on Dec 18: Bee sting', reason: 'This child was not on the class’s roster that day. It was handed to the office to review.' }]);
    expect((await waitingFor(ME, 'fire')).map((e) => e.id)).not.toContain('h-0000000000000');
    expect(await noticesFor(ME, 'fire')).toEqual([expect.objectContaining({ id: 'h-0000000000000', child: 'Nora Haddad', what: 'Incident on Dec 18: Bee sting' })]);
    for (const secret of ['Nora', 'Bee sting', 'roster']) expect(await rawStore('notices'), secret).not.toContain(secret);
    expect(await noticesFor(ME, 'creek')).toEqual([]);
    await noticesSeen(ME, ['h-0000000000000']);
    expect(await noticesFor(ME, 'fire')).toEqual([]);
  });

  it('keeps a class’s offline copy encrypted until its last day, one per class', async () => {
    await keepCopy(ME, copy('fire', '2026-12-18'));
    await keepCopy(ME, copy('pond', '2026-12-16'));
    await keepCopy(ME, { ...copy('fire', '2026-12-18'), savedAt: '2026-12-15T17:00:00.000Z' });
    const raw = await rawStore('copies');
    for (const secret of ['Nora', 'Haddad', 'Peanuts', 'Creek', 'Leo Gone']) expect(raw, secret).not.toContain(secret);
    expect((await copies(ME, '2026-12-16')).map((c) => [c.roster.class.id, c.savedAt]).sort()).toEqual([
      ['fire', '2026-12-15T17:00:00.000Z'],
      ['pond', '2026-12-14T17:00:00.000Z'],
    ]);
    // The day after its last day, a copy no longer opens and is gone from the phone.
    expect((await copies(ME, '2026-12-17')).map((c) => c.roster.class.id)).toEqual(['fire']);
    expect(await rawStore('copies')).not.toContain('"pond"');
    await dropCopy(ME, 'fire');
    expect(await copies(ME, '2026-12-17')).toEqual([]);
  });

  it('belongs to one person: another person signed in on the phone never opens it, and opening theirs wipes the first one’s copies (their records stay, for them)', async () => {
    await keepCopy(ME, copy('fire', '2026-12-18'));
    await keepWaiting(ME, 'fire', [entry('mine')]);
    expect(await copies(OTHER, '2026-12-16')).toEqual([]);
    expect(await waitingFor(OTHER, 'fire')).toEqual([]);
    // Opening the other person's store wiped the first person's copies…
    await expect.poll(async () => rawStore('copies', ME)).toBe('[]');
    // …and left their records waiting, for them alone.
    expect((await waitingFor(ME, 'fire')).map((e) => e.id)).toContain('mine-0000000000000');
    expect(await unsentFieldRecords(OTHER)).toBe(0);
  });

  it('a record moved into another person’s store does not open there: the seal names its owner', async () => {
    await keepWaiting(ME, 'moved', [entry('sealed')]);
    const mine = await new Promise<unknown[]>((ok) => {
      const request = indexedDB.open(fieldStoreOf(ME));
      request.onsuccess = () => {
        const get = request.result.transaction('waiting').objectStore('waiting').getAll();
        get.onsuccess = () => {
          request.result.close();
          ok(get.result.filter((r: { classId: string }) => r.classId === 'moved'));
        };
      };
    });
    // The other person's store, with their own key: put the sealed bytes there.
    await keepWaiting(OTHER, 'moved', [entry('theirs')]);
    await new Promise<void>((ok) => {
      const request = indexedDB.open(fieldStoreOf(OTHER));
      request.onsuccess = () => {
        const tx = request.result.transaction('waiting', 'readwrite');
        for (const r of mine) tx.objectStore('waiting').put(r);
        tx.oncomplete = () => {
          request.result.close();
          ok();
        };
      };
    });
    expect((await waitingFor(OTHER, 'moved')).map((e) => e.id)).toEqual(['theirs-0000000000000']);
  });

  it('is wiped on sign-out, for the person signing out', async () => {
    await keepCopy(ME, copy('fire', '2026-12-18'));
    expect(await waitingFor(ME, 'creek')).toHaveLength(1);
    clearFamilyStorage(ME);
    await expect.poll(() => waitingFor(ME, 'creek')).toEqual([]);
    expect(await copies(ME, '2026-12-16')).toEqual([]);
    expect((await waitingFor(OTHER, 'moved')).length).toBeGreaterThan(0);
  });

  it('counts the records not sent yet (asked before a sign-out wipes them), without making a store where there is none', async () => {
    clearFamilyStorage(ME);
    await expect.poll(async () => (await indexedDB.databases()).map((d) => d.name)).not.toContain(fieldStoreOf(ME));
    expect(await unsentFieldRecords(ME)).toBe(0);
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(fieldStoreOf(ME));
    await keepWaiting(ME, 'fire', [entry('u1'), entry('u2', 'kid-mia')]);
    expect(await unsentFieldRecords(ME)).toBe(2);
    await sent(ME, 'fire', ['u1-0000000000000']);
    expect(await unsentFieldRecords(ME)).toBe(1);
    // The field store still opens and keeps after being asked.
    await keepWaiting(ME, 'creek', [entry('u3')]);
    expect((await waitingFor(ME, 'creek')).map((e) => e.id)).toEqual(['u3-0000000000000']);
    expect(FIELD_STORE).toBe('portal-field');
  });
});
