// No-meeting dates (a semester's holidays, a class's own days off) and the calendar feeds —
// a family's private address (/cal/<token>.ics) and each class's own file (/cal/class/<id>.ics),
// fetched through Hosting and read back with an independent parser (ical.js).
import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { ClassRecord, Semester } from '../../contract/domain';
import { meetingDates } from '../../contract/schedule';
import { adminDb } from '../../scripts/demo/adminApp';
import { HOSTING } from '../support/emulators';
import { callAs, useSeededDemo } from '../support/fixtures';
import { classFormOf, classInput, SAMPLES, semesterInput } from '../support/samples';

const stored = async (id: string) => (await adminDb().doc(`classes/${id}`).get()).data() as ClassRecord;
const semester = async (id: string) => (await adminDb().doc(`semesters/${id}`).get()).data() as Semester;
const fetchFeed = (path: string) => fetch(`${HOSTING}${path}`);

interface Occurrence {
  /** The meeting's day and start on the school's clock. */
  local: string;
}

/** Every occurrence of every event, as ical.js expands them (RRULE, COUNT, EXDATE in their TZID). */
function occurrences(text: string): { summary: string; uid: string; sequence: number; starts: Occurrence[] }[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const tz of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(tz));
  const local = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    const it = event.iterator();
    const starts: Occurrence[] = [];
    for (let next = it.next(); next && starts.length < 200; next = it.next()) {
      const parts = Object.fromEntries(local.formatToParts(next.toJSDate()).map((p) => [p.type, p.value]));
      starts.push({ local: `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}` });
    }
    return { summary: event.summary, uid: event.uid, sequence: event.sequence, starts };
  });
}

describe('no-meeting dates and calendar feeds', () => {
  const demo = useSeededDemo();

  it('a semester’s holidays reach each of its classes; a class keeps its own days off; a copy takes its new semester’s', async () => {
    const term = await semester('open-term');
    expect(term.noMeetingDates).toHaveLength(7);
    const wild = await stored('wild-art');
    expect(wild.holidays).toEqual(term.noMeetingDates);
    // The office adds a holiday: every class of the term has it at once.
    const extra = { date: wild.startDate > term.startDate ? wild.startDate : term.startDate, reason: 'Staff training' };
    const { id: _id, ...fields } = term;
    const saved = await callAs(demo.admin, 'adminSaveSemester', { ...fields, id: 'open-term', noMeetingDates: [...term.noMeetingDates!, extra] });
    expect(saved.status, JSON.stringify(saved.error)).toBe(200);
    expect(saved.result!.semester.noMeetingDates![0]).toEqual(extra); // kept by date
    for (const id of ['wild-art', 'forest-explorers', 'star-gazing']) expect((await stored(id)).holidays).toEqual(saved.result!.semester.noMeetingDates);
    // The public sees them too, and the days are gone from the class's meetings.
    const pub = await callAs(null, 'classes', { query: [{ id: 'forest-explorers' }] });
    const forest = pub.result!.classes[0];
    expect(forest.holidays).toEqual(saved.result!.semester.noMeetingDates);
    expect(meetingDates(forest)).not.toContain(extra.date);
    // A day listed twice is refused, named.
    const twice = await callAs(demo.admin, 'adminSaveSemester', { ...fields, id: 'open-term', version: saved.result!.semester.version, noMeetingDates: [extra, extra] });
    expect([twice.status, twice.error?.message]).toEqual([400, 'noMeetingDates: lists a day twice']);

    // A class's own day off (a storm) is kept, by date; the holidays are the server's, whatever is sent.
    const form = classFormOf(await stored('wild-art'));
    const storm = { date: meetingDates(wild).at(-1)!, reason: 'Storm' };
    const classSaved = await callAs(demo.admin, 'adminSaveClass', { ...form, noMeetingDates: [storm] });
    expect(classSaved.status, JSON.stringify(classSaved.error)).toBe(200);
    const after = await stored('wild-art');
    expect([after.noMeetingDates, after.holidays]).toEqual([[storm], saved.result!.semester.noMeetingDates]);
    expect(meetingDates(after)).not.toContain(storm.date);
    // Sent holidays are refused: they are the semester's.
    const sneaky = await callAs(demo.admin, 'adminSaveClass', { ...form, holidays: [] } as never);
    expect(sneaky.status).toBe(400);

    const copy = await callAs(demo.admin, 'adminCopyClass', { classId: 'wild-art', toSemesterId: 'camps' });
    expect(copy.status).toBe(200);
    expect([copy.result!.class.noMeetingDates, copy.result!.class.holidays]).toEqual([[], []]);
  });

  it('a family’s private feed: each child’s classes by first name, holidays left out, at the school’s time; a new address ends the old one', async () => {
    // Ava joins Wild Art (paid later at the office): the feed then holds it.
    const enrolled = await callAs(demo.family, 'enroll', SAMPLES.enroll!);
    expect(enrolled.status, JSON.stringify(enrolled.error)).toBe(200);
    expect((await callAs(demo.family, 'myCalendarFeed')).result).toEqual({ createdAt: null });
    const made = await callAs(demo.family, 'newCalendarFeed');
    expect(made.status).toBe(200);
    const { token } = made.result!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
    // Only a fingerprint is stored.
    const docs = await adminDb().collection('calendarFeeds').get();
    expect(docs.docs.map((d) => d.id)).toEqual([createHash('sha256').update(token).digest('hex')]);
    expect(JSON.stringify(docs.docs[0].data())).not.toContain(token);
    expect((await callAs(demo.family, 'myCalendarFeed')).result).toEqual({ createdAt: made.result!.createdAt });

    const res = await fetchFeed(`/cal/${token}.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const text = await res.text();
    expect(text).toContain('BEGIN:VTIMEZONE');
    expect(text).toContain('TZID:America/Los_Angeles');
    expect(text).toMatch(/DTSTART;TZID=America\/Los_Angeles:\d{8}T151500/);
    expect(text).toMatch(/RRULE:FREQ=WEEKLY;COUNT=\d+;BYDAY=WE/);
    expect(text).toMatch(/EXDATE;TZID=America\/Los_Angeles:/);
    expect(text).not.toContain('UNTIL');
    expect(text.match(/^DTSTAMP:.*$/gm)!.every((line) => /^DTSTAMP:\d{8}T\d{6}Z\r?$/.test(line))).toBe(true); // UTC, as RFC 5545 wants
    expect(text.match(/BEGIN:VTIMEZONE/g)).toHaveLength(1);
    expect(text).not.toContain('Rivera'); // first names only

    const events = occurrences(text);
    const wild = await stored('wild-art');
    const art = events.find((e) => e.summary === 'Ava: Wild Art')!;
    expect(art.uid).toBe(`${enrolled.result!.enrollment.id}-wild-art@wildwood-portal`);
    expect(art.sequence).toBe(wild.version ?? 0);
    expect(art.starts.map((s) => s.local)).toEqual(meetingDates(wild).map((d) => `${d} 15:15`));
    for (const off of [...wild.holidays!, ...wild.noMeetingDates!]) expect(art.starts.map((s) => s.local.slice(0, 10))).not.toContain(off.date);
    // Ava's past class is there too, by her first name; nothing of anyone else's children.
    expect(events.map((e) => e.summary).sort()).toEqual(['Ava: Autumn Forest Explorers', 'Ava: Wild Art']);

    // The download asks to be saved.
    expect((await fetchFeed(`/cal/${token}.ics?download=1`)).headers.get('content-disposition')).toBe('attachment; filename="wildwood-classes.ics"');

    // A new address: the old one answers 404 at once.
    const again = await callAs(demo.family, 'newCalendarFeed');
    expect(again.result!.token).not.toBe(token);
    expect((await fetchFeed(`/cal/${token}.ics`)).status).toBe(404);
    expect((await fetchFeed(`/cal/${again.result!.token}.ics`)).status).toBe(200);
    expect((await adminDb().collection('calendarFeeds').get()).size).toBe(1);
    // Guessing gets nothing; a signed-out caller cannot make an address.
    expect((await fetchFeed(`/cal/${'A'.repeat(43)}.ics`)).status).toBe(404);
    expect((await fetchFeed('/cal/not-a-token.ics')).status).toBe(404);
    expect((await callAs(null, 'newCalendarFeed')).status).toBe(401);
  });

  it('a class’s own file: still 3:30 pm on the school’s clock after the March change to daylight time; drafts and unknown classes are not found', async () => {
    const spring = await callAs(demo.admin, 'adminSaveSemester', semesterInput({ name: 'DST Term', startDate: '2027-02-01', endDate: '2027-04-30', registrationOpens: '2026-11-01', registrationCloses: '2027-02-01' }));
    expect(spring.status, JSON.stringify(spring.error)).toBe(200);
    const semesterId = spring.result!.semester.id;
    const klass = await callAs(
      demo.admin,
      'adminSaveClass',
      classInput(semesterId, { title: 'Pond Watch', status: 'live', startDate: '2027-03-03', endDate: '2027-03-31', weekdays: [3], startTime: '15:30', endTime: '17:00', registrationDeadline: '2027-02-01' }),
    );
    expect(klass.status, JSON.stringify(klass.error)).toBe(200);
    const res = await fetchFeed(`/cal/class/${klass.result!.class.id}.ics`);
    expect(res.status).toBe(200);
    const [event] = occurrences(await res.text());
    // Mar 14, 2027 is the change: the Wednesdays before and after it are all at 15:30 local.
    expect(event.starts.map((s) => s.local)).toEqual(['2027-03-03 15:30', '2027-03-10 15:30', '2027-03-17 15:30', '2027-03-24 15:30', '2027-03-31 15:30']);
    expect(event.summary).toBe('Pond Watch');

    const draft = await callAs(demo.admin, 'adminSaveClass', classInput(semesterId, { title: 'Not yet', status: 'draft' }));
    expect((await fetchFeed(`/cal/class/${draft.result!.class.id}.ics`)).status).toBe(404);
    expect((await fetchFeed('/cal/class/no-such-class.ics')).status).toBe(404);
  });
});
