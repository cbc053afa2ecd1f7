// The columns every file of field records ends with, the same in a class's files and the office's
// day: when the entry reached the server, its own id, the entry it corrects and the one correcting it
// (by id and what they said), and what the office must look at. A corrected row says so: nobody
// counts a dose "given" that a later entry corrected.
import { SCHOOL_TIME_ZONE } from '../../contract/domain';
import { entryText, flagsText, type FieldEntry } from '../../contract/field';
import { type CsvValue } from './csv';
import { schoolStamp } from '../../contract/schedule';

/** A file's entries in the order they were recorded (the phone's time; the received column beside it). */
export const byRecording = <E extends Pick<FieldEntry, 'at' | 'receivedAt'>>(entries: readonly E[]): E[] => [...entries].sort((a, b) => a.at.localeCompare(b.at) || a.receivedAt.localeCompare(b.receivedAt));

export const RECORD_COLUMNS = [`Received (${SCHOOL_TIME_ZONE})`, 'Entry', 'Corrects', 'Corrected by', 'Look at this'];

/** Reads a set of entries for their trailing columns. */
export function recordColumns(records: readonly FieldEntry[]): (e: FieldEntry) => CsvValue[] {
  const byId = new Map(records.map((e) => [e.id, e]));
  const correction = new Map(records.flatMap((e) => (e.corrects ? [[e.corrects, e] as const] : [])));
  const named = (e: FieldEntry | undefined, id: string) => (e ? `${id}: ${entryText(e)}, recorded ${schoolStamp(e.at)}` : `${id} (an earlier entry)`);
  return (e) => {
    const fix = correction.get(e.id);
    return [schoolStamp(e.receivedAt), e.id, e.corrects ? named(byId.get(e.corrects), e.corrects) : '', fix ? named(fix, fix.id) : '', flagsText(e)];
  };
}
