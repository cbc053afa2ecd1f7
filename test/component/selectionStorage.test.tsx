// The selection kept on the device, and when it last changed: a restored draft loses to the device's
// selection only when the family changed it there (a new device must not wipe the draft).
import { beforeEach, describe, expect, it } from 'vitest';
import { loadSelection, saveSelection, selectionChangedAt } from '../../src/features/catalogue/selection';

describe('the selection on this device', () => {
  beforeEach(() => localStorage.clear());

  it('a new device saving its empty selection records no change', () => {
    saveSelection({});
    expect(selectionChangedAt()).toBeNull();
    expect(loadSelection()).toEqual({});
  });

  it('a real change is stamped, and saving the same selection again keeps the stamp', async () => {
    saveSelection({ owls: { classId: 'owls', semesterId: 's', addOnIds: [] } });
    const first = selectionChangedAt();
    expect(first).not.toBeNull();
    await new Promise((r) => setTimeout(r, 5));
    saveSelection({ owls: { classId: 'owls', semesterId: 's', addOnIds: [] } });
    expect(selectionChangedAt()).toBe(first);
    await new Promise((r) => setTimeout(r, 5));
    saveSelection({});
    expect(selectionChangedAt()! > first!).toBe(true);
  });
});
