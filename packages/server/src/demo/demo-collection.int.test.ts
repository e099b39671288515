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
 * A fresh start shows the demo's collections: both kinds of SEPA file with their XML, the bank's
 * statements imported with matched, returned and unmatched entries, the returned debits' cases,
 * and late payers at a dunning level.
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
}, 1_200_000);
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
  it('shows its collections by SEPA: direct-debit and transfer files, sent, with their XML', async () => {
    const files = (await get('/api/billing/payment-files?range=[0-249]')) as {
      registration: string;
      type: string;
      status: string;
      documentRegistration?: string;
    }[];
    // Every file written by the product, with its XML.
    const sent = files.filter((f) => f.status === 'SENT' && f.documentRegistration);
    expect(sent).toHaveLength(files.length);
    expect(new Set(sent.map((f) => f.type))).toEqual(new Set(['PAIN_008', 'PAIN_001']));
    for (const file of sent) {
      const xml = await app.inject({ url: `/api/billing/payment-files/${file.registration}/xml`, headers });
      expect(xml.statusCode, xml.body).toBe(200);
      expect(xml.body).toMatch(/urn:iso:std:iso:20022:tech:xsd:pain\.00[18]/);
    }
  });

  it('shows the bank statements answering them: entries matched, some returned, one left to reconcile', async () => {
    const camts = (await get('/api/billing/camts?range=[0-49]')) as {
      registration: string;
      status: string;
      fileName?: string;
      matchedCount: number;
      returnedCount: number;
      unmatchedCount: number;
    }[];
    // One statement per collection: each quarter's end and the book's date.
    expect(camts).toHaveLength(6);
    for (const camt of camts) expect(camt.matchedCount, camt.registration).toBeGreaterThan(0);
    const last = camts.find((c) => c.fileName === 'statement-2025-06-30.xml')!;
    expect(last.returnedCount).toBe(1);
    expect(last.unmatchedCount).toBe(1);
    expect(camts.filter((c) => c !== last).every((c) => c.unmatchedCount === 0)).toBe(true);
    const rejected = (await get('/api/billing/payment-file-lines?status=REJECTED&range=[0-99]')) as {
      returnReasonCode?: string;
    }[];
    expect(rejected.map((l) => l.returnReasonCode).sort()).toEqual(['AM04', 'AM04', 'MS02']);
  });

  it('shows collection cases and invoices at a dunning level', async () => {
    const cases = (await get('/api/case/cases?range=[0-249]')) as {
      reasonCode?: string;
      dunningLevel?: string;
      invoiceRegistration: string;
    }[];
    expect(cases.some((c) => c.reasonCode === 'AM04')).toBe(true);
    expect(cases.some((c) => c.dunningLevel)).toBe(true);
    // The money of a returned debit came back: its invoice stays unpaid, though its credit is on the same statement.
    for (const c of cases.filter((c) => c.reasonCode)) {
      const invoice = await get(`/api/billing/invoices/${c.invoiceRegistration}`);
      expect(invoice.status, c.invoiceRegistration).toBe('ISSUED');
    }
  });
});
