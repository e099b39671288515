import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverProcesses } from '../testing/server-process.ts';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../testing/test-app.ts';
import { cents, lifecycleClient } from '../testing/lifecycle-client.ts';

/**
 * Credit lines follow the contracts drawn on them: creditLimit, outstanding, pending, available
 * and liveStock stay true through submission, approval, activation, repayment and termination; a
 * submission over the limit is refused with a rejectionReason; twenty submissions at once never
 * take a line over its limit (on PostgreSQL, through two server processes).
 */
let t: TestApp;
const client = lifecycleClient(() => t);
const { call, run } = client;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function activeCreditLine(creditLimit: number, over: Record<string, unknown> = {}) {
  const created = await call('POST', '/api/financing/credit-lines', {
    name: 'Fleet envelope',
    type: 'FRAMEWORK',
    creditLimit,
    currency: 'EUR',
    startDate: '2025-01-01',
    ...over,
  });
  expect(created.statusCode, created.body).toBe(201);
  const registration = created.json().registration as string;
  for (const code of ['SUBMIT', 'APPROVE', 'ACTIVATE'])
    expect((await run('credit-lines', registration, code)).statusCode).toBe(200);
  return registration;
}
const figures = async (registration: string) => {
  const doc = (await call('GET', `/api/financing/credit-lines/${registration}`)).json();
  return {
    creditLimit: doc.creditLimit,
    outstanding: doc.outstanding,
    pending: doc.pending,
    available: doc.available,
    liveStock: doc.liveStock,
  };
};
/** A contract ready to submit under the credit line. */
async function contractUnder(
  creditLineRegistration: string,
  amount: number,
  headers?: Record<string, string>,
  api = call,
) {
  const res = await api(
    'POST',
    '/api/financing/contracts',
    {
      name: `Drawing of ${amount}`,
      creditLineRegistration,
      startDate: '2025-01-15',
      persons: [
        { role: 'CLIENT', personRegistration: 'PRO000001' },
        { role: 'ORGANIZATION', personRegistration: 'ORG000001' },
      ],
      quotations: [
        { financialProduct: 'LEASE', financedAmountExclTax: amount, duration: 12, frequency: '30', rate: 0.05 },
      ],
    },
    headers,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().registration as string;
}

describe('credit line figures', () => {
  it('follow their contracts: submitted, approved, activated, repaid, terminated, cancelled', async () => {
    const line = await activeCreditLine(100000);
    expect(await figures(line)).toEqual({
      creditLimit: 100000,
      outstanding: undefined,
      pending: undefined,
      available: undefined,
      liveStock: undefined,
    });
    const first = await contractUnder(line, 30000);
    expect((await run('contracts', first, 'SUBMIT')).statusCode).toBe(200);
    expect(await figures(line)).toEqual({
      creditLimit: 100000,
      outstanding: 0,
      pending: 30000,
      available: 70000,
      liveStock: 0,
    });
    expect((await run('contracts', first, 'APPROVE')).statusCode).toBe(200);
    expect(await figures(line)).toEqual({
      creditLimit: 100000,
      outstanding: 0,
      pending: 30000,
      available: 70000,
      liveStock: 0,
    });
    expect((await run('contracts', first, 'ACTIVATE')).statusCode).toBe(200);
    expect(await figures(line)).toEqual({
      creditLimit: 100000,
      outstanding: 30000,
      pending: 0,
      available: 70000,
      liveStock: 30000,
    });

    // Paid lines repay the capital: the line's outstanding falls by their principal.
    const rent = (await client.elementsOf(first)).find((e) => e.type === 'RENT')!;
    expect(
      (
        await call('PATCH', `/api/financing/contract-elements/${rent.registration}/lines`, {
          numbers: [1, 2],
          status: 'PAID',
        })
      ).statusCode,
    ).toBe(200);
    const repaid = cents(rent.lines[0].principal) + cents(rent.lines[1].principal);
    const afterPayment = await figures(line);
    expect(cents(afterPayment.outstanding)).toBe(3000000 - repaid);
    expect(cents(afterPayment.available)).toBe(7000000 + repaid);
    // A paid line is not cancelled, nor is a line that does not exist paid.
    const again = await call('PATCH', `/api/financing/contract-elements/${rent.registration}/lines`, {
      numbers: [2],
      status: 'CANCELLED',
    });
    expect(again.json().error).toBe(
      '400|INVALID_FIELD_VALUE|Invalid value 2 for field numbers[0] (a PAID line cannot become CANCELLED)',
    );
    // Its payment reversed, it is invoiced again: its capital is due again, then repaid once more.
    expect(
      (
        await call('PATCH', `/api/financing/contract-elements/${rent.registration}/lines`, {
          numbers: [2],
          status: 'INVOICED',
        })
      ).statusCode,
    ).toBe(200);
    expect(cents((await figures(line)).outstanding)).toBe(3000000 - cents(rent.lines[0].principal));
    expect(
      (
        await call('PATCH', `/api/financing/contract-elements/${rent.registration}/lines`, {
          numbers: [2],
          status: 'PAID',
        })
      ).statusCode,
    ).toBe(200);
    expect(cents((await figures(line)).outstanding)).toBe(3000000 - repaid);
    const missing = await call('PATCH', `/api/financing/contract-elements/${rent.registration}/lines`, {
      numbers: [99],
      status: 'PAID',
    });
    expect(missing.json().error).toBe(
      `400|INVALID_FIELD_VALUE|Invalid value 99 for field numbers[0] (element ${rent.registration} has no such line)`,
    );
    expect(
      (
        await t.call('PATCH', `/api/financing/contract-elements/${rent.registration}/lines`, t.beta.headers, {
          numbers: [3],
          status: 'PAID',
        })
      ).statusCode,
    ).toBe(404);

    const second = await contractUnder(line, 20000);
    expect((await run('contracts', second, 'SUBMIT')).statusCode).toBe(200);
    expect((await figures(line)).pending).toBe(20000);
    expect((await run('contracts', second, 'CANCEL')).statusCode).toBe(200);
    expect((await figures(line)).pending).toBe(0);

    expect((await run('contracts', first, 'TERMINATE')).statusCode).toBe(200);
    expect(await figures(line)).toEqual({
      creditLimit: 100000,
      outstanding: 0,
      pending: 0,
      available: 100000,
      liveStock: 0,
    });
  });

  it('refuses a submission over the limit, or under a line that is not active, with a rejectionReason', async () => {
    const line = await activeCreditLine(50000);
    const fits = await contractUnder(line, 30000);
    expect((await run('contracts', fits, 'SUBMIT')).statusCode).toBe(200);
    const over = await contractUnder(line, 25000);
    const res = await run('contracts', over, 'SUBMIT');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'TRANSITION_REJECTED',
      rejection: 'CREDIT_LIMIT',
      available: 20000,
      requested: 25000,
      creditLineRegistration: line,
      rejectionReason: `Credit line ${line} has 20000 EUR available; the contract needs 25000 EUR`,
    });
    expect((await call('GET', `/api/financing/contracts/${over}`)).json().status).toBe('DRAFT');
    expect(await figures(line)).toMatchObject({ pending: 30000, available: 20000 });

    const draftLine = (
      await call('POST', '/api/financing/credit-lines', { name: 'Not yet', creditLimit: 10000, currency: 'EUR' })
    ).json().registration;
    const under = await contractUnder(draftLine, 1000);
    expect((await run('contracts', under, 'SUBMIT')).json()).toMatchObject({
      rejection: 'CREDIT_LINE',
      rejectionReason: `Credit line ${draftLine} is DRAFT, not ACTIVE`,
    });
  });
});

describe('twenty submissions at once', () => {
  it('never take the line over its limit (in process)', async () => {
    const line = await activeCreditLine(95000);
    const contracts = await Promise.all(Array.from({ length: 20 }, () => contractUnder(line, 10000)));
    const results = await Promise.all(contracts.map((c) => run('contracts', c, 'SUBMIT')));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(9);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().rejection === 'CREDIT_LIMIT')).toBe(true);
    expect(await figures(line)).toEqual({
      creditLimit: 95000,
      outstanding: 0,
      pending: 90000,
      available: 5000,
      liveStock: 0,
    });
  });
});

/** Two server processes on one PostgreSQL database, as a scaled-out installation runs. */
const onPostgres = !!process.env.DATABASE_URL;
describe.runIf(onPostgres)('twenty submissions at once through two server processes on PostgreSQL', () => {
  const servers = serverProcesses();
  let database: TestDatabase;
  const ports = [41000 + Math.floor(Math.random() * 500), 41600 + Math.floor(Math.random() * 500)];
  const start = (port: number) =>
    servers.start(port, { DATABASE_URL: database.config.databaseUrl, ADMIN_PASSWORD: 'Race-Pass-42' });
  beforeAll(async () => {
    database = await createTestDatabase();
    // One after the other: the first creates the schema and the demo tenant.
    await start(ports[0]);
    await start(ports[1]);
  }, 300_000);
  afterAll(async () => {
    servers.stopAll('SIGTERM');
    await database?.dispose();
  });

  async function api(port: number, method: string, url: string, token?: string, body?: unknown) {
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  }

  it('never take the line over its limit', async () => {
    const tokens = await Promise.all(
      ports.map(async (port) => {
        const res = await fetch(`http://127.0.0.1:${port}/api/core/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin@demo', password: 'Race-Pass-42' }),
        });
        expect(res.status).toBe(200);
        return String(res.headers.get('authorization')).replace(/^Bearer /, '');
      }),
    );
    const line = (
      await api(ports[0], 'POST', '/api/financing/credit-lines', tokens[0], {
        name: 'Race',
        creditLimit: 95000,
        currency: 'EUR',
        startDate: '2025-01-01',
      })
    ).json.registration as string;
    for (const code of ['SUBMIT', 'APPROVE', 'ACTIVATE'])
      expect(
        (await api(ports[0], 'GET', `/api/financing/credit-lines/${line}/transitions/${code}`, tokens[0])).status,
      ).toBe(200);
    const contracts: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await api(ports[i % 2], 'POST', '/api/financing/contracts', tokens[i % 2], {
        name: `Race ${i}`,
        creditLineRegistration: line,
        persons: [
          { role: 'CLIENT', personRegistration: 'PRO000001' },
          { role: 'ORGANIZATION', personRegistration: 'ORG000001' },
        ],
        quotations: [
          { financialProduct: 'LEASE', financedAmountExclTax: 10000, duration: 12, frequency: '30', rate: 0.05 },
        ],
      });
      expect(res.status).toBe(201);
      contracts.push(res.json.registration as string);
    }
    const results = await Promise.all(
      contracts.map((c, i) =>
        api(ports[i % 2], 'GET', `/api/financing/contracts/${c}/transitions/SUBMIT`, tokens[i % 2]),
      ),
    );
    expect(results.map((r) => r.status).filter((s) => s === 200)).toHaveLength(9);
    expect(
      results.filter((r) => r.status !== 200).every((r) => r.status === 409 && r.json.rejection === 'CREDIT_LIMIT'),
    ).toBe(true);
    const after = (await api(ports[1], 'GET', `/api/financing/credit-lines/${line}`, tokens[1])).json;
    expect(after).toMatchObject({ creditLimit: 95000, pending: 90000, available: 5000, outstanding: 0 });
  }, 120_000);
});
