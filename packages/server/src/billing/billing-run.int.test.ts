import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { cents, lifecycleClient, sum } from '../testing/lifecycle-client.ts';

/**
 * The billing run through the API on contracts activated through their lifecycle: every line due
 * by the date invoiced once, checked line by line against the stored schedules, totals per tax
 * rate to the cent; run twice, two runs at once, and in the background as a Batch.
 */
let t: TestApp;
const c = lifecycleClient(() => t);
let contracts: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const catalog = await c.catalogue();
  contracts = [
    (await c.activeContract(catalog)).contract.registration,
    (await c.activeContract(catalog, 0)).contract.registration,
  ];
}, 120_000);
afterAll(async () => {
  delete process.env.BILLING_BACKGROUND_ELEMENTS;
  await t?.close();
});

type Line = {
  number: number;
  dueDate: string;
  status: string;
  amountExclTax: number;
  tax: number;
  amountInclTax: number;
  taxCode?: string;
  invoiceRegistration?: string;
};
type Element = { registration: string; pr: string; status: string; lines: Line[] };
type InvoiceLine = {
  registration: string;
  invoiceRegistration: string;
  elementRegistration: string;
  lineNumber: number;
  amountExclTax: number;
  tax: number;
  taxCode?: string;
};

/** Every record of a list, page after page. */
const list = async <T>(url: string): Promise<T[]> => {
  const all: T[] = [];
  for (let from = 0; ; from += 250) {
    const res = await c.call('GET', `${url}${url.includes('?') ? '&' : '?'}range=[${from}-${from + 249}]`);
    expect(res.statusCode, res.body).toBe(200);
    all.push(...(res.json() as T[]));
    if (res.headers['pagination-continues'] !== 'true') return all;
  }
};
const allElements = async () =>
  (await Promise.all(contracts.map((k) => c.elementsOf(k)))).flat() as unknown as Element[];
const allInvoiceLines = () => list<InvoiceLine>('/api/billing/invoice-lines');

/** Every line due by `date` is INVOICED by exactly one invoice line of its amounts; no later line is. */
async function expectBilledOnce(date: string) {
  const elements = (await allElements()).filter((e) => e.status === 'ACTIVE');
  const invoiceLines = await allInvoiceLines();
  const byLine = new Map<string, InvoiceLine[]>();
  for (const l of invoiceLines)
    byLine.set(`${l.elementRegistration}#${l.lineNumber}`, [
      ...(byLine.get(`${l.elementRegistration}#${l.lineNumber}`) ?? []),
      l,
    ]);
  let due = 0;
  for (const e of elements) {
    for (const l of e.lines) {
      const billed = byLine.get(`${e.registration}#${l.number}`) ?? [];
      if (l.status === 'CANCELLED') continue;
      if (l.dueDate <= date) {
        due++;
        expect(l.status, `${e.registration} ${l.number}`).toBe('INVOICED');
        expect(billed, `${e.registration} ${l.number}`).toHaveLength(1);
        expect(l.invoiceRegistration).toBe(billed[0].invoiceRegistration);
        expect(cents(billed[0].amountExclTax)).toBe(cents(l.amountExclTax));
        expect(cents(billed[0].tax)).toBe(cents(l.tax));
      } else {
        expect(l.status).toBe('PLANNED');
        expect(billed).toHaveLength(0);
      }
    }
  }
  expect(invoiceLines.length).toBe(due);
  return { due, invoiceLines };
}

describe('the billing run', () => {
  it('refuses a missing or bad date naming it', async () => {
    const missing = await c.call('GET', '/api/script/runs/run-billing');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('MISSING_FIELD_IN_QUERY');
    const bad = await c.call('GET', '/api/script/runs/run-billing?date=2025-13-45');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('date');
  });

  it('invoices every line due by the date once, grouped by contract, payer and due date, with taxes per rate to the cent', async () => {
    const res = await c.call('GET', '/api/script/runs/run-billing?date=2025-06-30&organizations=ORG000001');
    expect(res.statusCode, res.body).toBe(200);
    const invoices = res.json() as {
      registration: string;
      contractRegistration: string;
      pr: string;
      dueDate: string;
      amountExclTax: number;
      amountInclTax: number;
      totalBalance: number;
      taxes: { taxCode: string; base: number; tax: number }[];
      persons: { role: string }[];
    }[];
    expect(invoices.length).toBeGreaterThan(0);
    const { invoiceLines } = await expectBilledOnce('2025-06-30');
    // Receivables and the supplier's asset purchase (payable).
    expect(new Set(invoices.map((i) => i.pr))).toEqual(new Set(['R', 'P']));
    for (const invoice of invoices) {
      const lines = invoiceLines.filter((l) => l.invoiceRegistration === invoice.registration);
      expect(lines.length).toBeGreaterThan(0);
      expect(cents(invoice.amountExclTax)).toBe(cents(sum(lines.map((l) => l.amountExclTax))));
      expect(cents(invoice.amountInclTax - invoice.amountExclTax)).toBe(cents(sum(lines.map((l) => l.tax))));
      expect(invoice.totalBalance).toBe(invoice.amountInclTax);
      for (const rate of invoice.taxes) {
        const ofRate = lines.filter((l) => (l.taxCode ?? 'NONE') === rate.taxCode);
        expect(cents(rate.base)).toBe(cents(sum(ofRate.map((l) => l.amountExclTax))));
        expect(cents(rate.tax)).toBe(cents(sum(ofRate.map((l) => l.tax))));
      }
      expect(invoice.persons.map((p) => p.role)).toEqual(['PAYER', 'PAYEE']);
    }
    // One invoice per contract, direction, payer and due date.
    const keys = invoices.map((i) => `${i.contractRegistration}|${i.pr}|${i.dueDate}`);
    expect(new Set(keys).size).toBe(keys.length);
    // An element's History names who moved which of its lines, each line before and after, not its whole schedule.
    const billed = invoiceLines[0];
    const element = (await allElements()).find((e) => e.registration === billed.elementRegistration)!;
    const history = (await c.call('GET', `/api/core/histories?entityRegistration=${element.registration}`)).json() as {
      action: string;
      user: string;
      details: { numbers: number[]; status: string };
      changes: Record<string, { from: Line | null; to: Line }>;
    }[];
    const move = history.find((h) => h.action === 'LINE_STATUS' && h.details.numbers.includes(billed.lineNumber))!;
    expect(move.details.status).toBe('INVOICED');
    expect(move.user).toBeTruthy();
    expect(
      Object.keys(move.changes)
        .filter((k) => k.startsWith('lines'))
        .sort(),
    ).toEqual(move.details.numbers.map((n) => `lines[${n}]`).sort());
    expect(move.changes).not.toHaveProperty('lines');
    const change = move.changes[`lines[${billed.lineNumber}]`];
    expect(change.from).toMatchObject({ number: billed.lineNumber, status: 'PLANNED' });
    expect(change.to).toMatchObject({
      number: billed.lineNumber,
      status: 'INVOICED',
      invoiceRegistration: billed.invoiceRegistration,
    });
    // The invoice's History row names its lines, written with it; the lines have none of their own.
    const invoiceHistory = (
      await c.call('GET', `/api/core/histories?entityRegistration=${billed.invoiceRegistration}`)
    ).json() as { action: string; user: string; details: { lines: string[] } }[];
    const created = invoiceHistory.find((h) => h.action === 'BILLING')!;
    expect(created.user).toBeTruthy();
    const ofInvoice = invoiceLines.filter((l) => l.invoiceRegistration === billed.invoiceRegistration);
    expect([...created.details.lines].sort()).toEqual(ofInvoice.map((l) => l.registration).sort());
    const lineHistory = await c.call('GET', `/api/core/histories?entityRegistration=${ofInvoice[0].registration}`);
    expect(lineHistory.json()).toEqual([]);
  });

  it('run again, bills nothing more', async () => {
    const before = (await allInvoiceLines()).length;
    const res = await c.call('GET', '/api/script/runs/run-billing?date=2025-06-30');
    expect(res.json()).toEqual([]);
    expect((await allInvoiceLines()).length).toBe(before);
  });

  it('two runs at once bill each line once', async () => {
    const [a, b] = await Promise.all([
      c.call('GET', '/api/script/runs/run-billing?date=2025-12-31'),
      c.call('GET', '/api/script/runs/run-billing?date=2025-12-31'),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().length + b.json().length).toBeGreaterThan(0);
    await expectBilledOnce('2025-12-31');
  });

  it('goes to the background past the threshold: a Batch that ends in SUCCESS with its progress and log', async () => {
    process.env.BILLING_BACKGROUND_ELEMENTS = '0';
    const res = await c.call('GET', '/api/script/runs/run-billing?date=2026-06-30');
    expect(res.statusCode, res.body).toBe(200);
    const { nbTotal, batchRegistration } = res.json();
    expect(nbTotal).toBeGreaterThan(0);
    let batch: { status: string; done: number; total: number; log: { message: string }[] } | undefined;
    for (let i = 0; i < 120; i++) {
      batch = (await c.call('GET', `/api/script/batches/${batchRegistration}`)).json();
      if (batch!.status === 'SUCCESS' || batch!.status === 'ERROR') break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(batch!.status, JSON.stringify(batch!.log)).toBe('SUCCESS');
    // Progress counts elements billed, as its total counts elements due; the log says how many invoices.
    expect(batch!.total).toBe(nbTotal);
    expect(batch!.done).toBe(nbTotal);
    const invoices = await list<{ batchRegistration?: string }>('/api/billing/invoices');
    const created = batch!.log
      .map((l) => /^(\d+) invoice\(s\) created$/.exec(l.message)?.[1])
      .filter(Boolean)
      .map(Number);
    expect(created.reduce((a, b) => a + b, 0)).toBe(
      invoices.filter((i) => i.batchRegistration === batchRegistration).length,
    );
    await expectBilledOnce('2026-06-30');
  }, 90_000);

  it('another tenant sees none of the invoices and bills nothing of this one', async () => {
    const res = await t.call('GET', '/api/script/runs/run-billing?date=2030-01-01', t.beta.headers);
    expect(res.json()).toEqual([]);
    expect((await t.call('GET', '/api/billing/invoices', t.beta.headers)).json()).toEqual([]);
    expect((await t.call('GET', `/api/billing/invoices`, t.alpha.headers)).json().length).toBeGreaterThan(0);
  });
});
