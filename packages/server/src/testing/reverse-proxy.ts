import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * HAProxy, Debian's package, in front of several API processes: the configuration documented in
 * docs/deployment.md, generated here for tests and the benchmark. Requests are spread round
 * robin, without stickiness; a server is checked on `/api/core/ping` every 2 s and taken out
 * after three failures (a server busy for a few seconds is not a dead one); a request whose connection failed is sent to another server; each answer
 * says which server produced it (`x-served-by`).
 */
const run = promisify(execFile);

export interface ProxyBackend {
  name: string;
  port: number;
}

/** The HAProxy configuration: `port` in front, `backends` behind (all on 127.0.0.1). */
export function haproxyConfig(port: number, backends: ProxyBackend[]): string {
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  # Longer than the live notifications' keep-alive comment (every 25 s), so a quiet stream stays open.
  timeout server 60s
  timeout http-keep-alive 10s
  # The client's address for the servers (TRUSTED_PROXIES names this proxy).
  option forwardfor
  # A request whose connection failed is sent to another server, and so is a GET or HEAD whose
  # server closed the connection without answering (a process killed while the connection idled);
  # any other request that reached a server is never replayed.
  retries 2
  option redispatch
  retry-on conn-failure empty-response

frontend api
  bind 127.0.0.1:${port}
  default_backend api

backend api
  balance roundrobin
  # Only reads are retried after reaching a server.
  http-request disable-l7-retry if !METH_GET !METH_HEAD
  option httpchk GET /api/core/ping
  http-check expect status 200
  timeout check 5s
  default-server inter 2s fall 3 rise 1
  http-response set-header x-served-by %s
${backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check`).join('\n')}
`;
}

/** Installs Debian's haproxy when it is missing (as CI's script does). */
export async function ensureHaproxy(): Promise<void> {
  try {
    await run('haproxy', ['-v']);
    return;
  } catch {
    const root = process.getuid?.() === 0;
    const apt = (args: string[]) =>
      root
        ? run('apt-get', args, { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
        : run('sudo', ['-E', 'apt-get', ...args]);
    await apt(['update', '-qq']);
    await apt(['install', '-y', '-qq', 'haproxy']);
  }
}

export interface ReverseProxy {
  port: number;
  url: string;
  stop(): Promise<void>;
}

/** Starts HAProxy in the foreground in front of `backends`; resolves once it answers a ping. */
export async function startReverseProxy(port: number, backends: ProxyBackend[]): Promise<ReverseProxy> {
  await ensureHaproxy();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lbo-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(file, haproxyConfig(port, backends));
  await run('haproxy', ['-c', '-q', '-f', file]);
  const child: ChildProcess = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (d) => {
    err = (err + d).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`haproxy exited ${child.exitCode}: ${err}`);
    const ok = await fetch(`${url}/api/core/ping`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) break;
    if (i > 100) throw new Error(`haproxy does not answer on ${port}: ${err}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    port,
    url,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
