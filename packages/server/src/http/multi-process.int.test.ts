import type { ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readInTenant } from '../db/database.ts';
import { openStream } from '../notifications/stream-reader.ts';
import { createTenant } from '../product.ts';
import { loadBillingBook } from '../testing/billing-book.ts';
import { startReverseProxy, type ReverseProxy } from '../testing/reverse-proxy.ts';
import { serverProcesses, signInAt } from '../testing/server-process.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-app.ts';

/**
 * The deployment of docs/deployment.md: two API processes on one PostgreSQL behind HAProxy
 * (Debian's), round robin without stickiness. Through the proxy, a session works on both
 * processes and its logout ends it on both; one idempotency key sent to both makes one record; a
 * cron's tick starts one batch; a live notification reaches a stream on either process, whichever
 * made it; and a billing run whose process is killed (kill -9) is finished by the other, every
 * line billed once, while the proxy keeps answering.
 */
const onPostgres = !!process.env.DATABASE_URL;
const CONTRACTS = 1_500;
const password = 'Behind-Proxy-42';
const servers = serverProcesses();
const base = 44000 + Math.floor(Math.random() * 900);
const ports = [base + 1, base + 2];
const names = ['api1', 'api2'];
let database: TestDatabase;
let proxy: ReverseProxy;
let admin: string;
const pids: number[] = [];
const children: ChildProcess[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A request through the proxy (or straight to process `direct`), as `authorization`. */
const at = async (authorization: string, method: string, url: string, body?: unknown, direct?: number) => {
  const res = await fetch(`${direct === undefined ? proxy.url : `http://127.0.0.1:${ports[direct]}`}${url}`, {
    method,
    headers: {
      authorization,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return {
    status: res.status,
    servedBy: res.headers.get('x-served-by'),
    headers: res.headers,
    text,
    json: () => JSON.parse(text),
  };
};

describe.runIf(onPostgres)('two API processes behind HAProxy on one PostgreSQL', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    await createTenant(database.database.db, 'shared', { username: 'admin@shared', password });
    await loadBillingBook(database.database.db, 'shared', CONTRACTS);
    const env = {
      DATABASE_URL: database.config.databaseUrl,
      ADMIN_PASSWORD: password,
      TRUSTED_PROXIES: '127.0.0.1',
      BILLING_BACKGROUND_ELEMENTS: '1000000',
      JOB_SLICE_SECONDS: '1',
      JOB_LEASE_SECONDS: '3',
      JOB_RESUME_SECONDS: '1',
      JOB_POLLING_SECONDS: '0.5',
      CRON_CHECK_SECONDS: '1',
    };
    // A process whose start outlasts a plugin's time limit on a loaded machine is started again.
    const start = async (port: number): Promise<ChildProcess> => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await servers.start(port, env);
        } catch (error) {
          if (attempt >= 3 || !/did not start in time/.test(String(error))) throw error;
        }
      }
    };
    for (const port of ports) children.push(await start(port));
    pids.push(...children.map((child) => child.pid!));
    proxy = await startReverseProxy(
      base,
      ports.map((port, i) => ({ name: names[i], port })),
    );
    admin = await signInAt(proxy.port, 'admin@shared', password);
  }, 300_000);
  afterAll(async () => {
    await proxy?.stop();
    await servers.stopAll();
    await database?.dispose();
  });

  it('spreads one session’s requests over both processes', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const res = await at(admin, 'GET', '/api/core/key-values?range=[0-9]');
      expect(res.status, res.text).toBe(200);
      seen.add(res.servedBy!);
    }
    expect([...seen].sort()).toEqual(names);
  }, 60_000);

  it('a logout through the proxy ends the session on both processes', async () => {
    const token = await signInAt(proxy.port, 'admin@shared', password);
    for (const direct of [0, 1])
      expect((await at(token, 'GET', '/api/core/key-values', undefined, direct)).status).toBe(200);
    const out = await at(token, 'GET', '/api/core/auth/logout');
    expect(out.status, out.text).toBe(200);
    for (const direct of [0, 1])
      expect((await at(token, 'GET', '/api/core/key-values', undefined, direct)).status).toBe(401);
    const through = await Promise.all([0, 1].map(() => at(token, 'GET', '/api/core/key-values')));
    expect(through.map((r) => r.status)).toEqual([401, 401]);
    expect(new Set(through.map((r) => r.servedBy)).size).toBe(2);
  }, 60_000);

  it('one idempotency key sent to both processes makes one record', async () => {
    const send = (direct: number | undefined, key: string, shortKey: string) =>
      fetch(`${direct === undefined ? proxy.url : `http://127.0.0.1:${ports[direct]}`}/api/core/key-values`, {
        method: 'POST',
        headers: { authorization: admin, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ shortKey }),
      });
    // At once, one to each process.
    const both = await Promise.all([send(0, 'same-key-1', 'once'), send(1, 'same-key-1', 'once')]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 201]);
    expect(both.filter((r) => r.headers.get('idempotent-replayed')).length).toBe(1);
    const bodies = await Promise.all(both.map((r) => r.json() as Promise<{ registration: string }>));
    expect(bodies[0].registration).toBe(bodies[1].registration);
    // One after the other through the proxy: round robin takes them to the two processes.
    const first = await send(undefined, 'same-key-2', 'twice');
    const second = await send(undefined, 'same-key-2', 'twice');
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.headers.get('x-served-by')).not.toBe(second.headers.get('x-served-by'));
    expect(second.headers.get('idempotent-replayed')).toBeTruthy();
    const listed = await at(admin, 'GET', '/api/core/key-values?range=[0-99]');
    const keys = (listed.json() as { shortKey: string }[]).map((k) => k.shortKey);
    expect(keys.filter((k) => k === 'once')).toHaveLength(1);
    expect(keys.filter((k) => k === 'twice')).toHaveLength(1);
  }, 60_000);

  it('each tick of a cron starts one batch', async () => {
    const list = [{ name: 'every-two-seconds', cron: '*/2 * * * * *', job: 'ARREARS' }];
    expect((await at(admin, 'PUT', '/api/core/tenant-configuration/cron-list', list)).status).toBe(200);
    // At least two ticks (a loaded machine may take longer than their four seconds to run them).
    const ofCron = async () =>
      (
        (await at(admin, 'GET', '/api/script/batches?type=ARREARS&range=[0-99]')).json() as {
          parameters: { cron: string; tick: string };
        }[]
      ).filter((b) => b.parameters?.cron === 'every-two-seconds');
    for (let i = 0; i < 90 && (await ofCron()).length < 2; i++) await sleep(1_000);
    expect((await at(admin, 'PUT', '/api/core/tenant-configuration/cron-list', [])).status).toBe(200);
    await sleep(1_500);
    const batches = (await at(admin, 'GET', '/api/script/batches?type=ARREARS&range=[0-99]')).json() as {
      parameters: { cron: string; tick: string };
      log: { message: string }[];
    }[];
    const ticks = batches.filter((b) => b.parameters?.cron === 'every-two-seconds');
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    expect(new Set(ticks.map((b) => b.parameters.tick)).size).toBe(ticks.length);
  }, 150_000);

  it('a live notification reaches a stream through the proxy, whichever process made it', async () => {
    const created = await at(admin, 'POST', '/api/core/users', {
      username: 'clerk@shared',
      lastName: 'Clerk',
      password: 'Blue-Harbour-Lantern-7',
    });
    expect(created.status, created.text).toBe(201);
    const clerk = await signInAt(proxy.port, 'clerk@shared', 'Blue-Harbour-Lantern-7');
    const stream = await openStream(`${proxy.url}/api/notification/stream`, clerk);
    expect(stream.status).toBe(200);
    const streamedBy = names.indexOf(stream.headers.get('x-served-by')!);
    expect(streamedBy).toBeGreaterThanOrEqual(0);
    await stream.next((e) => e.event === 'ready', 10_000);
    try {
      // A task assigned to the clerk, saved on the stream's process, then on the other.
      for (const direct of [streamedBy, 1 - streamedBy]) {
        const from = stream.events.length;
        const task = await at(
          admin,
          'POST',
          '/api/core/tasks',
          { subject: `On ${names[direct]}`, ownerUsername: 'clerk@shared' },
          direct,
        );
        expect(task.status, task.text).toBe(201);
        const saved = Date.now();
        const got = await stream.next((e) => e.event === 'notification', 15_000, from);
        expect((got.data.notification as { link: string }).link).toContain(task.json().registration);
        // Through the proxy without buffering: the event arrives as it is written.
        expect(got.at - saved).toBeLessThan(3_000);
      }
    } finally {
      stream.close();
    }
  }, 60_000);

  it('a billing run whose process is killed (kill -9) is finished by the other, every line once', async () => {
    const saved = await at(admin, 'PUT', '/api/core/tenant-configuration/cron-list', [
      { name: 'month-end', cron: '0 6 1 * *', job: 'BILLING' },
    ]);
    expect(saved.status, saved.text).toBe(200);
    const started = await at(admin, 'POST', '/api/core/crons/month-end/run', {});
    expect(started.status, started.text).toBeLessThan(300);
    const registration = (started.json() as { registration: string }).registration;
    type Batch = { status: string; done: number; total: number; log: { message: string }[] };
    const batch = async () => {
      const res = await at(admin, 'GET', `/api/script/batches/${registration}`);
      expect(res.status, res.text).toBe(200);
      return res.json() as Batch;
    };
    // The worker that took it: "Started by host:pid:…".
    let worker: string | undefined;
    let running: Batch | undefined;
    for (let i = 0; i < 240 && !worker; i++) {
      running = await batch();
      worker = running.log.map((l) => /^Started by ([^ ]+)/.exec(l.message)?.[1]).find(Boolean);
      if (!worker) await sleep(250);
    }
    expect(worker).toBeTruthy();
    const victim = pids.indexOf(Number(worker!.split(':')[1]));
    expect(victim).toBeGreaterThanOrEqual(0);
    // Wait until it has billed something, then kill it mid-run.
    for (let i = 0; i < 240; i++) {
      running = await batch();
      if (running.done > 0 || ['SUCCESS', 'ERROR', 'WARNING'].includes(running.status)) break;
      await sleep(100);
    }
    expect(running!.status).toBe('PROCESSING');
    expect(running!.done).toBeLessThan(CONTRACTS);
    children[victim].kill('SIGKILL');
    let ended: Batch | undefined;
    for (let i = 0; i < 960; i++) {
      ended = await batch();
      if (['SUCCESS', 'ERROR', 'WARNING'].includes(ended.status)) break;
      await sleep(250);
    }
    expect(ended!.status, JSON.stringify(ended!.log.slice(-4))).toBe('SUCCESS');
    expect(ended!.log.some((l) => l.message.startsWith('Resumed by'))).toBe(true);
    expect(ended!.done).toBe(ended!.total);
    // Nothing doubled (each element's period billed once) and nothing lost (every element billed
    // for as many periods as every other).
    const billed = await readInTenant(
      database.database.db,
      { tenant: 'shared', user: 'test' },
      async (tx) =>
        (
          await sql<{ lines: string; distinct_lines: string; elements: string; fewest: string; most: string }>`
            SELECT sum(n)::text AS lines, sum(periods)::text AS distinct_lines, count(*)::text AS elements,
              min(n)::text AS fewest, max(n)::text AS most
            FROM (SELECT data->>'elementRegistration' AS element, count(*) AS n, count(DISTINCT data->>'lineNumber') AS periods
              FROM invoice_line WHERE tenant = 'shared' GROUP BY 1) AS per_element`.execute(tx)
        ).rows[0],
    );
    expect(billed.elements).toBe(String(CONTRACTS));
    expect(billed.lines).toBe(billed.distinct_lines);
    expect(billed.fewest).toBe(billed.most);
    // The proxy took the dead process out: every request still answers, from the survivor.
    const after = await Promise.all([0, 1, 2, 3].map(() => at(admin, 'GET', '/api/core/key-values')));
    expect(after.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(after.map((r) => r.servedBy))).toEqual(new Set([names[1 - victim]]));
  }, 300_000);
});
