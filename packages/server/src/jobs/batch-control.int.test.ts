import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readInTenant } from '../db/database.ts';
import { loadBillingBook } from '../testing/billing-book.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/**
 * A background billing run stopped, continued and reset by its user (the Batch's STOP, CONTINUE,
 * RESET and START transitions): stopped, it does nothing more; continued, it goes on from where
 * it stopped; reset and started again, it finds nothing left to bill. Every due line is invoiced
 * exactly once through it all.
 */
const CONTRACTS = 2_000;
let t: TestApp;
const saved = { ...process.env };
beforeAll(async () => {
  Object.assign(process.env, {
    BILLING_BACKGROUND_ELEMENTS: '0',
    JOB_SLICE_SECONDS: '1',
    JOB_LEASE_SECONDS: '3',
    JOB_RESUME_SECONDS: '1',
    JOB_POLLING_SECONDS: '0.5',
  });
  t = await createTestApp();
  await loadBillingBook(t.db.database.db, 'alpha', CONTRACTS);
}, 300_000);
afterAll(async () => {
  process.env = saved;
  await t?.close();
});

type Batch = { registration: string; status: string; done: number; total: number; log: { message: string }[] };
const batch = async (registration: string) =>
  (await t.call('GET', `/api/script/batches/${registration}`, t.alpha.headers)).json() as Batch;
const move = (registration: string, code: string) =>
  t.call('GET', `/api/script/batches/${registration}/transitions/${code}`, t.alpha.headers);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(registration: string, done: (b: Batch) => boolean, seconds = 120): Promise<Batch> {
  for (let i = 0; i < seconds * 4; i++) {
    const b = await batch(registration);
    if (done(b)) return b;
    await sleep(250);
  }
  throw new Error(`batch ${registration} did not get there: ${JSON.stringify(await batch(registration))}`);
}
/** Invoice lines per schedule line: each must be billed once. */
async function billedCounts() {
  return readInTenant(
    t.db.database.db,
    { tenant: 'alpha', user: 'test' },
    async (tx) =>
      (
        await sql<{ n: string; lines: string; distinct_lines: string }>`
    SELECT count(*) AS lines, count(DISTINCT (data->>'elementRegistration', data->>'lineNumber')) AS distinct_lines FROM invoice_line WHERE tenant = 'alpha'`.execute(
          tx,
        )
      ).rows[0],
  );
}

describe('a background run stopped, continued and reset', () => {
  it('does nothing while stopped, goes on when continued, and bills every line once', async () => {
    const res = await t.call('GET', '/api/script/runs/run-billing?date=2025-01-31', t.alpha.headers);
    expect(res.statusCode, res.body).toBe(200);
    const { batchRegistration, nbTotal } = res.json() as { batchRegistration: string; nbTotal: number };
    expect(nbTotal).toBe(CONTRACTS);
    await until(batchRegistration, (b) => b.done > 0);
    const stop = await move(batchRegistration, 'STOP');
    expect(stop.statusCode, stop.body).toBe(200);
    // A chunk under way when STOP came is rolled back: what is counted done is what committed.
    await sleep(3_000);
    const stopped = await batch(batchRegistration);
    expect(stopped.status).toBe('STOPPED');
    expect(stopped.done).toBeLessThan(CONTRACTS);
    const { lines: linesWhenStopped } = await billedCounts();
    expect(Number(linesWhenStopped)).toBe(stopped.done);
    await sleep(3_000);
    expect((await batch(batchRegistration)).done).toBe(stopped.done);
    expect((await billedCounts()).lines).toBe(linesWhenStopped);

    expect((await move(batchRegistration, 'CONTINUE')).statusCode).toBe(200);
    const ended = await until(batchRegistration, (b) => !['PROCESSING', 'FETCHING', 'STOPPED'].includes(b.status));
    expect(ended.status, JSON.stringify(ended.log.slice(-5))).toBe('SUCCESS');
    expect(ended.done).toBe(CONTRACTS);
    const counts = await billedCounts();
    expect(Number(counts.lines)).toBe(CONTRACTS);
    expect(Number(counts.distinct_lines)).toBe(CONTRACTS);
    // Taken up again after the stop (each slice of work is logged as it starts).
    const takings = ended.log.filter((l) => /^(Started|Resumed) by /.test(l.message)).length;
    expect(takings).toBeGreaterThan(stopped.log.filter((l) => /^(Started|Resumed) by /.test(l.message)).length);

    // Reset and started again: it runs from the start, and finds nothing left to bill.
    expect((await move(batchRegistration, 'RESET')).json().status).toBe('DRAFT');
    expect((await move(batchRegistration, 'START')).json().status).toBe('FETCHING');
    const again = await until(batchRegistration, (b) => b.status === 'SUCCESS' || b.status === 'ERROR');
    expect(again.status).toBe('SUCCESS');
    expect(again.done).toBe(0);
    expect(Number((await billedCounts()).lines)).toBe(CONTRACTS);
  }, 240_000);

  it('refuses a move its status does not allow, and another tenant cannot move it', async () => {
    const [latest] = (
      await t.call('GET', '/api/script/batches?sort=-_insertDate&range=[0-0]', t.alpha.headers)
    ).json() as Batch[];
    const res = await move(latest.registration, 'CONTINUE');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('TRANSITION_REJECTED');
    const other = await t.call('GET', `/api/script/batches/${latest.registration}/transitions/STOP`, t.beta.headers);
    expect(other.statusCode).toBe(404);
  });
});
