import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTenant } from '../db/database.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { lifecycleClient } from '../testing/lifecycle-client.ts';
import { assignInvoiceNumber } from './invoice-numbering.ts';
import type { SideEffectContext } from '../workflow/side-effects.ts';

/**
 * Legal numbers: given by ISSUE, without gaps per organization and year under issues at once and
 * after an issue that failed midway; never given twice.
 */
let t: TestApp;
const c = lifecycleClient(() => t);
let drafts: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const catalog = await c.catalogue();
  await c.activeContract(catalog);
  const res = await c.call('GET', '/api/script/runs/run-billing?date=2026-12-31');
  expect(res.statusCode, res.body).toBe(200);
  drafts = (res.json() as { registration: string; pr: string }[])
    .filter((i) => i.pr === 'R')
    .map((i) => i.registration);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const issue = (registration: string) => c.call('GET', `/api/billing/invoices/${registration}/transitions/ISSUE`);
const numberOf = async (registration: string) =>
  (await c.call('GET', `/api/billing/invoices/${registration}`)).json().invoiceNumber as string;
const sequence = (n: string) => Number(n.split('-').pop());

describe('invoice numbers', () => {
  it('are given by ISSUE without gaps when ten invoices are issued at once', async () => {
    expect(drafts.length).toBeGreaterThanOrEqual(12);
    const statuses = (await Promise.all(drafts.slice(0, 10).map(issue))).map((r) => r.statusCode);
    expect(statuses).toEqual(Array(10).fill(200));
    const numbers = await Promise.all(drafts.slice(0, 10).map(numberOf));
    const year = new Date().toISOString().slice(0, 4);
    for (const n of numbers) expect(n).toMatch(new RegExp(`^${year}-ORG000001-\\d{6}$`));
    expect(numbers.map(sequence).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('an issue that fails after taking a number gives it back: the next issue takes it', async () => {
    const doc = (await c.call('GET', `/api/billing/invoices/${drafts[10]}`)).json();
    const context = {
      tx: undefined,
      caller: { tenant: t.alpha.tenant, username: t.alpha.username },
      doc,
      today: new Date().toISOString().slice(0, 10),
    };
    await expect(
      inTenant(t.db.database.db, { tenant: t.alpha.tenant, user: t.alpha.username }, async (tx) => {
        const numbered = await assignInvoiceNumber({ ...context, tx } as unknown as SideEffectContext);
        expect(sequence(String(numbered.invoiceNumber))).toBe(11);
        throw new Error('the issue fails after its number was taken');
      }),
    ).rejects.toThrow('fails');
    expect((await issue(drafts[10])).statusCode).toBe(200);
    expect(sequence(await numberOf(drafts[10]))).toBe(11);
  });

  it('is kept: issuing again is refused and the number stays', async () => {
    const again = await issue(drafts[0]);
    expect(again.statusCode).toBe(409);
    const n = await numberOf(drafts[0]);
    expect((await issue(drafts[11])).statusCode).toBe(200);
    expect(sequence(await numberOf(drafts[11]))).toBe(12);
    expect(await numberOf(drafts[0])).toBe(n);
  });

  it('another tenant cannot issue this tenant’s invoice', async () => {
    const res = await t.call(
      'GET',
      `/api/billing/invoices/${drafts[12] ?? drafts[1]}/transitions/ISSUE`,
      t.beta.headers,
    );
    expect(res.statusCode).toBe(404);
  });
});
