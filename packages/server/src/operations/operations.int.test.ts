import { sql } from 'kysely';
import { loadDictionaries } from '@lbo/model/i18n/dictionaries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTenant } from '../db/database.ts';
import { withStatementContext } from '../db/statement-context.ts';
import { createTenant } from '../product.ts';
import { createTestApp, signIn, type TestApp } from '../testing/test-app.ts';

/**
 * Operating the product through the API: Prometheus metrics by route pattern and their scrape
 * token, the history of metrics, the request log of a request id (its SQL, another tenant kept
 * out, the super admin across tenants), the product's own events and warnings, the statements
 * running in PostgreSQL and their cancel, and the caches.
 */
let t: TestApp;
let master: Record<string, string>;
const TOKEN = 'scrape-secret-1234';
const previousToken = process.env.METRICS_TOKEN;

beforeAll(async () => {
  process.env.METRICS_TOKEN = TOKEN;
  // Loaded before the server is built: on a busy machine their first load outlasts a plugin's start timeout.
  await loadDictionaries();
  t = await createTestApp();
  await createTenant(t.db.database.db, 'master', {
    username: 'admin@master',
    password: 'Correct-Horse-42',
    isSuperAdmin: true,
  });
  master = { authorization: `Bearer ${await signIn(t.app, 'admin@master', 'Correct-Horse-42')}` };
}, 300_000);

afterAll(async () => {
  await t?.close();
  if (previousToken === undefined) delete process.env.METRICS_TOKEN;
  else process.env.METRICS_TOKEN = previousToken;
});

describe('Prometheus metrics', () => {
  it('counts requests by route pattern, never by raw URL', async () => {
    for (const id of ['P-1', 'P-2', 'P-3']) await t.call('GET', `/api/person/persons/${id}`, t.alpha.headers);
    const res = await t.call('GET', '/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(
      /lbo_http_request_duration_seconds_bucket\{le="[\d.]+",method="GET",route="\/api\/person\/persons\/:id"\}/,
    );
    expect(res.body).toMatch(/lbo_http_errors_total\{status_class="4xx",route="\/api\/person\/persons\/:id"\} 3/);
    expect(res.body).not.toContain('P-1');
    for (const name of [
      'lbo_db_pool_connections{state="total"}',
      'lbo_job_queue_jobs{state="waiting"}',
      'lbo_job_queue_oldest_waiting_seconds',
      'lbo_event_loop_lag_seconds',
      'lbo_process_resident_memory_bytes',
    ])
      expect(res.body).toContain(name);
  });

  it('refuses a scrape without the token, with a wrong one, and from a tenant admin', async () => {
    const none = await t.call('GET', '/metrics');
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('UNAUTHENTICATED');
    expect((await t.call('GET', '/metrics', { authorization: 'Bearer wrong' })).statusCode).toBe(401);
    const admin = await t.call('GET', '/metrics', t.alpha.headers);
    expect(admin.statusCode).toBe(403);
    expect((await t.call('GET', '/metrics', master)).statusCode).toBe(200);
  });

  it('sends a browser opening /metrics to the web screen', async () => {
    const res = await t.call('GET', '/metrics', { accept: 'text/html,application/xhtml+xml' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/metrics/');
  });

  it("records the figures as metric records: each tenant's requests under it, the gauges under master", async () => {
    await t.call('GET', '/api/person/persons', t.alpha.headers);
    expect((await t.call('POST', '/api/system/metrics/sample', t.alpha.headers)).statusCode).toBe(200);
    const alpha = await t.call('GET', '/api/system/metrics/summary', t.alpha.headers);
    expect(alpha.statusCode).toBe(200);
    const keys = alpha.json().map((m: { key: string }) => m.key);
    expect(keys).toContain('http.requests');
    expect(keys).not.toContain('memory.rss-mb');
    const requests = alpha.json().find((m: { key: string }) => m.key === 'http.requests');
    expect(requests.last).toBeGreaterThan(0);
    const global = await t.call('GET', '/api/system/metrics/summary', master);
    expect(global.json().map((m: { key: string }) => m.key)).toEqual(
      expect.arrayContaining(['db.pool.total', 'jobs.waiting', 'memory.rss-mb', 'event-loop.lag-p99-ms']),
    );
    const series = await t.call('GET', '/api/system/metrics/memory.rss-mb/records?hours=2', master);
    expect(series.statusCode).toBe(200);
    expect(series.json().points.length).toBeGreaterThan(0);
    expect(series.json().points[0][1]).toBeGreaterThan(0);
    // The beta tenant sees none of alpha's records.
    const beta = await t.call('GET', '/api/system/metrics/http.requests/records', t.beta.headers);
    expect(beta.json().points).toEqual([]);
    const bad = await t.call('GET', '/api/system/metrics/summary?hours=abc', t.alpha.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('hours');
  });
});

describe('the request log', () => {
  it('answers every request with its request-id, keeping a well-formed one given', async () => {
    const given = await t.call('GET', '/api/person/persons', { ...t.alpha.headers, 'request-id': 'my-trace-42' });
    expect(given.headers['request-id']).toBe('my-trace-42');
    const made = await t.call('GET', '/api/person/persons', { ...t.alpha.headers, 'request-id': 'bad id!' });
    expect(made.headers['request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('finds a request by its id with its route, user, status and SQL statements', async () => {
    const res = await t.call('GET', '/api/person/persons?name=Nobody', t.alpha.headers);
    const id = String(res.headers['request-id']);
    const log = await t.call('GET', `/api/system/request-log/${id}`, t.alpha.headers);
    expect(log.statusCode).toBe(200);
    const entry = log.json();
    expect(entry).toMatchObject({
      requestId: id,
      tenant: 'alpha',
      user: 'admin@alpha',
      method: 'GET',
      route: '/api/person/persons',
      status: 200,
    });
    expect(entry.durationMs).toBeGreaterThan(0);
    expect(entry.statements.length).toBeGreaterThan(0);
    expect(entry.statements.some((s: { sql: string }) => /FROM "?person"?/i.test(s.sql))).toBe(true);
    // Parameters are never kept: the filter's value is not in the statements.
    expect(JSON.stringify(entry.statements)).not.toContain('Nobody');
  });

  it("keeps a failed request's error", async () => {
    const res = await t.call('POST', '/api/person/persons', t.alpha.headers, { birthDate: 'not a date' });
    expect(res.statusCode).toBe(400);
    const entry = (await t.call('GET', `/api/system/request-log/${res.headers['request-id']}`, t.alpha.headers)).json();
    expect(entry.status).toBe(400);
    expect(entry.error.message).toBeTruthy();
  });

  it("refuses another tenant's admin (404) and lets the super admin find it", async () => {
    const res = await t.call('GET', '/api/person/persons', t.alpha.headers);
    const id = String(res.headers['request-id']);
    const beta = await t.call('GET', `/api/system/request-log/${id}`, t.beta.headers);
    expect(beta.statusCode).toBe(404);
    expect(beta.json().code).toBe('ENTITY_REGISTRATION_NOT_FOUND');
    const sup = await t.call('GET', `/api/system/request-log/${id}`, master);
    expect(sup.statusCode).toBe(200);
    expect(sup.json().tenant).toBe('alpha');
    const bad = await t.call('GET', '/api/system/request-log/bad%20id', t.alpha.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('requestId');
  });
});

describe("the product's own records", () => {
  it('writes a START event in the master tenant', async () => {
    const res = await t.call('GET', '/api/system/system-events?type=START', master);
    expect(res.statusCode).toBe(200);
    expect(res.json().length).toBeGreaterThan(0);
    expect(res.json()[0]).toMatchObject({ type: 'START', status: 'PROCESSED', source: 'server' });
  });

  it('writes a configuration change as an event of the tenant', async () => {
    const current = await t.call('GET', '/api/core/tenant-configuration/supportSla', t.alpha.headers);
    expect(current.statusCode).toBe(200);
    const put = await t.call('PUT', '/api/core/tenant-configuration/supportSla', t.alpha.headers, current.json());
    expect(put.statusCode).toBeLessThan(300);
    // The event is written once the answer is sent.
    await expect
      .poll(
        async () =>
          (await t.call('GET', '/api/system/system-events?type=CONFIGURATION_CHANGED', t.alpha.headers)).json().length,
      )
      .toBeGreaterThan(0);
    expect(
      (await t.call('GET', '/api/system/system-events?type=CONFIGURATION_CHANGED', t.beta.headers)).json(),
    ).toEqual([]);
  });

  it('writes warnings and errors of the log as system logs, without credentials', async () => {
    t.app.log.warn({ tenant: 'alpha', reqId: 'log-test-1', route: '/test' }, 'disk almost full, token=abc123secret');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const res = await t.call('GET', '/api/system/system-logs?requestId=log-test-1', t.alpha.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(1);
    expect(res.json()[0]).toMatchObject({ level: 'WARN', source: '/test' });
    expect(res.json()[0].message).toContain('disk almost full');
    expect(res.json()[0].message).not.toContain('abc123secret');
  });
});

describe('current operations and caches', () => {
  it("lists a tenant's running statement, hides it from another tenant, and cancels it", async () => {
    const database = t.db.database;
    if (database.embedded) {
      // The embedded database runs one statement at a time: there is nothing else to list.
      const res = await t.call('GET', '/api/system/database/current-operations', t.alpha.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
      return;
    }
    const sleeping = withStatementContext({ requestId: 'sleepy-1' }, () =>
      inTenant(database.db, { tenant: 'alpha', user: 'admin@alpha' }, (tx) => sql`SELECT pg_sleep(30)`.execute(tx)),
    );
    const outcome = sleeping.then(
      () => 'finished',
      (error) => String(error.message),
    );
    let found: { pid: number; requestId: string; query: string } | undefined;
    for (let i = 0; i < 50 && !found; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const res = await t.call('GET', '/api/system/database/current-operations', t.alpha.headers);
      found = res.json().find((s: { requestId: string }) => s.requestId === 'sleepy-1');
    }
    expect(found?.query).toContain('pg_sleep');
    const beta = await t.call('GET', '/api/system/database/current-operations', t.beta.headers);
    expect(beta.json().some((s: { requestId: string }) => s.requestId === 'sleepy-1')).toBe(false);
    const refused = await t.call(
      'POST',
      `/api/system/database/current-operations/${found!.pid}/cancel`,
      t.beta.headers,
    );
    expect(refused.statusCode).toBe(404);
    const all = await t.call('GET', '/api/system/database/current-operations', master);
    expect(all.json().some((s: { requestId: string }) => s.requestId === 'sleepy-1')).toBe(true);
    const cancel = await t.call(
      'POST',
      `/api/system/database/current-operations/${found!.pid}/cancel`,
      t.alpha.headers,
    );
    expect(cancel.json()).toEqual({ cancelled: true });
    expect(cancel.statusCode).toBe(200);
    expect(await outcome).toContain('canceling statement');
  });

  it('lists the caches with their sizes and hit rates; the super admin empties one', async () => {
    const res = await t.call('GET', '/api/system/caches', t.alpha.headers);
    expect(res.statusCode).toBe(200);
    const names = res.json().map((c: { name: string }) => c.name);
    expect(names).toContain('sessions');
    for (const cache of res.json()) expect(cache.description).toBeTruthy();
    const sessions = res.json().find((c: { name: string }) => c.name === 'sessions');
    expect(sessions.size).toBeGreaterThan(0);
    expect(sessions.hits).toBeGreaterThan(0);
    expect((await t.call('POST', '/api/system/caches/sessions/clear', t.alpha.headers)).statusCode).toBe(403);
    expect((await t.call('POST', '/api/system/caches/nothing/clear', master)).statusCode).toBe(404);
    expect((await t.call('POST', '/api/system/caches/sessions/clear', master)).json()).toEqual({ cleared: true });
  });
});
