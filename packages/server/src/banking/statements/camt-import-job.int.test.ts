import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityByName } from '@lbo/model/entity-registry';
import { inTenant } from '../../db/database.ts';
import { fileSystemStore } from '../../db/object-store.ts';
import { uploadFile } from '../../testing/multipart.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { importCamt } from './camt-import.operation.ts';
import { camt053File, type GeneratedEntry } from './camt-generator.ts';

/**
 * A camt file over the background threshold: checked whole in the request (202, IMPORTING, its
 * CAMT_IMPORT batch), then written chunk after chunk by the batch and matched; the rows and counts
 * are exactly those of the same file imported in one request; the same file again adds nothing.
 */
const THRESHOLD = 500;
const ENTRIES = 2300;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ camtBackgroundTransactions: THRESHOLD });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const entries: GeneratedEntry[] = Array.from({ length: ENTRIES }, (_, i) => ({
  amount: `${(i % 97) + 1}.${String(i % 100).padStart(2, '0')}`,
  creditDebit: i % 5 === 0 ? 'DBIT' : 'CRDT',
  endToEndId: `E2E-${i}`,
  remittance: `Payment ${i}`,
  counterpartyName: `Payer ${i % 13}`,
}));
const file = camt053File(
  { messageId: 'MSG-LARGE-1', statementId: 'STMT-LARGE-1', iban: 'FR7630006000011234567890189', opening: '1000.00' },
  entries,
);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Rows of a camt, without what names the tenant's own records. */
async function rowsOf(tenant: string, camt: string) {
  return inTenant(t.db.database.db, { tenant, user: 'test' }, async (tx) => {
    const of = async (kind: string) =>
      (
        await sql<{
          status: string;
          data: Record<string, unknown>;
        }>`SELECT status, data FROM ${sql.table(entityByName(kind)!.table)}
      WHERE tenant = ${tenant} AND data->>'camtRegistration' = ${camt} ORDER BY registration`.execute(tx)
      ).rows.map(
        ({ status, data: { registration: _r, camtRegistration: _c, bankStatementRegistration: _s, ...rest } }) => ({
          status,
          ...rest,
        }),
      );
    return { statements: await of('BankStatement'), transactions: await of('BankTransaction') };
  });
}

describe('a large camt file imported in the background', () => {
  it('answers 202, imports in chunks, and writes exactly what the import in one request writes; again, nothing', async () => {
    const res = await uploadFile(t, t.alpha, '/api/billing/camts/import', {
      name: 'large.xml',
      content: file,
      type: 'application/xml',
    });
    expect(res.statusCode, res.body).toBe(202);
    const queued = res.json();
    expect(queued).toMatchObject({ status: 'IMPORTING', messageId: 'MSG-LARGE-1' });
    expect(queued.batchRegistration).toBeTruthy();
    const importBatch = queued.batchRegistration;

    let camt = queued;
    for (let i = 0; i < 600 && camt.status !== 'PROCESSED'; i++) {
      await sleep(200);
      camt = (await t.call('GET', `/api/billing/camts/${queued.registration}`, t.alpha.headers)).json();
    }
    expect(camt.status, JSON.stringify(camt)).toBe('PROCESSED');
    const batch = (await t.call('GET', `/api/script/batches/${importBatch}`, t.alpha.headers)).json();
    expect(batch).toMatchObject({ type: 'CAMT_IMPORT', status: 'SUCCESS', done: ENTRIES, total: ENTRIES });
    // The matching followed as its own batch, named by the Camt once the import was done.
    expect(camt.batchRegistration).not.toBe(importBatch);
    // The Camt is marked PROCESSED by the matching's last step, just before its batch is closed.
    let matching = { status: 'PROCESSING' };
    for (let i = 0; i < 50 && matching.status === 'PROCESSING'; i++) {
      matching = (await t.call('GET', `/api/script/batches/${camt.batchRegistration}`, t.alpha.headers)).json();
      if (matching.status === 'PROCESSING') await sleep(100);
    }
    expect(matching).toMatchObject({ type: 'BANK_MATCHING', status: 'SUCCESS' });

    // The same file imported in one request, in another tenant.
    const inRequest = await importCamt(
      t.db.database.db,
      { tenant: 'beta', username: t.beta.username, isAdmin: true } as never,
      { content: file, fileName: 'large.xml' },
      { store: fileSystemStore(t.objectsDir), backgroundThreshold: 100_000 },
    );
    expect(inRequest.created).toBe(true);
    const counts = (d: Record<string, unknown>) =>
      Object.fromEntries(
        [
          'statementCount',
          'entryCount',
          'transactionCount',
          'duplicateCount',
          'matchedCount',
          'returnedCount',
          'unmatchedCount',
        ].map((k) => [k, d[k]]),
      );
    expect(counts(camt)).toEqual(counts(inRequest.camt));
    expect(camt).toMatchObject({
      statementCount: 1,
      entryCount: ENTRIES,
      transactionCount: ENTRIES,
      duplicateCount: 0,
    });
    const background = await rowsOf('alpha', camt.registration);
    const direct = await rowsOf('beta', String(inRequest.camt.registration));
    expect(background.transactions.length).toBe(ENTRIES);
    expect(new Set(background.transactions.map((r) => (r as Record<string, unknown>).endToEndId)).size).toBe(ENTRIES);
    expect(background).toEqual(direct);
    expect(background.statements[0]).toMatchObject({ balanced: true, transactionCount: ENTRIES });

    // Again: the earlier Camt, nothing added, no batch.
    const again = await uploadFile(t, t.alpha, '/api/billing/camts/import', {
      name: 'large.xml',
      content: file,
      type: 'application/xml',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().registration).toBe(camt.registration);
    expect((await rowsOf('alpha', camt.registration)).transactions.length).toBe(ENTRIES);
    const camts = (await t.call('GET', '/api/billing/camts?range=[0-9]', t.alpha.headers)).json();
    expect(camts.length).toBe(1);
  }, 300_000);

  it('refuses a large file not well-formed in the request: 400 INVALID_XML, nothing written', async () => {
    const broken = Buffer.from(file.toString('utf8').replace('</Document>', ''), 'utf8');
    const res = await uploadFile(t, t.alpha, '/api/billing/camts/import', {
      name: 'broken.xml',
      content: broken,
      type: 'application/xml',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_XML');
    expect(
      (await t.call('GET', '/api/script/batches?type=CAMT_IMPORT&range=[0-9]', t.alpha.headers)).json().length,
    ).toBe(1);
  });
});
