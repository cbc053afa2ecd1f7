// Calendar files (RFC 5545) written by ical-generator: times in the school's time zone with
// its VTIMEZONE, one weekly event a class (RRULE with COUNT, EXDATE for the days it does not meet, in
// the same TZID), stable UIDs, SEQUENCE from the class's version.
import ical, { ICalEventRepeatingFreq, ICalWeekday } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { SCHOOL_TIME_ZONE, type SheetClass } from '../../../contract/domain';
import { weeklyRule } from '../../../contract/schedule';

const BYDAY = [ICalWeekday.SU, ICalWeekday.MO, ICalWeekday.TU, ICalWeekday.WE, ICalWeekday.TH, ICalWeekday.FR, ICalWeekday.SA];

export interface FeedEvent {
  /** Stable across refreshes: the same meeting series keeps its UID. */
  uid: string;
  summary: string;
  klass: SheetClass & { version?: number };
  url: string;
}

/**
 * A wall-clock time in the school's zone, as ical-generator wants it with a time zone set: a string
 * without an offset is read (and written back) as local fields, whatever the server's own zone.
 */
const wallClock = (date: string, time: string) => `${date}T${time}:00`;

export function calendarFile(name: string, events: FeedEvent[]): string {
  const cal = ical({
    name,
    prodId: { company: 'Wildwood Outdoor School', product: 'Registration portal', language: 'EN' },
    // No calendar-wide zone: ical-generator would write DTSTAMP in it, and DTSTAMP must be UTC. The
    // events carry the zone; the generator writes its VTIMEZONE once.
    timezone: { name: null, generator: (tz) => tzlib_get_ical_block(tz)[0] },
    x: [['X-WR-TIMEZONE', SCHOOL_TIME_ZONE]],
  });
  for (const { uid, summary, klass, url } of events) {
    const rule = weeklyRule(klass);
    if (!rule || !klass.startTime || !klass.endTime) continue;
    cal.createEvent({
      id: uid,
      sequence: klass.version ?? 0,
      summary,
      location: klass.location,
      description: klass.instructors.length ? `With ${klass.instructors.join(', ')}. ${url}` : url,
      url,
      timezone: SCHOOL_TIME_ZONE,
      start: wallClock(rule.first, klass.startTime),
      end: wallClock(rule.first, klass.endTime),
      repeating: {
        freq: ICalEventRepeatingFreq.WEEKLY,
        count: rule.count,
        byDay: klass.weekdays.map((w) => BYDAY[w]),
        ...(rule.skipped.length ? { exclude: rule.skipped.map((d) => wallClock(d, klass.startTime)) } : {}),
      },
    });
  }
  return cal.toString();
}
