// The books of seats and money, checked as the office's accountant would after any action: the seat
// ledger's invariants per class, per code, per enrollment, per Stripe page. Used by the seat-ledger
// tests and the random-operations test.
import { aidOnLines, fundBalance, type AidApplication, type AidFund } from '../../contract/aid';
import type { CreditEntry } from '../../contract/credit';
import type { ClassRecord, Discount, Enrollment, WaitlistEntry } from '../../contract/domain';
import { balanceOf, cardRefundedBy, paidOf } from '../../contract/money';
import { checkoutIds, checkoutOf } from '../../functions/src/domain/ids';
import { classLedgerProblems, onRoster, type Seat } from '../../functions/src/domain/seats';
import { FieldPath, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { adminDb } from '../../scripts/demo/adminApp';
import { STANDIN } from '../../scripts/stripe/config';

export { checkoutIds };

/** A Stripe stand-in control call (pay a page, switch an outage on, read what it holds). */
export const standIn = async <T>(path: string, body: unknown = {}): Promise<T> =>
  (await fetch(`${STANDIN.api}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json() as Promise<T>;

/** What `act` answers while Stripe cannot be reached; Stripe is back whatever happens. */
export async function duringStripeOutage<T>(act: () => Promise<T>): Promise<T> {
  await standIn('/__standin/outage', { on: true });
  try {
    return await act();
  } finally {
    await standIn('/__standin/outage', { on: false });
  }
}

/** A Checkout Session as the stand-in holds it (Stripe's own view of the page). */
export async function stripeSession(id: string): Promise<{ status: 'open' | 'complete' | 'expired'; payment_status: string }> {
  const r = await fetch(`${STANDIN.api}/v1/checkout/sessions/${id}`, { headers: { authorization: `Bearer ${STANDIN.secretKey}` } });
  return r.json() as Promise<{ status: 'open' | 'complete' | 'expired'; payment_status: string }>;
}

const all = async <T>(path: string) => (await adminDb().collection(path).get()).docs.map((d) => ({ ...(d.data() as T), id: d.id }));

/** For each collection, the documents with these ids that exist: all read at once, in one round trip. */
async function byIds<T extends Record<string, object>>(wanted: { [K in keyof T]: string[] }): Promise<{ [K in keyof T]: (T[K] & { id: string })[] }> {
  const db = adminDb();
  const paths = Object.keys(wanted) as (keyof T & string)[];
  const refs = paths.flatMap((path) => wanted[path].map((id) => db.collection(path).doc(id)));
  const snaps = refs.length ? await db.getAll(...refs) : [];
  const found = Object.fromEntries(paths.map((path) => [path, [] as object[]])) as Record<string, object[]>;
  for (const d of snaps) if (d.exists) found[d.ref.parent.id].push({ ...d.data(), id: d.id });
  return found as { [K in keyof T]: (T[K] & { id: string })[] };
}

/** The records of these families (in 30s, as Firestore's `in` takes), or everyone's. */
async function owned<T>(path: string, owners?: string[]): Promise<T[]> {
  if (!owners) return all<T>(path);
  const parts = await Promise.all(Array.from({ length: Math.ceil(owners.length / 30) }, (_, i) => adminDb().collection(path).where('ownerUid', 'in', owners.slice(i * 30, i * 30 + 30)).get()));
  return parts.flatMap((p) => p.docs.map((d) => ({ ...(d.data() as T), id: d.id })));
}

/**
 * The documents of a subcollection (seats, roster) of these classes, by class: one query over the
 * range of paths from the first class to the last, not one per class (each query costs the Firestore
 * emulator milliseconds of CPU, and the books are read after each of thousands of steps). Classes
 * whose ids fall inside the range are read too, and left out.
 */
async function underClasses(name: 'seats' | 'roster', classIds: string[]): Promise<Map<string, QueryDocumentSnapshot[]>> {
  const found = new Map<string, QueryDocumentSnapshot[]>(classIds.map((id) => [id, []]));
  if (!classIds.length) return found;
  const sorted = [...classIds].sort();
  const snap = await adminDb().collectionGroup(name).orderBy(FieldPath.documentId()).startAt(`classes/${sorted[0]}`).endAt(`classes/${sorted.at(-1)}/${name}/\uf8ff`).get();
  for (const d of snap.docs) found.get(d.ref.parent.parent!.id)?.push(d);
  return found;
}

/**
 * What is wrong with the books now (nothing, when they agree). `classIds`: the classes to check;
 * `owners`: only these families use them (else everyone's records are read); `stripe`: also ask the
 * Stripe stand-in which pages are open; `seen`: given the enrollments and waitlist entries read.
 */
export async function booksProblems(
  classIds: string[],
  { stripe = true, owners, seen }: { stripe?: boolean; owners?: string[]; seen?: (read: { enrollments: Enrollment[]; entries: WaitlistEntry[] }) => void } = {},
): Promise<string[]> {
  // The books are read once the Stripe events already sent have been answered: a page closed by the
  // last action ends its hold through its webhook, and a read in the middle would see half of it.
  await standIn('/__standin/settled');
  const problems: string[] = [];
  // Everything that does not depend on another read is read at once: the books are read after each
  // of thousands of steps, and each round trip to the emulator counts.
  const underRead = Promise.all([underClasses('seats', classIds), underClasses('roster', classIds)]);
  const [enrollments, entries, credits, applications] = await Promise.all([
    owned<Enrollment>('enrollments', owners),
    owned<WaitlistEntry>('waitlist', owners),
    owned<CreditEntry>('credits', owners),
    owned<AidApplication>('aidApplications', owners),
  ]);
  seen?.({ enrollments, entries });
  // With `owners`, only the codes these families used are checked (other families' uses are not
  // read): only those are read, not every code the school ever made.
  const used = [...new Set([...enrollments.flatMap((e) => e.countedDiscountIds ?? []), ...entries.flatMap((e) => e.countedDiscountIds ?? [])])];
  const paged = enrollments.filter((x) => x.hold?.sessionId && checkoutOf(x) === x.id);
  // The accounts of the families with credit entries or a payment from their credit, and the aid funds awards come from.
  const accountIds = [...new Set([...credits.map((c) => c.ownerUid), ...enrollments.filter((e) => e.payments.some((p) => p.method === 'credit')).map((e) => e.ownerUid)])];
  const fundIds = [...new Set(applications.flatMap((a) => (a.award ? [a.award.fundId] : [])))];
  // The classes' own documents come with the accounts, funds and codes: one round trip fewer.
  const [read, everyCode, [seatsOf, rosterOf], { sessions }] = await Promise.all([
    byIds<{ classes: ClassRecord; accounts: { credit?: number }; aidFunds: AidFund; discounts: Discount; discountUses: { uses: number } }>({ classes: classIds, accounts: accountIds, aidFunds: fundIds, discounts: owners ? used : [], discountUses: owners ? used : [] }),
    owners ? null : Promise.all([all<Discount>('discounts'), all<{ uses: number }>('discountUses')]),
    underRead,
    stripe ? standIn<{ sessions: Record<string, string> }>('/__standin/sessions', { ids: paged.map((e) => e.hold!.sessionId!) }) : { sessions: {} as Record<string, string> },
  ]);
  const [discounts, uses] = everyCode ?? [read.discounts, read.discountUses];
  const perClass = classIds.map((classId) => ({ classId, klass: read.classes.find((c) => c.id === classId), seats: seatsOf.get(classId) ?? [], roster: rosterOf.get(classId) ?? [] }));

  for (const classRead of perClass) {
    const { classId, klass } = classRead;
    if (!klass) continue;
    const seats = new Map(classRead.seats.map((d) => [d.id, d.data() as Seat]));
    const roster = classRead.roster.map((d) => ({ studentId: d.id, enrollmentId: d.get('enrollmentId') as string, seat: d.get('seat') as string | undefined }));
    problems.push(...classLedgerProblems(klass, seats, roster));
    // Each seat on the roster belongs to an enrollment holding this class: confirmed (taken) or paying (held).
    for (const [id, seat] of seats) {
      if (!onRoster(seat)) continue;
      const e = enrollments.find((x) => x.id === seat.enrollmentId);
      const wanted = seat.state === 'taken' ? 'confirmed' : 'pending_payment';
      if (!e || e.status !== wanted || !e.classIds.includes(classId) || e.studentId !== seat.studentId) problems.push(`${classId}/${id}: a ${seat.state} seat without a ${wanted} enrollment of ${seat.studentId}`);
    }
    // Each enrollment holding the class has its seat.
    for (const e of enrollments.filter((x) => (x.status === 'confirmed' || x.status === 'pending_payment') && x.classIds.includes(classId))) {
      const seat = [...seats.values()].find((s) => s.enrollmentId === e.id && onRoster(s));
      if (!seat) problems.push(`${classId}: ${e.status} enrollment ${e.id} of ${e.studentName} has no seat`);
    }
    // A seat kept for a move waits with its family's request (one each), and nobody else's.
    for (const [id, seat] of seats) {
      if (seat.state !== 'requested') continue;
      const e = enrollments.find((x) => x.id === seat.enrollmentId);
      const request = e?.requests?.find((r) => r.id === seat.requestId);
      if (!request || request.status !== 'waiting' || request.kind !== 'transfer' || request.to?.classId !== classId || e!.studentId !== seat.studentId) problems.push(`${classId}/${id}: kept for a move no request waits for (${JSON.stringify(seat)})`);
    }
    for (const e of enrollments) {
      for (const r of (e.requests ?? []).filter((x) => x.status === 'waiting' && x.kind === 'transfer' && x.to?.classId === classId)) {
        const kept = [...seats.values()].filter((x) => x.state === 'requested' && x.requestId === r.id).length;
        if (kept !== 1) problems.push(`${classId}: ${e.id}'s request to move here keeps ${kept} seats`);
      }
    }
    // Offered seats are the open offers' (one each), and nobody else's.
    const offered = [...seats].filter(([, s]) => s.state === 'offered');
    for (const [id, seat] of offered) {
      const entry = entries.find((x) => x.id === seat.entryId);
      if (!entry || entry.status !== 'offered' || entry.offer?.seats?.[classId] !== id) {
        problems.push(`${classId}/${id}: offered to ${seat.entryId}, which holds no such offer (${JSON.stringify(seat)}; the entry: ${entry ? JSON.stringify({ status: entry.status, offer: entry.offer, enrollmentId: entry.enrollmentId, history: entry.history }) : 'none'})`);
      }
    }
    for (const entry of entries.filter((x) => x.status === 'offered' && x.offer?.seats?.[classId])) {
      const seat = seats.get(entry.offer!.seats![classId]);
      if (!seat || seat.entryId !== entry.id || (seat.state !== 'offered' && seat.state !== 'held')) problems.push(`${classId}: ${entry.id}'s offer has no seat of its own`);
    }
    const waiting = entries.filter((x) => (x.status === 'waiting' || x.status === 'offered') && x.classIds.includes(classId)).length;
    if ((klass.waiting ?? 0) !== waiting) problems.push(`${classId}: waiting ${klass.waiting ?? 0}, ${waiting} on the list`);
    // A seat free while a family waits would go to the public before them.
    const free = klass.capacity - [...seats.values()].filter((s) => s.state !== 'closed').length;
    if (free > 0 && entries.some((x) => x.status === 'waiting' && x.classIds.includes(classId) && x.classIds.length === 1)) problems.push(`${classId}: ${free} seats free while a family waits for it`);
  }
  // Per code with a limit: its uses are the checkouts and waitlist entries that counted it, within the limit.
  for (const d of discounts.filter((x) => x.maxUses != null)) {
    const counted = new Set<string>();
    for (const e of enrollments) {
      if ((e.status === 'confirmed' || e.status === 'pending_payment' || e.status === 'cancelled') && (e.countedDiscountIds ?? []).includes(d.id) && !e.waitlistEntryId) counted.add(checkoutOf(e));
    }
    // An entry carries the use it counted while on the list or enrolled, and off the list while a card
    // payment for its claim is under way (paid, the entry is enrolled; unpaid, the use goes back).
    const paying = (w: (typeof entries)[number]) => enrollments.some((e) => e.id === w.enrollmentId && e.status === 'pending_payment');
    for (const w of entries) {
      if ((w.countedDiscountIds ?? []).includes(d.id) && (w.status === 'waiting' || w.status === 'offered' || w.status === 'enrolled' || paying(w))) counted.add(`waitlist:${w.id}`);
    }
    const stored = uses.find((u) => u.id === d.id)?.uses ?? 0;
    if (stored !== counted.size) problems.push(`code ${d.code}: ${stored} uses counted, ${counted.size} checkouts carry it`);
    if (stored > d.maxUses!) problems.push(`code ${d.code}: ${stored} uses of ${d.maxUses}`);
  }
  // Per enrollment: the balance follows the price and the payments; nobody keeps money without a seat.
  for (const e of enrollments) {
    if (e.balance !== balanceOf(e)) problems.push(`${e.id}: balance ${e.balance}, the payments say ${balanceOf(e)}`);
    const refunded = (e.cardRefunds ?? []).reduce((s, r) => s + r.amount, 0);
    if (e.status === 'expired' && paidOf(e) - refunded !== 0) problems.push(`${e.id}: ${paidOf(e) - refunded} kept by an enrollment without seats`);
    // A card payment is recorded once: never two of an enrollment from the same Stripe payment.
    const intents = e.payments.flatMap((p) => (p.card ? [p.card.paymentIntent] : []));
    if (new Set(intents).size !== intents.length) problems.push(`${e.id}: a card payment recorded twice`);
    // A monthly plan never counts more payments than it has dates.
    if (e.instalments && e.instalments.paid > e.instalments.dates.length) problems.push(`${e.id}: ${e.instalments.paid} monthly payments of ${e.instalments.dates.length}`);
    // A family's requests: the office's queue marks exactly the enrollments with one waiting, one per
    // class at most; an approved or withdrawn one's classes are cancelled, a waiting one's are not all.
    const requests = e.requests ?? [];
    const waiting = requests.filter((q) => q.status === 'waiting');
    if (!!e.requestWaiting !== waiting.length > 0) problems.push(`${e.id}: marked ${e.requestWaiting ? '' : 'not '}waiting for the office, with ${waiting.length} requests waiting`);
    if (new Set(waiting.flatMap((q) => q.classIds)).size !== waiting.flatMap((q) => q.classIds).length) problems.push(`${e.id}: two requests waiting for the same class`);
    // A class a request ended may be held again only through a later move back into it (the office
    // moved the child from A to B; later the family moved it back to A).
    const stillHeld = (q: (typeof requests)[number]) => q.classIds.some((id) => e.classIds.includes(id) && !(e.cancellations ?? []).some((c) => c.movedTo?.classId === id && c.at > q.decidedAt!));
    for (const q of requests.filter((x) => x.status === 'approved')) if (stillHeld(q)) problems.push(`${e.id}: request ${q.id} approved, its classes still enrolled`);
    for (const q of waiting) if (!q.classIds.some((id) => e.classIds.includes(id))) problems.push(`${e.id}: request ${q.id} waits for the office about classes all cancelled`);
    for (const q of requests.filter((x) => x.status === 'withdrawn')) if (stillHeld(q)) problems.push(`${e.id}: request ${q.id} withdrawn, its classes still enrolled`);
  }
  problems.push(...creditProblems(enrollments, credits, accountIds, read.accounts));
  problems.push(...aidProblems(enrollments, applications, read.aidFunds));
  // Every Stripe page is open only while its hold is.
  for (const e of paged) {
    if (sessions[e.hold!.sessionId!] === 'open' && e.status !== 'pending_payment') problems.push(`${e.id}: its Stripe page is open, but it is ${e.status}`);
  }
  return problems;
}


/**
 * Financial aid: what each award counts as given is the aid lines of the enrollments holding seats
 * priced with it, never more than it holds of its fund, never more than its cap for a child; no fund
 * gives more than it holds.
 */
function aidProblems(enrollments: Enrollment[], applications: AidApplication[], funds: (AidFund & { id: string })[]): string[] {
  const problems: string[] = [];
  const awarded = applications.filter((a) => a.award);
  const lineOf = (e: Enrollment) => aidOnLines(e.discounts);
  for (const app of awarded) {
    const award = app.award!;
    const live = enrollments.filter((e) => e.status !== 'expired' && e.aid?.applicationId === app.id);
    const lines = live.reduce((s, e) => s + lineOf(e), 0);
    if (award.used !== lines) problems.push(`award ${app.id}: counts ${award.used} given, its enrollments' lines ${lines}`);
    if (award.used > award.committed || award.used < 0) problems.push(`award ${app.id}: ${award.used} given of the ${award.committed} it holds`);
    if (award.capPerChild !== undefined) {
      for (const studentId of new Set(live.map((e) => e.studentId))) {
        const child = live.filter((e) => e.studentId === studentId).reduce((s, e) => s + lineOf(e), 0);
        if (child > award.capPerChild) problems.push(`award ${app.id}: ${child} to ${studentId}, over its cap of ${award.capPerChild}`);
      }
    }
  }
  // An enrollment's aid line always names its award.
  for (const e of enrollments) if (lineOf(e) && !awarded.some((a) => a.id === e.aid?.applicationId)) problems.push(`${e.id}: an aid line of ${lineOf(e)} without its award`);
  for (const f of funds) if (fundBalance(f) < 0) problems.push(`fund ${f.id}: gives ${f.committed}, holds ${f.gifts + f.transfers}`);
  return problems;
}

/**
 * The account credit: each family's balance is the sum of its entries and never below nothing; each
 * checkout's use is what its enrollments record as paid from the credit; what a checkout never paid
 * gave back is what its enrollment voided. `owners`: the families with credit entries or a payment from
 * their credit; `accounts`: theirs, as read.
 */
function creditProblems(enrollments: Enrollment[], credits: CreditEntry[], owners: string[], accounts: { credit?: number; id: string }[]): string[] {
  const problems: string[] = [];
  for (const uid of owners) {
    const balance = accounts.find((a) => a.id === uid)?.credit ?? 0;
    const sum = credits.filter((c) => c.ownerUid === uid).reduce((s, c) => s + c.amount, 0);
    if (balance !== sum) problems.push(`account ${uid}: credit ${balance}, its entries add up to ${sum}`);
    if (balance < 0) problems.push(`account ${uid}: credit ${balance} below nothing`);
  }
  const fromCredit = (e: Enrollment, voided: boolean | null) => e.payments.filter((p) => p.method === 'credit' && (voided === null || !!p.voided === voided)).reduce((s, p) => s + p.amount, 0);
  for (const e of enrollments) {
    // A checkout's uses: at the checkout, and later from My Enrollments toward what it owed.
    const used = -credits.filter((c) => c.kind === 'used' && c.enrollmentId === checkoutOf(e)).reduce((s, c) => s + c.amount, 0);
    if (checkoutOf(e) === e.id) {
      const recorded = enrollments.filter((x) => checkoutOf(x) === e.id).reduce((s, x) => s + fromCredit(x, null), 0);
      if (recorded !== used) problems.push(`${e.id}: its checkout paid ${recorded} from the credit, the ledger says ${used}`);
    }
    // What cancellations and moves gave back as credit is on the account, once each.
    const asCredit = (e.cancellations ?? []).filter((c) => c.refundMethod === 'credit').reduce((s, c) => s + c.refund - cardRefundedBy(c), 0);
    const refunded = credits.filter((c) => c.kind === 'refund' && c.enrollmentId === e.id).reduce((s, c) => s + c.amount, 0);
    if (asCredit !== refunded) problems.push(`${e.id}: ${asCredit} given back as credit, ${refunded} on the account`);
    const returned = credits.filter((c) => c.kind === 'returned' && c.enrollmentId === e.id).reduce((s, c) => s + c.amount, 0);
    if (fromCredit(e, true) !== returned) problems.push(`${e.id}: voided ${fromCredit(e, true)} paid from the credit, ${returned} given back`);
    if (e.status === 'expired' && fromCredit(e, false)) problems.push(`${e.id}: expired, still counting ${fromCredit(e, false)} paid from the credit`);
  }
  return problems;
}

