// Which processes an emulator run started and which process holds a port, read from Linux's /proc.
// firebase-tools starts the Firestore emulator's Java in a process group of its own (detached), so a
// signal to our group or to firebase-tools alone can leave it running with its port taken.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer } from 'node:net';

function parentOf(pid) {
  try {
    // "pid (name) state ppid …": the name may hold spaces and parentheses, so read after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return -1;
  }
}

function livePids() {
  try {
    return readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number);
  } catch {
    return [];
  }
}

/** Every process below `pid` (children, grandchildren…), whatever process group they moved to. */
export function descendants(pid) {
  const children = new Map();
  for (const p of livePids()) {
    const parent = parentOf(p);
    children.set(parent, [...(children.get(parent) ?? []), p]);
  }
  const found = [];
  const queue = [pid];
  while (queue.length) {
    for (const child of children.get(queue.shift()) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

function signal(pid, name) {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

/**
 * Stops `child` and everything it started: SIGINT first (firebase-tools then stops its emulators
 * itself and exports nothing), SIGKILL to whatever is left after `graceMs`. Resolves once all are gone.
 */
export async function stopTree(child, { graceMs = 15_000 } = {}) {
  const tree = [child.pid, ...descendants(child.pid)];
  signal(child.pid, 'SIGINT');
  const deadline = Date.now() + graceMs;
  // Processes started while stopping (a worker spawned at the last moment) are collected as we wait.
  while (Date.now() < deadline) {
    for (const pid of descendants(child.pid)) if (!tree.includes(pid)) tree.push(pid);
    if (!tree.some(alive)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  for (const pid of tree) if (alive(pid)) signal(pid, 'SIGKILL');
  while (tree.some(alive)) await new Promise((resolve) => setTimeout(resolve, 50));
}

function listeningInodes(port) {
  const inodes = new Set();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.trim().split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      const localPort = parseInt(cols[1].split(':').pop(), 16);
      if (localPort === port && cols[3] === '0A') inodes.add(cols[9]);
    }
  }
  return inodes;
}

/** The processes listening on `port` (pid and command line), as far as this user may see them. */
export function portHolders(port) {
  const inodes = listeningInodes(port);
  if (inodes.size === 0) return [];
  const holders = [];
  for (const pid of livePids()) {
    let fds;
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    const holds = fds.some((fd) => {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        return m !== null && inodes.has(m[1]);
      } catch {
        return false;
      }
    });
    if (!holds) continue;
    let command = '';
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    } catch {
      // Gone meanwhile.
    }
    holders.push({ pid, command });
  }
  return holders;
}

const free = (port) =>
  new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });

/**
 * For each named port that is taken, a sentence that says which process holds it and how to stop it
 * (empty when all are free).
 */
export async function takenPorts(ports) {
  const problems = [];
  for (const [name, port] of Object.entries(ports)) {
    if (await free(port)) continue;
    const holders = portHolders(port);
    const who = holders.length
      ? holders.map((h) => `process ${h.pid} (${h.command.slice(0, 120) || 'unknown command'})`).join(', ')
      : 'a process this user cannot see';
    const how = holders.length ? `Stop it with: kill ${holders.map((h) => h.pid).join(' ')}` : `Find it with: ss -ltnp 'sport = :${port}'`;
    problems.push(`Port ${port} (${name}) is taken by ${who}. ${how}`);
  }
  return problems;
}
