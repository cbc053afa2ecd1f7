import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../scripts/demo/seedDemo';
import { call } from '../../src/lib/callable';
import { CallError } from '../../src/lib/loadState';
import { resetEmulators } from '../support/emulators';

// The app's own callable client against the real functions: loaded values, mapped error codes, human messages.
describe('callable client (seed §7–§8)', () => {
  beforeAll(async () => {
    await resetEmulators();
    await seedDemo();
  });

  it('loads a public callable without waiting for a user', async () => {
    const { semesters } = await call('openSemesters');
    expect(semesters.map((s) => s.id).sort()).toEqual(['camps', 'open-term']);
    expect(semesters[0]).not.toHaveProperty('confirmationMarkdown');
  });

  it('maps 401 to unauthenticated with a readable message', async () => {
    const error = await call('roles').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CallError);
    expect((error as CallError).code).toBe('unauthenticated');
    expect((error as CallError).message).toBe('Please sign in first.');
  });

  it('maps 400 to invalid-argument with the field named', async () => {
    const error = await call('classGroups', ['x'.repeat(200)]).catch((e: unknown) => e);
    expect((error as CallError).code).toBe('invalid-argument');
    expect((error as CallError).message).toMatch(/0: is too long/);
  });

  it('queries classes by id and reports unknown ids, never drafts', async () => {
    const r = await call('classes', { query: [{ id: 'wild-art' }, { id: 'star-gazing' }, { id: 'nope' }] });
    expect(r.classes.map((c) => c.id)).toEqual(['wild-art']);
    expect(r.notFound).toEqual(['nope']);
    expect(r.classes[0]).not.toHaveProperty('enrolledCount');
    expect(r.classes[0].seatsLeft).toBe(12);
  });
});
