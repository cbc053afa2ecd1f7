import { describe, expect, it } from 'vitest';
import type { Announcement } from '../../contract/domain';
import { showingOn } from '../../functions/src/domain/announcements';

const a = (id: string, over: Partial<Announcement>): Announcement => ({ id, markdown: id, severity: 'info', startsOn: null, endsOn: null, updatedBy: 'office', updatedAt: '2026-11-01T00:00:00Z', ...over });

describe('announcements showing on a day', () => {
  it('shows those whose first and last days include the day (inclusive), most urgent first, newest first within a severity', () => {
    const list = [
      a('always', {}),
      a('ended', { endsOn: '2026-11-23' }),
      a('last-day', { endsOn: '2026-11-24', severity: 'warning' }),
      a('first-day', { startsOn: '2026-11-24', severity: 'urgent' }),
      a('later', { startsOn: '2026-11-25', severity: 'urgent' }),
      a('newer', { updatedAt: '2026-11-20T00:00:00Z' }),
    ];
    expect(showingOn(list, '2026-11-24').map((x) => x.id)).toEqual(['first-day', 'last-day', 'newer', 'always']);
    expect(showingOn(list, '2026-11-24')[0]).toEqual({ id: 'first-day', markdown: 'first-day', severity: 'urgent' });
  });
});
