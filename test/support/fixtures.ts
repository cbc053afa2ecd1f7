// Shared set-up of emulator and end-to-end tests: the seeded demo, its accounts, typed calls.
import { beforeAll } from 'vitest';
import type { CallableName, Payload, Response } from '../../contract/callables';
import { DEMO_ADMIN, DEMO_FAMILY, DEMO_INSTRUCTOR } from '../../scripts/demo/demoData';
import { seedDemo } from '../../scripts/demo/seedDemo';
import { callFunction, resetEmulators, signIn, type CallResult, type TestUser } from './emulators';

/** The demo's accounts (their emails and passwords are in scripts/demo/demoData.ts and the README). */
export const DEMO = { admin: DEMO_ADMIN, family: DEMO_FAMILY, instructor: DEMO_INSTRUCTOR } as const;
export type DemoAccount = keyof typeof DEMO;

/** A demo account signed in on the Auth emulator: its ID token is a real one. */
export const signInDemo = (who: DemoAccount): Promise<TestUser> => signIn(DEMO[who].email, DEMO[who].password);

/** Empty emulators, then the demo data (semesters, classes, bundles, codes, the demo family, admin and instructor). */
export async function seededEmulators(): Promise<void> {
  await resetEmulators();
  await seedDemo();
}

/**
 * Calls a callable as `user` (null: anonymously) with the callable protocol; the payload and the answer
 * are typed by the contract. Tests that send what the contract refuses use `callFunction`.
 */
export const callAs = <N extends CallableName>(user: Pick<TestUser, 'idToken'> | null, name: N, payload?: Payload<N>, headers?: Record<string, string>): Promise<CallResult<Response<N>>> =>
  callFunction<Response<N>>(name, payload ?? null, user?.idToken, headers);

/**
 * In a describe block: fresh seeded emulators before its tests, and the demo admin and family signed in.
 * The returned object is filled in by the time the tests run.
 */
export function useSeededDemo(): Record<DemoAccount, TestUser> {
  const demo = {} as Record<DemoAccount, TestUser>;
  beforeAll(async () => {
    await seededEmulators();
    [demo.admin, demo.family] = await Promise.all([signInDemo('admin'), signInDemo('family')]);
  });
  return demo;
}
