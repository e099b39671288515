import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { cents, lifecycleClient } from '../testing/lifecycle-client.ts';

/**
 * An issued invoice is never edited or deleted: generic writes are refused, and CANCEL issues a
 * credit note that references it, with the opposite amounts and the next legal number; its
 * schedule lines are billed again by the next run. A draft is cancelled or deleted without one.
 */
let t: TestApp;
const c = lifecycleClient(() => t);
let drafts: { registration: string; contractRegistration: string; amountExclTax: number; amountInclTax: number }[] = [];

type Line = {
  registration: string;
  status: string;
  elementRegistration: string;
  lineNumber: number;
  amountExclTax: number;
  tax: number;
  amountInclTax: number;
};
type ScheduleLine = { number: number; status: string; invoiceRegistration?: string };

beforeAll(async () => {
  t = await createTestApp();
  const catalog = await c.catalogue();
  await c.activeContract(catalog);
  const res = await c.call('GET', '/api/script/runs/run-billing?date=2026-12-31');
  expect(res.statusCode, res.body).toBe(200);
  drafts = (res.json() as ((typeof drafts)[number] & { pr: string })[]).filter((i) => i.pr === 'R');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const get = async (registration: string) => (await c.call('GET', `/api/billing/invoices/${registration}`)).json();
const linesOf = async (registration: string) =>
  (await c.call('GET', `/api/billing/invoice-lines?invoiceRegistration=${registration}`)).json() as Line[];
const transition = (registration: string, code: string) =>
  c.call('GET', `/api/billing/invoices/${registration}/transitions/${code}`);
async function scheduleLine(element: string, number: number): Promise<ScheduleLine> {
  const res = await c.call('GET', `/api/financing/contract-elements/${element}`);
  return (res.json().lines as ScheduleLine[]).find((l) => l.number === number)!;
}

describe('issued invoices', () => {
  it('are frozen: PUT, PATCH and DELETE answer 409 RECORD_FROZEN and change nothing', async () => {
    const invoice = drafts[0];
    expect((await transition(invoice.registration, 'ISSUE')).statusCode).toBe(200);
    const issued = await get(invoice.registration);
    expect(issued.status).toBe('ISSUED');
    const lines = await linesOf(invoice.registration);
    expect(lines.length).toBeGreaterThan(0);
    expect(new Set(lines.map((l) => l.status))).toEqual(new Set(['ISSUED']));
    for (const [method, body] of [
      ['PATCH', { externalReference: 'X' }],
      ['PUT', { ...issued, amountInclTax: 1 }],
      ['DELETE', undefined],
    ] as const) {
      const res = await c.call(method, `/api/billing/invoices/${invoice.registration}`, body);
      expect(res.statusCode, `${method} ${res.body}`).toBe(409);
      expect(res.json().code).toBe('RECORD_FROZEN');
      expect(res.json().message).toContain(invoice.registration);
    }
    const lineRes = await c.call('PATCH', `/api/billing/invoice-lines/${lines[0].registration}`, { label: 'changed' });
    expect(lineRes.statusCode).toBe(409);
    expect(await get(invoice.registration)).toEqual(issued);
  });

  it('are cancelled by a credit note with the opposite amounts, the next number, settled against the invoice', async () => {
    const invoice = drafts[0];
    const issued = await get(invoice.registration);
    const lines = await linesOf(invoice.registration);
    const res = await transition(invoice.registration, 'CANCEL');
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = res.json();
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.totalBalance).toBe(0);
    expect(cancelled.invoiceNumber).toBe(issued.invoiceNumber);
    expect(cancelled.creditNoteRegistrations).toHaveLength(1);
    const note = await get(cancelled.creditNoteRegistrations[0].registration);
    expect(note).toMatchObject({
      type: 'CREDIT_NOTE',
      status: 'PAID',
      creditedInvoiceRegistration: invoice.registration,
      contractRegistration: invoice.contractRegistration,
      totalBalance: 0,
    });
    expect(cents(note.amountInclTax)).toBe(-cents(issued.amountInclTax));
    expect(cents(note.amountExclTax)).toBe(-cents(issued.amountExclTax));
    // Same sequence, next number.
    const sequence = (n: string) => Number(n.split('-').pop());
    expect(sequence(note.invoiceNumber)).toBe(sequence(issued.invoiceNumber) + 1);
    const noteLines = await linesOf(note.registration);
    expect(noteLines.map((l) => -cents(l.amountInclTax)).sort()).toEqual(
      lines.map((l) => cents(l.amountInclTax)).sort(),
    );
    expect(new Set(noteLines.map((l) => l.status))).toEqual(new Set(['ISSUED']));
    expect(new Set((await linesOf(invoice.registration)).map((l) => l.status))).toEqual(new Set(['CANCELLED']));
    // Its schedule lines are planned again, and no invoice is named on them.
    for (const l of lines) {
      const line = await scheduleLine(l.elementRegistration, l.lineNumber);
      expect(line.status).toBe('PLANNED');
      expect(line.invoiceRegistration).toBeUndefined();
    }
    // Audited: the invoice's cancellation and the note's creation, issue and settlement.
    const history = (await c.call('GET', `/api/core/histories?entityRegistration=${note.registration}`)).json() as {
      action: string;
    }[];
    expect(history.map((h) => h.action)).toEqual(expect.arrayContaining(['CREDIT_NOTE', 'TRANSITION']));
  });

  it('the next run bills the credited lines again, once', async () => {
    const lines = await linesOf(drafts[0].registration);
    const res = await c.call('GET', '/api/script/runs/run-billing?date=2026-12-31');
    expect(res.statusCode, res.body).toBe(200);
    const rebilled = res.json() as { registration: string }[];
    expect(rebilled).toHaveLength(1);
    const again = await linesOf(rebilled[0].registration);
    expect(again.map((l) => `${l.elementRegistration}#${l.lineNumber}`).sort()).toEqual(
      lines.map((l) => `${l.elementRegistration}#${l.lineNumber}`).sort(),
    );
    expect((await c.call('GET', '/api/script/runs/run-billing?date=2026-12-31')).json()).toEqual([]);
  });

  it('a credit note itself is not cancelled', async () => {
    const note = (await get(drafts[0].registration)).creditNoteRegistrations[0].registration;
    const res = await transition(note, 'CANCEL');
    expect(res.statusCode).toBe(409);
  });
});

describe('draft invoices', () => {
  it('cancelled: no credit note, no number, lines planned again', async () => {
    const draft = drafts[1];
    const lines = await linesOf(draft.registration);
    const res = await transition(draft.registration, 'CANCEL');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().invoiceNumber).toBeUndefined();
    expect(res.json().creditNoteRegistrations).toBeUndefined();
    for (const l of lines) expect((await scheduleLine(l.elementRegistration, l.lineNumber)).status).toBe('PLANNED');
  });

  it('deleted: its lines go with it and its schedule lines are planned again', async () => {
    const draft = drafts[2];
    const lines = await linesOf(draft.registration);
    expect(lines.length).toBeGreaterThan(0);
    const res = await c.call('DELETE', `/api/billing/invoices/${draft.registration}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await linesOf(draft.registration)).toEqual([]);
    for (const l of lines) expect((await scheduleLine(l.elementRegistration, l.lineNumber)).status).toBe('PLANNED');
  });
});
