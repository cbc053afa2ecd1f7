// The emulators' ports for this process: contract/emulators.json's, each shifted by the same number on
// a second stack running beside the first (the test suite's browser tests), so that two stacks share
// one machine without a network of their own. Node reads the shift from PORTAL_PORT_OFFSET (set for the
// second stack's processes, the functions' workers inherit it); a page from the port that served it.
// Named imports: the Stripe stand-in's test keys beside them never reach the browser bundle.
import { ports, secondStack } from './emulators.json';

type Env = Record<string, string | undefined>;

/** How far this process's stack is shifted: 0 on the first stack. */
export function portOffset(): number {
  if (typeof location !== 'undefined') return Number(location.port) === ports.hosting + secondStack.portOffset ? secondStack.portOffset : 0;
  const env = (globalThis as { process?: { env: Env } }).process?.env;
  return Number(env?.PORTAL_PORT_OFFSET ?? 0);
}

/** The ports of this process's stack. */
export function emulatorPorts(offset = portOffset()) {
  return { auth: ports.auth + offset, functions: ports.functions + offset, firestore: ports.firestore + offset, hosting: ports.hosting + offset };
}
