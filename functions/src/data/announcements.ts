// Announcements, stored in `announcements`.
import type { z } from 'zod/mini';
import type { Announcement } from '../../../contract/domain';
import type { announcementSchema } from '../../../contract/api/admin';
import { noteReads, notFound, recordRef, records } from './db';

/** Every announcement, newest change first. */
export async function loadAnnouncements(): Promise<Announcement[]> {
  const snap = await records('announcements').get();
  noteReads(Math.max(1, snap.size));
  return snap.docs.map((d) => d.data()).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

export async function saveAnnouncement({ id, ...fields }: z.output<typeof announcementSchema>, by: string): Promise<Announcement> {
  const ref = id ? recordRef('announcements', id) : records('announcements').doc();
  if (id && !(await ref.get()).exists) throw notFound('This announcement');
  const announcement: Announcement = { ...fields, id: ref.id, updatedBy: by, updatedAt: new Date().toISOString() };
  await ref.set(announcement);
  return announcement;
}
