import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { descendants, portHolders, stopTree, takenPorts } from '../../scripts/emulators/processes.mjs';

// A stand-in for firebase-tools: it starts a listener in a process group of its own (as firebase-tools
// starts the Firestore emulator's Java) and exits on SIGINT without stopping it.
const PARENT = `
const { spawn } = require('node:child_process');
const child = spawn(process.execPath, ['-e', \`
  const server = require('node:net').createServer();
  server.listen(0, '127.0.0.1', () => console.log(server.address().port));
  process.on('SIGINT', () => {});
\`], { detached: true, stdio: ['ignore', 'inherit', 'inherit'] });
process.on('SIGINT', () => process.exit(0));
setInterval(() => {}, 1000);
`;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('stopping the emulators', () => {
  it('stops every process a run started, even one in its own process group, and then its port is free', async () => {
    const parent = spawn(process.execPath, ['-e', PARENT], { stdio: ['ignore', 'pipe', 'inherit'] });
    const port = await new Promise<number>((resolve) => parent.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim()))));
    const [listener] = descendants(parent.pid!);
    expect(listener).toBeGreaterThan(0);
    expect(portHolders(port).map((h) => h.pid)).toEqual([listener]);

    const taken = await takenPorts({ firestore: port });
    expect(taken).toEqual([expect.stringContaining(`Port ${port} (firestore) is taken by process ${listener} (`)]);
    expect(taken[0]).toContain(`Stop it with: kill ${listener}`);

    await stopTree(parent, { graceMs: 1_000 });
    expect(alive(parent.pid!)).toBe(false);
    expect(alive(listener)).toBe(false);
    expect(await takenPorts({ firestore: port })).toEqual([]);
  });
});
