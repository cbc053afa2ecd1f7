// The public catalogue callables of the seed (§7) plus openSemesters. Only catalogue data leaves here.
import { callables } from '../../../contract/callables';
import type { ClassGroup, ClassRecord, SemesterCatalogue } from '../../../contract/domain';
import { callable } from '../lib/callable';
import {
  loadClassesByIds,
  loadClassesOfSemesters,
  loadConfiguredCurrentSemesterId,
  loadGroupsByIds,
  loadGroupsOfSemesters,
  loadSemesters,
} from '../data/catalogue';
import { schoolToday } from '../domain/calendar';
import {
  currentSemester,
  isBrowsable,
  isEnrollable,
  isOpenForEnrollment,
  toPublicClass,
  toPublicSemester,
} from '../domain/catalogue';

const byStartThenTitle = (a: ClassRecord, b: ClassRecord) =>
  a.startDate.localeCompare(b.startDate) || a.title.localeCompare(b.title);

/** Groups each semester's classes and groups; a group is offered only when all its classes are. */
function bySemester(semesterIds: string[], classes: ClassRecord[], groups: ClassGroup[]) {
  const result: Record<string, SemesterCatalogue> = {};
  for (const id of semesterIds) {
    const own = classes.filter((c) => c.semesterId === id).sort(byStartThenTitle);
    const offered = new Set(own.map((c) => c.id));
    result[id] = {
      classes: own.map(toPublicClass),
      groups: groups.filter((g) => g.semesterId === id && g.classIds.every((cid) => offered.has(cid))),
    };
  }
  return result;
}

export const classes = callable(callables.classes, async (payload) => {
  if (payload?.query) {
    const { found, notFound } = await loadClassesByIds(payload.query.map((q) => q.id));
    return { classes: found.filter(isBrowsable).map(toPublicClass), notFound };
  }
  const [semesters, configured] = await Promise.all([loadSemesters(), loadConfiguredCurrentSemesterId()]);
  const current = currentSemester(semesters, schoolToday(new Date()), configured);
  if (!current) return { classes: [], notFound: [] };
  const list = await loadClassesOfSemesters([current.id]);
  return { classes: list.filter(isBrowsable).sort(byStartThenTitle).map(toPublicClass), notFound: [] };
});

export const availableEnrollmentClasses = callable(callables.availableEnrollmentClasses, async () => {
  const today = schoolToday(new Date());
  const open = (await loadSemesters()).filter((s) => isOpenForEnrollment(s, today)).map((s) => s.id);
  if (open.length === 0) return {};
  const [live, groups] = await Promise.all([loadClassesOfSemesters(open, 'live'), loadGroupsOfSemesters(open)]);
  return bySemester(
    open,
    live.filter((c) => isEnrollable(c, true, today)),
    groups,
  );
});

export const classGroups = callable(callables.classGroups, async (ids) => {
  const { found, notFound } = await loadGroupsByIds(ids);
  return { groups: found, notFound };
});

export const classesBySemester = callable(callables.classesBySemester, async (ids) => {
  const wanted = [...new Set(ids)];
  const [list, groups] = await Promise.all([loadClassesOfSemesters(wanted), loadGroupsOfSemesters(wanted)]);
  return bySemester(wanted, list.filter(isBrowsable), groups);
});

export const openSemesters = callable(callables.openSemesters, async () => {
  const today = schoolToday(new Date());
  const semesters = (await loadSemesters())
    .filter((s) => isOpenForEnrollment(s, today))
    .sort((a, b) => a.startDate.localeCompare(b.startDate));
  return { semesters: semesters.map((s) => toPublicSemester(s, today)) };
});
