import { describe, expect, it } from 'vitest';

describe('every function is capped (costs an anonymous visitor can run up)', () => {
  it('sets maxInstances on every exported function', async () => {
    const functions = (await import('../../functions/src/index')) as Record<string, { __endpoint?: { maxInstances?: unknown; region?: unknown } }>;
    const endpoints = Object.entries(functions).filter(([, f]) => f?.__endpoint);
    expect(endpoints.length).toBeGreaterThan(40);
    for (const [name, f] of endpoints) expect([name, f.__endpoint!.maxInstances]).toEqual([name, 10]);
  });
});
