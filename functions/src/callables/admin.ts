// School-office callables: semesters, classes, bundles, discount codes, dashboard. Each checks the
// admin role on the server on every call (access 'admin' in the contract); the work is in data/ and domain/.
import { callables } from '../../../contract/callables';
import type { AdminClass, ClassRecord } from '../../../contract/domain';
import { loadClassesOfSemesters, loadGroupsOfSemesters, loadSemesters } from '../data/catalogue';
import { copyClass, copySemester, deleteClass, saveClass, saveGroup, saveSemester } from '../data/catalogueEdits';
import { deleteRecord } from '../data/db';
import { loadDiscountList, saveDiscount } from '../data/discounts';
import { semesterEnrollments } from '../data/office';
import { dashboardFigures } from '../domain/dashboard';
import { actorOf, callable } from '../lib/callable';
import { loadAnnouncements, saveAnnouncement } from '../data/announcements';
import { actorName } from '../data/audit';

const catalogue = { changesCatalogue: true };

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

export const adminDeleteGroup = callable(callables.adminDeleteGroup, async ({ id }) => {
  await deleteRecord('groups', id, 'This bundle');
  return { deleted: true };
}, catalogue);

export const adminDiscounts = callable(callables.adminDiscounts, () => loadDiscountList());

// Codes and rules price every checkout, which reads them from each instance's copy of the offer.
export const adminSaveDiscount = callable(callables.adminSaveDiscount, async (input) => ({ discount: await saveDiscount(input) }), catalogue);

export const adminDeleteDiscount = callable(
  callables.adminDeleteDiscount,
  async ({ id }) => {
    await deleteRecord('discounts', id, 'This code');
    return { deleted: true };
  },
  catalogue,
);

export const adminAnnouncements = callable(callables.adminAnnouncements, async () => ({ announcements: await loadAnnouncements() }));

// The public catalogue's answer (openSemesters) carries the announcements: it is read afresh after a change.
export const adminSaveAnnouncement = callable(
  callables.adminSaveAnnouncement,
  async (input, ctx) => ({ announcement: await saveAnnouncement(input, actorName(actorOf(ctx))) }),
  catalogue,
);

export const adminDeleteAnnouncement = callable(
  callables.adminDeleteAnnouncement,
  async ({ id }) => {
    await deleteRecord('announcements', id, 'This announcement');
    return { deleted: true };
  },
  catalogue,
);

export const adminDashboard = callable(callables.adminDashboard, async ({ semesterId }) => {
  const [classes, enrollments] = await Promise.all([loadClassesOfSemesters([semesterId]), semesterEnrollments(semesterId)]);
  return dashboardFigures(semesterId, classes, enrollments);
});
