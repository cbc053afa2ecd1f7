// The office's announcements reach the class list while active, at once after a change.
import { describe, expect, it } from 'vitest';
import { addDaysIso, schoolToday } from '../../contract/schedule';
import { adminDb } from '../../scripts/demo/adminApp';
import { callAs, useSeededDemo } from '../support/fixtures';

describe('announcements', () => {
  const demo = useSeededDemo();

  it('the office saves one; the class list shows it while active, at once, and not after it is deleted', async () => {
    const today = schoolToday();
    expect((await callAs(null, 'openSemesters')).result!.announcements).toEqual([]);
    // The public answer is kept by the function instance: an office change must show at once.
    await adminDb().doc('config/catalogue').set({ stamp: 'before', at: new Date().toISOString() });
    await callAs(null, 'openSemesters');

    const saved = await callAs(demo.admin, 'adminSaveAnnouncement', { markdown: 'Camp registration opens **Monday**.', severity: 'warning', startsOn: today, endsOn: addDaysIso(today, 7) });
    expect(saved.status, JSON.stringify(saved.error)).toBe(200);
    expect(saved.result!.announcement).toMatchObject({ updatedBy: 'admin@example.com', severity: 'warning' });
    await callAs(demo.admin, 'adminSaveAnnouncement', { markdown: 'Not yet', severity: 'urgent', startsOn: addDaysIso(today, 1), endsOn: null });
    const shown = (await callAs(null, 'openSemesters')).result!.announcements;
    expect(shown).toEqual([{ id: saved.result!.announcement.id, markdown: 'Camp registration opens **Monday**.', severity: 'warning' }]);

    const backwards = await callAs(demo.admin, 'adminSaveAnnouncement', { markdown: 'x', severity: 'info', startsOn: today, endsOn: addDaysIso(today, -1) });
    expect([backwards.status, backwards.error?.message]).toEqual([400, 'endsOn: must not be before the first day']);
    expect((await callAs(demo.family, 'adminSaveAnnouncement', { markdown: 'x', severity: 'info', startsOn: null, endsOn: null })).status).toBe(403);

    expect((await callAs(demo.admin, 'adminDeleteAnnouncement', { id: saved.result!.announcement.id })).status).toBe(200);
    expect((await callAs(null, 'openSemesters')).result!.announcements).toEqual([]);
    expect((await callAs(demo.admin, 'adminAnnouncements')).result!.announcements.map((a) => a.markdown)).toEqual(['Not yet']);
  });
});
