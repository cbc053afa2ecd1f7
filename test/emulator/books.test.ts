// The books the seat-ledger tests read after each action (test/support/ledger.ts) see what is wrong:
// a class's count, a code's uses, an account's credit and an aid fund, each in its own words, from
// the few documents they read for one family.
import { describe, expect, it } from 'vitest';
import { adminDb } from '../../scripts/demo/adminApp';
import { booksProblems } from '../support/ledger';

const UID = 'books-f1';
const CLASS = 'books-a';

/** One family's confirmed child in a class, paid at the office with a limited code, some credit and an aid award: books that agree. */
async function agreeingBooks() {
  const db = adminDb();
  const batch = db.batch();
  batch.set(db.doc(`classes/${CLASS}`), { id: CLASS, title: 'Books A', capacity: 2, enrolledCount: 1, waiting: 0 });
  batch.set(db.doc(`classes/${CLASS}/seats/s0000`), { state: 'taken', classId: CLASS, enrollmentId: 'books-e1', studentId: 'books-s1', at: '2026-12-01T00:00:00.000Z' });
  batch.set(db.doc(`classes/${CLASS}/roster/books-s1`), { enrollmentId: 'books-e1', seat: 's0000' });
  batch.set(db.doc('enrollments/books-e1'), {
    id: 'books-e1', ownerUid: UID, studentId: 'books-s1', studentName: 'Bo Oks', classIds: [CLASS], status: 'confirmed',
    total: 9000, balance: 0, discounts: [{ code: 'BOOKS', description: 'Books', amount: 1000 }], countedDiscountIds: ['books-code'],
    payments: [{ method: 'office', amount: 9000, at: '2026-12-01T00:00:00.000Z' }],
  });
  batch.set(db.doc('discounts/books-code'), { id: 'books-code', code: 'BOOKS', maxUses: 1 });
  batch.set(db.doc('discountUses/books-code'), { uses: 1 });
  batch.set(db.doc('credits/books-c1'), { id: 'books-c1', ownerUid: UID, amount: 500, kind: 'given', at: '2026-12-01T00:00:00.000Z' });
  batch.set(db.doc(`accounts/${UID}`), { credit: 500 });
  batch.set(db.doc('aidFunds/books-fund'), { id: 'books-fund', gifts: 1000, transfers: 0, committed: 1000 });
  batch.set(db.doc('aidApplications/books-app'), { id: 'books-app', ownerUid: UID, award: { fundId: 'books-fund', committed: 1000, used: 0 } });
  await batch.commit();
}

describe('the books', () => {
  it('see a class count, a code’s uses, an account’s credit and a fund that disagree, and agree again once mended', async () => {
    await agreeingBooks();
    const read = () => booksProblems([CLASS], { owners: [UID], stripe: false });
    expect(await read()).toEqual([]);
    const db = adminDb();
    await Promise.all([
      db.doc(`classes/${CLASS}`).update({ enrolledCount: 2 }),
      db.doc('discountUses/books-code').update({ uses: 2 }),
      db.doc(`accounts/${UID}`).update({ credit: 300 }),
      db.doc('aidFunds/books-fund').update({ committed: 1500 }),
    ]);
    expect(await read()).toEqual([
      'books-a: enrolledCount 2, 1 on the roster',
      'code BOOKS: 2 uses counted, 1 checkouts carry it',
      'code BOOKS: 2 uses of 1',
      'account books-f1: credit 300, its entries add up to 500',
      'fund books-fund: gives 1500, holds 1000',
    ]);
    await agreeingBooks();
    expect(await read()).toEqual([]);
  });
});
