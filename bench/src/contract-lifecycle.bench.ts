import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { entityByName } from '@lbo/model/entity-registry';
import { paymentPlan } from '@lbo/model/finance/payment-plan';
import { buildApp } from '@lbo/server/app';
import { inTenant } from '@lbo/server/db/database';
import { createTenant } from '@lbo/server/product';
import { bulkInsert } from '@lbo/server/seed/bulk-insert';
import { createTestDatabase, signIn, type TestDatabase } from '@lbo/server/testing/test-app';

/**
 * The contract lifecycle through the API (issue: "Benchmark"):
 * - activation of a 360-line contract with three services (p99 under 50 ms), on PGlite and PostgreSQL;
 * - an amendment's preview on such a contract (p99 under 50 ms), on PGlite and PostgreSQL;
 * - 10,000 approved contracts activated through the bulk transition (under 60 s), on PostgreSQL
 *   (BENCH_DATABASE_URL or DATABASE_URL; skipped without one).
 * Each timing is a whole request in process (`inject`): routing, checks, transaction, answer.
 */
const percentile = (times: number[], p: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 100) / 100;
};

const services = [
  { code: 'INSURANCE', label: 'Insurance', type: 'INSURANCE', amount: 42.5, taxCode: 'VAT0' },
  { code: 'MAINTENANCE', label: 'Maintenance', type: 'SERVICE', amount: 55, taxCode: 'VAT20' },
  { code: 'ASSISTANCE', label: 'Assistance', type: 'SERVICE', amount: 9.9, taxCode: 'VAT20' },
];
const longTerms = (i: number) => ({
  financialProduct: 'LOAN',
  financedAmountExclTax: 250_000 + i,
  rate: 0.035,
  duration: 360,
  frequency: '30',
  timing: 'arrears',
  taxCode: 'VAT0',
  services,
});

async function appOn(
  database: TestDatabase,
  tenant: string,
): Promise<{
  app: FastifyInstance;
  call: (method: string, url: string, body?: unknown) => Promise<{ statusCode: number; json(): any }>;
}> {
  const app = await buildApp({ database: database.database });
  await createTenant(database.database.db, tenant, { username: `admin@${tenant}`, password: 'Bench-Life-1' });
  const headers = { authorization: `Bearer ${await signIn(app, `admin@${tenant}`, 'Bench-Life-1')}` };
  const call = (method: string, url: string, body?: unknown) =>
    app.inject({ method: method as 'GET', url, headers, ...(body !== undefined ? { payload: body as object } : {}) });
  return { app, call };
}

async function activationAndPreview(databaseUrl?: string): Promise<Record<string, number>> {
  const database = await createTestDatabase({ databaseUrl });
  const { app, call } = await appOn(database, 'bench');
  try {
    const runs = 100,
      warm = 10;
    const registrations: string[] = [];
    for (let i = 0; i < runs + warm; i++) {
      const res = await call('POST', '/api/financing/contracts', {
        name: `Mortgage-like loan ${i}`,
        startDate: '2025-01-31',
        persons: [{ role: 'CLIENT', personRegistration: 'PER000001' }],
        quotations: [longTerms(i)],
      });
      registrations.push(res.json().registration);
    }
    for (const code of ['SUBMIT', 'APPROVE'])
      await call('POST', `/api/financing/contracts/transitions/${code}`, registrations);
    const activation: number[] = [];
    for (const [i, registration] of registrations.entries()) {
      const t0 = performance.now();
      const res = await call('GET', `/api/financing/contracts/${registration}/transitions/ACTIVATE`);
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`activation failed: ${res.statusCode}`);
      if (i >= warm) activation.push(ms);
    }
    const body = { contractRegistration: registrations[0], type: 'RATE_CHANGE', date: '2026-06-15', rate: 0.029 };
    const preview: number[] = [];
    for (let i = 0; i < 330; i++) {
      const t0 = performance.now();
      const res = await call('POST', '/api/financing/amendments/preview', body);
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`preview failed: ${res.statusCode}`);
      if (i >= 30) preview.push(ms);
    }
    return {
      activation360LinesThreeServicesP50ms: percentile(activation, 50),
      activation360LinesThreeServicesP99ms: percentile(activation, 99),
      amendmentPreviewP50ms: percentile(preview, 50),
      amendmentPreviewP99ms: percentile(preview, 99),
    };
  } finally {
    await app.close();
    await database.dispose();
  }
}

/** 10,000 approved contracts loaded as the seed loads a book, then activated 1,000 per bulk request. */
async function bulkActivation(url: string): Promise<Record<string, number>> {
  const database = await createTestDatabase({ databaseUrl: url });
  const tenant = 'bench';
  const { app, call } = await appOn(database, tenant);
  try {
    const count = Number(process.env.BENCH_BULK_CONTRACTS ?? 10_000);
    const terms = {
      financialProduct: 'LEASE',
      financedAmountExclTax: 30_000,
      rate: 0.045,
      duration: 36,
      frequency: '30',
      timing: 'arrears',
      residualValue: 3000,
      taxCode: 'VAT20',
    };
    const plan = paymentPlan({
      amount: 30_000,
      rate: 0.045,
      duration: 36,
      frequency: 30,
      residualValueAmount: 3000,
      startDate: '2025-03-01',
    });
    const docs = Array.from({ length: count }, (_, i) => ({
      registration: `CT${String(i + 1).padStart(6, '0')}`,
      status: 'APPROVED',
      type: 'LEASE',
      name: `Fleet lease ${i + 1}`,
      currency: 'EUR',
      startDate: '2025-03-01',
      financialProduct: 'LEASE',
      financedAmountExclTax: 30_000,
      duration: 36,
      frequency: '30',
      persons: [
        { role: 'CLIENT', personRegistration: `PER${String((i % 500) + 1).padStart(6, '0')}` },
        { role: 'ORGANIZATION', personRegistration: 'PER000001' },
      ],
      quotations: [
        {
          ...terms,
          registration: 'Q1',
          isChosen: true,
          services: [services[1]],
          instalment: plan.instalment,
          totalPayment: plan.totals.instalmentExclTax,
        },
      ],
    }));
    await inTenant(
      database.database.db,
      { tenant, user: 'system' },
      (tx) => bulkInsert(tx, entityByName('Contract')!, tenant, 'system', docs),
      300_000,
    );
    const started = performance.now();
    let done = 0;
    for (let i = 0; i < count; i += 1000) {
      const res = await call(
        'POST',
        '/api/financing/contracts/transitions/ACTIVATE',
        docs.slice(i, i + 1000).map((d) => d.registration),
      );
      if (res.statusCode !== 200) throw new Error(`bulk activation failed: ${res.statusCode}`);
      done += res.json().done;
    }
    const seconds = (performance.now() - started) / 1000;
    if (done !== count) throw new Error(`bulk activation activated ${done} of ${count}`);
    return {
      bulkActivationContracts: count,
      bulkActivationSeconds: Math.round(seconds * 10) / 10,
      bulkActivationPerSecond: Math.round(count / seconds),
    };
  } finally {
    await app.close();
    await database.dispose();
  }
}

export async function runContractLifecycleBench(): Promise<Record<string, unknown>> {
  // The machine's load when the run started and ended: these are latencies on shared cores.
  const results: Record<string, unknown> = {
    loadAverageAtStart: os.loadavg()[0],
    pglite: await activationAndPreview(),
  };
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (url) {
    results.postgresql = { ...(await activationAndPreview(url)), ...(await bulkActivation(url)) };
  } else {
    results.postgresql = 'skipped: set BENCH_DATABASE_URL to a PostgreSQL';
  }
  results.loadAverageAtEnd = os.loadavg()[0];
  return results;
}
