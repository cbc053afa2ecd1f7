// The suite's CPU sampler (scripts/cpuSampler.mjs): what the processes below it spent, and what one
// stack's processes spent between two moments, which names each test file's cost in test-results/cpu.json.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types
import { sampleCpu } from '../../scripts/cpuSampler.mjs';

/**
 * A process named by `marker` whose child spends `cpuMs` of CPU whatever the machine's load, then waits
 * a little (a process's last moments may be missed): a stack is known by a parent's arguments, as a
 * test file's Chromium is by its stack's command.
 */
const spin = (cpuMs: number, marker: string) =>
  new Promise<void>((done) => {
    // Asked for its CPU time now and then only: each asking is a system call, which costs CPU too.
    const busy = `let x = 0; do for (let i = 0; i < 1e6; i++) x += i; while (process.cpuUsage().user < ${cpuMs * 1000}); setTimeout(() => {}, 400);`;
    const parent = `require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(busy)}], { stdio: 'inherit' });`;
    spawn(process.execPath, ['-e', parent, marker], { stdio: 'ignore' }).on('close', () => done());
  });

interface Sampler {
  stop(): { total: number; byKind: Record<string, { seconds: number; processes: number }> };
  cpuOf(stack: string, from: number, to: number): number;
}

describe('the CPU sampler', () => {
  it("counts a stack's processes between two moments, and every process below it in the totals", async () => {
    const started = Date.now();
    const sampler = sampleCpu(process.pid, 100, { stacks: { marked: /stack-marker/ } }) as Sampler;
    await new Promise((r) => setTimeout(r, 300));
    const from = Date.now();
    // One process of the stack and one outside it, at the same time.
    await Promise.all([spin(600, 'stack-marker'), spin(600, 'no-stack')]);
    const to = Date.now();
    const cost = sampler.stop();
    const marked = sampler.cpuOf('marked', from, to);
    expect(marked).toBeGreaterThanOrEqual(0.5);
    expect(marked).toBeLessThan(0.9);
    // Nothing of the stack before its process started.
    expect(sampler.cpuOf('marked', started, from - 150)).toBe(0);
    expect(cost.byKind.other.processes).toBeGreaterThanOrEqual(4);
    expect(cost.byKind.other.seconds).toBeGreaterThanOrEqual(1);
  }, 30_000);
});
