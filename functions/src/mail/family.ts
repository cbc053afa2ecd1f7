// The emails to families: a payment received, classes cancelled (with the refund), a payment given
// back whole, a gift's receipt, the office's messages, and the reminders. Pure: each is built from
// what the event knows.
import { awardWords, type AidApplication } from '../../../contract/aid';
import { requestAsks, type ChangeRequest } from '../../../contract/changes';
import type { Cents, Enrollment, IsoDate } from '../../../contract/domain';
import type { WholeRefund } from '../domain/settlement';
import { andList, formatCents, formatDate } from '../../../contract/format';
import { balanceDueLabel, SEATS_GONE } from '../../../contract/wording';
import { escapeHtml } from '../../../contract/markdown';
import { layout, myEnrollments, paymentPage, simpleMail, type MailLink, type MailMessage } from './layout';

export const RECEIPTS_FOOTER = 'You receive this email because your account enrolled a student.';
const REMINDER_FOOTER = 'You receive this reminder because your account enrolled a student.';


/** "Balance due by Aug 15, 2027: $120." or "Nothing more is owed." */
function balanceLine(e: Pick<Enrollment, 'balance' | 'balanceDueDate'>): string {
  return e.balance > 0 ? `${balanceDueLabel(e)}: ${formatCents(e.balance)}.` : 'Nothing more is owed.';
}

export function paymentReceivedMail(e: Pick<Enrollment, 'studentName' | 'balance' | 'balanceDueDate'>, amount: Cents, how: string, portal: string): MailMessage {
  return simpleMail('Payment received', [`We received ${formatCents(amount)} ${how} for ${e.studentName}. Thank you!`, balanceLine(e)], myEnrollments(portal), RECEIPTS_FOOTER);
}

/** A monthly payment the saved card declined: why, when it is tried again (or that the office was told), and how to pay with another card. */
export function instalmentDeclinedMail(e: Pick<Enrollment, 'id' | 'studentName'>, payment: { name: string; amount: Cents }, reason: string, retryOn: IsoDate | null, portal: string): MailMessage {
  const next = retryOn ? `We will try the card again on ${formatDate(retryOn, true)}.` : 'We will not try the card again: the office will contact you. Your child keeps the seat.';
  return simpleMail(
    'A monthly payment did not go through',
    [`${payment.name} (${formatCents(payment.amount)}) for ${e.studentName} did not go through: ${reason}.`, next, 'To pay it now with another card, follow the link below: it opens Stripe’s secure page for this payment once you are signed in. That card is then used for the payments left.'],
    paymentPage(portal, e.id, 'Pay now with another card'),
    RECEIPTS_FOOTER,
  );
}

/** The office enrolled a child on the phone and the family pays by card: what is owed, and the link to Stripe's page for it. */
export function cardLinkMail(e: Pick<Enrollment, 'id' | 'studentName' | 'balance'>, titles: string[], portal: string): MailMessage {
  return simpleMail(
    'Pay by card for the enrollment made by phone',
    [
      `The school office enrolled ${e.studentName} in ${andList(titles)} on the phone with you.`,
      `${formatCents(e.balance)} is owed. Follow the link below to pay it by card on Stripe’s secure page (you sign in first), or pay the office.`,
    ],
    paymentPage(portal, e.id, 'Pay by card'),
    RECEIPTS_FOOTER,
  );
}

export function cancellationMail(
  e: Pick<Enrollment, 'studentName' | 'balance' | 'balanceDueDate'>,
  titles: string[],
  refund: { amount: Cents; how: string } | null,
  /** What the school keeps of what the cancelled classes cost (the refund suggested less the refund given). */
  fee: Cents,
  portal: string,
): MailMessage {
  const kept = fee > 0 ? ` The school keeps ${formatCents(fee)} as a cancellation fee.` : '';
  return simpleMail(
    'Classes cancelled',
    [
      `The school cancelled ${titles.join(', ')} for ${e.studentName}.`,
      (refund ? `We are refunding ${formatCents(refund.amount)} ${refund.how}.` : 'No refund is given.') + kept,
      balanceLine(e),
    ],
    myEnrollments(portal),
    RECEIPTS_FOOTER,
  );
}

/** The school cancelled a class: one email for the family, each child's refund and how it goes back. */
export function classCancelledMail(title: string, children: { studentName: string; refund: Cents; how: string }[], portal: string): MailMessage {
  return simpleMail(
    `${title} is cancelled`,
    [
      `We are sorry: the school cancelled ${title}.`,
      ...children.map((c) => (c.refund > 0 ? `For ${c.studentName}, we are refunding ${formatCents(c.refund)} ${c.how}.` : `For ${c.studentName}, nothing was paid for it: nothing is owed for it any more.`)),
    ],
    myEnrollments(portal),
    RECEIPTS_FOOTER,
  );
}

/** The office made an account for the family: the link to choose a password, and what the account is for. */
export function accountMadeMail(holderName: string, setPasswordLink: string, portal: string): MailMessage {
  return simpleMail(
    'Your account with the school',
    [
      `Hello ${holderName}: the school office made an account for your family on the registration portal, with this email address.`,
      'Choose your password with the link below, then sign in to see your children’s profiles, enrollments and payments, and to enroll. The link works once and expires after an hour; if it has, choose “Forgot your password?” on the sign-in page with this email address.',
      `The portal: ${portal}`,
    ],
    { href: setPasswordLink, label: 'Choose your password' },
    'You receive this email because the school office made an account for your family.',
  );
}

/** The office gave a discount by hand: how much, why, and what is owed now. */
export function officeDiscountMail(e: Pick<Enrollment, 'studentName' | 'lineItems'>, amount: Cents, reason: string, owed: Cents, portal: string): MailMessage {
  return simpleMail(
    'A discount on your enrollment',
    [
      `The school office took ${formatCents(amount)} off ${e.studentName}’s enrollment (${andList(e.lineItems.map((l) => l.title))}): ${reason}`,
      owed > 0 ? `What is owed now: ${formatCents(owed)}.` : 'Nothing is owed on it now.',
    ],
    myEnrollments(portal),
    RECEIPTS_FOOTER,
  );
}

/** A child's whole term, cancelled by the office at the family's request: the classes and what comes back. */
export function termCancelledMail(childName: string, termName: string, titles: string[], how: string | null, refund: Cents, portal: string): MailMessage {
  return simpleMail(
    `Classes of ${termName} cancelled`,
    [
      `As you asked, the office cancelled ${childName}’s classes of ${termName}: ${andList(titles)}.`,
      how ? `We are refunding ${formatCents(refund)} ${how}.` : 'Nothing was paid for them: nothing is owed for them any more.',
    ],
    myEnrollments(portal),
    RECEIPTS_FOOTER,
  );
}

/** A family asked the office to cancel (or move) a class: what it asked, what the policy gives, and that the office answers by email. */
export function changeRequestMail(studentName: string, r: Pick<ChangeRequest, 'kind' | 'classTitles' | 'to' | 'words'>, portal: string): MailMessage {
  const kept = r.kind === 'transfer' ? ` A seat in ${r.to?.title} is kept for ${studentName.split(' ')[0]} meanwhile.` : '';
  return simpleMail(
    'We have your request',
    [
      `You asked the office to ${requestAsks(r)} for ${studentName}. Nothing changes until the office answers; we will email you then.${kept}`,
      r.kind === 'transfer' ? `If the office moves ${studentName.split(' ')[0]}: ${r.words}` : `Under the school's cancellation policy today: ${r.words}`,
    ],
    myEnrollments(portal),
    RECEIPTS_FOOTER,
  );
}

/** The office's answer to a request: declined with its words (an approved cancellation's or move's own email follows). */
export function requestDecidedMail(studentName: string, r: Pick<ChangeRequest, 'kind' | 'classTitles' | 'to' | 'status' | 'answer' | 'refund'>, portal: string): MailMessage {
  const what = `${requestAsks(r)} for ${studentName}`;
  const answer = r.answer ? [`The office says: ${r.answer}`] : [];
  const approved = r.kind === 'transfer' ? 'A separate email says what the move changes.' : r.refund ? `We are refunding ${formatCents(r.refund)}; a separate email says how.` : 'No refund is given.';
  return simpleMail(
    r.status === 'approved' ? 'Your request is approved' : 'Your request was not approved',
    r.status === 'approved'
      ? [`The office approved your request to ${what}.`, ...answer, approved]
      : [`The office did not approve your request to ${what}: ${r.kind === 'transfer' ? `${studentName.split(' ')[0]} stays in ${r.classTitles.join(', ')}` : 'the class stays as it was'}.`, ...answer],
    myEnrollments(portal),
    RECEIPTS_FOOTER,
  );
}

/** A child moved to another class: the new class, what the move changed in money, and what is owed. */
export function classMovedMail(e: Pick<Enrollment, 'studentName' | 'balance' | 'balanceDueDate'>, from: string, to: string, words: string, portal: string): MailMessage {
  return simpleMail('Moved to another class', [`${e.studentName} is now enrolled in ${to} instead of ${from}.`, words, balanceLine(e)], myEnrollments(portal), RECEIPTS_FOOTER);
}

/** With the reminders' unsubscribe link (never on receipts). */
const reminder = (heading: string, paragraphs: string[], link: MailLink, unsubscribe: string): MailMessage =>
  simpleMail(heading, [...paragraphs, `No more reminders? ${unsubscribe}`], link, REMINDER_FOOTER);

export function classReminderMail(
  who: string,
  klass: { title: string; location: string; when: string; bring: string },
  first: IsoDate,
  portal: string,
  unsubscribe: string,
): MailMessage {
  return reminder(
    `${klass.title} starts ${formatDate(first)}`,
    [
      `${who}'s first ${klass.title} meeting is on ${formatDate(first, true)}, ${klass.when}, at ${klass.location}.`,
      klass.bring ? `What to bring: ${klass.bring}` : 'Dress for the weather and bring a water bottle.',
    ],
    myEnrollments(portal),
    unsubscribe,
  );
}

/** When the balance is due, from the reminder's day: in a week ('soon'), that day ('today'), or a day or two ago (a missed run caught up). */
export type BalanceDue = 'soon' | 'today' | 'overdue';

export function balanceReminderMail(e: Pick<Enrollment, 'studentName' | 'balance' | 'balanceDueDate'>, due: BalanceDue, portal: string, unsubscribe: string): MailMessage {
  const day = formatDate(e.balanceDueDate!, true);
  return reminder(
    { soon: 'Balance due soon', today: 'Balance due today', overdue: 'Balance overdue' }[due],
    [`${formatCents(e.balance)} is still owed for ${e.studentName}, ${{ soon: `due by ${day}`, today: 'due today', overdue: `due on ${day}` }[due]}.`, 'Pay it by card from My Enrollments, or pay the office.'],
    myEnrollments(portal),
    unsubscribe,
  );
}

export function infoReviewMail(firstName: string, semesterName: string, portal: string, unsubscribe: string): MailMessage {
  return reminder(
    // A child's name never reaches a subject (it shows on lock screens): the body names them.
    'Please review your child’s information',
    [`${semesterName} starts soon. ${firstName}'s contacts, pickups and health information were last confirmed over a year ago: please check they are still right.`],
    { href: `${portal}/account/students`, label: 'My Students' },
    unsubscribe,
  );
}

/** The office's message to the families of some classes: its paragraphs as typed (blank lines between). */
export function classMessageMail(subject: string, body: string, classTitles: string[], portal: string): MailMessage {
  const paragraphs = body.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  return simpleMail(subject, paragraphs, myEnrollments(portal), `You receive this message because your child is enrolled in ${classTitles.join(', ')}.`);
}

/**
 * A payment given back whole: it paid for seats already paid for (`duplicate`: a second page paid,
 * or a checkout started again), or it arrived after its seats were gone (`seat-lost`).
 */
export function refundedWholeMail(kind: WholeRefund, names: string, several: boolean, amount: Cents, card: string, portal: string): MailMessage {
  const said =
    kind === 'duplicate'
      ? `We received a second payment of ${formatCents(amount)} for ${names}, for seats already paid for (or for a checkout you started again). We refunded it in full to your ${card}; nothing else changes.`
      : `We received your payment of ${formatCents(amount)} for ${names} after the checkout time had run out, and ${SEATS_GONE}. We refunded it in full to your ${card}. ${names} ${several ? 'are' : 'is'} not enrolled; you may join the waitlist from the class list.`;
  return simpleMail(kind === 'duplicate' ? 'Refunded: a duplicate payment' : 'Refunded: enrollment not completed', [said, 'It shows on your statement in 5–10 days.'], myEnrollments(portal), RECEIPTS_FOOTER);
}

/** The receipt of a gift: how much, when, by which card, the giver's note, and the school's tax words. */
export function giftReceiptMail(amount: Cents, day: IsoDate, card: string, note: string, tax: string, fundName?: string): MailMessage {
  const lines = [`Thank you for your gift of ${formatCents(amount)} on ${formatDate(day, true)}, paid by ${card}.`, ...(fundName ? [`It goes to the ${fundName}: financial aid for families who could not otherwise come.`] : []), ...(note ? [`Note: ${note}`] : []), tax];
  return layout(
    `Thank you for your donation of ${formatCents(amount)}`,
    { html: lines.map((l) => `<p>${escapeHtml(l)}</p>`), text: [lines.join('\n\n')] },
    'You receive this email because you gave to the school online.',
  );
}

/** A child's audited field in a family's words ("emergency contacts", "allergies"): names only, never values. */
const FIELD_WORDS: Record<string, string> = {
  guardians: 'parents and guardians',
  emergencyContacts: 'emergency contacts',
  authorizedPickups: 'who may pick up',
  pickupCodeWord: 'pickup code word',
  mayLeaveAlone: 'whether they may leave on their own',
};
const fieldWords = (field: string) => FIELD_WORDS[field] ?? field.replace(/^health\./, '').replace(/([A-Z])/g, ' $1').toLowerCase();

/** The office corrected a child's record: which fields, and why (the new values are on My Students, never in the email). */
export function recordCorrectedMail(firstName: string, fields: string[], reason: string, portal: string): MailMessage {
  return simpleMail(
    'Your child’s record was updated by the office',
    [`The school office updated ${firstName}’s ${fields.map(fieldWords).join(', ')}.`, `The office’s reason: ${reason}`, `Please check that it is right on My Students; if it is not, correct it there or call the office.`],
    { label: 'My Students', href: `${portal}/account/students` },
    'You receive this email because your account keeps this child’s profile.',
  );
}

/** A month before a child's health information is erased (no class for two school years): how to keep it. */
export function healthNoticeMail(firstName: string, eraseOn: string, portal: string): MailMessage {
  return simpleMail(
    'Your child’s health information will be erased',
    [
      `${firstName} has had no class with us for two school years, so on ${eraseOn} we will erase ${firstName}’s health information (allergies, medications, medical notes, doctor and insurance). The rest of the profile stays.`,
      `To keep it, confirm ${firstName}’s information on My Students (or enroll ${firstName} in a class) before then. If it is erased, you give it again at the next enrollment.`,
    ],
    { label: 'My Students', href: `${portal}/account/students` },
    'You receive this email because your account keeps this child’s profile.',
  );
}

/** The office gave the family account credit (or took some back): how much, why, and what it has now. */
export function creditGivenMail(amount: Cents, reason: string, balance: Cents, portal: string): MailMessage {
  const what = amount > 0 ? `The school office gave your account ${formatCents(amount)} of credit.` : `The school office took back ${formatCents(-amount)} of your account credit.`;
  return simpleMail(
    amount > 0 ? 'Account credit for your next enrollment' : 'Your account credit changed',
    [what, `The office’s reason: ${reason}`, `Your account credit is now ${formatCents(balance)}. Your next enrollment uses it first, before the card or the office.`],
    myEnrollments(portal),
    RECEIPTS_FOOTER,
  );
}


/** Finance decided a family's financial aid application: what it was given (or not this time), and where to read it. */
export function aidDecidedMail(app: Pick<AidApplication, 'status' | 'schoolYear' | 'semesterName' | 'childNames' | 'award'>, taken: Cents, portal: string): MailMessage {
  const award = app.award;
  const lines = award
    ? [
        `The school awarded financial aid for ${andList(app.childNames)} (${app.semesterName}): ${awardWords(award)}, until ${formatDate(award.expiresOn, true)}.`,
        taken ? `${formatCents(taken)} of it was taken off what you owed at once.` : 'It applies by itself when you enroll, as its own line ("Financial aid").',
        ...(award.note ? [`From the school: ${award.note}`] : []),
      ]
    : [`The school could not give financial aid for ${andList(app.childNames)} (${app.semesterName}) this time.`, 'The sliding scale still lets you choose a lower price where a class offers one.'];
  return simpleMail(award ? 'Financial aid awarded' : 'Your financial aid application', lines, { label: 'Financial aid', href: `${portal}/account/aid` }, 'You receive this email because your family applied for financial aid.');
}
