// The family emails' entry points: the daily reminders and the unsubscribe link.
import { logger } from 'firebase-functions/logger';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { callables } from '../../../contract/callables';
import { FUNCTIONS_REGION } from '../../../contract/constants';
import { SCHOOL_TIME_ZONE } from '../../../contract/domain';
import { callable } from '../lib/callable';
import { notFound } from '../data/db';
import { setRemindersOff } from '../data/familyMail';
import { runFamilyReminders } from '../usecases/reminders';
import { runHealthErasure } from '../usecases/healthErasure';
import { runAidYearEnd } from '../usecases/aid';

/**
 * Every morning at 8 on the school's clock (the emulator runs no schedules: tests call
 * runFamilyReminders, runHealthErasure and runAidYearEnd): the reminders, then the health information
 * no longer kept, then financial aid's awards past their expiry and applications no longer kept. A busy day gets the time it needs (540 s, the most a scheduled function has); a run that fails
 * is tried again, and one that never ran is caught up the next days.
 */
export const familyReminders = onSchedule({ schedule: 'every day 08:00', timeZone: SCHOOL_TIME_ZONE, region: FUNCTIONS_REGION, timeoutSeconds: 540, retryCount: 3 }, async () => {
  logger.info('family reminders sent', await runFamilyReminders(new Date()));
  logger.info('health information erased', await runHealthErasure(new Date()));
  logger.info('financial aid awards expired and applications deleted', await runAidYearEnd(new Date()));
});

export const setReminders = callable(callables.setReminders, async ({ token, off }) => {
  if (!(await setRemindersOff(token, off))) throw notFound('This unsubscribe link');
  return { off };
});
