import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityByName } from '@lbo/model/entity-registry';
import { asOwner, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { lifecycleClient } from '../../testing/lifecycle-client.ts';
import { creditorReferenceBody, creditorReferencesIn } from '@lbo/model/values/creditor-reference';
import { defaultInvoiceLayout } from './invoice-layout.ts';
import { renderInvoicePdf } from './render-invoice-pdf.ts';

/**
 * Issued invoices' PDFs through the API: billed from a contract, issued through the workflow
 * route, read back through the spec's two calls (001 §7: the INVOICE documents, then the first
 * one's content with its token, no session) and read with poppler's pdftotext.
 */
let t: TestApp;
const c = lifecycleClient(() => t);
type Invoice = {
  registration: string;
  pr: string;
  invoiceNumber?: string;
  amountExclTax: number;
  amountInclTax: number;
  _version: number;
  taxes: { rate: number; base: number; tax: number }[];
};
let invoices: Invoice[] = [];

const pdfText = (pdf: Buffer) => {
  const out = spawnSync('pdftotext', ['-', '-'], { input: pdf });
  expect(out.status, String(out.stderr)).toBe(0);
  // pdftotext marks right-to-left runs with embedding controls.
  return out.stdout.toString('utf8').replace(/[\u202A-\u202E]/g, '');
};
const objectCount = () =>
  fs.readdirSync(t.objectsDir, { recursive: true }).filter((f) => fs.statSync(`${t.objectsDir}/${f}`).isFile()).length;

/** The spec's two calls: the INVOICE documents of the invoice, then the first one opened with its token and no session. */
async function issuedPdf(registration: string): Promise<Buffer> {
  const listed = await c.call('GET', `/api/billing/invoices/${registration}/documents?type=INVOICE`);
  expect(listed.statusCode, listed.body).toBe(200);
  const docs = listed.json() as { _id: string; token: string; type: string; contentType: string }[];
  expect(docs).toHaveLength(1);
  expect(docs[0]).toMatchObject({ type: 'INVOICE', contentType: 'application/pdf' });
  const content = await t.call(
    'GET',
    `/api/billing/invoices/${registration}/documents/${docs[0]._id}/content?contentDisposition=inline&token=${docs[0].token}`,
  );
  expect(content.statusCode, content.body).toBe(200);
  expect(content.headers['content-type']).toContain('application/pdf');
  expect(String(content.headers['content-disposition'])).toMatch(/^inline/);
  return content.rawPayload;
}

async function issue(invoice: Invoice, language: string) {
  const current = (await c.call('GET', `/api/billing/invoices/${invoice.registration}`)).json() as Invoice;
  const patched = await c.call('PATCH', `/api/billing/invoices/${invoice.registration}`, {
    language,
    _version: current._version,
  });
  expect(patched.statusCode, patched.body).toBe(200);
  const issued = await c.run('../billing/invoices', invoice.registration, 'ISSUE');
  expect(issued.statusCode, issued.body).toBe(200);
  return issued.json() as Invoice;
}

const money = (v: number, group: string, point: string) => {
  const [units, minor] = Math.abs(v).toFixed(2).split('.');
  return `${v < 0 ? '-' : ''}${units.replace(/\B(?=(\d{3})+(?!\d))/g, group)}${point}${minor} EUR`;
};

beforeAll(async () => {
  t = await createTestApp();
  const post = async (body: Record<string, unknown>) => {
    const res = await c.call('POST', '/api/person/persons', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().registration as string;
  };
  const seller = await post({
    type: 'C',
    name: 'Crédit Bail du Nord SA',
    registrations: [
      { type: 'SIR', number: '552100554' },
      { type: 'EVA', number: 'FR96552100554' },
    ],
    addresses: [{ type: 'HEAD_OFFICE', address1: '4 rue du Port', zipcode: '59000', city: 'Lille', country: 'FR' }],
    bankAccounts: [
      {
        name: 'Collections',
        bankIban: 'FR1420041010050500013M02606',
        bankBic: 'BNPAFRPP',
        sepaCreditorIdentifier: 'FR12ZZZ123456',
      },
    ],
  });
  const buyer = await post({
    type: 'C',
    name: 'Transports Durand SARL',
    registrations: [{ type: 'SIR', number: '732829320' }],
    addresses: [{ type: 'BILLING', address1: '12 avenue Foch', zipcode: '75016', city: 'Paris', country: 'FR' }],
    bankAccounts: [
      {
        name: 'Main',
        bankIban: 'FR7630006000011234567890189',
        bankBic: 'AGRIFRPP',
        collectionMethods: ['SEPA_DIRECT_DEBIT'],
        sepaMandates: [{ rumReference: 'RUM-DURAND-0001', rumStatus: 'SIGNED', rumDateOfSignature: '2025-01-10' }],
      },
    ],
  });
  const catalog = await c.catalogue();
  await c.activeContract(catalog, 0, {
    persons: [
      { role: 'CLIENT', personRegistration: buyer },
      { role: 'ORGANIZATION', personRegistration: seller },
    ],
  });
  const billed = await c.call('GET', `/api/script/runs/run-billing?date=2025-06-30&organizations=${seller}`);
  expect(billed.statusCode, billed.body).toBe(200);
  invoices = (billed.json() as Invoice[]).filter((i) => i.pr === 'R');
  expect(invoices.length).toBeGreaterThanOrEqual(4);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('invoice PDFs', () => {
  it('issued in French: stored as its INVOICE document, with number, totals per rate, total to the cent, amount in words and the direct debit', async () => {
    const issued = await issue(invoices[0], 'fr');
    const text = pdfText(await issuedPdf(issued.registration));
    expect(text).toContain('Facture');
    expect(text).toContain(issued.invoiceNumber);
    expect(text).toContain('Crédit Bail du Nord SA');
    expect(text).toContain('FR96552100554');
    expect(text).toContain('Transports Durand SARL');
    for (const rate of issued.taxes) {
      expect(text).toContain(money(rate.base, ' ', ','));
      expect(text).toContain(money(rate.tax, ' ', ','));
    }
    expect(text).toContain(`Total TTC\n`);
    expect(text).toContain(money(issued.amountInclTax, ' ', ','));
    expect(text).toContain(money(issued.amountExclTax, ' ', ','));
    const [units, cents] = issued.amountInclTax.toFixed(2).split('.');
    const words = (await import('n2words/fr-FR')).toCardinal(BigInt(units));
    expect(text.replace(/\s+/g, ' ')).toContain(`${words} euro`);
    if (cents !== '00')
      expect(text.replace(/\s+/g, ' ')).toContain(
        `${(await import('n2words/fr-FR')).toCardinal(BigInt(cents))} centime`,
      );
    expect(text).toContain('RUM-DURAND-0001');
    expect(text).toContain('FR12ZZZ123456');
    expect(text).toContain('FR7630006000011234567890189');
  });

  it('paid by transfer: the payment instructions print the ISO 11649 reference statements are matched by', async () => {
    const invoice = {
      registration: 'INV000900',
      invoiceNumber: '2025-ORG000001-000042',
      type: 'INVOICE',
      currency: 'EUR',
      amountExclTax: 100,
      amountInclTax: 120,
      taxes: [{ taxCode: 'VAT20', rate: 0.2, base: 100, tax: 20 }],
      dueDate: '2025-07-15',
      issueDate: '2025-06-30',
      paymentMode: 'TRANSFER',
      iban: 'FR1420041010050500013M02606',
      bic: 'BNPAFRPP',
    };
    const lines = [
      {
        registration: 'INV000900-001',
        label: 'Rent',
        dueDate: '2025-07-15',
        amountExclTax: 100,
        taxRate: 0.2,
        tax: 20,
        amountInclTax: 120,
      },
    ];
    const text = pdfText(
      await renderInvoicePdf(
        invoice,
        lines,
        { name: 'Crédit Bail du Nord SA' },
        { name: 'Transports Durand SARL' },
        defaultInvoiceLayout,
        'en',
      ),
    );
    const [reference] = creditorReferencesIn(text);
    expect(reference).toBe('2025ORG000001000042');
    expect(text).toMatch(/Payment reference\s+RF\d{2}2025ORG000001000042/);
    expect(creditorReferenceBody(/RF\d{2}2025ORG000001000042/.exec(text)![0])).toBe(reference);
  });

  it('in English: the amount in words in English', async () => {
    const issued = await issue(invoices[1], 'en');
    const text = pdfText(await issuedPdf(issued.registration)).replace(/\s+/g, ' ');
    expect(text).toContain('Invoice');
    expect(text).toContain(`Total incl. tax ${money(issued.amountInclTax, ',', '.')}`.split(' ').slice(0, 3).join(' '));
    expect(text).toContain(money(issued.amountInclTax, ',', '.'));
    const [units] = issued.amountInclTax.toFixed(2).split('.');
    expect(text).toContain(`${(await import('n2words/en-IE')).toCardinal(BigInt(units))} euro`);
    expect(text).toContain('Mandate reference RUM-DURAND-0001');
  });

  it('in Arabic: the words come out in logical order', async () => {
    const issued = await issue(invoices[2], 'ar');
    const text = pdfText(await issuedPdf(issued.registration));
    for (const word of ['فاتورة', 'المجموع شامل الضريبة', 'تاريخ الاستحقاق', 'المبلغ بالحروف'])
      expect(text).toContain(word);
    const [units] = issued.amountInclTax.toFixed(2).split('.');
    expect(text).toContain((await import('n2words/ar-SA')).toCardinal(BigInt(units)));
    expect(text).toContain(issued.invoiceNumber);
  });

  it('a draft is previewed without storing anything', async () => {
    const before = objectCount();
    const res = await c.call('GET', `/api/billing/invoices/${invoices[3].registration}/pdf-preview`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(pdfText(res.rawPayload)).toContain(invoices[3].registration);
    expect(objectCount()).toBe(before);
    expect((await t.call('GET', `/api/billing/invoices/${invoices[3].registration}/pdf-preview`)).statusCode).toBe(401);
    expect((await c.call('GET', '/api/billing/invoices/INV999999/pdf-preview')).json().code).toBe(
      'ENTITY_REGISTRATION_NOT_FOUND',
    );
    expect(
      (await t.call('GET', `/api/billing/invoices/${invoices[3].registration}/pdf-preview`, t.beta.headers)).statusCode,
    ).toBe(404);
  });

  it('an ISSUE that fails after the PDF is stored leaves no document and no stored content', async () => {
    const target = invoices[3].registration;
    const table = entityByName('Invoice')!.table;
    await asOwner(t.db, [
      `CREATE FUNCTION refuse_issue() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.status = 'ISSUED' AND NEW.registration = '${target}' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`,
      `CREATE TRIGGER refuse_issue BEFORE UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION refuse_issue()`,
    ]);
    const before = objectCount();
    const res = await c.run('../billing/invoices', target, 'ISSUE');
    expect(res.statusCode).not.toBe(200);
    expect(objectCount()).toBe(before);
    const listed = await c.call('GET', `/api/billing/invoices/${target}/documents?type=INVOICE`);
    expect(listed.json()).toEqual([]);
    expect((await c.call('GET', `/api/billing/invoices/${target}`)).json().status).toBe('DRAFT');
    await asOwner(t.db, [`DROP TRIGGER refuse_issue ON ${table}`, 'DROP FUNCTION refuse_issue()']);
  });
});
