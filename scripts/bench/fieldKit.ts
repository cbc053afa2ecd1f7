// Taking a class offline: what an instructor's phone downloads for a class of 16 children (the roster
// with what the field needs — allergies, medications, phones, pickups and their codes' check values —
// and the class's records, one
// meeting's attendance recorded), how large it is, and how long it takes, warm (the functions emulator
// called directly, both reads at once, as the phone asks for them).
import { gzipSync } from 'node:zlib';
import type { SheetRoster } from '../../contract/domain';
import type { FieldEntry, FieldSyncResult } from '../../contract/field';
import { meetingDates } from '../../contract/schedule';
import { callFunction, createUser } from '../../test/support/emulators';
import { addClassesLikeWildArt, enrollAtQuotedPrice, familyWithStudent } from '../../test/support/samples';
import { adminDb } from '../demo/adminApp';
import { KB, percentile } from './stats';

const CLASS = 'bench-field';

export interface FieldKitResult {
  children: number;
  /** The copy as the phone stores it (JSON, then sealed: + 28 bytes of nonce and tag). */
  storedKB: number;
  /** What goes over the network (gzip, as Hosting sends it). */
  transferKB: number;
  p50Ms: number;
  p95Ms: number;
  runs: number;
}

export async function fieldKitDownload(children = 16, runs = 10): Promise<FieldKitResult> {
  const template = await addClassesLikeWildArt([{ id: CLASS, title: 'Bench Field Class', capacity: children, weekday: 3 }]);
  const families = await Promise.all(Array.from({ length: children }, (_, i) => familyWithStudent(`bench-field${i}@example.com`, 'Field', `Child${i}`)));
  for (const [i, f] of families.entries()) {
    const r = await enrollAtQuotedPrice(f.user.idToken, { studentId: f.studentId, lines: [{ classId: CLASS, addOnIds: [] }], idempotencyKey: `bench-field-${i}` });
    if (r.status !== 200) throw new Error(`enroll failed: ${JSON.stringify(r.error)}`);
  }
  // Each family made its pickup codes: the roster carries their check values.
  for (const f of families) {
    const codes = await callFunction('issuePickupCodes', { studentId: f.studentId }, f.user.idToken);
    if (codes.status !== 200) throw new Error(`issuePickupCodes failed: ${JSON.stringify(codes.error)}`);
  }
  const instructor = await createUser('bench-field-instructor@example.com');
  await adminDb().doc(`roles/${instructor.uid}`).set({ roles: ['instructor'] });
  await adminDb().doc(`classes/${CLASS}`).update({ instructorUids: [instructor.uid] });
  const meeting = meetingDates({ ...template, weekdays: [3] })[0];
  const at = new Date().toISOString();
  const entries = families.map((f, i) => ({ id: `bench-field-entry-${String(i).padStart(4, '0')}`, kind: 'attendance', studentId: f.studentId, meeting, at, mark: 'present' }));
  const sync = await callFunction<FieldSyncResult>('syncFieldEntries', { classId: CLASS, sentAt: at, entries }, instructor.idToken);
  if (sync.result?.saved.length !== children) throw new Error(`syncFieldEntries: ${JSON.stringify(sync.error ?? sync.result)}`);

  const download = () =>
    Promise.all([
      callFunction<{ roster: SheetRoster }>('taughtRoster', { classId: CLASS }, instructor.idToken),
      callFunction<{ entries: FieldEntry[] }>('classFieldLog', { classId: CLASS }, instructor.idToken),
    ]);
  await download();
  const ms: number[] = [];
  let copy = '';
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const [roster, log] = await download();
    ms.push(performance.now() - started);
    if (roster.result?.roster.entries.length !== children) throw new Error(`taughtRoster: ${JSON.stringify(roster.error)}`);
    copy = JSON.stringify({ roster: roster.result.roster, entries: log.result!.entries, savedAt: at, until: meeting });
  }
  const bytes = Buffer.byteLength(copy);
  return { children, storedKB: KB(bytes + 28), transferKB: KB(gzipSync(copy).length), p50Ms: Math.round(percentile(ms, 50)), p95Ms: Math.round(percentile(ms, 95)), runs };
}

/** Budget: a phone on a weak signal takes it in a few seconds. */
export function fieldKitBudgets(r: FieldKitResult): [string, string, string, boolean][] {
  return [[`Take a class of ${r.children} offline (roster + records, warm, ${r.runs} runs)`, `stored ${r.storedKB} KB · sent ${r.transferKB} KB gzip · p50 ${r.p50Ms} ms · p95 ${r.p95Ms} ms`, '≤ 100 KB sent · p95 ≤ 1 s', r.transferKB <= 100 && r.p95Ms <= 1000]];
}

// `npm run bench -- --field-kit` runs this alone (scripts/bench.mjs).
if (process.argv[1]?.endsWith('fieldKit.ts')) {
  const result = await fieldKitDownload();
  for (const [name, value, budget, ok] of fieldKitBudgets(result)) console.log(`| ${name} | ${value} | ${budget} | ${ok ? 'met' : '**missed**'} |`);
  process.exit(fieldKitBudgets(result).every((b) => b[3]) ? 0 : 1);
}
