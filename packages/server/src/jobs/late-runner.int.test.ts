import { afterAll, beforeAll, expect, it } from 'vitest';
import { inTenant } from '../db/database.ts';
import * as storage from '../entities/storage.ts';
import { createTenant } from '../product.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-app.ts';
import { batchKind, createBatch } from './batch-records.ts';
import { startJobQueue } from './job-queue.ts';

/**
 * A server starting takes up a batch resumed from a server that died before its module registered
 * the batch's runner: the batch is let go and run once the runner is there, never failed with
 * "No runner for batches of type …".
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await createTenant(database.database.db, 'alpha', { username: 'admin@alpha', password: 'Late-Runner-42' });
}, 120_000);
afterAll(async () => {
  await database?.dispose();
});

it('lets go of a batch taken up before its runner is registered, and runs it once it is', async () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const queue = await startJobQueue(database.database, {
    work: true,
    leaseSeconds: 3,
    sliceSeconds: 10,
    resumeEverySeconds: 1,
    pollingSeconds: 0.5,
    cronEverySeconds: 3600,
  });
  const scope = { tenant: 'alpha', user: 'admin@alpha' };
  const batch = await inTenant(database.database.db, scope, (tx) =>
    createBatch(
      tx,
      { tenant: 'alpha', username: 'admin@alpha' },
      { type: 'LATE_RUNNER', name: 'late', parameters: {}, total: 1 },
    ),
  );
  const read = () =>
    inTenant(database.database.db, scope, (tx) => storage.findOne(tx, batchKind, 'alpha', String(batch.registration)));
  await queue.enqueue('alpha', String(batch.registration));
  // Taken up with no runner: let go, still PROCESSING.
  let row = await read();
  for (let i = 0; i < 200 && row?.status === 'FETCHING'; i++) {
    await sleep(50);
    row = await read();
  }
  await sleep(1_000);
  row = await read();
  expect(row?.status).toBe('PROCESSING');
  queue.register('LATE_RUNNER', { run: async () => ({ message: 'Done late' }) });
  for (let i = 0; i < 200 && row?.status === 'PROCESSING'; i++) {
    await sleep(100);
    row = await read();
  }
  expect(row?.status).toBe('SUCCESS');
  await queue.stop();
}, 120_000);
