import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { fileSystemStore } from '../db/object-store.ts';
import { bootstrap } from '../product.ts';
import { createTestDatabase, signIn, type TestDatabase } from '../testing/test-app.ts';

/**
 * A fresh start with its object store shows the demo's last month collected: both kinds of SEPA
 * file with their XML, the bank's statement imported with matched, returned and unmatched
 * entries, the returned debit's case, and late payers at a dunning level.
 */
let db: TestDatabase;
let app: FastifyInstance;
let headers: Record<string, string>;
const objects = fs.mkdtempSync(path.join(os.tmpdir(), 'lbo-demo-objects-'));
beforeAll(async () => {
  db = await createTestDatabase();
  const store = fileSystemStore(objects);
  await bootstrap(db.database.db, { demoData: true, adminPassword: 'Demo-Collect-1', objectStore: store });
  app = await buildApp({ database: db.database, objectStore: store });
  headers = { authorization: `Bearer ${await signIn(app, 'admin@demo', 'Demo-Collect-1')}` };
}, 400_000);
afterAll(async () => {
  await app?.close();
  await db?.dispose();
  fs.rmSync(objects, { recursive: true, force: true });
});

const get = async (url: string) => {
  const res = await app.inject({ url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('the demo tenant on a fresh start with its store', () => {
  it('shows its last month collected by SEPA: a direct-debit and a transfer file, sent, with their XML', async () => {
    const files = (await get('/api/billing/payment-files?range=[0-249]')) as {
      registration: string;
      type: string;
      status: string;
      documentRegistration?: string;
    }[];
    // Written by the product (the book's older files have no XML).
    const sent = files.filter((f) => f.status === 'SENT' && f.documentRegistration);
    expect(new Set(sent.map((f) => f.type))).toEqual(new Set(['PAIN_008', 'PAIN_001']));
    for (const file of sent) {
      const xml = await app.inject({ url: `/api/billing/payment-files/${file.registration}/xml`, headers });
      expect(xml.statusCode, xml.body).toBe(200);
      expect(xml.body).toMatch(/urn:iso:std:iso:20022:tech:xsd:pain\.00[18]/);
    }
  });

  it('shows the bank statement answering them: entries matched, one returned, one left to reconcile', async () => {
    const [camt] = (await get('/api/billing/camts?range=[0-9]')) as {
      registration: string;
      matchedCount: number;
      returnedCount: number;
      unmatchedCount: number;
    }[];
    expect(camt.matchedCount).toBeGreaterThan(0);
    expect(camt.returnedCount).toBe(1);
    expect(camt.unmatchedCount).toBe(1);
    const rejected = (await get('/api/billing/payment-file-lines?status=REJECTED&range=[0-99]')) as {
      returnReasonCode?: string;
    }[];
    expect(rejected.filter((l) => l.returnReasonCode).map((l) => l.returnReasonCode)).toEqual(['AM04']);
  });

  it('shows collection cases and invoices at a dunning level', async () => {
    const cases = (await get('/api/case/cases?range=[0-249]')) as { reasonCode?: string; dunningLevel?: string }[];
    expect(cases.some((c) => c.reasonCode === 'AM04')).toBe(true);
    expect(cases.some((c) => c.dunningLevel)).toBe(true);
  });
});
