// School-office callables: semesters, classes, bundles, discount codes, dashboard. Each checks the
// admin role on the server on every call (access 'admin' in the contract); the work is in data/ and domain/.
import { moneyReport } from '../domain/reports';
import { schoolToday } from '../../../contract/schedule';
import { callables, type ResponseOf } from '../../../contract/callables';
import type { AdminClass, ClassRecord } from '../../../contract/domain';
import { loadClassesOfSemesters, loadGroupsOfSemesters, loadSemesters } from '../data/catalogue';
import { copyClass, copySemester, deleteClass, saveClass, saveDiscount, saveGroup, saveSemester } from '../usecases/catalogueEdits';
import { deleteRecord, type RecordName } from '../data/db';
import { loadDiscountList } from '../data/discounts';
import { semesterEnrollments } from '../data/office';
import { dashboardFigures } from '../domain/dashboard';
import { actorOf, callable } from '../lib/callable';
import { loadAnnouncements, saveAnnouncement } from '../data/announcements';
import { actorName } from '../data/audit';
import { creditOwed } from '../data/credit';
import { aidFundsHeld } from '../data/aid';
import { payoutsArriving } from '../payments/payouts';

const catalogue = { changesCatalogue: true };

/** A callable that deletes one record of the catalogue by its id (saying "This code does not exist." when it is gone). */
const deleting = <C extends (typeof callables)['adminDeleteGroup' | 'adminDeleteDiscount' | 'adminDeleteAnnouncement']>(def: C, record: RecordName, what: string) =>
  callable(
    def,
    async ({ id }) => {
      await deleteRecord(record, id, what);
      // Each of these answers { deleted: boolean } (the contract): TypeScript cannot see it through C.
      return { deleted: true } as ResponseOf<C>;
    },
    catalogue,
  );

export const adminSemesters = callable(callables.adminSemesters, async () => ({
  semesters: (await loadSemesters()).sort((a, b) => b.startDate.localeCompare(a.startDate)),
}));

export const adminSaveSemester = callable(callables.adminSaveSemester, async (input) => ({ semester: await saveSemester(input) }), catalogue);

/** A class as the office sees it: its seat numbering stays with the seat ledger. */
const officeClass = ({ seatNumbers: _numbers, copiedFrom: _from, ...c }: ClassRecord): AdminClass => c;

export const adminClasses = callable(callables.adminClasses, async ({ semesterId }) => {
  const [classes, groups] = await Promise.all([loadClassesOfSemesters([semesterId]), loadGroupsOfSemesters([semesterId])]);
  return { classes: classes.sort((a, b) => a.title.localeCompare(b.title)).map(officeClass), groups: groups.map(({ copiedFrom: _from, ...g }) => g) };
});

export const adminSaveClass = callable(callables.adminSaveClass, async (input) => ({ class: officeClass(await saveClass(input)) }), catalogue);

export const adminCopyClass = callable(callables.adminCopyClass, async ({ classId, toSemesterId }) => ({ class: officeClass(await copyClass(classId, toSemesterId)) }), catalogue);

export const adminCopySemester = callable(callables.adminCopySemester, async ({ fromSemesterId, toSemesterId }) => copySemester(fromSemesterId, toSemesterId), catalogue);

export const adminDeleteClass = callable(callables.adminDeleteClass, async ({ id }) => {
  await deleteClass(id);
  return { deleted: true };
}, catalogue);

export const adminSaveGroup = callable(callables.adminSaveGroup, async (input) => ({ group: await saveGroup(input) }), catalogue);

export const adminDeleteGroup = deleting(callables.adminDeleteGroup, 'groups', 'This bundle');

export const adminDiscounts = callable(callables.adminDiscounts, () => loadDiscountList());

// Codes and rules price every checkout, which reads them from each instance's copy of the offer.
export const adminSaveDiscount = callable(callables.adminSaveDiscount, async (input) => ({ discount: await saveDiscount(input) }), catalogue);

export const adminDeleteDiscount = deleting(callables.adminDeleteDiscount, 'discounts', 'This code');

export const adminAnnouncements = callable(callables.adminAnnouncements, async () => ({ announcements: await loadAnnouncements() }));

// The public catalogue's answer (openSemesters) carries the announcements: it is read afresh after a change.
export const adminSaveAnnouncement = callable(
  callables.adminSaveAnnouncement,
  async (input, ctx) => ({ announcement: await saveAnnouncement(input, actorName(actorOf(ctx))) }),
  catalogue,
);

export const adminDeleteAnnouncement = deleting(callables.adminDeleteAnnouncement, 'announcements', 'This announcement');

export const adminMoneyReport = callable(callables.adminMoneyReport, async ({ semesterId, from, to }) =>
  moneyReport({ semesterId, enrollments: await semesterEnrollments(semesterId), from, to, today: schoolToday(new Date()), dayOf: (moment) => schoolToday(new Date(moment)) }),
);

export const adminPayouts = callable(callables.adminPayouts, async ({ from, to }) => ({ payouts: await payoutsArriving(from, to) }));

export const adminDashboard = callable(callables.adminDashboard, async ({ semesterId }) => {
  const [classes, enrollments, owed, aidFundsHold] = await Promise.all([loadClassesOfSemesters([semesterId]), semesterEnrollments(semesterId), creditOwed(), aidFundsHeld()]);
  return dashboardFigures(semesterId, classes, enrollments, { creditOwed: owed, aidFundsHold });
});
