// Who the signed-in person is to the school.
// Each call: who may call it, its payload, its answer, and what it shows and changes (the app
// fetches again what a call made stale: src/lib/stale.ts, written from these).
import { spec, none, UNCACHED } from './spec';

export const rolesCalls = {
  roles: spec<string[]>()('user', none, UNCACHED),
} as const;
