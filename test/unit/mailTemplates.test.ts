// Every email the portal sends, rendered with hostile text in every value a family, the office or a
// donor can type: the HTML escapes it, the text part holds it as typed and no HTML, and both end with
// the school's footer saying why the reader gets it. A new template must be added here.
import { describe, expect, it } from 'vitest';
import { SCHOOL_NAME } from '../../contract/constants';
import type { ClassRecord, Enrollment, Semester, WaitlistEntry } from '../../contract/domain';
import * as family from '../../functions/src/mail/family';
import * as field from '../../functions/src/mail/field';
import type { MailMessage } from '../../functions/src/mail/layout';
import { buildReceipt, howToPay } from '../../functions/src/mail/receipt';
import * as staff from '../../functions/src/mail/staff';
import * as waitlist from '../../functions/src/mail/waitlist';
import * as rounds from '../../functions/src/mail/rounds';
import type { PublicRound, RoundEntry } from '../../contract/rounds';

const HOSTILE = `<script>alert("x")</script><img src=x onerror=alert(1)> & "quotes" 'ok'`;
const who = `Ava ${HOSTILE}`;
const portal = 'https://portal.example';
const e = { id: 'enr-1', studentName: who, balance: 12050, balanceDueDate: '2027-01-15' };

const klass = { id: 'art', title: `Wild Art ${HOSTILE}`, startDate: '2027-01-11', endDate: '2027-01-25', weekdays: [1], startTime: '15:30', endTime: '17:00', location: `Creek ${HOSTILE}` } as ClassRecord;
const enrollment = {
  id: 'u_k',
  studentName: who,
  semesterIds: ['spring'],
  lineItems: [{ title: klass.title, price: 26000, classIds: ['art'], addOns: [{ description: `Kit ${HOSTILE}`, price: 2000 }] }],
  subtotal: 28000,
  discounts: [{ code: 'SIB', description: 'Sibling', amount: 2600 }],
  total: 25400,
  payments: [],
  balance: 25400,
} as unknown as Enrollment;
const semester = { id: 'spring', name: `Spring ${HOSTILE}`, confirmationMarkdown: `Bring **boots** ${HOSTILE}` } as Semester;
const entry = { id: 'w1', studentName: who, title: klass.title, email: 'a@example.com', quote: { total: 26000 }, offer: { at: '2026-11-25T18:00:00Z', expiresAt: '2026-11-27T16:00:00Z' } } as unknown as WaitlistEntry;

const report = (correction: boolean): field.IncidentReport => ({
  firstName: who,
  childName: `${who} Rivera`,
  classId: 'art',
  classTitle: klass.title,
  meeting: '2027-01-11',
  incident: { time: '16:05', where: `Creek ${HOSTILE}`, what: `Bee sting ${HOSTILE}`, firstAid: `Ice ${HOSTILE}`, told: `Sam ${HOSTILE}` },
  by: 'coach@example.com',
  correction,
  family: !correction,
});
const pickup = { adult: `Sam ${HOSTILE}`, check: 'code' as const, at: '2027-01-11T23:40:00.000Z' };

/** Every template, by name: the exported builders of mail/family, mail/field, mail/staff and mail/waitlist, and the receipt. */
const RENDERED: Record<string, MailMessage[]> = {
  paymentReceivedMail: [family.paymentReceivedMail(e, 5000, 'by check', portal)],
  cancellationMail: [family.cancellationMail(e, [klass.title], { amount: 2500, how: 'by check' }, 400, portal)],
  aidDecidedMail: [
    family.aidDecidedMail({ status: 'awarded', schoolYear: '2026–27', semesterName: `Spring ${HOSTILE}`, childNames: [e.studentName], award: { fundId: 'f', fundName: 'F', percent: 60, capPerChild: 30000, addOns: false, committed: 30000, used: 0, expiresOn: '2027-06-30', note: `Note ${HOSTILE}`, at: '', by: '' } }, 5000, portal),
    family.aidDecidedMail({ status: 'declined', schoolYear: '2026–27', semesterName: 'Spring', childNames: [e.studentName, 'Sib'] }, 0, portal),
  ],
  classCancelledMail: [family.classCancelledMail(klass.title, [{ studentName: e.studentName, refund: 2500, how: 'to the card you paid with' }, { studentName: `Sib ${HOSTILE}`, refund: 0, how: '' }], portal)],
  officeDiscountMail: [family.officeDiscountMail(enrollment, 2500, `Hardship ${HOSTILE}`, 1000, portal), family.officeDiscountMail(enrollment, 2500, 'Paid up', 0, portal)],
  accountMadeMail: [family.accountMadeMail(`Nora ${HOSTILE}`, 'https://portal.example/__/auth/action?mode=resetPassword&oobCode=x', portal)],
  termCancelledMail: [
    family.termCancelledMail(who, `Spring ${HOSTILE}`, [klass.title, `River ${HOSTILE}`], '(to the card you paid with)', 2500, portal),
    family.termCancelledMail(who, 'Spring', [klass.title], null, 0, portal),
  ],
  changeRequestMail: [
    family.changeRequestMail(who, { kind: 'cancel', classTitles: [klass.title], words: `You will get $200 back ${HOSTILE}` }, portal),
    family.changeRequestMail(who, { kind: 'transfer', classTitles: [klass.title], to: { classId: 'x', title: `River ${HOSTILE}` }, words: `It costs $20.00 more ${HOSTILE}` }, portal),
  ],
  requestDecidedMail: [
    family.requestDecidedMail(who, { kind: 'cancel', classTitles: [klass.title], status: 'approved', refund: 20000 }, portal),
    family.requestDecidedMail(who, { kind: 'cancel', classTitles: [klass.title], status: 'declined', answer: `Not this time ${HOSTILE}` }, portal),
    family.requestDecidedMail(who, { kind: 'transfer', classTitles: [klass.title], to: { classId: 'x', title: `River ${HOSTILE}` }, status: 'declined', answer: `Full week ${HOSTILE}` }, portal),
  ],
  instalmentDeclinedMail: [family.instalmentDeclinedMail(e, { name: 'Monthly payment 2 of 3', amount: 10000 }, `the card was declined ${HOSTILE}`, '2027-01-03', portal), family.instalmentDeclinedMail(e, { name: 'Monthly payment 2 of 3', amount: 10000 }, 'the card has insufficient funds', null, portal)],
  cardLinkMail: [family.cardLinkMail(e, [klass.title, `River ${HOSTILE}`], portal)],
  classMovedMail: [family.classMovedMail(e, klass.title, `River ${HOSTILE}`, `It costs $20.00 less ${HOSTILE}`, portal)],
  creditGivenMail: [family.creditGivenMail(2500, `A snow day ${HOSTILE}`, 2500, portal), family.creditGivenMail(-500, `Twice ${HOSTILE}`, 2000, portal)],
  healthNoticeMail: [family.healthNoticeMail(who, 'Mon, Jun 1, 2026', portal)],
  recordCorrectedMail: [family.recordCorrectedMail(who, ['health.allergies', 'guardians'], `A new number ${HOSTILE}`, portal)],
  classReminderMail: [family.classReminderMail(who, { title: klass.title, location: klass.location, when: '3:30 pm', bring: `Boots ${HOSTILE}` }, '2027-01-11', portal, `${portal}/unsubscribe?token=t`)],
  balanceReminderMail: (['soon', 'today', 'overdue'] as const).map((due) => family.balanceReminderMail(e, due, portal, `${portal}/unsubscribe?token=t`)),
  infoReviewMail: [family.infoReviewMail(who, semester.name, portal, `${portal}/unsubscribe?token=t`)],
  classMessageMail: [family.classMessageMail('Snow day', `First ${HOSTILE}\n\nSecond paragraph`, [klass.title], portal)],
  refundedWholeMail: (['duplicate', 'seat-lost'] as const).map((kind) => family.refundedWholeMail(kind, who, false, 26000, 'Visa card ending 4242', portal)),
  giftReceiptMail: [family.giftReceiptMail(4250, '2026-11-25', 'Visa card ending 4242', `Note ${HOSTILE}`, `Tax ${HOSTILE}`), family.giftReceiptMail(4250, '2026-11-25', 'Visa card ending 4242', '', 'Tax', `Fund ${HOSTILE}`)],
  incidentFamilyMail: [field.incidentFamilyMail(report(false), portal), field.incidentFamilyMail(report(true), portal)],
  pickupAlertFamilyMail: (['old-code', 'failures'] as const).map((kind) => field.pickupAlertFamilyMail({ firstName: who, classTitle: klass.title, meeting: '2027-01-11', pickup, kind }, portal)),
  fieldOfficeMail: [
    field.fieldOfficeMail(
      {
        classId: 'art',
        classTitle: klass.title,
        by: 'coach@example.com',
        incidents: [report(false), report(true)],
        pickups: [{ childName: who, meeting: '2027-01-11', pickup, kind: 'old-code' }, { childName: who, meeting: '2027-01-11', pickup: { ...pickup, check: 'wrong-code' }, kind: 'failures' }],
        held: [{ childName: who, meeting: '2027-01-11', what: `Incident: Bee sting ${HOSTILE}`, reason: 'That meeting is still to come.' }],
      },
      portal,
    ),
  ],
  pickupCodeMail: [field.pickupCodeMail({ adult: `Sam ${HOSTILE}`, firstName: who, year: '2026–27', code: '012345' }, portal)],
  staffInvitation: [staff.staffInvitation(['finance'], `${portal}/set?x=1&y=2`, `office ${HOSTILE}`)],
  waitlistMail: (['joined', 'offer', 'reminder', 'lapsed', 'removed'] as const).map((kind) => waitlist.waitlistMail(kind, entry, portal, { place: 2, reason: `Moved ${HOSTILE}` }).message),
  roundEntryMail: [false, true].map((changed) =>
    rounds.roundEntryMail(
      { semesterId: 'spring', semesterName: `Spring ${HOSTILE}`, entriesClose: '2027-01-04T17:00:00.000Z', beacon: { chain: 'c', round: 1, time: '2027-01-04T18:00:00.000Z' } } as PublicRound,
      { id: 'e1', ownerUid: 'u', semesterId: 'spring', children: [{ studentId: 'ava', choices: ['art', 'pair'] }, { studentId: 'leo', choices: ['art'] }], linked: true, createdAt: '', updatedAt: '' } as RoundEntry,
      changed,
      new Map([['ava', who], ['leo', `Leo ${HOSTILE}`]]),
      new Map([['art', klass.title], ['pair', `Pair ${HOSTILE}`]]),
      portal,
    ),
  ),
  roundResultMail: [
    rounds.roundResultMail(
      { semesterId: 'spring', semesterName: `Spring ${HOSTILE}`, drawn: { at: '2027-01-04T18:00:00.000Z' } } as PublicRound,
      [
        { studentId: 'ava', placement: { entryId: 'e1', childId: 'e1-1', group: 1, number: 0.25, turn: 0, placed: 'art', rank: 0, passed: [], linked: true }, offer: { entryId: 'w1', expiresAt: '2027-01-06T18:00:00.000Z' }, waiting: [] },
        { studentId: 'leo', placement: { entryId: 'e1', childId: 'e1-2', group: 1, number: 0.25, turn: 0, placed: null, rank: null, passed: ['pair'], linked: false }, offer: null, waiting: [{ choiceId: 'pair', entryId: 'w2', place: 3 }] },
      ],
      new Map([['ava', { firstName: who }], ['leo', { firstName: `Leo ${HOSTILE}` }]]),
      new Map([['art', { title: klass.title }], ['pair', { title: `Pair ${HOSTILE}` }]]),
      portal,
    ),
  ],
  buildReceipt: [
    buildReceipt([enrollment], [klass], [semester], howToPay(`Pay the office ${HOSTILE}`, portal), ['a@example.com']).message,
    buildReceipt([enrollment], [klass], [semester], 'Pay the office.', ['a@example.com'], { addOns: [{ description: `Kit ${HOSTILE}`, price: 2000 }], classTitle: klass.title, charge: 2000 }).message,
  ],
};

describe('every email, with hostile text', () => {
  it('covers every template the mail folder exports', () => {
    const builders = [family, field, rounds, staff, waitlist].flatMap((m) => Object.entries(m).filter(([, v]) => typeof v === 'function').map(([name]) => name));
    expect([...builders, 'buildReceipt'].sort()).toEqual(Object.keys(RENDERED).sort());
  });

  for (const [name, messages] of Object.entries(RENDERED)) {
    it(`${name}: escaped HTML, plain text as typed, the school's footer in both`, () => {
      for (const m of messages) {
        expect(m.html).not.toMatch(/<script|<img|onerror=alert\(1\)>/);
        expect(m.html).toContain('&lt;script&gt;');
        expect(m.text).toContain('<script>alert("x")</script>');
        expect(m.text).not.toMatch(/<\/?(p|h1|h2|table|tr|td|a|hr|strong|br)\b/);
        const footer = new RegExp(`${SCHOOL_NAME} · You receive this [a-z]+ because [^\\n]+$`);
        expect(m.text).toMatch(footer);
        expect(m.html).toMatch(new RegExp(`<hr><p style="color:#555;font-size:12px">${SCHOOL_NAME} · You receive this [a-z]+ because [^<]+</p>$`));
        // A subject is one line, and never names a child (it shows on lock screens and in lists).
        expect(m.subject).not.toMatch(/\n/);
        expect(m.subject).not.toContain('Ava');
      }
    });
  }
});
