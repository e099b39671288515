import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { bootstrap } from '../product.ts';
import { createTestDatabase, signIn, type TestDatabase } from '../testing/test-app.ts';
import { cents, sum, type Element } from '../testing/lifecycle-client.ts';

/** A fresh start shows the lessor's core at work in the demo tenant. */
let db: TestDatabase;
let app: FastifyInstance;
let headers: Record<string, string>;
beforeAll(async () => {
  db = await createTestDatabase();
  await bootstrap(db.database.db, { demoData: true, adminPassword: 'Demo-Life-Pass-1' });
  app = await buildApp({ database: db.database });
  headers = { authorization: `Bearer ${await signIn(app, 'admin@demo', 'Demo-Life-Pass-1')}` };
}, 300_000);
afterAll(async () => {
  await app?.close();
  await db?.dispose();
});

const get = async (url: string) => {
  const res = await app.inject({ url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('the demo tenant on a fresh start', () => {
  it('shows deals quoted several times, priced from the products and their tables', async () => {
    const deals = (await get('/api/financing/deals?range=[0-249]')) as {
      registration: string;
      quotations: Record<string, unknown>[];
      status: string;
      contractRegistration?: string;
    }[];
    const quoted = deals.filter((d) => d.quotations.length >= 2);
    expect(quoted.length).toBeGreaterThanOrEqual(9);
    for (const deal of quoted)
      for (const q of deal.quotations) expect(q.instalment, `${deal.registration} ${q.name}`).toBeGreaterThan(0);
    // The lease's instalment comes from the coefficients table: amount × coefficient, the rate solved from it.
    const leases = quoted.flatMap((d) => d.quotations).filter((q) => q.name === 'Lease 36 months in advance');
    expect(leases.every((q) => typeof q.rate === 'number' && q.rate > 0 && q.rate < 0.2)).toBe(true);
    expect(deals.filter((d) => d.status === 'WON' && d.contractRegistration)).toHaveLength(6);
  });

  it('shows approved contracts ready to activate and active ones with their stored schedules', async () => {
    const approved = (await get('/api/financing/contracts?status=APPROVED&range=[0-249]')) as {
      registration: string;
      dealRegistration?: string;
    }[];
    const ready = approved.filter((c) => c.dealRegistration);
    expect(ready.length).toBeGreaterThanOrEqual(2);
    for (const c of ready)
      expect(await get(`/api/financing/contract-elements?contractRegistration=${c.registration}`)).toEqual([]);
    const active = (
      (await get('/api/financing/contracts?status=ACTIVE&range=[0-249]')) as {
        registration: string;
        dealRegistration?: string;
        scheduleRevision?: number;
      }[]
    ).filter((c) => c.dealRegistration);
    expect(active).toHaveLength(3);
    for (const contract of active) {
      const elements = (await get(
        `/api/financing/contract-elements?contractRegistration=${contract.registration}`,
      )) as Element[];
      expect(elements.map((e) => e.type)).toContain('RENT');
      for (const e of elements)
        expect(cents(e.totalPayment)).toBe(
          cents(sum(e.lines.filter((l) => l.status !== 'CANCELLED').map((l) => l.amountInclTax))),
        );
      const rent = elements.find((e) => e.type === 'RENT')!;
      expect(rent.lines.some((l) => l.status === 'PAID')).toBe(true);
      expect(rent.lines.some((l) => l.status === 'PLANNED')).toBe(true);
    }
    expect(active.map((c) => c.scheduleRevision).sort()).toEqual([1, 1, 2]);
  });

  it('shows an applied amendment, one waiting, a drawn credit line, a lot ceded to a fund and a funding', async () => {
    const amendments = (await get('/api/financing/amendments?range=[0-249]')) as {
      status: string;
      type: string;
      preview?: { changes: unknown[] };
    }[];
    expect(
      amendments.find((a) => a.status === 'APPLIED' && a.type === 'RATE_CHANGE')?.preview?.changes.length,
    ).toBeGreaterThan(0);
    expect(amendments.find((a) => a.status === 'SUBMITTED' && a.type === 'DURATION_CHANGE')).toBeDefined();
    const lines = (await get('/api/financing/credit-lines?range=[0-249]')) as {
      name: string;
      outstanding: number;
      pending: number;
      available: number;
      creditLimit: number;
      liveStock: number;
    }[];
    const envelope = lines.find((l) => l.name.endsWith('fleet envelope'))!;
    expect(envelope.outstanding).toBeGreaterThan(0);
    expect(envelope.pending).toBeGreaterThan(0);
    expect(cents(envelope.available)).toBe(
      cents(envelope.creditLimit) - cents(envelope.outstanding) - cents(envelope.pending),
    );
    const lots = (await get('/api/financing/contract-lots?range=[0-249]')) as {
      registration: string;
      name: string;
      status: string;
      fundRegistration: string;
      totalAmount: number;
      contracts: { outstandingPrincipal: number }[];
    }[];
    const lot = lots.find((l) => l.name === 'Lot July 2025')!;
    expect(lot).toMatchObject({
      status: 'TRANSFERRED',
      fundRegistration: expect.any(String),
      cessionDate: '2025-07-01',
    });
    expect(lot.totalAmount).toBeGreaterThan(0);
    expect(lot.totalAmount).toBe(lot.contracts[0].outstandingPrincipal);
    expect(
      ((await get(`/api/financing/fundings?range=[0-249]`)) as { contractLotRegistration?: string }[]).filter(
        (f) => f.contractLotRegistration === lot.registration,
      ),
    ).toHaveLength(1);
    const fundings = (await get('/api/financing/fundings?range=[0-249]')) as {
      name: string;
      contractRegistration?: string;
    }[];
    expect(fundings.find((f) => f.name === 'Refinancing tranche July 2025')?.contractRegistration).toBeDefined();
    expect(((await get('/api/financing/agreements')) as unknown[]).length).toBeGreaterThan(0);
  });

  it('shows the running contracts billed month by month: issued invoices, paid, one paid in half, the last month and the suppliers unpaid', async () => {
    const active = (
      (await get('/api/financing/contracts?status=ACTIVE&range=[0-249]')) as {
        registration: string;
        dealRegistration?: string;
        arrears?: number;
      }[]
    ).filter((c) => c.dealRegistration);
    type Invoice = {
      registration: string;
      status: string;
      pr: string;
      invoiceNumber?: string;
      dueDate: string;
      issueDate: string;
      amountInclTax: number;
      totalBalance: number;
      contractRegistration: string;
    };
    const invoices = (
      await Promise.all(
        active.map((c) => get(`/api/billing/invoices?contractRegistration=${c.registration}&range=[0-249]`)),
      )
    ).flat() as Invoice[];
    expect(invoices.length).toBeGreaterThan(10);
    for (const i of invoices) {
      expect(i.invoiceNumber, i.registration).toMatch(/^\d{4}-/);
      expect(i.issueDate).toBe(i.dueDate);
    }
    const byStatus = (s: string) => invoices.filter((i) => i.status === s);
    expect(byStatus('PAID').length).toBeGreaterThan(5);
    expect(byStatus('PARTIALLY_PAID')).toHaveLength(1);
    expect(cents(byStatus('PARTIALLY_PAID')[0].totalBalance)).toBe(
      Math.ceil(cents(byStatus('PARTIALLY_PAID')[0].amountInclTax) / 2),
    );
    // Unpaid: the last month's (collected by direct debit when the demo has its store) and the suppliers' (paid by transfer file).
    expect(byStatus('ISSUED').every((i) => i.dueDate.startsWith('2025-06') || i.pr === 'P')).toBe(true);
    // Every line due by the book's date is billed, none after it.
    for (const contract of active) {
      for (const e of (await get(
        `/api/financing/contract-elements?contractRegistration=${contract.registration}`,
      )) as Element[]) {
        for (const l of e.lines)
          if (l.status !== 'CANCELLED')
            expect(l.status, `${e.registration} ${l.number}`).toBe(
              l.dueDate <= '2025-06-30' ? (l.status === 'PAID' ? 'PAID' : 'INVOICED') : 'PLANNED',
            );
      }
      // Its arrears are its unpaid receivable invoices due.
      const unpaid = invoices.filter(
        (i) => i.contractRegistration === contract.registration && ['ISSUED', 'PARTIALLY_PAID'].includes(i.status),
      );
      expect(cents(contract.arrears ?? 0)).toBeLessThanOrEqual(sum(unpaid.map((i) => cents(i.totalBalance))));
    }
  });
});
