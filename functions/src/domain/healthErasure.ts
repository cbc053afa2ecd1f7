// Health information is not kept for ever: a child with no class for two school years has it erased,
// the family told a month before (time enough to enroll, or to confirm the information on My
// Students, which counts as the family keeping it). Pure: usecases/healthErasure.ts reads each child's
// last class and last review, asks here, and writes.
import { NO_HEALTH, type IsoDate, type StudentHealth } from '../../../contract/domain';
import { addDaysIso } from '../../../contract/schedule';

/** Two school years after the child's last class (or the family's last review of the information). */
export const HEALTH_KEPT_DAYS = 730;
/** The family is told this long before. */
export const HEALTH_NOTICE_DAYS = 30;

/** What a child's record holds once erased: nothing of health, the answers asked again at the next enrollment. */
export const ERASED_HEALTH: StudentHealth = { ...NO_HEALTH, allergies: [], medications: [] };

export interface ErasureFacts {
  /** The later of the child's last class's last day and the family's last review (null: neither known). */
  lastActive: IsoDate | null;
  /** When the family was told (absent: never). */
  noticeOn?: IsoDate;
  /** Already erased (absent: not). */
  erasedOn?: IsoDate;
  today: IsoDate;
}

/**
 * Today's step for a child: tell the family (the erasure a month on), erase (told at least a month
 * ago, for this same last activity), or nothing. A child active again after the notice starts afresh.
 */
export function erasureStep(f: ErasureFacts): { step: 'notice'; eraseOn: IsoDate } | { step: 'erase' } | null {
  if (!f.lastActive || f.erasedOn) return null;
  const eraseOn = addDaysIso(f.lastActive, HEALTH_KEPT_DAYS);
  const noticeFrom = addDaysIso(eraseOn, -HEALTH_NOTICE_DAYS);
  const told = !!f.noticeOn && f.noticeOn >= noticeFrom;
  if (!told) return f.today >= noticeFrom ? { step: 'notice', eraseOn: f.today >= eraseOn ? addDaysIso(f.today, HEALTH_NOTICE_DAYS) : eraseOn } : null;
  return f.today >= eraseOn && f.today >= addDaysIso(f.noticeOn!, HEALTH_NOTICE_DAYS) ? { step: 'erase' } : null;
}
