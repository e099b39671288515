import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTenant } from '../db/database.ts';
import { createBatch } from '../jobs/batch-records.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createUser, type SignedInUser } from '../testing/users.ts';

/**
 * A batch that ends tells the user who started it (the job queue's `batchEnded` slot): finished
 * with its result, failed with its error; a listener that fails does not undo the batch's end.
 */
let t: TestApp;
let clerk: SignedInUser;
const saved = { ...process.env };
beforeAll(async () => {
  Object.assign(process.env, { JOB_POLLING_SECONDS: '0.5' });
  t = await createTestApp();
  clerk = await createUser(t.app, t.alpha.headers, { username: 'clerk@alpha', lastName: 'Clerk', locale: 'fr-FR' });
  t.app.jobs.register('NOTIFY_TEST_OK', {
    chunk: async () => ({ done: 3, cursor: null, finished: true }),
    finish: async () => ({ status: 'SUCCESS', message: 'Three done', result: { invoices: 3 } }),
  });
  t.app.jobs.register('NOTIFY_TEST_FAIL', {
    chunk: async () => {
      throw new Error('The bank file is missing');
    },
  });
  // A listener that fails: logged, the end of the batch stays, the others are told.
  t.app.jobs.onBatchEnded(async () => {
    throw new Error('a listener failing');
  });
}, 180_000);
afterAll(async () => {
  process.env = saved;
  await t?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startBatch(type: string, name: string) {
  const caller = { tenant: 'alpha', username: clerk.username };
  const registration = await inTenant(t.db.database.db, { tenant: 'alpha', user: clerk.username }, async (tx) =>
    String((await createBatch(tx, caller, { type, name, parameters: {}, total: 3 })).registration),
  );
  await t.app.jobs.enqueue('alpha', registration);
  return registration;
}

async function inboxUntil(count: number) {
  for (let i = 0; i < 120; i++) {
    const list = (await t.call('GET', '/api/notification/notifications', clerk.headers)).json() as Record<
      string,
      unknown
    >[];
    if (list.length >= count) return list;
    await sleep(250);
  }
  throw new Error('no notification came');
}

describe('a batch that ends', () => {
  it('tells its starter it finished, with its result, in their language, the name the server made too', async () => {
    const registration = await startBatch('NOTIFY_TEST_OK', 'Billing up to 2025-01-31');
    const [n] = await inboxUntil(1);
    expect(n).toMatchObject({
      type: 'BATCH_FINISHED',
      title: 'Traitement terminé : Facturation jusqu’au 2025-01-31',
      body: 'Three done — invoices: 3',
      link: `/batch/${registration}`,
      about: { entity: 'Batch', registration },
      author: 'system',
    });
    const batch = (await t.call('GET', `/api/script/batches/${registration}`, t.alpha.headers)).json();
    expect(batch.status).toBe('SUCCESS');
    // The administrator did not start it: nothing for them.
    expect((await t.call('GET', '/api/notification/notifications', t.alpha.headers)).json()).toEqual([]);
  });

  it('tells its starter it failed, with the error', async () => {
    const registration = await startBatch('NOTIFY_TEST_FAIL', 'Bank import');
    const [n] = await inboxUntil(2);
    expect(n).toMatchObject({
      type: 'BATCH_FAILED',
      title: 'Traitement en échec : Bank import',
      body: 'The bank file is missing',
      link: `/batch/${registration}`,
    });
    const batch = (await t.call('GET', `/api/script/batches/${registration}`, t.alpha.headers)).json();
    expect(batch.status).toBe('ERROR');
  });
});
