// What a class's page records in the field and how it reaches the server: each entry made on the phone
// (its own id and time) is kept on the phone encrypted (fieldStore.ts) and sent at once; an entry not
// sent yet waits, is shown as waiting, survives a reload or a closed tab, and goes when the signal
// returns. One per page: attendance and incident reports share it, so each entry is sent by one queue.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { SheetRoster } from '../../../contract/domain';
import type { FieldEntry, FieldEntryInput } from '../../../contract/field';
import { failureText } from '../../lib/query';
import { useClassFieldLog, useSyncFieldEntries } from './api';
import { keepWaiting, sent, waitingFor } from './fieldStore';
import { useRetryWhile } from './offline';

export function useFieldSync(roster: SheetRoster, /** The records in the phone's offline copy, when the server cannot be reached. */ offlineEntries?: FieldEntry[]) {
  const classId = roster.class.id;
  const [log, reloadLog] = useClassFieldLog(classId);
  const { mutateAsync, isPending } = useSyncFieldEntries();
  const [waiting, setWaiting] = useState<FieldEntryInput[]>([]);
  const [refused, setRefused] = useState<{ name: string; reason: string }[]>([]);
  const [sendFailure, setSendFailure] = useState('');
  const names = useMemo(() => new Map(roster.entries.map((e) => [e.student.id, `${e.student.firstName} ${e.student.lastName}`])), [roster.entries]);

  const send = useCallback(
    async (entries: FieldEntryInput[]) => {
      if (!entries.length) return;
      try {
        const result = await mutateAsync({ classId, sentAt: new Date().toISOString(), entries });
        const answered = new Set([...result.saved, ...result.already, ...result.refused.map((r) => r.id)]);
        setWaiting((w) => w.filter((e) => !answered.has(e.id)));
        void sent([...answered]).catch(() => undefined);
        setRefused((r) => [...r, ...result.refused.map((x) => ({ name: names.get(entries.find((e) => e.id === x.id)!.studentId) ?? 'A child', reason: x.reason }))]);
        setSendFailure('');
      } catch (e) {
        setSendFailure(failureText(e));
      }
    },
    [mutateAsync, classId, names],
  );

  // What waited on this phone when the page was last closed goes now.
  useEffect(() => {
    let gone = false;
    waitingFor(classId).then(
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
    // Once per class: `send` changes with the roster's names, which does not bring anything back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [classId]);

  // The signal came back: what waits goes.
  const sendWaiting = useCallback(() => void send(waiting), [send, waiting]);
  useRetryWhile(waiting.length > 0 && !isPending, sendWaiting);

  /** Records an entry: kept on the phone first (storage refused, say in a private window: it waits on the page alone), then sent. */
  const record = (entry: FieldEntryInput) => {
    const next = [...waiting, entry];
    setWaiting(next);
    void keepWaiting(classId, [entry])
      .catch(() => undefined)
      .then(() => send(next));
  };

  const kept = log.status === 'loaded' ? log.value.entries : (offlineEntries ?? []);
  return { log, reloadLog, fromCopy: !!offlineEntries, kept, waiting, record, sendWaiting, isPending, refused, sendFailure, names };
}

export type FieldSync = ReturnType<typeof useFieldSync>;

/** An entry made on the phone now. */
export const madeNow = () => ({ id: crypto.randomUUID(), at: new Date().toISOString() });
