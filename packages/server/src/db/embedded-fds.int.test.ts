import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The embedded database keeps a bounded number of files open: PostgreSQL would otherwise keep
 * one descriptor per table and index it has touched (about a thousand on the demo), and on a
 * host whose limit is 1,024 the server stops accepting connections. The server is started here
 * under a limit of 256 on a fresh data folder and every list is read.
 */
const LIMIT = 256;
const mainFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../main.ts');
const password = 'Few-Files-42';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lbo-fds-'));
const port = 43000 + Math.floor(Math.random() * 1000);
let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function startUnderLimit(): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_DATA: '0',
    ADMIN_PASSWORD: password,
  };
  delete env.DATABASE_URL;
  delete env.APP_DATABASE_URL;
  const started = spawn(
    'bash',
    ['-c', `ulimit -n ${LIMIT} && exec "$0" --import tsx "$1"`, process.execPath, mainFile],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child = started;
  return new Promise((resolve, reject) => {
    let out = '';
    started.stdout!.on('data', (d) => {
      out += d;
      if (out.includes('is running at')) resolve(started);
    });
    started.stderr!.on('data', (d) => {
      out += d;
    });
    started.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
}

const openFiles = (pid: number) => fs.readdirSync(`/proc/${pid}/fd`).length;

describe.runIf(process.platform === 'linux')(`the server under ulimit -n ${LIMIT}`, () => {
  it('starts on a fresh data folder, signs in and reads every list', async () => {
    const server = await startUnderLimit();
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/core/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin@demo', password }),
    });
    expect(login.status).toBe(200);
    const authorization = login.headers.get('authorization')!;
    const openapi = (await (
      await fetch(`${base}/api/documentation/openapi.json`, { headers: { authorization } })
    ).json()) as {
      paths: Record<string, { get?: unknown }>;
    };
    // Every list and setting read without a parameter in its path, sign-in and sign-out aside.
    const lists = Object.keys(openapi.paths).filter(
      (p) => openapi.paths[p].get && !p.includes('{') && !/\/auth\b|logout/.test(p),
    );
    expect(lists.length).toBeGreaterThan(100);
    const failed: string[] = [];
    for (const list of lists) {
      const res = await fetch(`${base}${list}?limit=1`, { headers: { authorization } }).catch((error: Error) => error);
      if (res instanceof Error) failed.push(`${list}: ${res.message}`);
      else {
        // A live stream (the notifications') never ends by itself: its opening is what is checked.
        if (res.headers.get('content-type')?.startsWith('text/event-stream')) await res.body?.cancel();
        else await res.arrayBuffer();
        if (res.status >= 500) failed.push(`${list}: ${res.status}`);
      }
    }
    expect(failed).toEqual([]);
    // Every table and index has now been read; what stays open is far below the limit.
    expect(openFiles(server.pid!)).toBeLessThan(LIMIT * 0.8);
  }, 240_000);
});
