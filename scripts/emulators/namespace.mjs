// A second emulator stack beside the first: the emulators' ports are fixed (contract/emulators.json),
// so the second stack runs in a network namespace of its own, with its own loopback and its own
// temporary folder (the emulator hub's file). Making one needs root; where it cannot be made the
// caller runs one stack.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ip = (...args) => spawnSync('ip', args, { stdio: 'ignore' }).status === 0;

/**
 * Opens the namespace `name` (a leftover of an earlier run is replaced), or returns null when this
 * machine does not allow it. `wrap(cmd, args, env)` gives the command line that runs inside it.
 */
export function openNamespace(name) {
  if (process.getuid?.() !== 0) return null;
  ip('netns', 'del', name);
  if (!ip('netns', 'add', name)) return null;
  if (!ip('netns', 'exec', name, 'ip', 'link', 'set', 'lo', 'up')) {
    ip('netns', 'del', name);
    return null;
  }
  const tmp = mkdtempSync(join(tmpdir(), `${name}-`));
  return {
    name,
    wrap: (cmd, args, env = {}) => ['ip', ['netns', 'exec', name, 'env', `TMPDIR=${tmp}`, ...Object.entries(env).map(([k, v]) => `${k}=${v}`), cmd, ...args]],
    close: () => {
      ip('netns', 'del', name);
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}
