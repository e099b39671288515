import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@lbo/model/errors';
import { inTenant } from '../db/database.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { indexDueContracts } from './indexation.ts';
import { lifecycleClient } from '../testing/lifecycle-client.ts';

/**
 * Indexation over three anniversaries against hand-computed values: an index-linked maintenance
 * service of 50.00 excl. tax, index 100 at the start, then 103.2, 105.9 and 104.7 (a fall).
 */
let t: TestApp;
const client = lifecycleClient(() => t);
const { call, run, elementsOf, expectConsistent } = client;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const indexValues = [
  { date: '2024-12-01', value: 100 },
  { date: '2025-12-01', value: 103.2 },
  { date: '2026-12-01', value: 105.9 },
  { date: '2027-12-01', value: 104.7 },
  { date: '2028-12-01', value: 110 },
];

async function indexedContract(values = indexValues) {
  const product = (
    await call('POST', '/api/financing/products', {
      name: 'Indexed fleet lease',
      code: 'OPERATING_LEASE',
      indexValues: values,
    })
  ).json().registration;
  const contract = (
    await call('POST', '/api/financing/contracts', {
      name: 'Fleet with indexed maintenance',
      startDate: '2025-01-15',
      currency: 'EUR',
      persons: [
        { role: 'CLIENT', personRegistration: 'P1' },
        { role: 'ORGANIZATION', personRegistration: 'ORG000001' },
      ],
      quotations: [
        {
          productRegistration: product,
          financialProduct: 'OPERATING_LEASE',
          financedAmountExclTax: 40000,
          rate: 0.05,
          duration: 48,
          frequency: '30',
          taxCode: 'VAT20',
          services: [
            { code: 'MAINTENANCE', label: 'Maintenance', type: 'SERVICE', amount: 50, taxCode: 'VAT20', indexed: true },
          ],
        },
      ],
    })
  ).json().registration as string;
  for (const code of ['SUBMIT', 'APPROVE', 'ACTIVATE'])
    expect((await run('contracts', contract, code)).statusCode).toBe(200);
  return contract;
}
const maintenanceOf = async (contract: string) => (await elementsOf(contract)).find((e) => e.code === 'MAINTENANCE')!;

describe('indexation', () => {
  it('revalues future lines on three anniversaries, from the base amount, with the formula on each line', async () => {
    const contract = await indexedContract();
    const rentBefore = (await elementsOf(contract)).find((e) => e.type === 'RENT')!;
    // First anniversary, 2026-01-15: 50.00 × 103.2 / 100 = 51.60 from line 12 (due 2026-01-15).
    const first = await call('POST', `/api/financing/contracts/${contract}/indexation`, { date: '2026-02-01' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().elements).toEqual([
      expect.objectContaining({
        code: 'MAINTENANCE',
        indexedUntil: '2026-01-15',
        applied: [{ anniversary: '2026-01-15', index: 103.2, base: 100, lines: 37 }],
      }),
    ]);
    let maintenance = await maintenanceOf(contract);
    expect(maintenance.lines.slice(0, 11).every((l) => l.amountExclTax === 50 && l.formula === undefined)).toBe(true);
    expect(maintenance.lines[11]).toMatchObject({
      dueDate: '2026-01-15',
      amountExclTax: 51.6,
      tax: 10.32,
      amountInclTax: 61.92,
      baseAmountExclTax: 50,
      formula: '50 × 103.2 (index of 2025-12-01) / 100 (index of 2024-12-01) = 51.6, anniversary 2026-01-15',
    });
    // The lines of the second year are invoiced: they keep their amounts.
    expect(
      (
        await call('PATCH', `/api/financing/contract-elements/${maintenance.registration}/lines`, {
          numbers: Array.from({ length: 13 }, (_, i) => 12 + i),
          status: 'INVOICED',
        })
      ).statusCode,
    ).toBe(200);
    // Second and third anniversaries at once: 50.00 × 105.9 / 100 = 52.95 from 2027-01-15's next planned line, then 50.00 × 104.7 / 100 = 52.35 from 2028-01-15.
    const later = (
      await call('POST', `/api/financing/contracts/${contract}/indexation`, { date: '2028-03-01' })
    ).json();
    expect(later.elements[0].applied).toEqual([
      { anniversary: '2027-01-15', index: 105.9, base: 100, lines: 24 },
      { anniversary: '2028-01-15', index: 104.7, base: 100, lines: 13 },
    ]);
    maintenance = await maintenanceOf(contract);
    const amounts = maintenance.lines.map((l) => [l.dueDate, l.amountExclTax, l.tax, l.amountInclTax, l.status]);
    expect(amounts[23]).toEqual(['2027-01-15', 51.6, 10.32, 61.92, 'INVOICED']);
    expect(amounts[24]).toEqual(['2027-02-15', 52.95, 10.59, 63.54, 'PLANNED']);
    expect(amounts[34]).toEqual(['2027-12-15', 52.95, 10.59, 63.54, 'PLANNED']);
    expect(amounts[35]).toEqual(['2028-01-15', 52.35, 10.47, 62.82, 'PLANNED']);
    expect(amounts[47]).toEqual(['2029-01-15', 52.35, 10.47, 62.82, 'PLANNED']);
    // 11 × 60.00 + 13 × 61.92 + 11 × 63.54 + 13 × 62.82, to the cent.
    expect(maintenance.totalPayment).toBe(2980.56);
    expectConsistent([maintenance]);
    // Not linked to the index: the rent did not move. Run again: nothing more to apply.
    expect((await elementsOf(contract)).find((e) => e.type === 'RENT')!.lines).toEqual(rentBefore.lines);
    expect(
      (await call('POST', `/api/financing/contracts/${contract}/indexation`, { date: '2028-03-01' })).json().elements[0]
        .applied,
    ).toEqual([]);
    const history = (
      await call('GET', `/api/core/histories?entityRegistration=${maintenance.registration}&action=INDEXATION`)
    ).json();
    expect(history).toHaveLength(2);
  });

  it('refuses a bad date, a product without index values and another tenant', async () => {
    const contract = await indexedContract();
    expect(
      (await call('POST', `/api/financing/contracts/${contract}/indexation`, { date: 'next year' })).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', `/api/financing/contracts/${contract}/indexation`, { date: '2026-02-01' }, t.beta.headers))
        .statusCode,
    ).toBe(404);
    const late = await indexedContract([{ date: '2025-06-01', value: 100 }]);
    const res = await call('POST', `/api/financing/contracts/${late}/indexation`, { date: '2026-02-01' });
    expect(res.json().error).toBe(
      '400|INVALID_FIELD_VALUE|Invalid value "2026-02-01" for field date (Argument indexValues is out of range: no index value published on or before the start date 2025-01-15)',
    );
  });

  it('revalues by itself every contract whose anniversary has come, one that cannot be revalued reported and the others done', async () => {
    const due = (date: string) =>
      inTenant(t.db.database.db, { tenant: 'alpha', user: 'admin@alpha' }, (tx) =>
        indexDueContracts(tx, { tenant: 'alpha', username: 'admin@alpha' }, date),
      );
    const [a, b] = [await indexedContract(), await indexedContract()];
    const late = await indexedContract([{ date: '2025-06-01', value: 100 }]);
    // Before the first anniversary nothing is due.
    const early = await due('2026-01-14');
    expect([
      ...early.indexed.map((c) => c.contractRegistration),
      ...early.failed.map((f) => f.contractRegistration),
    ]).not.toContain(a);
    const run1 = await due('2026-01-15');
    const done = run1.indexed.filter((c) => [a, b].includes(c.contractRegistration));
    expect(done.map((c) => c.contractRegistration)).toEqual([a, b]);
    for (const c of done)
      expect(c.elements).toEqual([
        expect.objectContaining({
          code: 'MAINTENANCE',
          indexedUntil: '2026-01-15',
          applied: [{ anniversary: '2026-01-15', index: 103.2, base: 100, lines: 37 }],
        }),
      ]);
    expect(run1.failed).toContainEqual({
      contractRegistration: late,
      error: expect.stringContaining('no index value published on or before the start date 2025-01-15'),
    });
    expect((await maintenanceOf(a)).lines[11]).toMatchObject({ dueDate: '2026-01-15', amountExclTax: 51.6 });
    expect((await maintenanceOf(late)).lines.every((l) => l.amountExclTax === 50)).toBe(true);
    // The day after, nothing more is due for them; a year later, the next anniversary.
    const run2 = await due('2026-01-16');
    expect(run2.indexed.map((c) => c.contractRegistration)).not.toContain(a);
    const run3 = await due('2027-01-15');
    expect(run3.indexed.find((c) => c.contractRegistration === a)?.elements[0].applied).toEqual([
      { anniversary: '2027-01-15', index: 105.9, base: 100, lines: 25 },
    ]);
    // Another tenant's run sees none of them.
    const other = await inTenant(t.db.database.db, { tenant: 'beta', user: 'admin@beta' }, (tx) =>
      indexDueContracts(tx, { tenant: 'beta', username: 'admin@beta' }, '2030-01-01'),
    );
    expect(other).toEqual({ date: '2030-01-01', indexed: [], failed: [] });
    await expect(due('2026-02-30')).rejects.toThrow(ApiError);
  });
});
