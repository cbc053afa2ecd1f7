import { describe, expect, it } from 'vitest';

describe('every function is capped (costs an anonymous visitor can run up)', () => {
  it('sets maxInstances on every exported function', async () => {
    const functions = (await import('../../functions/src/index')) as Record<string, { __endpoint?: { maxInstances?: unknown; region?: unknown } }>;
    const endpoints = Object.entries(functions).filter(([, f]) => f?.__endpoint);
    expect(endpoints.length).toBeGreaterThan(40);
    for (const [name, f] of endpoints) expect([name, f.__endpoint!.maxInstances]).toEqual([name, 10]);
  });
});

describe('every call answers before Firebase Hosting gives up on it (60 s)', () => {
  it('answers unavailable, in words, once its time is up; a quicker answer is the answer', async () => {
    const { ANSWER_WITHIN_MS, TOO_LONG, answerInTime } = await import('../../functions/src/lib/callable');
    expect(ANSWER_WITHIN_MS).toBeLessThanOrEqual(50_000);
    const never = new Promise<string>(() => {});
    await expect(answerInTime(never, 30)).rejects.toMatchObject({ code: 'unavailable', message: TOO_LONG });
    await expect(answerInTime(Promise.resolve('done'), 30)).resolves.toBe('done');
    await expect(answerInTime(Promise.reject(new Error('refused')), 30)).rejects.toThrow('refused');
  });
});
