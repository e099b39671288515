import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inTenant } from '../db/database.ts';
import { createTenant } from '../product.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-app.ts';
import { createBatch } from './batch-records.ts';
import { startJobQueue } from './job-queue.ts';

/**
 * Stopping the job queue ends everything it does with the database: once stop() has resolved,
 * the application closes its pool, and a statement sent after that fails where nobody awaits it
 * (an unhandled rejection, "Cannot use a pool after calling end on the pool"). Here a worker's
 * fetch is under way when the queue stops and brings back a job.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await createTenant(database.database.db, 'alpha', { username: 'admin@alpha', password: 'Heart-Beat-42' });
});
afterAll(async () => {
  await database?.dispose();
});

it('sends no statement after stop() has resolved, though a fetch under way brings back a job', async () => {
  const real = database.database.pool;
  let closed = false;
  const afterClose: string[] = [];
  let holdFetch = false;
  let stopCalled!: () => void;
  const stopping = new Promise<void>((resolve) => {
    stopCalled = resolve;
  });
  let fetchHeld!: () => void;
  const held = new Promise<void>((resolve) => {
    fetchHeld = resolve;
  });
  // The pool as the queue sees it: a worker's fetch (SKIP LOCKED) waits until stop() is called.
  const pool = {
    query: async (text: string, values?: unknown[]) => {
      if (closed) {
        afterClose.push(text.replace(/\s+/g, ' ').slice(0, 80));
        return { rows: [], rowCount: 0 };
      }
      if (holdFetch && /SKIP LOCKED/.test(text)) {
        fetchHeld();
        await stopping;
      }
      return real.query(text, values);
    },
  } as unknown as pg.Pool;
  const queue = await startJobQueue(
    { ...database.database, pool },
    {
      work: true,
      leaseSeconds: 30,
      sliceSeconds: 10,
      resumeEverySeconds: 3600,
      pollingSeconds: 0.5,
      cronEverySeconds: 3600,
    },
  );
  holdFetch = true;
  await queue.enqueue('nobody', 'B-1');
  await held;
  const stopped = queue.stop();
  stopCalled();
  await stopped;
  closed = true;
  // What the queue would still do comes within a few turns; a second is far beyond it.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(afterClose).toEqual([]);
});

it("stops a run's lease heartbeat and waits for its last renewal before stop() resolves", async () => {
  const pool = database.database.pool;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  let stopped = false;
  const afterStop: string[] = [];
  let renewalUnderWay!: () => void;
  const renewing = new Promise<void>((resolve) => {
    renewalUnderWay = resolve;
  });
  // Each lease renewal (the heartbeat's statement) is held 2 s on its connection, as a busy database would.
  const held = new WeakSet<pg.PoolClient>();
  const holdRenewals = (client: pg.PoolClient) => {
    if (held.has(client)) return;
    held.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
      if (!text?.includes("'{leaseUntil}'")) return query(...args);
      renewalUnderWay();
      return sleep(2_000).then(() => {
        if (stopped) afterStop.push(text.replace(/\s+/g, ' ').slice(0, 80));
        return query(...args);
      });
    };
  };
  pool.on('acquire', holdRenewals);
  const queue = await startJobQueue(database.database, {
    work: true,
    leaseSeconds: 3,
    sliceSeconds: 10,
    resumeEverySeconds: 3600,
    pollingSeconds: 0.5,
    cronEverySeconds: 3600,
  });
  let steps = 0;
  let leftOff: unknown;
  // A run that commits its progress every 50 ms: stopping the queue makes its next step let go.
  queue.register('HEARTBEAT_TEST', {
    run: async (work) => {
      try {
        for (;;) {
          await work.progress({ done: ++steps, total: 1_000 });
          await sleep(50);
        }
      } catch (error) {
        leftOff = error;
        throw error;
      }
    },
  });
  const caller = { tenant: 'alpha', username: 'admin@alpha' };
  const batch = await inTenant(database.database.db, { tenant: 'alpha', user: 'admin@alpha' }, (tx) =>
    createBatch(tx, caller, { type: 'HEARTBEAT_TEST', name: 'heartbeat', parameters: {}, total: 1_000 }),
  );
  await queue.enqueue('alpha', String(batch.registration));
  // The heartbeat beats every second; its first renewal is then held on its connection.
  await renewing;
  expect(steps).toBeGreaterThan(0);
  await queue.stop();
  stopped = true;
  pool.off('acquire', holdRenewals);
  expect(leftOff, 'the run let go at its next step').toBeDefined();
  // A renewal still under way would land within its 2 s hold; wait beyond it.
  await sleep(2_500);
  expect(afterStop).toEqual([]);
}, 60_000);
