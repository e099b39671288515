import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityByName } from '@lbo/model/entity-registry';
import { inTenant } from '../db/database.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { lifecycleClient } from '../testing/lifecycle-client.ts';

/**
 * A lease without its lessor organization: it cannot be won into a contract nor activated, an
 * invoice naming no seller is never numbered (no `NONE` sequence), and a contract already running
 * without one (written before these checks) is skipped by the billing run, which says so — in its
 * answer's headers when it runs in the request, in its batch's log and result in the background.
 */
let t: TestApp;
const c = lifecycleClient(() => t);
let catalog: { product: string; asset: string; supplier: string };
let good = '';
let legacy = '';
const LESSOR_MISSING = 'a lessor organization (persons with role ORGANIZATION)';

/** What a contract activated before the lessor was required looks like: no ORGANIZATION, its elements paid to no one. */
async function withoutLessor(contract: string) {
  await inTenant(t.db.database.db, { tenant: 'alpha', user: 'test' }, async (tx) => {
    const contracts = entityByName('Contract')!.table;
    const elements = entityByName('ContractElement')!.table;
    await sql`UPDATE ${sql.table(contracts)} SET data = jsonb_set(data, '{persons}',
      (SELECT COALESCE(jsonb_agg(p), '[]'::jsonb) FROM jsonb_array_elements(data->'persons') p WHERE p->>'role' <> 'ORGANIZATION'))
      WHERE tenant = 'alpha' AND registration = ${contract}`.execute(tx);
    await sql`UPDATE ${sql.table(elements)} SET data = (data - 'payeeRegistration') - 'payerRegistration'
      || CASE WHEN data->>'pr' = 'P' THEN jsonb_build_object('payeeRegistration', data->'payeeRegistration')
              ELSE jsonb_build_object('payerRegistration', data->'payerRegistration') END
      WHERE tenant = 'alpha' AND data->>'contractRegistration' = ${contract}`.execute(tx);
  });
}

beforeAll(async () => {
  t = await createTestApp();
  catalog = await c.catalogue();
  good = (await c.activeContract(catalog)).contract.registration;
  legacy = (await c.activeContract(catalog, 0)).contract.registration;
  await withoutLessor(legacy);
}, 180_000);
afterAll(async () => {
  delete process.env.BILLING_BACKGROUND_ELEMENTS;
  await t?.close();
});

describe('a lease without its lessor organization', () => {
  it('is not won into a contract, and a contract without one is not activated, naming what is missing', async () => {
    const deal = (
      await c.call('POST', '/api/financing/deals', {
        name: 'No lessor',
        currency: 'EUR',
        startDate: '2025-01-15',
        persons: [{ role: 'CLIENT', personRegistration: 'PRO000001' }],
        quotations: [
          { financialProduct: 'LEASE', financedAmountExclTax: 12000, duration: 24, frequency: '30', rate: 0.04 },
        ],
      })
    ).json();
    for (const code of ['SUBMIT', 'APPROVE'])
      expect((await c.call('GET', `/api/financing/deals/${deal.registration}/transitions/${code}`)).statusCode).toBe(
        200,
      );
    const won = await c.call('GET', `/api/financing/deals/${deal.registration}/transitions/MARK_WON`);
    expect(won.statusCode, won.body).toBe(409);
    expect(won.json()).toMatchObject({ code: 'TRANSITION_REJECTED', missing: [LESSOR_MISSING] });
    expect(won.json().rejectionReason).toContain(LESSOR_MISSING);
    expect((await c.call('GET', `/api/financing/deals/${deal.registration}`)).json().contractRegistration).toBeFalsy();

    const contract = (
      await c.call('POST', '/api/financing/contracts', {
        name: 'No lessor',
        startDate: '2025-03-01',
        persons: [{ role: 'CLIENT', personRegistration: 'PRO000001' }],
        quotations: [
          { financialProduct: 'LEASE', financedAmountExclTax: 12000, duration: 24, frequency: '30', rate: 0.04 },
        ],
      })
    ).json();
    for (const code of ['SUBMIT', 'APPROVE'])
      expect(
        (await c.call('GET', `/api/financing/contracts/${contract.registration}/transitions/${code}`)).statusCode,
      ).toBe(200);
    const activated = await c.call('GET', `/api/financing/contracts/${contract.registration}/transitions/ACTIVATE`);
    expect(activated.statusCode, activated.body).toBe(409);
    expect(activated.json()).toMatchObject({
      code: 'TRANSITION_REJECTED',
      rejection: 'INCONSISTENT',
      missing: [LESSOR_MISSING],
    });
    expect((await c.call('GET', `/api/financing/contracts/${contract.registration}`)).json().status).toBe('APPROVED');
  });

  it('a billing run in the request skips the contract running without one, and says which and why', async () => {
    const res = await c.call('GET', '/api/script/runs/run-billing?date=2025-06-30');
    expect(res.statusCode, res.body).toBe(200);
    const invoices = res.json() as { contractRegistration: string; organizationRegistration: string }[];
    expect(invoices.length).toBeGreaterThan(0);
    expect(new Set(invoices.map((i) => i.contractRegistration))).toEqual(new Set([good]));
    expect(invoices.every((i) => i.organizationRegistration === 'ORG000001')).toBe(true);
    expect(res.headers['x-skipped-count']).toBe('1');
    expect(JSON.parse(decodeURIComponent(String(res.headers['x-skipped'])))).toEqual([
      {
        contractRegistration: legacy,
        reason: 'no lessor organization (the contract names no person with role ORGANIZATION)',
      },
    ]);
    // Its lines stay due, billed once it has its lessor.
    const elements = (await c.elementsOf(legacy)) as unknown as { lines: { status: string; dueDate: string }[] }[];
    const due = elements.flatMap((e) => e.lines).filter((l) => l.dueDate <= '2025-06-30');
    expect(due.length).toBeGreaterThan(0);
    expect(due.every((l) => l.status === 'PLANNED')).toBe(true);
  }, 60_000);

  it('an invoice naming no seller is not issued: no number of a NONE sequence', async () => {
    const draft = await c.call('POST', '/api/billing/invoices', {
      name: 'No seller',
      type: 'INVOICE',
      pr: 'R',
      currency: 'EUR',
      dueDate: '2025-02-20',
      amountExclTax: 100,
      amountInclTax: 120,
      totalBalance: 120,
      persons: [{ role: 'PAYER', personRegistration: 'PRO000001' }],
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const issued = await c.call('GET', `/api/billing/invoices/${draft.json().registration}/transitions/ISSUE`);
    expect(issued.statusCode, issued.body).toBe(409);
    expect(issued.json()).toMatchObject({ code: 'TRANSITION_REJECTED', missing: ['organizationRegistration'] });
    expect(issued.json().message).toContain('organizationRegistration');
    const after = (await c.call('GET', `/api/billing/invoices/${draft.json().registration}`)).json();
    expect(after).toMatchObject({ status: 'DRAFT' });
    expect(after.invoiceNumber).toBeUndefined();
  });

  it('a billing run in the background ends in WARNING, its log and result naming the contract skipped and why', async () => {
    process.env.BILLING_BACKGROUND_ELEMENTS = '0';
    const res = await c.call('GET', '/api/script/runs/run-billing?date=2025-12-31');
    expect(res.statusCode, res.body).toBe(200);
    const { nbTotal, batchRegistration } = res.json();
    let batch:
      | { status: string; done: number; total: number; log: { message: string }[]; result?: unknown }
      | undefined;
    for (let i = 0; i < 120; i++) {
      batch = (await c.call('GET', `/api/script/batches/${batchRegistration}`)).json();
      if (['SUCCESS', 'WARNING', 'ERROR'].includes(batch!.status)) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(batch!.status, JSON.stringify(batch!.log)).toBe('WARNING');
    // The skipped contract's elements count as looked at: the progress reaches its total.
    expect(batch!.done).toBe(nbTotal);
    const reason = 'no lessor organization (the contract names no person with role ORGANIZATION)';
    expect(batch!.result).toEqual({
      skipped: {
        count: 1,
        reasons: { [reason]: 1 },
        contracts: [expect.objectContaining({ contractRegistration: legacy, reason })],
      },
    });
    expect(batch!.log.map((l) => l.message).join('\n')).toContain(`${legacy} skipped: ${reason}`);
    expect(batch!.log.at(-1)!.message).toBe(`1 contract(s) skipped: 1 × ${reason}`);
  }, 90_000);
});
