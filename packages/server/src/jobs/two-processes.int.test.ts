import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readInTenant } from '../db/database.ts';
import { createTenant } from '../product.ts';
import { loadBillingBook } from '../testing/billing-book.ts';
import { serverProcesses } from '../testing/server-process.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-app.ts';

/**
 * Two API processes on one PostgreSQL: two billing runs at once, one on each, invoice every due
 * line once; a cron's ticks each start one batch, however many processes look; background runs are
 * shared out between the processes, and one killed leaves its run to the other.
 */
const onPostgres = !!process.env.DATABASE_URL;
const CONTRACTS = 1_500;
const password = 'Two-Procs-42';
const servers = serverProcesses();
let database: TestDatabase;
const ports = [0, 1].map(() => 42000 + Math.floor(Math.random() * 1000));
const headers: Record<string, string>[] = [];

describe.runIf(onPostgres)('two API processes on one PostgreSQL', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    await createTenant(database.database.db, 'shared', { username: 'admin@shared', password });
    await loadBillingBook(database.database.db, 'shared', CONTRACTS);
    const env = {
      DATABASE_URL: database.config.databaseUrl,
      ADMIN_PASSWORD: password,
      BILLING_BACKGROUND_ELEMENTS: '1000000',
      JOB_SLICE_SECONDS: '1',
      JOB_LEASE_SECONDS: '3',
      JOB_RESUME_SECONDS: '1',
      JOB_POLLING_SECONDS: '0.5',
      CRON_CHECK_SECONDS: '1',
    };
    ports[1] = ports[0] + 1;
    await Promise.all(ports.map((port) => servers.start(port, env)));
    for (const port of ports) {
      const login = await fetch(`http://127.0.0.1:${port}/api/core/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin@shared', password }),
      });
      headers.push({ authorization: login.headers.get('authorization')!, 'content-type': 'application/json' });
    }
  }, 300_000);
  afterAll(async () => {
    servers.stopAll();
    await database?.dispose();
  });

  const call = async (i: number, method: string, url: string, body?: unknown) => {
    const res = await fetch(`http://127.0.0.1:${ports[i]}${url}`, {
      method,
      headers: headers[i],
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const billed = () =>
    readInTenant(
      database.database.db,
      { tenant: 'shared', user: 'test' },
      async (tx) =>
        (
          await sql<{ lines: string; distinct_lines: string }>`
    SELECT count(*) AS lines, count(DISTINCT (data->>'elementRegistration', data->>'lineNumber')) AS distinct_lines FROM invoice_line WHERE tenant = 'shared'`.execute(
            tx,
          )
        ).rows[0],
    );
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('two runs at once, one on each process, invoice every due line once', async () => {
    const [a, b] = await Promise.all([0, 1].map((i) => call(i, 'GET', '/api/script/runs/run-billing?date=2025-01-31')));
    expect(a.status, JSON.stringify(a.body).slice(0, 300)).toBe(200);
    expect(b.status, JSON.stringify(b.body).slice(0, 300)).toBe(200);
    const created = [...a.body, ...b.body].map((i: { registration: string }) => i.registration);
    expect(new Set(created).size).toBe(created.length);
    expect(created.length).toBe(CONTRACTS);
    expect(await billed()).toEqual({ lines: String(CONTRACTS), distinct_lines: String(CONTRACTS) });
  }, 180_000);

  it('each tick of a cron starts one batch, whichever process looks', async () => {
    const list = [{ name: 'every-two-seconds', cron: '*/2 * * * * *', job: 'ARREARS' }];
    expect((await call(1, 'PUT', '/api/core/tenant-configuration/cron-list', list)).status).toBe(200);
    await sleep(9_000);
    expect((await call(0, 'PUT', '/api/core/tenant-configuration/cron-list', [])).status).toBe(200);
    await sleep(1_500);
    const batches = (await call(0, 'GET', '/api/script/batches?type=ARREARS&range=[0-99]')).body as {
      parameters: { cron: string; tick: string };
    }[];
    const ticks = batches.filter((b) => b.parameters?.cron === 'every-two-seconds').map((b) => b.parameters.tick);
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    expect(new Set(ticks).size).toBe(ticks.length);
    for (const tick of ticks) expect(new Date(tick).getUTCSeconds() % 2).toBe(0);
  }, 60_000);
  it('two background runs go one to each process; when one process is killed, the other finishes its run, every line billed once', async () => {
    const saved = await call(0, 'PUT', '/api/core/tenant-configuration/cron-list', [
      { name: 'month-end', cron: '0 6 1 * *', job: 'BILLING' },
    ]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const runs = [
      (await call(0, 'POST', '/api/core/crons/month-end/run', {})).body,
      (await call(1, 'POST', '/api/core/crons/month-end/run', {})).body,
    ] as { registration: string }[];
    type Batch = { status: string; done: number; total: number; log: { message: string }[] };
    const batch = async (registration: string) =>
      (await call(0, 'GET', `/api/script/batches/${registration}`)).body as Batch;
    const workersOf = (b: Batch) =>
      b.log.map((l) => /^(?:Started|Resumed) by ([^ ]+)/.exec(l.message)?.[1]).filter((w): w is string => !!w);
    // Each process takes one (a process works one job at a time).
    let taken: Batch[] = [];
    for (let i = 0; i < 120; i++) {
      taken = await Promise.all(runs.map((r) => batch(r.registration)));
      if (taken.every((b) => workersOf(b).length)) break;
      await sleep(250);
    }
    expect(new Set(taken.map((b) => workersOf(b)[0])).size).toBe(2);
    servers.kill(1);
    let ended: Batch[] = [];
    for (let i = 0; i < 480; i++) {
      ended = await Promise.all(runs.map((r) => batch(r.registration)));
      if (ended.every((b) => ['SUCCESS', 'ERROR', 'WARNING'].includes(b.status))) break;
      await sleep(250);
    }
    expect(
      ended.map((b) => b.status),
      JSON.stringify(ended.map((b) => b.log.slice(-3))),
    ).toEqual(['SUCCESS', 'SUCCESS']);
    // What one run billed the other found billed: together, every due line once.
    expect(ended[0].done + ended[1].done).toBe(CONTRACTS);
    expect(ended.some((b) => b.log.some((l) => l.message.startsWith('Resumed by')))).toBe(true);
    expect(await billed()).toEqual({ lines: String(2 * CONTRACTS), distinct_lines: String(2 * CONTRACTS) });
  }, 240_000);
});
