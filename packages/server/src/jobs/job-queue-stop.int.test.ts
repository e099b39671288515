import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-app.ts';
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
