import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { createTenant } from '../product.ts';
import { createTestDatabase, type TestDatabase } from './test-app.ts';

/**
 * The product as `npm start` runs it, in a process of its own, for tests that kill, restart or
 * double a server. `env` is laid over the test's environment (`DATABASE_URL: undefined` keeps it
 * on the embedded database); the promise settles when the server says it is running, or fails
 * with what it printed when it exits first.
 */
const mainFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../main.ts');

export interface ServerProcesses {
  start(port: number, env: Record<string, string | undefined>): Promise<ChildProcess>;
  /** Kills the `index`-th process started (kill -9). */
  kill(index: number): void;
  /** Stops every process started (`SIGKILL` unless told otherwise); resolves once each has exited. */
  stopAll(signal?: NodeJS.Signals): Promise<void>;
}

export function serverProcesses(): ServerProcesses {
  const children: ChildProcess[] = [];
  return {
    start(port, env) {
      const merged: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DEMO_DATA: '0' };
      for (const [name, value] of Object.entries(env)) {
        if (value === undefined) delete merged[name];
        else merged[name] = value;
      }
      const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
        env: merged,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      return new Promise((resolve, reject) => {
        let out = '';
        child.stdout!.on('data', (d) => {
          out += d;
          if (out.includes('is running at')) resolve(child);
        });
        child.stderr!.on('data', (d) => {
          out += d;
        });
        child.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
      });
    },
    kill(index) {
      children[index]?.kill('SIGKILL');
    },
    async stopAll(signal = 'SIGKILL') {
      const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
      const exited = running.map((child) => new Promise((resolve) => child.once('exit', resolve)));
      for (const child of running) child.kill(signal);
      await Promise.all(exited);
    },
  };
}

/**
 * The database the servers of a test share, with `tenant` and its administrator: a new PostgreSQL
 * database when DATABASE_URL is set, else the embedded one in `dataDir` (one process at a time:
 * the test closes it before a server opens it). `env` points a server at it.
 */
export async function sharedDatabase(
  dataDir: string,
  tenant: string,
  password: string,
): Promise<{ database: Database; testDatabase?: TestDatabase; env: Record<string, string | undefined> }> {
  const testDatabase = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
  const database =
    testDatabase?.database ??
    (await openDatabase({ ...readConfig({ ...process.env, DATABASE_URL: '' }), databaseUrl: undefined, dataDir }));
  await createTenant(database.db, tenant, { username: `admin@${tenant}`, password });
  return {
    database,
    testDatabase,
    env: { DATABASE_URL: testDatabase?.config.databaseUrl, DATA_DIR: dataDir, ADMIN_PASSWORD: password },
  };
}

/** Requests to the server on `port` as `username`, signed in once. */
export async function signedInAt(
  port: number,
  username: string,
  password: string,
): Promise<(url: string, init?: RequestInit) => Promise<Response>> {
  const authorization = await signInAt(port, username, password);
  return (url, init = {}) =>
    fetch(`http://127.0.0.1:${port}${url}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string> | undefined), authorization },
    });
}

/**
 * Signs in at the server on `port`, answering the `authorization` header. A server busy resuming
 * work may answer 503 (database busy) or 429 for a while: the sign-in is tried again after the
 * `retry-after` it gives, for up to two minutes.
 */
export async function signInAt(port: number, username: string, password: string): Promise<string> {
  const until = Date.now() + 120_000;
  for (;;) {
    const login = await fetch(`http://127.0.0.1:${port}/api/core/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    const body = await login.text();
    if (login.status === 200) return login.headers.get('authorization')!;
    if ((login.status !== 503 && login.status !== 429) || Date.now() > until)
      throw new Error(`sign-in as ${username} answered ${login.status}: ${body.slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 1000 * Number(login.headers.get('retry-after') ?? 1)));
  }
}
