import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { fileSystemStore } from '../../db/object-store.ts';
import { uploadFile } from '../../testing/multipart.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { camt053File } from './camt-generator.ts';

/**
 * A background camt import that cannot go on (its kept file gone before any worker read it): its
 * batch ends in ERROR and its Camt leaves IMPORTING for ERROR with the reason, nothing written.
 */
let t: TestApp;
let worker: FastifyInstance | undefined;
const saved = { ...process.env };
beforeAll(async () => {
  // This server queues the import but works on no job; a second one, started later, does.
  Object.assign(process.env, { JOB_WORKER: '0', JOB_POLLING_SECONDS: '0.5', JOB_RESUME_SECONDS: '1' });
  t = await createTestApp({ camtBackgroundTransactions: 10 });
}, 120_000);
afterAll(async () => {
  process.env = saved;
  await worker?.close();
  await t?.close();
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a background camt import that fails', () => {
  it('ends its batch in ERROR and its Camt in ERROR with the reason', async () => {
    const entries = Array.from({ length: 40 }, (_, i) => ({
      amount: `${i + 1}.00`,
      creditDebit: 'CRDT' as const,
      endToEndId: `E2E-F-${i}`,
      remittance: `Payment ${i}`,
    }));
    const file = camt053File(
      { messageId: 'MSG-FAIL-1', statementId: 'STMT-FAIL-1', iban: 'FR7630006000011234567890189', opening: '0.00' },
      entries,
    );
    const res = await uploadFile(t, t.alpha, '/api/billing/camts/import', {
      name: 'lost.xml',
      content: file,
      type: 'application/xml',
    });
    expect(res.statusCode, res.body).toBe(202);
    const queued = res.json();
    const document = (
      await t.call('GET', `/api/core/documents/${queued.documentRegistration}`, t.alpha.headers)
    ).json();
    const store = fileSystemStore(t.objectsDir);
    await store.remove(String(document.storageKey));

    process.env.JOB_WORKER = '1';
    worker = await buildApp({ database: t.db.database, objectStore: store });
    let camt = queued;
    for (let i = 0; i < 200 && camt.status === 'IMPORTING'; i++) {
      await sleep(250);
      camt = (await t.call('GET', `/api/billing/camts/${queued.registration}`, t.alpha.headers)).json();
    }
    expect(camt.status, JSON.stringify(camt)).toBe('ERROR');
    expect(camt.errorMessage).toContain('not kept');
    const batch = (await t.call('GET', `/api/script/batches/${queued.batchRegistration}`, t.alpha.headers)).json();
    expect(batch).toMatchObject({ type: 'CAMT_IMPORT', status: 'ERROR' });
    const written = await t.call(
      'GET',
      `/api/bank/bank-transactions?camtRegistration=${queued.registration}&range=[0-9]`,
      t.alpha.headers,
    );
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json()).toEqual([]);
  }, 120_000);
});
