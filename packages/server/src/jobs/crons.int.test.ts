import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { fireDueCrons, tenantsWithCrons } from './crons.ts';

/**
 * Recurring jobs: the tenant's cron-list is checked like any configuration; each tick of a cron
 * creates exactly one Batch, whoever looks and however often; a new cron waits for its next tick;
 * the list shows next and last runs; a cron may be run at once; another tenant sees none of it.
 */
let t: TestApp;
// The configuration's hook timeout: making a database takes longer on a busy machine.
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const put = (body: unknown, headers = t.alpha.headers) =>
  t.call('PUT', '/api/core/tenant-configuration/cron-list', headers, body);
type Batch = {
  registration: string;
  type: string;
  status: string;
  parameters: { cron: string; tick: string; date: string };
};
const batches = async (headers = t.alpha.headers) =>
  (await t.call('GET', '/api/script/batches?range=[0-199]', headers)).json() as Batch[];
const at = (iso: string) => new Date(iso);

describe('the cron list', () => {
  it('refuses what cannot run, naming the entry and field', async () => {
    const cases: [unknown, string][] = [
      [[{ name: 'monthly', cron: 'every monday', job: 'BILLING' }], '[0].cron'],
      [[{ name: 'monthly', cron: '0 6 1 * *', job: 'NOTHING' }], '[0].job'],
      [[{ name: 'monthly', cron: '0 6 1 * *', job: 'BILLING', timeZone: 'Mars/Olympus' }], '[0].timeZone'],
      [
        [
          { name: 'a', cron: '0 6 1 * *', job: 'BILLING' },
          { name: 'a', cron: '0 7 1 * *', job: 'BILLING' },
        ],
        '[1].name',
      ],
      [[{ name: 'monthly', cron: '0 6 1 * *', job: 'BILLING', parameters: 'x' }], '[0].parameters'],
      [[{ name: 'monthly', cron: '0 6 1 * *', job: 'BILLING', when: 'now' }], '[0].when'],
      [{ name: 'monthly' }, 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await put(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(field);
    }
  });

  it('fires each tick once: a new cron waits for its next tick, a missed tick runs once, looking twice at once makes one batch', async () => {
    const saved = await put([
      { name: 'month-end', cron: '0 6 1 * *', job: 'BILLING', timeZone: 'Europe/Paris', parameters: { daysAhead: 10 } },
      { name: 'paused', cron: '* * * * *', job: 'BILLING', enabled: false },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await tenantsWithCrons(t.db.database)).toContain('alpha');
    const jobs = t.app.jobs;
    // First sight on 15 March: remembers the 1 March tick, runs nothing.
    expect(await fireDueCrons(t.db.database, jobs, 'alpha', at('2030-03-15T10:00:00Z'))).toEqual([]);
    expect(await fireDueCrons(t.db.database, jobs, 'alpha', at('2030-03-31T10:00:00Z'))).toEqual([]);
    // 1 April 06:00 in Paris is 04:00 UTC: two processes looking at once make one batch.
    const [a, b] = await Promise.all([
      fireDueCrons(t.db.database, jobs, 'alpha', at('2030-04-01T04:00:30Z')),
      fireDueCrons(t.db.database, jobs, 'alpha', at('2030-04-01T04:00:31Z')),
    ]);
    expect([...a, ...b]).toHaveLength(1);
    expect(await fireDueCrons(t.db.database, jobs, 'alpha', at('2030-04-20T00:00:00Z'))).toEqual([]);
    // Down from May to mid-July: the missed ticks run once, for the last one.
    const missed = await fireDueCrons(t.db.database, jobs, 'alpha', at('2030-07-15T00:00:00Z'));
    expect(missed).toHaveLength(1);
    const made = (await batches()).filter((x) => x.parameters?.cron === 'month-end');
    expect(made.map((x) => x.parameters.tick).sort()).toEqual(['2030-04-01T04:00:00.000Z', '2030-07-01T04:00:00.000Z']);
    // The billing date is the tick's day in Paris plus ten days ahead.
    expect(made.map((x) => x.parameters.date).sort()).toEqual(['2030-04-11', '2030-07-11']);
    expect(made.every((x) => x.type === 'BILLING')).toBe(true);
  });

  it("shows next and last runs, runs one now, and stays the tenant's own", async () => {
    const list = await t.call('GET', '/api/core/crons', t.alpha.headers);
    expect(list.statusCode, list.body).toBe(200);
    const [monthEnd, paused] = list.json() as {
      name: string;
      nextRun: string | null;
      lastRun: string | null;
      lastBatchRegistration: string | null;
      lastBatchStatus: string | null;
    }[];
    expect(monthEnd.name).toBe('month-end');
    expect(monthEnd.lastRun).toBe('2030-07-01T04:00:00.000Z');
    expect(monthEnd.lastBatchRegistration).toMatch(/^BAT/);
    expect(Date.parse(monthEnd.nextRun!)).toBeGreaterThan(Date.now());
    expect(paused.nextRun).toBeNull();

    const run = await t.call('POST', '/api/core/crons/month-end/run', t.alpha.headers);
    expect(run.statusCode, run.body).toBe(201);
    expect(run.json()).toMatchObject({ type: 'BILLING', status: 'FETCHING' });
    const missing = await t.call('POST', '/api/core/crons/nothing/run', t.alpha.headers);
    expect(missing.statusCode).toBe(404);

    // Another tenant keeps its own list: the product's recurring upkeep only.
    expect(
      ((await t.call('GET', '/api/core/crons', t.beta.headers)).json() as { name: string }[]).map((c) => c.name),
    ).toEqual([
      'task-reminders',
      'support-sla',
      'task-rules',
      'nightly-arrears',
      'nightly-indexation',
      'nightly-bank-matching',
      'nightly-dunning',
      'monthly-accrual',
    ]);
    expect((await t.call('POST', '/api/core/crons/month-end/run', t.beta.headers)).statusCode).toBe(404);
    expect((await batches(t.beta.headers)).filter((x) => x.parameters?.cron)).toEqual([]);
  });

  it('the batch it starts runs to its end on the queue', async () => {
    const run = (await t.call('POST', '/api/core/crons/month-end/run', t.alpha.headers)).json() as Batch;
    let status = run.status;
    for (let i = 0; i < 60 && !['SUCCESS', 'WARNING', 'ERROR'].includes(status); i++) {
      await new Promise((r) => setTimeout(r, 500));
      status = (await t.call('GET', `/api/script/batches/${run.registration}`, t.alpha.headers)).json().status;
    }
    expect(status).toBe('SUCCESS');
  }, 60_000);
});
