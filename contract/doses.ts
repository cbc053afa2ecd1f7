// When a child's medication is due at a class's meeting, read from the profile's schedule in the
// family's words: clock times ("12:30", "3 pm", "noon") or "as needed". A dose due and not recorded an
// hour after its time is missed; a dose given as needed asks for a follow-up 30 minutes after.
import type { Medication } from './domain';

export const MISSED_AFTER_MINUTES = 60;
export const FOLLOW_UP_MINUTES = 30;

/** An epinephrine auto-injector, by any of the names families write. */
export const isEpinephrine = (medication: string) => /epinephrine|epi-?pen|auto-?injector|auvi-?q|adrenaclick|adrenaline/i.test(medication);

/** The family gives it only when needed (the instructor says why each time). */
export const asNeeded = (m: Pick<Medication, 'schedule'>) => /\b(as|when|if) needed\b|\bprn\b/i.test(m.schedule);

/** The clock times (HH:MM, 24 h) the schedule names, in order: "8:00 and 12:30 pm" → 08:00, 12:30. */
export function doseTimes(schedule: string): string[] {
  const times = new Set<string>();
  if (/\bnoon\b/i.test(schedule)) times.add('12:00');
  for (const m of schedule.matchAll(/\b(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?(?![\d:])/gi)) {
    const [, h, min, half] = m;
    if (!min && !half) continue; // a bare number is a count ("2 puffs"), not a time
    let hour = Number(h);
    const minute = Number(min ?? 0);
    if (hour > 23 || minute > 59 || (half && (hour < 1 || hour > 12))) continue;
    if (half?.toLowerCase().startsWith('p') && hour < 12) hour += 12;
    if (half?.toLowerCase().startsWith('a') && hour === 12) hour = 0;
    times.add(`${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`);
  }
  return [...times].sort();
}

/** The times a medication is due during a meeting (from its start to its end), HH:MM. */
export const dueDuring = (m: Pick<Medication, 'schedule'>, start: string, end: string) => doseTimes(m.schedule).filter((t) => t >= start && t <= end);

/** Minutes since midnight of an HH:MM. */
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The HH:MM this many minutes after `time`, the same day (23:59 at the latest). */
const clockAfter = (time: string, minutes: number) => {
  const at = Math.min(minutesOf(time) + minutes, 23 * 60 + 59);
  return `${String(Math.floor(at / 60)).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}`;
};

/** A dose due at a meeting: the child, the medication, the time (HH:MM on the school's clock). */
export interface DueDose {
  studentId: string;
  medication: string;
  time: string;
}

/** Each child's doses due during a meeting of the class (medications given "as needed" are never due). */
export function dosesDue(children: { id: string; health: { medications: Medication[] } }[], klass: { startTime: string; endTime: string }): DueDose[] {
  return children.flatMap((c) => c.health.medications.filter((m) => !asNeeded(m)).flatMap((m) => dueDuring(m, klass.startTime, klass.endTime).map((time) => ({ studentId: c.id, medication: m.name, time }))));
}

/** A dose recorded, with when on the school's clock ("YYYY-MM-DD HH:MM"). */
export interface RecordedDose {
  studentId: string;
  medication: string;
  outcome: string;
  stamp: string;
}

/**
 * Each dose due at a meeting with the dose recorded for it (a medication's due times take its
 * doses in order), or missed: nothing recorded for it within the hour after its time, once that hour
 * is past (`now`: the school's clock, "YYYY-MM-DD HH:MM").
 */
export function doseStatus<R extends RecordedDose>(due: DueDose[], recorded: R[], meeting: string, now: string): { due: DueDose; dose?: R; missed: boolean }[] {
  const left = new Map<string, R[]>();
  for (const r of [...recorded].filter((r) => r.outcome !== 'follow-up').sort((a, b) => a.stamp.localeCompare(b.stamp))) {
    const key = `${r.studentId}/${r.medication}`;
    left.set(key, [...(left.get(key) ?? []), r]);
  }
  return [...due]
    .sort((a, b) => a.time.localeCompare(b.time))
    .map((d) => {
      const deadline = `${meeting} ${clockAfter(d.time, MISSED_AFTER_MINUTES)}`;
      const doses = left.get(`${d.studentId}/${d.medication}`) ?? [];
      const dose = doses.find((r) => r.stamp <= deadline);
      if (dose) doses.splice(doses.indexOf(dose), 1);
      return { due: d, dose, missed: !dose && now > deadline };
    });
}

/** When a follow-up is due after a dose given as needed ("YYYY-MM-DD HH:MM" on the school's clock). */
export const followUpAt = (givenStamp: string) => {
  const [day, time] = givenStamp.split(' ');
  return `${day} ${clockAfter(time, FOLLOW_UP_MINUTES)}`;
};

/** A dose due at a past meeting with nothing recorded for it within the hour. */
export interface MissedDose extends DueDose {
  meeting: string;
}

/**
 * The doses missed at a class's meetings so far: for each meeting whose day has begun (`now`: the
 * school's clock), each dose due with nothing recorded for it within the hour after its time, once
 * that hour is past.
 */
export function missedDoses(
  children: { id: string; health: { medications: Medication[] } }[],
  klass: { startTime: string; endTime: string },
  meetings: readonly string[],
  recorded: (RecordedDose & { meeting: string })[],
  now: string,
): MissedDose[] {
  const due = dosesDue(children, klass);
  if (!due.length) return [];
  return meetings
    .filter((m) => `${m} 00:00` <= now)
    .flatMap((m) => doseStatus(due, recorded.filter((r) => r.meeting === m), m, now).flatMap((x) => (x.missed ? [{ ...x.due, meeting: m }] : [])));
}
