import { useMemo } from 'react';
import { ordinal } from '../../../contract/format';
import { useSession } from '../../lib/session';
import { useMyWaitlist } from '../family/api';

/** A signed-in family's place on the waitlists it is on, as notes for each class's card (by class id). */
export function useWaitlistNotes(): Map<string, string[]> {
  const { user } = useSession();
  const [waits] = useMyWaitlist(!!user);
  return useMemo(() => {
    const notes = new Map<string, string[]>();
    if (waits.status !== 'loaded') return notes;
    for (const e of waits.value.entries) {
      const note =
        e.status === 'offered' ? `A seat is held for ${e.studentName}: claim it in My Enrollments` : e.status === 'waiting' && e.place ? `${e.studentName}: ${ordinal(e.place)} on the waitlist` : null;
      if (note) for (const id of e.classIds) notes.set(id, [...(notes.get(id) ?? []), note]);
    }
    return notes;
  }, [waits]);
}
