// Calendar feeds: Hosting sends /cal/** to the one function (api.ts), which answers them here.
// /cal/<token>.ics is a family's private feed; /cal/class/<id>.ics one class's meetings.
// `?download=1` asks the browser to save the file.
import type { Request } from 'firebase-functions/v2/https';
import { callables } from '../../../contract/callables';
import { callable } from '../lib/callable';
import type { Response } from '../lib/gzip';
import { classCalendar, familyCalendar, feedSince, newFeed } from '../data/calendarFeeds';
import { portalOrigin } from '../payments/stripe';

export const myCalendarFeed = callable(callables.myCalendarFeed, async (_payload, ctx) => ({ createdAt: await feedSince(ctx.uid) }));

export const newCalendarFeed = callable(callables.newCalendarFeed, async (_payload, ctx) => newFeed(ctx.uid, new Date()));

export async function serveCalendarFeed(req: Request, res: Response): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.status(405).send('Method not allowed');
    return;
  }
  const portal = portalOrigin(null);
  const path = req.path.replace(/^\/cal\//, '');
  const classId = /^class\/([^/]+)\.ics$/.exec(path)?.[1];
  const token = /^([^/]+)\.ics$/.exec(path)?.[1];
  const file = classId ? await classCalendar(classId, portal) : token ? await familyCalendar(token, portal) : null;
  if (file === null) {
    res.status(404).type('text/plain').send('This calendar address does not exist (any more).');
    return;
  }
  res.set('Cache-Control', classId ? 'public, max-age=900' : 'private, max-age=300');
  if (req.query.download === '1') res.set('Content-Disposition', `attachment; filename="${classId ?? 'wildwood-classes'}.ics"`);
  res.type('text/calendar; charset=utf-8').send(file);
}
