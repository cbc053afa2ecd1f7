// Sample payloads of every callable for the emulator tests (see SAMPLES).
import type { AidApplication } from '../../contract/aid';
import type { CallableName, Payload } from '../../contract/callables';
import type { ClassRecord, Enrollment, PriceQuote, Student, StudentProfile, WaitlistEntry } from '../../contract/domain';
import type { PublicRound } from '../../contract/rounds';
import { DEFAULT_RELEASES } from '../../functions/src/domain/releases';
import { waitlistEntryId } from '../../functions/src/domain/ids';
import { addDays, buildDemoData, DEMO_FUND } from '../../scripts/demo/demoData';
import { adminDb } from '../../scripts/demo/adminApp';
import { todayInSchool } from '../../scripts/demo/seedDemo';
import { offerSeat, seatRosters } from '../../scripts/demo/seats';
import { callFunction, createUser, type TestUser } from './emulators';
import { addDaysIso, meetingDates, schoolToday } from '../../contract/schedule';

const today = todayInSchool();
const DEMO = buildDemoData(todayInSchool());
const { id: _id, ownerUid: _owner, infoReviewedAt: _reviewed, ...AVA_PROFILE } = DEMO.students.find((s) => s.id === 'demo-ava')!;
export const AVA: StudentProfile = AVA_PROFILE;
// Leo's record is never saved by another sample, so the office's correction of it starts from its first version.
const { id: _leo, ownerUid: _leoOwner, infoReviewedAt: _leoReviewed, ...LEO_PROFILE } = DEMO.students.find((s) => s.id === 'demo-leo')!;

export const semesterInput = (over: Partial<Payload<'adminSaveSemester'>> = {}): Payload<'adminSaveSemester'> => ({
  name: 'Spring Test Term',
  startDate: addDays(today, 30),
  endDate: addDays(today, 100),
  registrationOpens: addDays(today, -1),
  registrationCloses: addDays(today, 60),
  status: 'open',
  infoMarkdown: '',
  confirmationMarkdown: '',
  ...over,
});
export const classInput = (semesterId: string, over: Partial<Payload<'adminSaveClass'>> = {}): Payload<'adminSaveClass'> => ({
  semesterId,
  title: 'Pond Life',
  description: 'Nets, jars and frogs.',
  classType: 'After-school',
  instructors: ['Maya Lin'],
  location: 'Mill Pond',
  startDate: addDays(today, 30),
  endDate: addDays(today, 90),
  weekdays: [2],
  startTime: '15:15',
  endTime: '17:00',
  gradeMin: 1,
  gradeMax: 4,
  capacity: 12,
  price: 25000,
  slidingScale: null,
  addOns: [],
  registrationDeadline: addDays(today, 40),
  status: 'live',
  imageUrl: null,
  ...over,
});

/** A stored class as the class form sends it back: what the office may change, nothing counted, not the semester's holidays. */
export function classFormOf(stored: ClassRecord): Payload<'adminSaveClass'> {
  const { enrolledCount: _enrolled, waiting: _waiting, holidays: _holidays, seatNumbers: _numbers, copiedFrom: _from, keptSeats: _kept, aidKept: _aid, ...fields } = stored;
  return { ...fields, slidingScale: fields.slidingScale ?? null, imageUrl: fields.imageUrl ?? null };
}

/** Unpaid demo enrollments of the open term, for the payment and cancellation samples. */
export const UNPAID = DEMO.enrollments.filter((e) => e.balance > 0 && e.semesterIds.includes('open-term'));
/** A paid demo enrollment of the open term, for voiding its payment. */
export const PAID = DEMO.enrollments.find((e) => e.balance === 0 && e.payments.length > 0 && e.semesterIds.includes('open-term'))!;

/**
 * One valid payload per callable, as the demo family (A) or the demo admin would send it: the
 * authorization matrix and the bad-input test are generated from these, so a new callable without
 * a sample fails both.
 */
/** The demo family's own enrollment (Ava, a past class; paid: the authorization test unpays it for `payBalance`). */
export const AVAS = DEMO.enrollments.find((e) => e.studentId === 'demo-ava')!;


/** The round samples' terms (seedRoundSamples). */
const ROUND_SAMPLE = 'matrix-round-term';
const NO_ROUND_SAMPLE = 'matrix-no-round-term';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** Leo's enrollment the `addAddOns` sample adds to (seedAddOnSample). */
const ADD_ON_SAMPLE = 'matrix-leo-river';
const ADD_ON_OFFICE_SAMPLE = 'matrix-sample-river';
const CHANGE_SAMPLE = 'matrix-leo-art';
/** Leo's enrollment with a request to the office waiting (seedChangeSample). */
const REQUEST_SAMPLE = 'matrix-leo-backpacking';
const CHANGE_REQUEST = 'matrix-request';
/** A child of the demo family the move samples move (seedChangeSample): a camp week the family moves itself, and an after-school class whose move it asks the office for. */
const MOVER = 'matrix-mover';
const MOVE_TERM = 'matrix-move-term';
/** The move term's classes, like Wild Art on Mon–Thu: Mo moves from the 1st to the 2nd, and asks to move from the 3rd (its own policy: the office decides) to the 4th. */
const MOVE_CLASSES = ['move-a', 'move-b', 'move-c', 'move-d'];
const MOVE_SAMPLE = 'matrix-mover-camp';
const MOVE_REQUEST_SAMPLE = 'matrix-mover-term';

const AID_SAMPLE = 'aid-sample-family-202627';
export const SAMPLES: { [N in CallableName]?: Payload<N> } = {
  roles: null,
  classes: { query: [{ id: 'wild-art' }] },
  availableEnrollmentClasses: null,
  classGroups: ['little-naturalists-bundle'],
  classesBySemester: ['open-term'],
  openSemesters: null,
  releases: null,
  priceBasket: { lines: [{ classId: 'wild-art', addOnIds: [] }], codes: ['SIBLING10'] },
  myStudents: null,
  saveStudent: { id: 'demo-ava', profile: AVA_PROFILE, reviewed: false },
  deleteStudent: { studentId: 'matrix-delete-own' },
  issuePickupCodes: { studentId: 'demo-ava' },
  enroll: {
    studentId: 'demo-ava',
    lines: [{ classId: 'wild-art', addOnIds: [] }],
    codes: [],
    expectedTotal: 26000,
    infoConfirmed: false,
    releases: signedReleases('Sam Rivera'),
    idempotencyKey: 'sample-enrollment-1',
  },
  enrollFamily: {
    children: [
      { studentId: 'demo-ava', lines: [{ classId: 'art-in-the-wild', addOnIds: [] }], infoConfirmed: false, releases: signedReleases('Sam Rivera') },
      { studentId: 'demo-leo', lines: [{ classId: 'wilderness-week-4-6', addOnIds: [] }], infoConfirmed: true, releases: signedReleases('Sam Rivera') },
    ],
    codes: [],
    // Leo's camp in full; Ava, the 2nd child, 10% off hers (SIBLING10).
    expectedTotal: 45000 + 38700,
    idempotencyKey: 'sample-checkout-1',
    // By card: the demo family already owes the office as often as the school allows.
    payWith: 'card',
  },
  priceCart: {
    children: [
      { studentId: 'demo-ava', lines: [{ classId: 'art-in-the-wild', addOnIds: [] }] },
      { studentId: 'demo-leo', lines: [{ classId: 'wilderness-week-4-6', addOnIds: [] }] },
    ],
    codes: ['WELCOME20'],
  },
  paymentOptions: null,
  donate: { amount: 2500, note: 'For the scholarship fund', email: 'donor@example.com', idempotencyKey: 'sample-gift-1' },
  myEnrollments: null,
  myEnrollment: { enrollmentId: AVAS.id },
  releaseHold: { enrollmentId: AVAS.id },
  addAddOns: { enrollmentId: ADD_ON_SAMPLE, classId: 'river-adventure', addOnIds: ['lunch'], expectedCharge: 6000 },
  // The office's, for another family (seedAddOnSample): only what it would add.
  adminAddAddOns: { enrollmentId: ADD_ON_OFFICE_SAMPLE, classId: 'river-adventure', addOnIds: ['lunch'] },
  // Families cancelling: Leo's unpaid Art in the Wild Camp, in a semester whose policy lets families cancel (seedChangeSample).
  cancellationOutcome: { enrollmentId: CHANGE_SAMPLE, classIds: ['art-in-the-wild'] },
  cancelOwnClasses: { enrollmentId: CHANGE_SAMPLE, classIds: ['art-in-the-wild'], expectedRefund: 0, reason: 'Plans changed' },
  // Asking the office (the request seeded waiting on the same enrollment answers), and the office's answer to it.
  requestCancellation: { enrollmentId: REQUEST_SAMPLE, classIds: ['backpacking-intro'], reason: 'Plans changed' },
  // Moving (seedChangeSample): inside the term's policy (at once), and from a class whose own policy leaves moves to the office.
  transferOutcome: { enrollmentId: MOVE_SAMPLE, fromClassId: 'move-a', toClassId: 'move-b' },
  moveOwnClass: { enrollmentId: MOVE_SAMPLE, fromClassId: 'move-a', toClassId: 'move-b', expectedTotal: 26000 },
  requestTransfer: { enrollmentId: MOVE_REQUEST_SAMPLE, fromClassId: 'move-c', toClassId: 'move-d', reason: 'Thursdays suit us better' },
  // The office moves Mo back, on the family's call (after the family's own move above).
  adminTransferOutcome: { enrollmentId: MOVE_SAMPLE, fromClassId: 'move-b', toClassId: 'move-a' },
  adminMoveClass: { enrollmentId: MOVE_SAMPLE, fromClassId: 'move-b', toClassId: 'move-a', expectedTotal: 26000, reason: 'The family called: Mondays after all' },
  adminChangeRequests: null,
  myCredit: null,
  // A pays part of what she owes on her enrollment from the credit the matrix gives her first.
  payFromCredit: { enrollmentId: AVAS.id },
  adminCredits: null,
  // Financial aid: A applies for her children's camps; finance decides the application seeded for another family (seedAidSample).
  applyForAid: { semesterId: 'camps', studentIds: ['demo-ava'], householdSize: 4, incomeBand: '100-185', benefits: true, words: 'One income this year' },
  myAid: null,
  donationFunds: null,
  adminAid: null,
  adminAwardAid: { decisions: [{ applicationId: AID_SAMPLE, award: true, fundId: DEMO_FUND.id, percent: 50, capPerChild: 20000, expiresOn: '2999-12-31', note: 'Half of the camp' }], idempotencyKey: 'sample-aid-1' },
  adminSaveFund: { name: 'Spring gala fund', transfer: 50000 },
  adminGiveCredit: { email: 'family@example.com', amount: 2500, reason: 'A day of camp the school cancelled', idempotencyKey: 'sample-credit-1' },
  decideChangeRequest: { enrollmentId: REQUEST_SAMPLE, requestId: CHANGE_REQUEST, approve: false, answer: 'Not this time' },
  payBalance: { enrollmentId: AVAS.id },
  payInstalment: { enrollmentId: AVAS.id },
  payFamilyBalance: null,
  myCalendarFeed: null,
  myAccount: null,
  myData: null,
  saveAccount: { name: 'Pat Example', phone: '(555) 010-9000' },
  setReminders: { token: 'sample-unsubscribe-token-0123456', off: true },
  newCalendarFeed: null,
  loadDraft: null,
  saveDraft: { json: '{"step":2}', flow: 'flow-sample' },
  deleteDraft: null,
  adminDeleteDrafts: { olderThanDays: 30, send: false },
  adminSemesters: null,
  adminSaveSemester: semesterInput({ name: 'Matrix Term', status: 'draft' }),
  adminClasses: { semesterId: 'open-term' },
  adminSaveClass: classInput('open-term', { status: 'draft', title: 'Matrix Class' }),
  adminCopyClass: { classId: 'wild-art', toSemesterId: 'camps' },
  adminCopySemester: { fromSemesterId: 'past-term', toSemesterId: 'open-term' },
  adminDeleteClass: { id: 'star-gazing' },
  adminSaveGroup: { semesterId: 'open-term', name: 'Matrix Bundle', price: 40000, classIds: ['bird-language', 'nature-journaling'] },
  adminDeleteGroup: { id: 'two-week-wilderness' },
  adminDiscounts: null,
  adminSaveDiscount: { code: 'MATRIX5', description: '$5 off', type: 'fixed-basket', amount: 500, percent: 0, classIds: [], groupIds: [], classTypes: [], minimumCount: 0, expiresOn: null, active: true, combinable: false },
  adminDeleteDiscount: { id: 'old-code' },
  adminAnnouncements: null,
  adminSaveAnnouncement: { markdown: 'Registration for camps opens **Monday**.', severity: 'info', startsOn: null, endsOn: null },
  adminDeleteAnnouncement: { id: 'matrix-announcement' },
  adminDashboard: { semesterId: 'open-term' },
  adminRosters: { classIds: ['fire-and-shelter'] },
  adminEmailClasses: { classIds: ['fire-and-shelter'], subject: 'Indoors on Thursday', body: 'Thursday’s class moves indoors.', send: false },
  adminClassMessages: null,
  adminStudents: { search: 'rivera' },
  adminStudent: { id: 'demo-ava' },
  adminCorrectStudent: { id: 'demo-leo', profile: LEO_PROFILE, reason: 'The family called with a new number' },
  adminDeleteStudent: { id: 'matrix-delete-office' },
  adminHousehold: { id: 'demo-family' },
  adminFamilyData: { id: 'demo-family' },
  adminCreateFamily: { email: 'matrix.new.family@example.com', name: 'Pat Newfamily', phone: '(555) 010-7000' },
  adminAddStudent: { ownerUid: 'demo-family', profile: { ...LEO_PROFILE, firstName: 'Added' }, reason: 'The family called to add a child' },
  // Priced only (send: false): the matrix enrolls nobody.
  adminPhoneEnroll: { studentId: 'demo-ava', lines: [{ classId: 'bird-language', addOnIds: [] }], codes: [], guardianName: 'Sam Rivera', send: false, idempotencyKey: 'sample-phone-1' },
  adminTshirts: { semesterId: 'open-term' },
  adminEnrollments: { semesterId: 'open-term', balanceDue: true },
  adminRecordPayment: { enrollmentId: UNPAID[0].id, amount: 100, method: 'cash', note: '' },
  adminGiveDiscount: { enrollmentId: UNPAID[0].id, amount: 100, reason: 'Matrix', idempotencyKey: 'sample-discount-1' },
  // The last unpaid enrollment, which no other sample uses (its whole balance is recorded).
  adminRecordBalances: { enrollmentIds: [UNPAID.at(-1)!.id], method: 'check', note: 'Matrix', idempotencyKey: 'sample-balances-1' },
  adminVoidPayment: { enrollmentId: PAID.id, paymentId: 'demo-payment-1', reason: 'Matrix' },
  adminCancelQuote: { enrollmentId: UNPAID[0].id, classIds: UNPAID[0].classIds },
  adminMoneyReport: { semesterId: 'open-term', from: '2000-01-01', to: '2999-12-31' },
  adminPayouts: { from: '2000-01-01', to: '2999-12-31' },
  // A class nothing else uses, cancelled for everyone (seedCancelClassSample); again, it does nothing more.
  adminCancelClass: { classId: 'matrix-cancelled-class', otherWay: 'credit', note: 'The instructor moved away' },
  // A child holding nothing (seedCancelClassSample): the matrix checks who may ask, the term's own test what it does.
  adminCancelTerm: { studentId: 'matrix-term-child', semesterId: 'open-term', otherWay: 'credit', note: 'Moving away' },
  adminReleaseHold: { enrollmentId: UNPAID[2].id },
  adminCancelEnrollment: { enrollmentId: UNPAID[1].id, classIds: UNPAID[1].classIds, refund: 0, note: 'Matrix' },
  // The waitlist: Leo joins the full Fire & Shelter, then leaves; the entries below are
  // made by seedWaitlistSamples.
  joinWaitlist: {
    studentId: 'demo-leo',
    lines: [{ classId: 'fire-and-shelter', addOnIds: [] }],
    codes: [],
    // $300, less the sibling discount (Ava is enrolled this semester).
    expectedTotal: 27000,
    infoConfirmed: true,
    releases: signedReleases('Sam Rivera'),
    idempotencyKey: 'sample-waitlist-1',
  },
  myWaitlist: null,
  leaveWaitlist: { entryId: waitlistEntryId('demo-family', 'sample-waitlist-1') },
  declineOffer: { entryId: 'sample-offer-decline' },
  claimOffer: { entryId: 'sample-offer-claim', expectedTotal: 22000, idempotencyKey: 'sample-claim-1', payWith: 'card' },
  adminWaitlist: { classId: 'fire-and-shelter' },
  adminWaitlistOffer: { entryId: 'sample-hand-offer' },
  adminWaitlistMove: { entryId: 'sample-move', beforeEntryId: null, reason: 'Matrix' },
  adminWaitlistRemove: { entryId: 'sample-remove', reason: 'Matrix' },
  adminStaff: null,
  adminSaveStaff: { email: 'new.instructor@example.com', roles: ['instructor'] },
  adminAudit: {},
  adminInstructors: null,
  myAttendance: null,
  myTaughtClasses: null,
  /** The matrix's instructor teaches this class; the other instructor does not. */
  taughtRoster: { classId: 'fire-and-shelter' },
  // A child not on the roster: the sync answers, keeping nothing (test/emulator/field.test.ts keeps entries).
  syncFieldEntries: { classId: 'fire-and-shelter', sentAt: new Date().toISOString(), entries: [{ id: 'matrix-entry-000001', kind: 'attendance', studentId: 'matrix-nobody', meeting: '2026-01-01', at: new Date().toISOString(), mark: 'present' }] },
  classFieldLog: { classId: 'fire-and-shelter' },
  adminFieldDay: { day: '2026-10-06' },
  // Rounds: the demo's drawn round (last year's term); a round open for entries and a term without
  // one, both made by seedRoundSamples.
  round: { semesterId: 'past-term' },
  roundRecord: { semesterId: 'past-term' },
  myRoundEntry: { semesterId: ROUND_SAMPLE },
  saveRoundEntry: { semesterId: ROUND_SAMPLE, children: [{ studentId: 'demo-leo', choices: ['matrix-round-class'], infoConfirmed: true }], linked: false, waitlist: true, releases: signedReleases(AVA.guardians[0].name), payWith: 'office' },
  adminSaveRound: { semesterId: NO_ROUND_SAMPLE, entriesOpen: inDays(1), entriesClose: inDays(8), drawAt: inDays(8.05), claimHours: 48, maxChoices: 3, groups: [{ label: 'Returning families', rule: 'returning' }] },
  adminRunDraw: { semesterId: ROUND_SAMPLE },
  adminRoundReport: { semesterId: 'past-term', dryRun: false },
};

/** A term whose round takes entries now (matrix-round-class its one class), and one without a round. */
export async function seedRoundSamples(): Promise<void> {
  const db = adminDb();
  const open = (await db.doc('semesters/open-term').get()).data()!;
  const wildArt = (await db.doc('classes/wild-art').get()).data() as ClassRecord;
  for (const id of [ROUND_SAMPLE, NO_ROUND_SAMPLE]) await db.doc(`semesters/${id}`).set({ ...open, id, name: `Matrix ${id}` });
  await db.doc('classes/matrix-round-class').set({ ...wildArt, id: 'matrix-round-class', semesterId: ROUND_SAMPLE, title: 'Matrix Round Class', gradeMin: 0, gradeMax: 12, enrolledCount: 0 });
  const round: PublicRound = {
    semesterId: ROUND_SAMPLE, semesterName: `Matrix ${ROUND_SAMPLE}`, entriesOpen: inDays(-1), entriesClose: inDays(7), drawAt: inDays(7.05), claimHours: 48, maxChoices: 3, groups: [],
    seedHash: '0'.repeat(64), beacon: { chain: 'matrix', round: 1, time: inDays(7.05) }, committedAt: inDays(-2), entriesHash: null, closedAt: null, entryCount: null, waiting: null, drawn: null, offersMade: 0, settledAt: null,
  };
  await db.doc(`rounds/${ROUND_SAMPLE}`).set(round);
}

/**
 * The waitlist entries the samples name: two seat offers held for Ava (one she declines, one she
 * claims), and three entries of another family waiting for Nature Journaling (offered by hand,
 * moved, removed by the office).
 */
/** Leo's paid enrollment in River Adventure Camp, for the `addAddOns` sample: the camp's hot lunch he has not taken (in the camps, so the open term's sibling counts stay as the other samples expect). */
export async function seedAddOnSample(): Promise<void> {
  const db = adminDb();
  const at = new Date().toISOString();
  const price = 52000;
  // Leo's for the family's own call; another family's (the aid sample's, no other enrollment to reprice) for the office's.
  for (const [id, ownerUid, studentId, studentName] of [[ADD_ON_SAMPLE, 'demo-family', 'demo-leo', 'Leo Rivera'], [ADD_ON_OFFICE_SAMPLE, 'aid-sample-family', 'aid-sample-kid', 'Sam Sample']]) {
    await db.doc(`enrollments/${id}`).set({
      id, ownerUid, studentId, studentName, semesterIds: ['camps'], classIds: ['river-adventure'],
      lineItems: [{ kind: 'class', id: 'river-adventure', semesterId: 'camps', title: 'River Adventure Camp', classIds: ['river-adventure'], listPrice: price, price, addOns: [], members: [{ classId: 'river-adventure', title: 'River Adventure Camp', listPrice: price, price }] }],
      discounts: [], subtotal: price, total: price, balance: 0, status: 'confirmed',
      payments: [{ id: 'matrix-payment', amount: price, method: 'check', note: '', at, by: 'office@example.com' }],
      releases: [], createdAt: at, idempotencyKey: id,
    } satisfies Enrollment);
    await db.doc(`classes/river-adventure/roster/${studentId}`).set({ studentId, studentName, enrollmentId: id, ownerUid, addOns: [] });
  }
  await seatRosters(db, ['river-adventure']);
}

/** Leo's camps: Art in the Wild unpaid (the demo's camps let families cancel by themselves), and Backpacking Intro paid at the office, with a request to the office waiting. */
/** Children of the demo family with nothing to go to, whose profiles the matrix deletes: the family's and the office's. */
export const DELETE_SAMPLES = { family: 'matrix-delete-own', office: 'matrix-delete-office' } as const;
export async function seedDeleteSamples(): Promise<void> {
  for (const [who, id] of Object.entries(DELETE_SAMPLES)) {
    await adminDb().doc(`students/${id}`).set({ ...AVA_PROFILE, firstName: `Delete${who}`, id, ownerUid: 'demo-family', infoReviewedAt: null } as Student);
  }
}

/** An application of another family, waiting for finance's decision (the fund is the demo's). */
export async function seedAidSample(): Promise<void> {
  const application: AidApplication = {
    id: AID_SAMPLE, ownerUid: 'aid-sample-family', email: 'aid-sample@example.com', schoolYear: '2026–27', semesterId: 'camps', semesterName: 'Summer Camps',
    studentIds: ['aid-sample-kid'], childNames: ['Sam Sample'], householdSize: 3, incomeBand: 'under-100', benefits: false, words: '', status: 'received', submittedAt: new Date().toISOString(),
  };
  await adminDb().doc(`aidApplications/${AID_SAMPLE}`).set(application);
}

/** A class nothing else uses, for the school to cancel for everyone, and a child of the demo family holding nothing, whose term the office cancels. */
export async function seedCancelClassSample(): Promise<void> {
  await addClassesLikeWildArt([{ id: 'matrix-cancelled-class', title: 'Matrix Cancelled Class', capacity: 4, weekday: 3 }]);
  await adminDb().doc('students/matrix-term-child').set({ ...AVA_PROFILE, firstName: 'Termless', id: 'matrix-term-child', ownerUid: 'demo-family', infoReviewedAt: null } as Student);
}

export async function seedChangeSample(): Promise<void> {
  const db = adminDb();
  const at = new Date().toISOString();
  const unpaid = (id: string, classId: string, title: string, price: number): Enrollment => ({
    id, ownerUid: 'demo-family', studentId: 'demo-leo', studentName: 'Leo Rivera', semesterIds: ['camps'], classIds: [classId],
    lineItems: [{ kind: 'class', id: classId, semesterId: 'camps', title, classIds: [classId], listPrice: price, price, addOns: [], members: [{ classId, title, listPrice: price, price }] }],
    discounts: [], subtotal: price, total: price, balance: price, status: 'confirmed', payments: [], releases: [], createdAt: at, idempotencyKey: id,
  });
  await db.doc(`enrollments/${CHANGE_SAMPLE}`).set(unpaid(CHANGE_SAMPLE, 'art-in-the-wild', 'Art in the Wild Camp', 43000));
  await db.doc(`enrollments/${REQUEST_SAMPLE}`).set({
    ...unpaid(REQUEST_SAMPLE, 'backpacking-intro', 'Backpacking Intro Camp', 65000),
    payments: [{ id: 'matrix-cash', amount: 65000, method: 'cash', note: '', at, by: 'office@example.com' }],
    balance: 0,
    requests: [{ id: CHANGE_REQUEST, kind: 'cancel', classIds: ['backpacking-intro'], classTitles: ['Backpacking Intro Camp'], askedAt: at, outcome: { refund: 65000, toCard: 0, kept: 0, owes: 0 }, words: 'You will get $650 back ($0 to your card, $650 from the office).', status: 'waiting' }],
    requestWaiting: true,
  } satisfies Enrollment);
  await db.doc('classes/art-in-the-wild/roster/demo-leo').set({ studentId: 'demo-leo', studentName: 'Leo Rivera', enrollmentId: CHANGE_SAMPLE, ownerUid: 'demo-family', addOns: [] });
  await db.doc('classes/backpacking-intro/roster/demo-leo').set({ studentId: 'demo-leo', studentName: 'Leo Rivera', enrollmentId: REQUEST_SAMPLE, ownerUid: 'demo-family', addOns: [] });
  await seatRosters(db, ['art-in-the-wild', 'backpacking-intro']);
  // The mover, in grade 3, in a term of its own (the other samples' sibling counts stay as they are):
  // families move by themselves there, paying the difference; the class of the request keeps moves to the office.
  await db.doc(`students/${MOVER}`).set({ ...AVA_PROFILE, firstName: 'Mo', lastName: 'Rivera', grade: 3, id: MOVER, ownerUid: 'demo-family', infoReviewedAt: at } as Student);
  const term = (await db.doc('semesters/open-term').get()).data()!;
  await db.doc(`semesters/${MOVE_TERM}`).set({ ...term, id: MOVE_TERM, name: 'Matrix Move Term', cancellationPolicy: { selfService: true, bands: [], transfers: 'difference' } });
  await addClassesLikeWildArt(MOVE_CLASSES.map((id, i) => ({ id, title: `Matrix ${id}`, capacity: 4, weekday: i + 1 })));
  for (const id of MOVE_CLASSES) await db.doc(`classes/${id}`).update({ semesterId: MOVE_TERM });
  await db.doc(`classes/${MOVE_CLASSES[2]}`).update({ cancellationPolicy: { selfService: true, bands: [] } });
  const mover = (id: string, classId: string): Enrollment => {
    const e = unpaid(id, classId, `Matrix ${classId}`, 26000);
    // Paid at the office (the family's unpaid office enrollments are at the most the school keeps).
    return { ...e, studentId: MOVER, studentName: 'Mo Rivera', semesterIds: [MOVE_TERM], lineItems: e.lineItems.map((l) => ({ ...l, semesterId: MOVE_TERM })), payments: [{ id: `${id}-paid`, amount: 26000, method: 'check', note: '', at, by: 'office@example.com' }], balance: 0 };
  };
  for (const [id, classId] of [[MOVE_SAMPLE, MOVE_CLASSES[0]], [MOVE_REQUEST_SAMPLE, MOVE_CLASSES[2]]]) {
    await db.doc(`enrollments/${id}`).set(mover(id, classId));
    await db.doc(`classes/${classId}/roster/${MOVER}`).set({ studentId: MOVER, studentName: 'Mo Rivera', enrollmentId: id, ownerUid: 'demo-family', addOns: [] });
  }
  await seatRosters(db, [MOVE_CLASSES[0], MOVE_CLASSES[2]]);
}

export async function seedWaitlistSamples(): Promise<void> {
  const db = adminDb();
  const at = new Date().toISOString();
  const expiresAt = new Date(Date.now() + 48 * 3_600_000).toISOString();
  const entry = (id: string, classId: string, title: string, price: number, over: Partial<WaitlistEntry>): WaitlistEntry => ({
    id,
    ownerUid: 'matrix-family',
    email: 'matrix@example.com',
    studentId: 'matrix-child',
    studentName: 'Matrix Child',
    semesterId: 'open-term',
    classIds: [classId],
    title,
    request: { lines: [{ classId, addOnIds: [] }], codes: [], releases: signedReleases('Sam Rivera'), infoConfirmed: false },
    quote: { lineItems: [{ kind: 'class', id: classId, semesterId: 'open-term', title, classIds: [classId], listPrice: price, price, addOns: [] }], discounts: [], subtotal: price, total: price },
    joinedAt: at,
    rank: Date.now(),
    status: 'waiting',
    history: [{ at, action: 'joined' }],
    ...over,
  });
  const ava = { ownerUid: 'demo-family', email: 'family@example.com', studentId: 'demo-ava', studentName: 'Ava Rivera', status: 'offered' as const, offer: { at, expiresAt } };
  const entries = [
    entry('sample-offer-decline', 'creek-critters', 'Creek Critters', 24000, ava),
    entry('sample-offer-claim', 'tide-pools', 'Tide Pool Discovery', 22000, ava),
    entry('sample-hand-offer', 'nature-journaling', 'Nature Journaling', 24000, {}),
    entry('sample-move', 'nature-journaling', 'Nature Journaling', 24000, { rank: Date.now() + 1 }),
    entry('sample-remove', 'nature-journaling', 'Nature Journaling', 24000, { rank: Date.now() + 2 }),
  ];
  for (const e of entries) {
    if (e.offer) e.offer = { ...e.offer, seats: { [e.classIds[0]]: await offerSeat(db, e.classIds[0], e.id, e.offer.expiresAt) } };
    await db.doc(`waitlist/${e.id}`).set(e);
  }
  await db.doc('classes/creek-critters').update({ waiting: 1 });
  await db.doc('classes/tide-pools').update({ waiting: 1 });
  await db.doc('classes/nature-journaling').update({ waiting: 3 });
  await db.doc('announcements/matrix-announcement').set({ id: 'matrix-announcement', markdown: 'Matrix', severity: 'info', startsOn: null, endsOn: null, updatedBy: 'admin@example.com', updatedAt: at });
  // The family whose reminders' unsubscribe link the `setReminders` sample follows.
  await db.doc('mailPrefs/matrix-family').set({ token: SAMPLES.setReminders!.token, remindersOff: false });
}


/** The releases in force, each signed by typing `typedName`. */
export function signedReleases(typedName: string) {
  return DEFAULT_RELEASES.map((r) => ({ releaseId: r.id, version: r.version, typedName }));
}

type Lines = { classId: string; addOnIds: string[] }[];

/** Prices the basket, then enrolls at that total, as the browser does. */
export async function enrollAtQuotedPrice(
  token: string,
  order: { studentId: string; lines: Lines; codes?: string[]; idempotencyKey: string; typedName?: string; infoConfirmed?: boolean },
) {
  const codes = order.codes ?? [];
  const quote = await callFunction<PriceQuote>('priceBasket', { lines: order.lines, codes, studentId: order.studentId }, token);
  return callFunction<{ enrollment: Enrollment }>(
    'enroll',
    {
      studentId: order.studentId,
      lines: order.lines,
      codes,
      expectedTotal: quote.result!.total,
      infoConfirmed: order.infoConfirmed ?? false,
      releases: signedReleases(order.typedName ?? 'Sam Rivera'),
      idempotencyKey: order.idempotencyKey,
    },
    token,
  );
}

/** A new family account with one saved, reviewed student (Ava's profile under another name). */
export async function familyWithStudent(email: string, firstName: string, lastName: string): Promise<{ user: TestUser; studentId: string }> {
  const user = await createUser(email);
  const profile = { ...AVA, firstName, lastName, guardians: [{ ...AVA.guardians[0], email }] };
  const saved = await callFunction<{ student: Student }>('saveStudent', { profile, reviewed: true }, user.idToken);
  if (saved.status !== 200) throw new Error(`saveStudent failed: ${JSON.stringify(saved.error)}`);
  return { user, studentId: saved.result!.student.id };
}

/**
 * Live classes like the demo's Wild Art (same semester, times and price), open to every grade, with no
 * add-ons and nobody enrolled: each on its own weekday, so a basket of them never clashes. Returns the template.
 */
export async function addClassesLikeWildArt(classes: { id: string; title: string; capacity: number; weekday: number }[]): Promise<ClassRecord> {
  const template = (await adminDb().doc('classes/wild-art').get()).data() as ClassRecord;
  for (const c of classes) {
    await adminDb().doc(`classes/${c.id}`).set({ ...template, id: c.id, title: c.title, capacity: c.capacity, enrolledCount: 0, gradeMin: 0, gradeMax: 12, addOns: [], weekdays: [c.weekday] });
  }
  return template;
}

/** Classes `<prefix>-a`, `<prefix>-b`… titled "<title> A"…, with these capacities, on weekdays Mon, Tue… in turn. */
export const lettered = (prefix: string, title: string, capacities: Record<string, number>) =>
  Object.entries(capacities).map(([letter, capacity], i) => ({ id: `${prefix}-${letter}`, title: `${title} ${letter.toUpperCase()}`, capacity, weekday: (i + 1) % 7 }));

/**
 * A new rate-limit window (as ten minutes later): for tests that submit far more than a family would
 * from one account; the limits themselves are proven in rateLimits.test.ts.
 */
export async function newRateWindow(): Promise<void> {
  await adminDb().recursiveDelete(adminDb().collection('rateLimits'));
}

/** Moves a card hold's end into the past (rather than waiting half an hour): its enrollment, roster entries and seats. */
export async function lapseHold(enrollmentId: string, at = new Date(Date.now() - 60_000)): Promise<void> {
  const db = adminDb();
  const past = at.toISOString();
  const ref = db.doc(`enrollments/${enrollmentId}`);
  const e = (await ref.get()).data() as Enrollment;
  await ref.update({ 'hold.expiresAt': past });
  for (const classId of e.classIds) {
    const roster = db.doc(`classes/${classId}/roster/${e.studentId}`);
    const seat = (await roster.get()).get('seat') as string;
    await roster.update({ holdExpiresAt: past });
    await db.doc(`classes/${classId}/seats/${seat}`).update({ until: past });
  }
}

/**
 * A class of the coming term as if it had begun `weeks` weeks ago (its start moved back, its end kept,
 * its enrollments made before it began): the field's records are for meetings that have begun, and
 * the demo's terms are still to come. Its meetings so far, oldest first.
 */
export async function underway(classId: string, weeks = 3): Promise<string[]> {
  const ref = adminDb().doc(`classes/${classId}`);
  const startDate = addDaysIso(schoolToday(), -7 * weeks);
  const enrolled = await adminDb().collection('enrollments').where('classIds', 'array-contains', classId).get();
  await Promise.all([ref.update({ startDate }), ...enrolled.docs.map((d) => d.ref.update({ createdAt: `${addDaysIso(startDate, -10)}T17:00:00.000Z` }))]);
  const klass = (await ref.get()).data() as ClassRecord;
  return meetingDates(klass).filter((d) => d <= schoolToday());
}
