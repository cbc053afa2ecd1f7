// What a run costs the machine: every second, the CPU time of each process below this one (read from
// /proc), kept per process and added up by what it is (the functions emulator's workers, Chromium,
// the Firestore emulator, Vitest, the checks…). CPU-seconds are steady from run to run where minutes
// are not: a loaded machine stretches the wall time, not the work. Linux only; elsewhere it reports
// nothing. A process's last second before it ends may be missed.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const TICKS = 100; // USER_HZ on Linux

/** What a process is, from its command line. */
const KINDS = [
  ['functions workers', /functionsEmulatorRuntime/],
  ['Chromium', /chromium/i],
  ['Firestore emulator', /firestore-launcher|cloud-firestore-emulator|CloudFirestore/],
  // The emulator suite's own process (Auth, Hosting, the functions' router) names the command it runs, Vitest.
  ['emulator suite', /emulators:exec|firebase-tools\/lib\/bin/],
  ['Vitest', /vitest/],
  ['typecheck, lint, knip', /\b(tsc|eslint|knip)\b/],
  ['emulator suite', /firebase-tools|firebase\b|java/],
];
const kindOf = (cmd) => KINDS.find(([, re]) => re.test(cmd))?.[0] ?? 'other';

function readProc(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command's name is in parentheses and may hold spaces: the fields start after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), cmd };
  } catch {
    return null;
  }
}

/**
 * Starts sampling the processes below `root` (this process); `stop()` gives the totals. `stacks`: a
 * name for each command (by a pattern of its arguments) whose processes are counted second by second
 * too, for `cpuOf`: the suite's two emulator stacks, each running one test file at a time.
 */
export function sampleCpu(root = process.pid, everyMs = 1000, { stacks = {} } = {}) {
  const seen = new Map(); // pid → { ticks, kind, cmd, stack }
  /** For each sample with `stacks`: when it was taken, and the CPU ticks each stack spent since the one before. */
  const series = [];
  const tick = () => {
    let pids;
    try {
      pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
    } catch {
      return;
    }
    const procs = new Map(pids.flatMap((p) => ((proc) => (proc ? [[Number(p), proc]] : []))(readProc(p))));
    /** The process and its parents, up to `root` when it is one of them (else null: not ours). */
    const lineOf = (pid) => {
      const line = [];
      for (let p = pid, hops = 0; p > 1 && hops < 64; hops++) {
        if (p === root) return line;
        line.push(p);
        p = procs.get(p)?.ppid ?? 0;
      }
      return null;
    };
    const stackOf = (line) => Object.keys(stacks).find((name) => line.some((p) => stacks[name].test(procs.get(p)?.cmd ?? ''))) ?? null;
    const spent = {};
    for (const [pid, proc] of procs) {
      const line = pid === root ? null : lineOf(pid);
      if (!line) continue;
      const kept = seen.get(pid);
      const before = kept?.ticks ?? 0;
      const ticks = Math.max(before, proc.ticks);
      const stack = kept ? kept.stack : stackOf(line);
      if (stack && ticks > before) spent[stack] = (spent[stack] ?? 0) + ticks - before;
      seen.set(pid, { ticks, kind: kept?.kind && kept.kind !== 'other' ? kept.kind : kindOf(proc.cmd), cmd: kept?.cmd || proc.cmd, stack });
    }
    if (Object.keys(stacks).length) series.push([Date.now(), spent]);
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      tick();
      const byKind = {};
      for (const { ticks, kind } of seen.values()) {
        byKind[kind] ??= { seconds: 0, processes: 0 };
        byKind[kind].seconds += ticks / TICKS;
        byKind[kind].processes += 1;
      }
      // The costliest processes by name, to say where a run's CPU goes (a Vitest worker names its test
      // files only in its arguments, so a worker's line is its pool and project).
      const costliest = [...seen.values()]
        .sort((a, b) => b.ticks - a.ticks)
        .slice(0, 25)
        .map(({ ticks, kind, cmd }) => ({ seconds: Math.round(ticks / TICKS), kind, cmd: cmd.replace(/\s+/g, ' ').trim().slice(0, 200) }));
      const total = Object.values(byKind).reduce((s, k) => s + k.seconds, 0) + process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6;
      return { total: Math.round(total), byKind: Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, { seconds: Math.round(v.seconds), processes: v.processes }])), costliest };
    },
    /** The CPU-seconds a stack's processes spent between two moments (milliseconds since the epoch). */
    cpuOf(stack, from, to) {
      const ticks = series.filter(([at]) => at > from && at <= to + everyMs).reduce((sum, [, spent]) => sum + (spent[stack] ?? 0), 0);
      return ticks / TICKS;
    },
  };
}

/** "CPU 812 s: functions workers 120 s (14 processes), Chromium 210 s (…), …". */
export const cpuLine = ({ total, byKind }) =>
  `CPU ${total} s: ${Object.entries(byKind)
    .sort(([, a], [, b]) => b.seconds - a.seconds)
    .map(([kind, { seconds, processes }]) => `${kind} ${seconds} s (${processes} ${processes === 1 ? 'process' : 'processes'})`)
    .join(', ')}`;

// `node scripts/cpuSampler.mjs <command…>`: runs the command and says what it cost, e.g. around
// `npm run test:one -- <files>` to measure one part of the suite.
if (import.meta.url === `file://${process.argv[1]}` && process.argv.length > 2) {
  const { spawn } = await import('node:child_process');
  const sampler = sampleCpu();
  const started = Date.now();
  const [cmd, ...args] = process.argv.slice(2);
  const code = await new Promise((resolve) => spawn(cmd, args, { stdio: 'inherit' }).on('close', (c) => resolve(c ?? 1)));
  const cost = sampler.stop();
  // CPU_JSON=<file>: the whole account (the costliest processes by name too), as test-results/cpu.json.
  if (process.env.CPU_JSON) writeFileSync(process.env.CPU_JSON, `${JSON.stringify(cost, null, 2)}\n`);
  console.log(`${cpuLine(cost)}; ${Math.round((Date.now() - started) / 1000)} s in all`);
  process.exit(code);
}
