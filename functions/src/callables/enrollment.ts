// Family callables: students, price preview, enroll, own enrollments; and the releases to sign.
import { callables } from '../../../contract/callables';
import { loadClassesByIds, loadGroupsOfSemesters } from '../data/catalogue';
import { enroll as enrollInTransaction, loadDiscountsByCodes, loadOwnEnrollments, loadReleases, loadFamilyEnrollments, loadRuleDiscounts, hasSiblingIn } from '../data/enrollments';
import { loadOwnStudents, saveOwnStudent } from '../data/students';
import { schoolToday } from '../domain/calendar';
import { isBrowsable } from '../domain/catalogue';
import { priceBasket as price } from '../domain/pricing';
import { SEAT_CALL_TIMEOUT_S } from '../data/db';
import { callable } from '../lib/callable';

export const releases = callable(callables.releases, async () => ({ releases: await loadReleases() }));

/** The preview uses the same engine and data as the submit; classes not offered are reported. */
export const priceBasket = callable(callables.priceBasket, async (payload, ctx) => {
  const ids = [...new Set(payload.lines.map((l) => l.classId))];
  const [{ found }, codes] = await Promise.all([loadClassesByIds(ids), loadDiscountsByCodes(payload.codes)]);
  const offered = found.filter(isBrowsable);
  const semesterIds = [...new Set(offered.map((c) => c.semesterId))];
  const [groups, rules, sibling] = await Promise.all([
    loadGroupsOfSemesters(semesterIds),
    loadRuleDiscounts(),
    ctx.uid && payload.studentId ? loadFamilyEnrollments(ctx.uid).then((family) => hasSiblingIn(family, payload.studentId!, semesterIds)) : false,
  ]);
  return price({ classes: offered, groups, lines: payload.lines, ...codes, rules, siblingEnrolled: sibling, today: schoolToday(new Date()) });
});

export const myStudents = callable(callables.myStudents, async (_payload, ctx) => ({
  students: await loadOwnStudents(ctx.uid!),
}));

export const saveStudent = callable(callables.saveStudent, async (payload, ctx) => ({
  student: await saveOwnStudent(ctx.uid!, payload.id, payload.profile, payload.reviewed, payload.version),
}));

export const enroll = callable(callables.enroll, async (payload, ctx) => {
  const now = new Date();
  return enrollInTransaction(ctx.uid!, ctx.email, payload, schoolToday(now), now);
}, { timeoutSeconds: SEAT_CALL_TIMEOUT_S });

export const myEnrollments = callable(callables.myEnrollments, async (_payload, ctx) => ({
  enrollments: await loadOwnEnrollments(ctx.uid!),
}));
