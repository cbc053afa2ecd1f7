import { SCHOOL_TIME_ZONE, type IsoDate } from '../../../contract/domain';

const formatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: SCHOOL_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date on the school's calendar. */
export function schoolToday(now: Date): IsoDate {
  return formatter.format(now);
}
