// What a class's page records in the field and how it reaches the server: each entry made on the phone
// (its own id and time) is kept on the phone encrypted (fieldStore.ts) and sent at once; an entry not
// sent yet waits, is shown as waiting, survives a reload or a closed tab, and goes when the signal
// returns. What the server hands to the office instead of the class's record leaves the waiting list
// as a notice naming the child and the record, kept on the phone until the instructor says they saw
// it. One per page: attendance, doses, pickups and incident reports share it, so each entry is sent by
// one queue.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SheetRoster } from '../../../contract/domain';
import { entryText, FIELD_KIND_LABELS, type FieldEntry, type FieldEntryInput } from '../../../contract/field';
import { formatDate } from '../../../contract/format';
import { failureText, toCallError } from '../../lib/query';
import { useClassFieldLog, useSyncFieldEntries } from './api';
import { keepWaiting, noticesFor, noticesSeen, sent, waitingFor, type Notice, type Waiting } from './fieldStore';
import { NO_SIGNAL, RETRY_MS, useFieldOwner, useRetryWhile, type RetryCause } from './offline';

export function useFieldSync(
  classId: string,
  /** The class's roster; absent when the class is no longer this person's (what waits is handed to the office). */
  roster: SheetRoster | undefined,
  /** The phone's offline copy, when the server cannot be reached: its records and the names of the children they name. */
  offline?: { entries: FieldEntry[]; names: Record<string, string> },
) {
  const uid = useFieldOwner();
  const [log, reloadLog] = useClassFieldLog(classId, !!roster);
  const { mutateAsync, isPending } = useSyncFieldEntries();
  const [waiting, setWaiting] = useState<Waiting[]>([]);
  const [notices, setNotices] = useState<Notice[]>([]);
  /** Why the last send failed: for want of a signal, or the server said no to the whole sync (the words differ: a signal alone will not send it). */
  const [sendFailure, setSendFailure] = useState<{ text: string; noSignal: boolean } | null>(null);
  const logNames = log.status === 'loaded' ? log.value.names : offline?.names;
  // The roster's children first; a child withdrawn since keeps the name the server or the copy knows.
  const names = useMemo(
    () => new Map([...Object.entries(logNames ?? {}), ...(roster?.entries ?? []).map((e) => [e.student.id, `${e.student.firstName} ${e.student.lastName}`] as const)]),
    [roster?.entries, logNames],
  );

  /** Sends started, so that a send that fails after a later one began (a request hung before the signal returned) says nothing. */
  const started = useRef(0);
  /** When the last send started (the timer below leaves a recent one alone). */
  const lastStart = useRef(-Infinity);
  const send = useCallback(
    async (entries: Waiting[]) => {
      if (!entries.length) return;
      const attempt = ++started.current;
      lastStart.current = Date.now();
      try {
        // What the phone keeps beside an entry (the child's name) is not sent.
        const result = await mutateAsync({ classId, sentAt: new Date().toISOString(), entries: entries.map(({ child: _child, ...entry }) => entry as FieldEntryInput) });
        const answered = new Set([...result.saved, ...result.already, ...result.held.map((r) => r.id)]);
        const handed = result.held.map(({ id, reason }): Notice => {
          const entry = entries.find((e) => e.id === id)!;
          return { id, classId, child: entry.child ?? names.get(entry.studentId) ?? 'A child', what: `${FIELD_KIND_LABELS[entry.kind]} on ${formatDate(entry.meeting)}: ${entryText(entry)}`, reason };
        });
        // The notices are kept before the entries stop waiting: a closed tab in between loses neither.
        await sent(uid, classId, [...answered], handed).catch(() => undefined);
        setWaiting((w) => w.filter((e) => !answered.has(e.id)));
        setNotices((n) => [...n, ...handed.filter((h) => !n.some((x) => x.id === h.id))]);
        setSendFailure(null);
      } catch (e) {
        if (attempt === started.current) setSendFailure({ text: failureText(e), noSignal: NO_SIGNAL.includes(toCallError(e).code) });
      }
    },
    [mutateAsync, classId, names, uid],
  );

  // What waited on this phone when the page was last closed goes now; what was handed to the office and not yet seen shows again.
  useEffect(() => {
    let gone = false;
    noticesFor(uid, classId).then((found) => !gone && found.length && setNotices((n) => [...n, ...found.filter((f) => !n.some((x) => x.id === f.id))]), () => undefined);
    waitingFor(uid, classId).then(
      (found) => {
        if (gone || !found.length) return;
        setWaiting((w) => [...w, ...found.filter((f) => !w.some((e) => e.id === f.id))]);
        void send(found);
      },
      () => undefined,
    );
    return () => {
      gone = true;
    };
    // Once per class and person: `send` changes with the roster's names, which does not bring anything back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [classId, uid]);

  const sendWaiting = useCallback(() => void send(waiting), [send, waiting]);
  // The signal came back: what waits goes at once, even while a send from before still hangs (at the
  // edge of coverage a request can hang until the call's time-out, 70 s; the server keeps each entry
  // once). The timer sends again beside a send started more than half its interval ago, for a signal
  // the browser never says came back.
  const retryWaiting = useCallback((cause: RetryCause) => (cause === 'online' || Date.now() - lastStart.current >= RETRY_MS / 2) && sendWaiting(), [sendWaiting]);
  useRetryWhile(waiting.length > 0, retryWaiting);

  /**
   * Records an entry: kept on the phone first, and only then shown as waiting and sent, so that what
   * the page shows as waiting survives the app closed at once (storage refused, say in a private
   * window: it waits on the page alone).
   */
  const record = (input: FieldEntryInput) => {
    const entry: Waiting = { ...input, child: names.get(input.studentId) };
    const next = [...waiting, entry];
    void keepWaiting(uid, classId, [entry])
      .catch(() => undefined)
      .then(() => {
        setWaiting((w) => [...w, entry]);
        return send(next);
      });
  };

  /** The instructor saw a notice: it leaves the phone (the office has the record), then the page; not the other way round, or the app closed at once shows it again. */
  const seen = (id: string) => {
    void noticesSeen(uid, [id])
      .catch(() => undefined)
      .then(() => setNotices((n) => n.filter((x) => x.id !== id)));
  };

  const kept = log.status === 'loaded' ? log.value.entries : (offline?.entries ?? []);
  return { log, reloadLog, fromCopy: !!offline, kept, waiting, record, sendWaiting, isPending, notices, seen, sendFailure, names };
}

export type FieldSync = ReturnType<typeof useFieldSync>;

/** An entry made on the phone now. */
export const madeNow = () => ({ id: crypto.randomUUID(), at: new Date().toISOString() });
