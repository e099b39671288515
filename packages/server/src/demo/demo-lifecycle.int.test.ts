import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileSystemStore } from '../db/object-store.ts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { bootstrap } from '../product.ts';
import { createTestDatabase, signIn, type TestDatabase } from '../testing/test-app.ts';
import { cents, sum, type Element } from '../testing/lifecycle-client.ts';

/** A fresh start shows the lessor's core at work in the demo tenant. */
let db: TestDatabase;
/** The demo's history writes its payment files and statements as documents. */
const objects = fs.mkdtempSync(path.join(os.tmpdir(), 'lbo-demo-'));
const objectStore = fileSystemStore(objects);
let app: FastifyInstance;
let headers: Record<string, string>;
beforeAll(async () => {
  db = await createTestDatabase();
  await bootstrap(db.database.db, { demoData: true, adminPassword: 'Demo-Life-Pass-1', objectStore });
  app = await buildApp({ database: db.database });
  headers = { authorization: `Bearer ${await signIn(app, 'admin@demo', 'Demo-Life-Pass-1')}` };
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
    // Four contracts won each month of the eighteen of the history, three more starting after it.
    expect(deals.filter((d) => d.status === 'WON' && d.contractRegistration)).toHaveLength(75);
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
    expect(active).toHaveLength(72);
    let paid = 0;
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
      expect(rent.lines.some((l) => l.status === 'PLANNED')).toBe(true);
      paid += rent.lines.filter((l) => l.status === 'PAID').length;
    }
    // Paid by the direct debits of the quarters collected.
    expect(paid).toBeGreaterThan(200);
    // One rate change applied: that contract's schedule is in its second revision.
    expect(active.filter((c) => c.scheduleRevision !== 1).map((c) => c.scheduleRevision)).toEqual([2]);
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

  it('shows the running contracts billed each quarter: issued on their due dates, paid by direct debit or returned', async () => {
    const active = (
      (await get('/api/financing/contracts?status=ACTIVE&range=[0-249]')) as {
        registration: string;
        dealRegistration?: string;
        arrears?: number;
      }[]
    ).filter((c) => c.dealRegistration);
    type Invoice = {
      registration: string;
      name: string;
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
    expect(invoices.length).toBeGreaterThan(400);
    // A returned debit's fee is charged on its own invoice, the day the return is processed.
    const isFee = (i: Invoice) => /fee/i.test(i.name);
    for (const i of invoices) {
      expect(i.invoiceNumber, i.registration).toMatch(/^\d{4}-PER000001-\d{6}$/);
      if (!isFee(i)) expect(i.issueDate).toBe(i.dueDate);
    }
    const byStatus = (s: string) => invoices.filter((i) => i.status === s && i.pr === 'R');
    expect(byStatus('PAID').length).toBeGreaterThan(invoices.length / 2);
    // Unpaid receivables: the debits the bank returned, chased since.
    const returned = (await get('/api/billing/payment-file-lines?status=REJECTED&range=[0-249]')) as {
      invoiceRegistration: string;
    }[];
    expect(returned.length).toBeGreaterThanOrEqual(3);
    const unpaid = byStatus('ISSUED');
    expect(unpaid.length).toBeGreaterThan(0);
    for (const invoice of unpaid.filter((i) => !isFee(i)))
      expect(
        returned.map((l) => l.invoiceRegistration),
        invoice.registration,
      ).toContain(invoice.registration);
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
