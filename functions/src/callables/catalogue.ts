// The public catalogue callables, and openSemesters. Only catalogue data leaves here.
import { callables } from '../../../contract/callables';
import type { ClassGroup, ClassRecord, SemesterCatalogue } from '../../../contract/domain';
import { callable } from '../lib/callable';
import { loadRoundGates } from '../data/rounds';
import {
  loadClassesByIds,
  loadClassesOfSemesters,
  loadConfiguredCurrentSemesterId,
  loadGroupsByIds,
  loadGroupsOfSemesters,
  loadSemesters,
  loadSemestersByIds,
} from '../data/catalogue';
import { fromCatalogueCache } from '../data/catalogueCache';
import { loadAnnouncements } from '../data/announcements';
import { showingOn } from '../domain/announcements';
import { schoolToday } from '../domain/calendar';
import {
  currentSemester,
  isBrowsable,
  isEnrollable,
  isOpenForEnrollment,
  isPublicSemester,
  toPublicClass,
  toPublicGroup,
  toPublicSemester,
} from '../domain/catalogue';

const byStartThenTitle = (a: ClassRecord, b: ClassRecord) =>
  a.startDate.localeCompare(b.startDate) || a.title.localeCompare(b.title);

/** Groups each semester's classes and groups; a group is offered only when all its classes are. */
function bySemester(semesterIds: string[], classes: ClassRecord[], groups: ClassGroup[], now: Date) {
  const result: Record<string, SemesterCatalogue> = {};
  for (const id of semesterIds) {
    const own = classes.filter((c) => c.semesterId === id).sort(byStartThenTitle);
    const offered = new Set(own.map((c) => c.id));
    result[id] = {
      classes: own.map((c) => toPublicClass(c, now)),
      groups: groups.filter((g) => g.semesterId === id && g.classIds.every((cid) => offered.has(cid))).map(toPublicGroup),
    };
  }
  return result;
}

export const classes = callable(callables.classes, async (payload) => {
  if (payload?.query) {
    const { found, notFound } = await loadClassesByIds(payload.query.map((q) => q.id));
    return { classes: found.filter(isBrowsable).map((c) => toPublicClass(c, new Date())), notFound };
  }
  return fromCatalogueCache('classes', async () => {
    const [semesters, configured] = await Promise.all([loadSemesters(['open', 'closed']), loadConfiguredCurrentSemesterId()]);
    const current = currentSemester(semesters, schoolToday(new Date()), configured);
    if (!current) return { classes: [], notFound: [] };
    const list = await loadClassesOfSemesters([current.id]);
    return { classes: list.filter(isBrowsable).sort(byStartThenTitle).map((c) => toPublicClass(c, new Date())), notFound: [] };
  });
});

export const availableEnrollmentClasses = callable(callables.availableEnrollmentClasses, () =>
  fromCatalogueCache('availableEnrollmentClasses', async () => {
    const now = new Date();
    const today = schoolToday(now);
    const open = (await loadSemesters(['open'])).filter((s) => isOpenForEnrollment(s, today)).map((s) => s.id);
    if (open.length === 0) return {};
    const [live, groups] = await Promise.all([loadClassesOfSemesters(open, 'live'), loadGroupsOfSemesters(open)]);
    return bySemester(
      open,
      live.filter((c) => isEnrollable(c, true, today)),
      groups,
      now,
    );
  }),
);

/** Semesters the public may see, of those asked for (a draft or archived one is answered as not found). */
async function publicSemesterIds(ids: string[]): Promise<Set<string>> {
  const { found } = await loadSemestersByIds([...new Set(ids)]);
  return new Set(found.filter(isPublicSemester).map((s) => s.id));
}

export const classGroups = callable(callables.classGroups, async (ids) => {
  const { found } = await loadGroupsByIds(ids);
  const shown = await publicSemesterIds(found.map((g) => g.semesterId));
  const groups = found.filter((g) => shown.has(g.semesterId));
  return { groups: groups.map(toPublicGroup), notFound: ids.filter((id) => !groups.some((g) => g.id === id)) };
});

/** A draft semester is answered like an unknown one: empty. */
export const classesBySemester = callable(callables.classesBySemester, async (ids) => {
  const wanted = [...new Set(ids)].sort();
  return fromCatalogueCache(`classesBySemester:${wanted.join(',')}`, async () => {
    const shown = [...(await publicSemesterIds(wanted))];
    const [list, groups] = shown.length ? await Promise.all([loadClassesOfSemesters(shown), loadGroupsOfSemesters(shown)]) : [[], []];
    return bySemester(wanted, list.filter(isBrowsable), groups, new Date());
  });
});

export const openSemesters = callable(callables.openSemesters, () =>
  fromCatalogueCache('openSemesters', async () => {
    const today = schoolToday(new Date());
    const [open, announcements] = await Promise.all([loadSemesters(['open']), loadAnnouncements()]);
    const semesters = open.filter((s) => isOpenForEnrollment(s, today)).sort((a, b) => a.startDate.localeCompare(b.startDate));
    const rounds = await loadRoundGates(semesters.map((s) => s.id));
    return { semesters: semesters.map((s) => toPublicSemester(s, today, rounds.get(s.id) ?? null)), announcements: showingOn(announcements, today) };
  }),
);
