// A second emulator stack beside the first, on any machine: its processes are started with every port
// shifted by contract/emulators.json's `secondStack.portOffset` (PORTAL_PORT_OFFSET, which the
// scripts, the tests, the functions' workers and the Stripe stand-in read) and with a temporary folder
// of their own (the emulator hub's file and the functions' worker sockets live there).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SECOND_STACK_OFFSET } from './env.mjs';

/** `wrap(cmd, args, env)` gives the command line that runs on the second stack; `close()` removes its folder. */
export function openSecondStack() {
  const tmp = mkdtempSync(join(tmpdir(), 'portal-second-stack-'));
  const vars = { TMPDIR: tmp, PORTAL_PORT_OFFSET: String(SECOND_STACK_OFFSET) };
  return {
    wrap: (cmd, args, env = {}) => ['env', [...Object.entries({ ...vars, ...env }).map(([k, v]) => `${k}=${v}`), cmd, ...args]],
    close: () => rmSync(tmp, { recursive: true, force: true }),
  };
}
