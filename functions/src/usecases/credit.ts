// A family's account credit: what the family sees, finance's ledger, and the office giving a credit
// (or taking one back) with its reason — in one transaction with the account's balance and the audit.
import { HttpsError } from 'firebase-functions/v2/https';
import { orRefused } from '../lib/refused';
import type { FamilyCredit, OfficeCredit } from '../../../contract/credit';
import type { Enrollment } from '../../../contract/domain';
import { formatCents } from '../../../contract/format';
import { accountByEmail, accountRef, touchAccount } from '../data/accounts';
import { auditInTx, actorName, type Actor } from '../data/audit';
import { allCreditEntries, creditEntriesOf, creditOf, writeCreditEntry } from '../data/credit';
import { chunks, db, notFound, recordRef, uniq } from '../data/db';
import { familyEnrollmentRefs } from '../data/enrollments';
import { accountEmails, enrollmentRecipients } from '../data/familyMail';
import { creditGiven, owedFromCredit } from '../domain/credit';
import { creditGivenMail, paymentReceivedMail } from '../mail/family';
import { queueMail } from '../mail/outbox';
import { portalOrigin } from '../payments/stripe';

export async function familyCredit(uid: string): Promise<FamilyCredit> {
  const [account, entries] = await Promise.all([accountRef(uid).get(), creditEntriesOf(uid)]);
  return { balance: creditOf(account), entries: entries.map(({ id, amount, kind, words, at }) => ({ id, amount, kind, words, at })) };
}

/** Every family with an entry, with its balance and email, largest balance first. */
export async function officeCredits(): Promise<OfficeCredit[]> {
  const entries = await allCreditEntries();
  const owners = uniq(entries.map((e) => e.ownerUid));
  const [accounts, emailOf] = await Promise.all([Promise.all(chunks(owners, 100).map((part) => db().getAll(...part.map(accountRef)))).then((r) => r.flat()), accountEmails(owners)]);
  return owners
    .map((uid, i) => ({ ownerUid: uid, email: emailOf.get(uid) ?? '', balance: creditOf(accounts[i]), entries: entries.filter((e) => e.ownerUid === uid) }))
    .sort((a, b) => b.balance - a.balance || a.email.localeCompare(b.email));
}

/** The family of an email, or not found in the office's words. */
async function familyOf(email: string): Promise<{ uid: string; email: string }> {
  const address = email.trim().toLowerCase();
  const user = await accountByEmail(address);
  if (!user) throw new HttpsError('not-found', `email: No family account uses ${address}.`);
  return { uid: user.uid, email: address };
}

/**
 * The office gives a family credit (or takes some back), with the reason the family reads. Once per
 * idempotency key: the same request again answers the credit given the first time.
 */
export async function giveCredit(actor: Actor, input: { email: string; amount: number; takeBack?: boolean; reason: string; idempotencyKey: string }, now: Date): Promise<{ family: OfficeCredit; replayed: boolean }> {
  return giveCreditTo(actor, await familyOf(input.email), input, now);
}

/** The same, to a family known by its account. */
export async function giveCreditTo(actor: Actor, family: { uid: string; email: string }, input: { amount: number; takeBack?: boolean; reason: string; idempotencyKey: string }, now: Date): Promise<{ family: OfficeCredit; replayed: boolean }> {
  const entryRef = recordRef('credits', `${family.uid}-given-${input.idempotencyKey}`);
  const replayed = await db().runTransaction(async (tx) => {
    const [account, already] = await Promise.all([tx.get(accountRef(family.uid)), tx.get(entryRef)]);
    if (already.exists) return true;
    const balance = creditOf(account);
    const entry = orRefused(creditGiven({ id: entryRef.id, ownerUid: family.uid, balance, amount: input.takeBack ? -input.amount : input.amount, reason: input.reason, at: now.toISOString(), by: actorName(actor) }));
    writeCreditEntry(tx, entry);
    touchAccount(tx, family.uid, account, { credit: balance + entry.amount });
    const what = entry.amount > 0 ? `Gave ${formatCents(entry.amount)} of account credit` : `Took back ${formatCents(-entry.amount)} of account credit`;
    auditInTx(tx, actor, { kind: 'credit-given', record: { type: 'account', id: family.uid }, recordName: family.email, summary: `${what} (balance ${formatCents(balance + entry.amount)}): ${entry.words}` }, now);
    queueMail(tx, { kind: 'credit-given', to: [family.email], message: creditGivenMail(entry.amount, entry.words, balance + entry.amount, portalOrigin(null)) }, entry.id);
    return false;
  });
  const [account, entries] = await Promise.all([accountRef(family.uid).get(), creditEntriesOf(family.uid)]);
  return { family: { ownerUid: family.uid, email: family.email, balance: creditOf(account), entries }, replayed };
}

/**
 * The family pays what its confirmed enrollments owe (one, or all) from its account credit, in one
 * transaction with the account's balance: a payment on each, oldest first, the ledger's use, the
 * audit trail and the payment's email. A second tap finds less owed, or no credit left.
 */
export async function payOwedFromCredit(actor: Actor, input: { enrollmentId?: string }, now: Date): Promise<{ enrollments: Enrollment[]; used: number }> {
  const refs = input.enrollmentId ? [recordRef('enrollments', input.enrollmentId)] : await familyEnrollmentRefs(actor.uid);
  const at = now.toISOString();
  const paid = await db().runTransaction(async (tx) => {
    const [account, ...snaps] = await tx.getAll(accountRef(actor.uid), ...refs);
    const owned = snaps.flatMap((s) => (s.exists && s.get('ownerUid') === actor.uid ? [s.data() as Enrollment] : []));
    if (input.enrollmentId && !owned.length) throw notFound('This enrollment');
    const planned = orRefused(owedFromCredit(creditOf(account), owned, at, actorName(actor)));
    const used = planned.reduce((sum, p) => sum - p.entry.amount, 0);
    const to = await Promise.all(planned.map((p) => enrollmentRecipients(p.enrollment.id)));
    for (const [i, { enrollment, entry }] of planned.entries()) {
      tx.set(recordRef('enrollments', enrollment.id), enrollment);
      writeCreditEntry(tx, entry);
      auditInTx(tx, actor, { kind: 'payment-recorded', record: { type: 'enrollment', id: enrollment.id }, studentId: enrollment.studentId, studentName: enrollment.studentName, summary: `Paid ${formatCents(-entry.amount)} from the account credit` }, now);
      queueMail(tx, { kind: 'payment-received', to: to[i], enrollmentId: enrollment.id, message: paymentReceivedMail(enrollment, -entry.amount, 'from your account credit', portalOrigin(null)) }, entry.id);
    }
    touchAccount(tx, actor.uid, account, { credit: creditOf(account) - used });
    return { enrollments: planned.map((p) => p.enrollment), used };
  });
  return paid;
}