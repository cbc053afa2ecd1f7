// In `npm test` the timed office calls share their emulator stack's last minutes with nothing, but the
// other stack may still be running beside it (the calls then took up to twice as long): test.mjs
// names a file in PORTAL_ALONE_AFTER and writes it once the other stack has ended.
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** How long the other stack may still run: the longest a whole stack has taken on a loaded machine, with room. */
export const ALONE_WAIT_MS = 40 * 60_000;

/** Resolves once nothing else of the suite runs beside this file (at once outside `npm test`). */
export async function untilAlone(): Promise<void> {
  const signal = process.env.PORTAL_ALONE_AFTER;
  if (!signal) return;
  const until = Date.now() + ALONE_WAIT_MS;
  while (!existsSync(signal)) {
    if (Date.now() > until) throw new Error(`the other emulator stack did not end within ${ALONE_WAIT_MS / 60_000} minutes`);
    await sleep(500);
  }
}
