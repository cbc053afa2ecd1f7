// A phone's signal, for a browser context of the instructor's tests: the context reaches the emulators
// through a proxy of its own, which refuses every request while the phone has no signal. The
// browser's own offline emulation (which makes the page say it is offline) is not airtight: closing a
// page lifts it for the moment the page takes to close, and the page then hears "online" and sends
// what waited; a request refused here never reaches the server, whichever page or worker sends it
// and whenever. Plain HTTP only (the emulators' protocol): a tunnel is never opened, signal or not.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Signal {
  /** The proxy's address, for the context's `proxy.server`. */
  readonly server: string;
  /** Signal or none: without, every request is cut before it reaches anything. */
  set(on: boolean): void;
  close(): void;
}

// Headers meant for the proxy itself, not for the server behind it.
const FOR_THE_PROXY = new Set(['proxy-connection', 'proxy-authorization']);

export async function signalProxy(): Promise<Signal> {
  let on = true;
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    // No answer at all, as when nothing gets through: the browser's request fails as a network error.
    if (!on) return void req.socket.destroy();
    const target = new URL(req.url ?? '');
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !FOR_THE_PROXY.has(name)));
    const upstream = http.request({ agent, host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    server: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    set: (signal) => void (on = signal),
    close: () => {
      server.closeAllConnections();
      server.close();
      agent.destroy();
    },
  };
}
