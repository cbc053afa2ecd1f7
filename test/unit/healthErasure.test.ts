// When a child's health information is erased: two school years after the last class (or the family's
// last review), the family told a month before; a child active again starts afresh.
import { describe, expect, it } from 'vitest';
import { erasureStep, type ErasureFacts } from '../../functions/src/domain/healthErasure';

const facts = (over: Partial<ErasureFacts>): ErasureFacts => ({ lastActive: '2024-06-01', today: '2026-04-01', ...over });

describe('erasing health information no longer needed', () => {
  it.each<[string, Partial<ErasureFacts>, ReturnType<typeof erasureStep>]>([
    ['nothing known of the child: kept', { lastActive: null, today: '2030-01-01' }, null],
    ['less than two years minus a month: nothing yet', { today: '2026-05-01' }, null],
    ['a month before: the family is told the day', { today: '2026-05-02' }, { step: 'notice', eraseOn: '2026-06-01' }],
    ['told, the day not come: nothing', { today: '2026-05-31', noticeOn: '2026-05-02' }, null],
    ['told, the day come: erased', { today: '2026-06-01', noticeOn: '2026-05-02' }, { step: 'erase' }],
    ['never told, long past the day: told first, a month on', { today: '2027-01-10' }, { step: 'notice', eraseOn: '2027-02-09' }],
    ['told late: a full month after the notice', { today: '2027-02-01', noticeOn: '2027-01-10' }, null],
    ['active again after the notice: the old notice no longer counts', { lastActive: '2026-05-20', today: '2026-06-01', noticeOn: '2026-05-02' }, null],
    ['already erased: nothing', { today: '2028-01-01', noticeOn: '2026-05-02', erasedOn: '2026-06-01' }, null],
  ])('%s', (_why, over, expected) => {
    expect(erasureStep(facts(over))).toEqual(expected);
  });
});
