// A class's own days off on its form, and telling its families of days just added.
import type { AdminClass, NoMeetingDate } from '../../../contract/domain';
import { formatDate } from '../../../contract/format';
import { noClassText } from '../../../contract/schedule';
import type { Errors } from '../../components/studentForm/errors';
import { useNotify } from '../../lib/toast';
import { useEmailClasses } from './api';
import { newIdempotencyKey } from '../../lib/idempotencyKey';
import { NoMeetingDatesField } from './NoMeetingDates';

type Draft = Pick<AdminClass, 'startDate' | 'endDate' | 'weekdays' | 'noMeetingDates' | 'holidays'>;

/** The days off in `now` that were not in `before`. */
export const addedDays = (before: Draft, now: Draft): NoMeetingDate[] =>
  (now.noMeetingDates ?? []).filter((d) => !(before.noMeetingDates ?? []).some((x) => x.date === d.date));

export function ClassDaysOff({ draft, errors, onChange }: { draft: Draft; errors: Errors; onChange: (days: NoMeetingDate[]) => void }) {
  // The semester's holidays that fall on the class's days, in words.
  const holidays = noClassText({ ...draft, noMeetingDates: [] }).replace(/^No class on /, '');
  return (
    <NoMeetingDatesField
      legend="Days this class does not meet"
      hint={`A weather cancellation, a day moved. The semester's holidays are left out already${holidays ? `: ${holidays}` : ''}.`}
      days={draft.noMeetingDates ?? []}
      errors={errors}
      onChange={onChange}
      span={{ start: draft.startDate, end: draft.endDate, what: 'the class’s dates' }}
    />
  );
}

/** Emails the class's families the days off just added (through the office's class message), and says how it went. */
export function useTellFamilies() {
  const email = useEmailClasses();
  const notify = useNotify();
  return (classId: string, title: string, days: NoMeetingDate[]) =>
    email
      .mutateAsync({
        classIds: [classId],
        subject: `No ${title} on ${days.map((d) => formatDate(d.date)).join(', ')}`,
        body: `${title} does not meet on ${days.map((d) => `${formatDate(d.date, true)} (${d.reason})`).join(', ')}. The other meetings are unchanged.`,
        send: true,
        idempotencyKey: newIdempotencyKey(),
      })
      .then(
        (m) => notify({ severity: 'success', summary: 'Sent', detail: `The days off are emailed to ${m.families === 1 ? '1 family' : `${m.families} families`}.` }),
        () => notify({ severity: 'error', summary: 'Not sent', detail: 'The class is saved, but the email to its families failed: send it from Class Forms and Contacts.' }),
      );
}
