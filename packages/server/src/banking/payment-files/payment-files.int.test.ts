import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityByName } from '@lbo/model/entity-registry';
import { inTenant } from '../../db/database.ts';
import * as storage from '../../entities/storage.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { cents, lifecycleClient } from '../../testing/lifecycle-client.ts';
import { fileSystemStore } from '../../db/object-store.ts';
import { generateDemoPaymentFiles } from './demo-payment-files.ts';
import { isTarget2BusinessDay } from './target2.ts';
import { xsdErrors, type SchemaVersion } from './xsd-validation.ts';

/**
 * SEPA payment files through the API, from invoices billed on a contract activated through its
 * lifecycle and issued: pain.008 (.02 and .08) on the payer's mandate, FRST then RCUR; pain.001
 * (.03 and .09) of payable invoices; each XML checked in process and by libxml2's xmllint as a
 * second, independent validator; control sums to the cent; an invoice never in two lines, even
 * when two generations run at once; a file the schema refuses never released; tenants apart;
 * bad input answered by the catalogue.
 */
let t: TestApp;
const c = lifecycleClient(() => t);
let seller = '';
let buyer = '';
let supplier = '';
let receivables: Invoice[] = [];

type Invoice = {
  registration: string;
  status: string;
  pr: string;
  dueDate: string;
  amountInclTax: number;
  totalBalance: number;
  invoiceNumber?: string;
  paymentMode?: string;
};
type PaymentFile = {
  registration: string;
  status: string;
  type: string;
  format: string;
  scheme?: string;
  count: number;
  totalAmount: number;
  currency: string;
  documentRegistration?: string;
  requestedDate: string;
  errorMessage?: string;
  batchRegistration?: string;
  organizationRegistration: string;
};
type Line = {
  registration: string;
  status: string;
  type: string;
  endToEndId: string;
  invoiceRegistration: string;
  amount: number;
  sequenceType?: string;
  mandateReference?: string;
  collectionDate: string;
  paymentFileRegistration: string;
  iban: string;
};
type Batch = {
  registration: string;
  status: string;
  type: string;
  total: number;
  done: number;
  log: { message: string }[];
  result?: { skipped?: { count: number; reasons: Record<string, number>; invoices: unknown[] } };
};

const today = () => new Date().toISOString().slice(0, 10);
const list = async <T>(url: string, headers = t.alpha.headers) => {
  const res = await c.call('GET', `${url}${url.includes('?') ? '&' : '?'}range=[0-249]`, undefined, headers);
  expect([200, 206], res.body).toContain(res.statusCode);
  return res.json() as T[];
};
const generate = (body: unknown, headers = t.alpha.headers) =>
  c.call('POST', '/api/billing/payment-files/generate', body, headers);

async function finished(batchRegistration: string, headers = t.alpha.headers): Promise<Batch> {
  let batch: Batch | undefined;
  for (let i = 0; i < 120; i++) {
    batch = (await c.call('GET', `/api/script/batches/${batchRegistration}`, undefined, headers)).json();
    if (['SUCCESS', 'WARNING', 'ERROR'].includes(batch!.status)) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  // A generation that left invoices out ends in WARNING with them in its result, else in SUCCESS.
  expect(batch!.status, JSON.stringify(batch!.log)).toBe(batch!.result?.skipped ? 'WARNING' : 'SUCCESS');
  return batch!;
}

/** Generates, waits for the batch, answers the files it made. */
async function run(
  body: Record<string, unknown>,
  headers = t.alpha.headers,
): Promise<{ batch: Batch; files: PaymentFile[] }> {
  const res = await generate(body, headers);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({
    type: body.type === 'SEPA_CREDIT_TRANSFER' ? 'PAYMENT' : 'COLLECTION',
    status: 'FETCHING',
  });
  const batch = await finished(res.json().registration, headers);
  return { batch, files: await list<PaymentFile>(`/api/billing/payment-files?batch=${batch.registration}`, headers) };
}

const linesOf = (file: string) => list<Line>(`/api/billing/payment-file-lines?paymentFile=${file}`);
const xmlOf = async (file: string) => {
  const res = await c.call('GET', `/api/billing/payment-files/${file}/xml`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('application/xml');
  return res.body;
};

/** libxml2's own xmllint, outside the product. */
async function xmllint(xml: string, version: SchemaVersion): Promise<void> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pain-')), `${version}.xml`);
  fs.writeFileSync(file, xml);
  const xsd = new URL(`../../../iso20022/xsd/${version}.xsd`, import.meta.url).pathname;
  const { stderr } = await promisify(execFile)('xmllint', ['--noout', '--schema', xsd, file]);
  expect(stderr).toContain('validates');
}

const all = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]);

/** Checks a file, its lines and its XML together; answers the XML. */
async function expectConsistent(file: PaymentFile, version: SchemaVersion): Promise<{ xml: string; lines: Line[] }> {
  expect(file).toMatchObject({ status: 'GENERATED', format: version, currency: 'EUR' });
  const lines = await linesOf(file.registration);
  expect(lines).toHaveLength(file.count);
  expect(cents(file.totalAmount)).toBe(lines.reduce((s, l) => s + cents(l.amount), 0));
  const xml = await xmlOf(file.registration);
  expect(await xsdErrors(xml, version)).toEqual([]);
  await xmllint(xml, version);
  // Control sums: the group header's and each block's, to the cent, as decimal strings.
  const sums = all(xml, 'CtrlSum');
  expect(sums[0]).toBe((cents(file.totalAmount) / 100).toFixed(2));
  expect(sums.slice(1).reduce((s, v) => s + cents(Number(v)), 0)).toBe(cents(file.totalAmount));
  expect(all(xml, 'NbOfTxs')[0]).toBe(String(file.count));
  // One EndToEndId per line: the line's own, unique.
  const ids = all(xml, 'EndToEndId');
  expect(ids.sort()).toEqual(lines.map((l) => l.endToEndId).sort());
  expect(new Set(ids).size).toBe(ids.length);
  for (const l of lines) expect(l.endToEndId).toBe(l.registration);
  for (const d of [...all(xml, 'ReqdColltnDt'), ...all(xml, 'ReqdExctnDt'), ...all(xml, 'Dt')])
    expect(isTarget2BusinessDay(d), d).toBe(true);
  return { xml, lines };
}

async function person(body: Record<string, unknown>) {
  const res = await c.call('POST', '/api/person/persons', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().registration as string;
}
const issue = async (registration: string) =>
  expect((await c.call('GET', `/api/billing/invoices/${registration}/transitions/ISSUE`)).statusCode).toBe(200);

beforeAll(async () => {
  t = await createTestApp();
  seller = await person({
    type: 'C',
    name: 'Crédit Bail du Nord SA',
    registrations: [{ type: 'SIR', number: '552100554' }],
    bankAccounts: [
      {
        name: 'Collections',
        bankIban: 'FR1420041010050500013M02606',
        bankBic: 'BNPAFRPP',
        sepaCreditorIdentifier: 'FR12ZZZ123456',
        collectionMethods: ['TRANSFER'],
      },
    ],
  });
  buyer = await person({
    type: 'C',
    name: 'Société Générale d’Élevage & Fils',
    registrations: [{ type: 'SIR', number: '732829320' }],
    bankAccounts: [
      {
        name: 'Main',
        bankIban: 'FR7630006000011234567890189',
        bankBic: 'AGRIFRPP',
        collectionMethods: ['SEPA_DIRECT_DEBIT'],
        sepaMandates: [
          {
            rumReference: 'RUM-ELEVAGE-0001',
            rumStatus: 'ACTIVE',
            rumDateOfSignature: '2025-01-10',
            rumType: 'CORE',
            rumFrequency: 'RCUR',
          },
        ],
      },
    ],
  });
  supplier = await person({
    type: 'C',
    name: 'Véhicules Utilitaires Müller',
    registrations: [{ type: 'SIR', number: '443061841' }],
    bankAccounts: [{ name: 'Sales', bankIban: 'DE89370400440532013000', bankBic: 'COBADEFFXXX' }],
  });
  const catalog = await c.catalogue();
  await c.activeContract(catalog, 0, {
    persons: [
      { role: 'CLIENT', personRegistration: buyer },
      { role: 'ORGANIZATION', personRegistration: seller },
    ],
  });
  const billed = await c.call('GET', `/api/script/runs/run-billing?date=2025-12-31&organizations=${seller}`);
  expect(billed.statusCode, billed.body).toBe(200);
  const due = (billed.json() as Invoice[])
    .filter((i) => i.pr === 'R')
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.registration.localeCompare(b.registration));
  expect(due.length).toBeGreaterThanOrEqual(9);
  for (const i of due.slice(0, 8)) await issue(i.registration);
  receivables = await Promise.all(
    due.map(async (i) => (await c.call('GET', `/api/billing/invoices/${i.registration}`)).json() as Invoice),
  );
  expect(receivables[0].paymentMode).toBe('SEPA_DIRECT_DEBIT');
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('direct debits (pain.008)', () => {
  let first: Line[] = [];

  it('pain.008.001.08: the first collections on the mandate are FRST, the file valid, its sums exact, its texts in the SEPA set', async () => {
    const { batch, files } = await run({
      type: 'SEPA_DIRECT_DEBIT',
      version: 'pain.008.001.08',
      dueUntil: receivables[1].dueDate,
    });
    expect(files).toHaveLength(1);
    const [file] = files;
    expect(file).toMatchObject({
      type: 'PAIN_008',
      scheme: 'CORE',
      count: 2,
      organizationRegistration: seller,
      batchRegistration: batch.registration,
    });
    expect(batch.done).toBe(batch.total);
    const { xml, lines } = await expectConsistent(file, 'pain.008.001.08');
    first = lines;
    expect(lines.map((l) => l.invoiceRegistration).sort()).toEqual(
      [receivables[0].registration, receivables[1].registration].sort(),
    );
    for (const l of lines) {
      expect(l).toMatchObject({
        status: 'DRAFT',
        type: 'DEBIT',
        sequenceType: 'FRST',
        mandateReference: 'RUM-ELEVAGE-0001',
        iban: 'FR7630006000011234567890189',
      });
      const invoice = receivables.find((i) => i.registration === l.invoiceRegistration)!;
      expect(cents(l.amount)).toBe(cents(invoice.totalBalance));
      // Collected after the lead time (D-1), on a TARGET2 business day.
      expect(l.collectionDate > today()).toBe(true);
      expect(isTarget2BusinessDay(l.collectionDate)).toBe(true);
    }
    expect(all(xml, 'SeqTp')).toEqual(['FRST']);
    expect(all(xml, 'Nm')).toContain("Societe Generale d'Elevage + Fils".replace("'", '&apos;'));
    expect(xml).toContain('<Nm>Credit Bail du Nord SA</Nm>');
    expect(xml).toContain('<Id>FR12ZZZ123456</Id>');
    expect(xml).toContain('<BICFI>AGRIFRPP</BICFI>');
    expect(xml).not.toMatch(/[éÉ&](?!(amp|apos|lt|gt|quot);)/);
    // The same XML is the file's document, downloadable.
    const docs = (await c.call('GET', `/api/billing/payment-files/${file.registration}/documents`)).json() as {
      _id: string;
      registration: string;
      type: string;
      name: string;
    }[];
    expect(docs.map((d) => [d.registration, d.type])).toEqual([[file.documentRegistration, 'PAYMENT_FILE']]);
    const content = await c.call(
      'GET',
      `/api/billing/payment-files/${file.registration}/documents/${docs[0]._id}/content`,
    );
    expect(content.statusCode, content.body).toBe(200);
    expect(content.body).toBe(xml);
    // Written with History.
    const history = await list<{ action: string }>(
      `/api/core/histories?entityName=PaymentFile&entityRegistration=${file.registration}`,
    );
    expect(history.map((h) => h.action)).toContain('CREATE');
  }, 60_000);

  it('pain.008.001.02: the next collections are RCUR; the invoices already in a line are not taken again', async () => {
    const { files } = await run({
      type: 'SEPA_DIRECT_DEBIT',
      version: 'pain.008.001.02',
      dueUntil: receivables[3].dueDate,
    });
    expect(files).toHaveLength(1);
    const { xml, lines } = await expectConsistent(files[0], 'pain.008.001.02');
    expect(lines.map((l) => l.invoiceRegistration).sort()).toEqual(
      [receivables[2].registration, receivables[3].registration].sort(),
    );
    expect(lines.every((l) => l.sequenceType === 'RCUR')).toBe(true);
    expect(all(xml, 'SeqTp')).toEqual(['RCUR']);
    expect(xml).toContain('<BIC>AGRIFRPP</BIC>');
    expect(lines.some((l) => first.some((f) => f.invoiceRegistration === l.invoiceRegistration))).toBe(false);
  }, 60_000);

  it('nothing left due: a batch without a file; draft invoices are never collected', async () => {
    const { files, batch } = await run({ type: 'SEPA_DIRECT_DEBIT', dueUntil: receivables[3].dueDate });
    expect(files).toEqual([]);
    expect(batch.total).toBe(0);
  }, 30_000);

  it('two generations at once put each invoice in one line only', async () => {
    const body = {
      type: 'SEPA_DIRECT_DEBIT',
      version: 'pain.008.001.08',
      dueUntil: receivables[receivables.length - 1].dueDate,
    };
    const [a, b] = await Promise.all([generate(body), generate(body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    await finished(a.json().registration);
    await finished(b.json().registration);
    const lines = (await list<Line>('/api/billing/payment-file-lines?type=DEBIT')).filter(
      (l) => l.status !== 'CANCELLED',
    );
    const invoices = lines.map((l) => l.invoiceRegistration);
    expect(new Set(invoices).size).toBe(invoices.length);
    // Every issued invoice collected once; the drafts never.
    expect(invoices.sort()).toEqual(
      receivables
        .filter((i) => i.status === 'ISSUED')
        .map((i) => i.registration)
        .sort(),
    );
  }, 60_000);

  it('a file the schema refuses is never released: DRAFT with the message, no document, its lines cancelled; fixed, the invoice goes in the next file', async () => {
    const lessor = await person({
      type: 'C',
      name: 'Bailleur Mal Configuré',
      registrations: [{ type: 'SIR', number: '542051180' }],
      bankAccounts: [
        {
          name: 'Collections',
          bankIban: 'FR7630004000031234567890143',
          bankBic: 'BNPAFRPP',
          sepaCreditorIdentifier: 'FR12ZZZ123456-MUCH-TOO-LONG-FOR-THE-SCHEMA',
        },
      ],
    });
    const created = await c.call('POST', '/api/billing/invoices', {
      name: 'Late fee',
      type: 'INVOICE',
      pr: 'R',
      paymentMode: 'SEPA_DIRECT_DEBIT',
      currency: 'EUR',
      dueDate: '2025-03-01',
      amountExclTax: 40,
      amountInclTax: 48,
      totalBalance: 48,
      organizationRegistration: lessor,
      persons: [
        { role: 'PAYER', personRegistration: buyer },
        { role: 'PAYEE', personRegistration: lessor },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    await issue(created.json().registration);
    const { files } = await run({ type: 'SEPA_DIRECT_DEBIT', dueUntil: '2025-03-31', organizations: [lessor] });
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ status: 'DRAFT', count: 1 });
    expect(files[0].errorMessage).toContain('pain.008.001.08');
    expect(files[0].documentRegistration).toBeUndefined();
    expect((await c.call('GET', `/api/billing/payment-files/${files[0].registration}/documents`)).json()).toEqual([]);
    expect((await c.call('GET', `/api/billing/payment-files/${files[0].registration}/xml`)).statusCode).toBe(404);
    expect((await linesOf(files[0].registration)).map((l) => l.status)).toEqual(['CANCELLED']);

    const row = (await c.call('GET', `/api/person/persons/${lessor}`)).json();
    const fixed = await c.call('PATCH', `/api/person/persons/${lessor}`, {
      bankAccounts: [{ ...row.bankAccounts[0], sepaCreditorIdentifier: 'FR44ZZZ654321' }],
      _version: row._version,
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const again = await run({ type: 'SEPA_DIRECT_DEBIT', dueUntil: '2025-03-31', organizations: lessor });
    expect(again.files).toHaveLength(1);
    const { lines } = await expectConsistent(again.files[0], 'pain.008.001.08');
    expect(lines.map((l) => [l.invoiceRegistration, l.amount])).toEqual([[created.json().registration, 48]]);
  }, 60_000);
});

describe('B2B direct debits', () => {
  it('a B2B mandate is collected by a B2B file only, with its own sequence', async () => {
    const company = await person({
      type: 'C',
      name: 'Logistique Œrsted & Cie',
      registrations: [{ type: 'SIR', number: '380129866' }],
      bankAccounts: [
        {
          name: 'Main',
          bankIban: 'FR7630004000031234567890143',
          collectionMethods: ['SEPA_DIRECT_DEBIT'],
          sepaMandates: [
            { rumReference: 'RUM-B2B-0001', rumStatus: 'SIGNED', rumDateOfSignature: '2025-02-01', rumType: 'B2B' },
          ],
        },
      ],
    });
    const created = await c.call('POST', '/api/billing/invoices', {
      name: 'Fleet service',
      type: 'INVOICE',
      pr: 'R',
      paymentMode: 'SEPA_DIRECT_DEBIT',
      currency: 'EUR',
      dueDate: '2025-02-20',
      amountExclTax: 500,
      amountInclTax: 600,
      totalBalance: 600,
      organizationRegistration: seller,
      persons: [
        { role: 'PAYER', personRegistration: company },
        { role: 'PAYEE', personRegistration: seller },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    await issue(created.json().registration);
    const core = await run({ type: 'SEPA_DIRECT_DEBIT', dueUntil: '2025-02-28', organizations: [seller] });
    expect(core.files).toEqual([]);
    expect(core.batch.log.map((l) => l.message).join('\n')).toContain(
      `${created.json().registration} left out: no valid CORE mandate of ${company}`,
    );
    // Not silently: the run ends in WARNING, its result counting what it left out, by reason.
    expect(core.batch.status).toBe('WARNING');
    expect(core.batch.result!.skipped).toEqual({
      count: 1,
      reasons: { [`no valid CORE mandate of ${company}`]: 1 },
      invoices: [{ invoiceRegistration: created.json().registration, reason: `no valid CORE mandate of ${company}` }],
    });
    expect(core.batch.log.at(-1)!.message).toBe(`1 invoice(s) left out: 1 × no valid CORE mandate of ${company}`);
    const b2b = await run({
      type: 'SEPA_DIRECT_DEBIT',
      version: 'pain.008.001.02',
      scheme: 'B2B',
      dueUntil: '2025-02-28',
      organizations: [seller],
    });
    expect(b2b.files).toHaveLength(1);
    expect(b2b.files[0]).toMatchObject({ scheme: 'B2B', count: 1, totalAmount: 600 });
    const { xml, lines } = await expectConsistent(b2b.files[0], 'pain.008.001.02');
    expect(lines[0]).toMatchObject({
      invoiceRegistration: created.json().registration,
      sequenceType: 'FRST',
      mandateReference: 'RUM-B2B-0001',
      bic: null,
    });
    expect(xml).toContain('<LclInstrm><Cd>B2B</Cd></LclInstrm>');
    // No BIC known: the debtor's agent is NOTPROVIDED (IBAN only).
    expect(xml).toContain('<DbtrAgt><FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId></DbtrAgt>');
    expect(xml).toContain('<Nm>Logistique OErsted + Cie</Nm>');
  }, 60_000);
});

describe('one-off mandates', () => {
  it('a one-off mandate is collected as OOFF', async () => {
    const client = await person({
      type: 'C',
      name: 'Café du Marché',
      registrations: [{ type: 'SIR', number: '404833048' }],
      bankAccounts: [
        {
          name: 'Main',
          bankIban: 'FR7630004000031234567890143',
          bankBic: 'BNPAFRPP',
          collectionMethods: ['SEPA_DIRECT_DEBIT'],
          sepaMandates: [
            {
              rumReference: 'RUM-OOFF-0001',
              rumStatus: 'ACTIVE',
              rumDateOfSignature: '2025-02-01',
              rumFrequency: 'OOFF',
            },
          ],
        },
      ],
    });
    const created = await c.call('POST', '/api/billing/invoices', {
      name: 'Repair',
      type: 'INVOICE',
      pr: 'R',
      paymentMode: 'SEPA_DIRECT_DEBIT',
      currency: 'EUR',
      dueDate: '2025-02-21',
      amountExclTax: 100,
      amountInclTax: 120,
      totalBalance: 120,
      organizationRegistration: seller,
      persons: [
        { role: 'PAYER', personRegistration: client },
        { role: 'PAYEE', personRegistration: seller },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    await issue(created.json().registration);
    const { files } = await run({ type: 'SEPA_DIRECT_DEBIT', dueUntil: '2025-02-28', organizations: [seller] });
    expect(files).toHaveLength(1);
    const { xml, lines } = await expectConsistent(files[0], 'pain.008.001.08');
    expect(lines.map((l) => [l.invoiceRegistration, l.sequenceType])).toEqual([[created.json().registration, 'OOFF']]);
    expect(all(xml, 'SeqTp')).toEqual(['OOFF']);
  }, 60_000);
});

describe('a file sent or cancelled', () => {
  it('SEND sends its lines; CANCEL cancels them and frees their invoices for the next file', async () => {
    const created = await Promise.all(
      ['2025-03-10', '2025-03-11'].map(async (dueDate) => {
        const res = await c.call('POST', '/api/billing/invoices', {
          name: 'Fee',
          type: 'INVOICE',
          pr: 'R',
          paymentMode: 'SEPA_DIRECT_DEBIT',
          currency: 'EUR',
          dueDate,
          amountExclTax: 10,
          amountInclTax: 12,
          totalBalance: 12,
          organizationRegistration: seller,
          persons: [
            { role: 'PAYER', personRegistration: buyer },
            { role: 'PAYEE', personRegistration: seller },
          ],
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().registration as string;
      }),
    );
    await issue(created[0]);
    const sent = (await run({ type: 'SEPA_DIRECT_DEBIT', dueUntil: '2025-03-10', organizations: [seller] })).files[0];
    expect((await c.call('GET', `/api/billing/payment-files/${sent.registration}/transitions/SEND`)).statusCode).toBe(
      200,
    );
    expect((await linesOf(sent.registration)).map((l) => l.status)).toEqual(['SENT']);

    await issue(created[1]);
    const cancelled = (await run({ type: 'SEPA_DIRECT_DEBIT', dueUntil: '2025-03-11', organizations: [seller] }))
      .files[0];
    expect((await linesOf(cancelled.registration)).map((l) => [l.invoiceRegistration, l.status])).toEqual([
      [created[1], 'DRAFT'],
    ]);
    expect(
      (await c.call('GET', `/api/billing/payment-files/${cancelled.registration}/transitions/CANCEL`)).statusCode,
    ).toBe(200);
    const lines = await linesOf(cancelled.registration);
    expect(lines.map((l) => l.status)).toEqual(['CANCELLED']);
    const history = await list<{ transition?: string }>(
      `/api/core/histories?entityName=PaymentFileLine&entityRegistration=${lines[0].registration}`,
    );
    expect(history.map((h) => h.transition)).toContain('CANCEL');
    // The demo book's hook: the freed invoice goes in its direct debits; no payable invoice yet, no transfer.
    const demo = await generateDemoPaymentFiles(t.db.database.db, fileSystemStore(t.objectsDir), t.alpha.tenant, {
      dueUntil: '2025-03-11',
      today: today(),
    });
    expect(demo.transfers.files).toEqual([]);
    expect(demo.debits.files).toHaveLength(1);
    const again = demo.debits.files[0] as unknown as PaymentFile;
    await expectConsistent(again, 'pain.008.001.08');
    expect((await linesOf(again.registration)).map((l) => l.invoiceRegistration)).toEqual([created[1]]);
  }, 60_000);
});

describe('credit transfers (pain.001)', () => {
  const payables: string[] = [];
  beforeAll(async () => {
    for (const [dueDate, amount] of [
      ['2025-04-30', 1234.56],
      ['2025-05-31', 0.1 + 0.2],
    ] as const) {
      const res = await c.call('POST', '/api/billing/invoices', {
        name: 'Van delivery',
        type: 'INVOICE',
        pr: 'P',
        paymentMode: 'TRANSFER',
        currency: 'EUR',
        dueDate,
        amountExclTax: amount,
        amountInclTax: amount,
        totalBalance: amount,
        organizationRegistration: seller,
        persons: [
          { role: 'PAYER', personRegistration: seller },
          { role: 'PAYEE', personRegistration: supplier },
        ],
      });
      expect(res.statusCode, res.body).toBe(201);
      await issue(res.json().registration);
      payables.push(res.json().registration);
    }
  }, 60_000);

  it('pain.001.001.03 then pain.001.001.09 pay each payable invoice once, to the supplier’s account', async () => {
    const first = await run({ type: 'SEPA_CREDIT_TRANSFER', version: 'pain.001.001.03', dueUntil: '2025-04-30' });
    expect(first.files).toHaveLength(1);
    const a = await expectConsistent(first.files[0], 'pain.001.001.03');
    expect(first.files[0]).toMatchObject({ type: 'PAIN_001', count: 1, totalAmount: 1234.56 });
    expect(a.lines[0]).toMatchObject({
      type: 'CREDIT',
      invoiceRegistration: payables[0],
      iban: 'DE89370400440532013000',
      amount: 1234.56,
    });
    expect(a.xml).toContain('<Nm>Vehicules Utilitaires Muller</Nm>');
    expect(a.xml).toMatch(/<ReqdExctnDt>\d{4}-\d{2}-\d{2}<\/ReqdExctnDt>/);

    const second = await run({ type: 'SEPA_CREDIT_TRANSFER', version: 'pain.001.001.09', dueUntil: '2025-12-31' });
    expect(second.files).toHaveLength(1);
    const b = await expectConsistent(second.files[0], 'pain.001.001.09');
    expect(b.lines.map((l) => [l.invoiceRegistration, l.amount])).toEqual([[payables[1], 0.3]]);
    expect(all(b.xml, 'CtrlSum')).toEqual(['0.30', '0.30']);
    expect(b.xml).toMatch(/<ReqdExctnDt><Dt>\d{4}-\d{2}-\d{2}<\/Dt><\/ReqdExctnDt>/);
  }, 60_000);
});

describe('tenants and bad input', () => {
  it('another tenant neither sees nor collects this one’s files and invoices', async () => {
    const files = await list<PaymentFile>('/api/billing/payment-files');
    expect(files.length).toBeGreaterThan(0);
    const { files: theirs } = await run({ type: 'SEPA_DIRECT_DEBIT', dueUntil: '2030-12-31' }, t.beta.headers);
    expect(theirs).toEqual([]);
    expect(await list('/api/billing/payment-files', t.beta.headers)).toEqual([]);
    expect(await list('/api/billing/payment-file-lines', t.beta.headers)).toEqual([]);
    const other = await c.call(
      'GET',
      `/api/billing/payment-files/${files[0].registration}/xml`,
      undefined,
      t.beta.headers,
    );
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('ENTITY_REGISTRATION_NOT_FOUND');
  }, 30_000);

  it('a cron plans the generation of the invoices due by its day plus daysAhead', async () => {
    const jobs = (t.app as unknown as { jobs: JobQueue }).jobs;
    const caller = { tenant: t.alpha.tenant, username: t.alpha.username };
    const planned = await inTenant(t.db.database.db, { tenant: caller.tenant, user: caller.username }, (tx) =>
      jobs.runnerOf('COLLECTION')!.plan!(
        tx,
        caller,
        { daysAhead: 5, version: 'pain.008.001.02', type: 'SEPA_CREDIT_TRANSFER' },
        '2025-02-24',
      ),
    );
    expect(planned.parameters).toMatchObject({
      type: 'SEPA_DIRECT_DEBIT',
      version: 'pain.008.001.02',
      scheme: 'CORE',
      dueUntil: '2025-03-01',
      today: '2025-02-24',
    });
    expect(planned.name).toBe('Direct debits CORE (pain.008.001.02) due by 2025-03-01');
    const transfers = await inTenant(t.db.database.db, { tenant: caller.tenant, user: caller.username }, (tx) =>
      jobs.runnerOf('PAYMENT')!.plan!(tx, caller, {}, '2025-02-24'),
    );
    expect(transfers.parameters).toMatchObject({
      type: 'SEPA_CREDIT_TRANSFER',
      version: 'pain.001.001.09',
      dueUntil: '2025-02-24',
    });
  });

  it('answers the catalogue’s errors', async () => {
    const expectError = async (body: unknown, status: number, code: string, text?: string) => {
      const res = await generate(body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().code).toBe(code);
      if (text) expect(res.json().message).toContain(text);
    };
    await expectError({ type: 'SEPA_DIRECT_DEBIT' }, 400, 'MISSING_FIELD_IN_BODY', 'dueUntil');
    await expectError({ type: 'SEPA_DIRECT_DEBIT', dueUntil: '2025-02-30' }, 400, 'INVALID_DATE_FIELD', 'dueUntil');
    await expectError(
      { type: 'SEPA_DIRECT_DEBIT', version: 'pain.001.001.09', dueUntil: '2025-02-28' },
      400,
      'INVALID_FIELD_VALUE',
      'version',
    );
    await expectError(
      { type: 'SEPA_CREDIT_TRANSFER', version: 'pain.008.001.02', dueUntil: '2025-02-28' },
      400,
      'INVALID_FIELD_VALUE',
      'version',
    );
    const wrongType = await generate({ type: 'CHEQUE', dueUntil: '2025-02-28' });
    expect(wrongType.statusCode).toBe(400);
    const noBody = await generate(undefined);
    expect(noBody.statusCode).toBe(400);
    const anonymous = await t.call(
      'POST',
      '/api/billing/payment-files/generate',
      {},
      { type: 'SEPA_DIRECT_DEBIT', dueUntil: '2025-02-28' },
    );
    expect(anonymous.statusCode).toBe(401);
    expect((await c.call('GET', '/api/billing/payment-files/PF999999/xml')).statusCode).toBe(404);
  });
});

describe('an invoice without its seller', () => {
  it('issued before the seller was required, it is left out of the direct debits, said and counted, never silently', async () => {
    // What an invoice issued without a lessor organization left in a book (its number of no one's sequence).
    await inTenant(t.db.database.db, { tenant: 'alpha', user: 'test' }, (tx) =>
      storage.insertRow(tx, entityByName('Invoice')!, 'alpha', 'test', {
        registration: 'INV-NOSELLER',
        status: 'ISSUED',
        type: 'INVOICE',
        name: 'Rent without a seller',
        invoiceNumber: '2026-NONE-000001',
        pr: 'R',
        paymentMode: 'SEPA_DIRECT_DEBIT',
        currency: 'EUR',
        dueDate: '2024-12-02',
        amountExclTax: 100,
        amountInclTax: 120,
        totalBalance: 120,
        organizationRegistration: null,
        persons: [
          { role: 'PAYER', personRegistration: 'PRO000001' },
          { role: 'PAYEE', personRegistration: '' },
        ],
      }),
    );
    const { batch, files } = await run({ type: 'SEPA_DIRECT_DEBIT', dueUntil: '2024-12-02' });
    expect(files).toEqual([]);
    expect(batch.status).toBe('WARNING');
    const reason = 'no lessor organization (the invoice names no seller)';
    expect(batch.result!.skipped).toMatchObject({
      count: 1,
      reasons: { [reason]: 1 },
      invoices: [{ invoiceRegistration: 'INV-NOSELLER', reason }],
    });
    expect(batch.log.map((l) => l.message).join('\n')).toContain(`INV-NOSELLER left out: ${reason}`);
  });
});
