import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { entityByName } from '@lbo/model/entity-registry';
import { inTenant } from '../db/database.ts';
import { insertRow } from '../entities/storage.ts';
import { demoPostingRules } from '../accounting/posting-rules.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { uploadFile } from '../testing/multipart.ts';

/**
 * Input that hand-written routes once stored or silently ignored: each is now refused with the
 * catalogue's 400 naming the field, and nothing of it is kept.
 */
let t: TestApp;
const person = 'PER-STORED';

beforeAll(async () => {
  t = await createTestApp();
  await inTenant(t.db.database.db, { tenant: 'alpha', user: 'admin@alpha' }, (tx) =>
    insertRow(tx, entityByName('Person')!, 'alpha', 'admin@alpha', { registration: person, name: 'Stored' }),
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** A 400 in the catalogue form naming `field`. */
function expectRefused(res: LightMyRequestResponse, field: string, code?: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { code: string; message: string; error: string };
  expect(body.error, res.body).toMatch(/^400\|[A-Z_]+\|/);
  expect(body.message, res.body).toContain(field);
  if (code) expect(body.code, res.body).toBe(code);
}

let accounts = 0;
async function openAccount(balance: number): Promise<string> {
  const ibans = ['FR1420041010050500013M02606', 'DE89370400440532013000', 'BE68539007547034'];
  const res = await t.call('POST', '/api/bank/bank-accounts', t.alpha.headers, {
    name: `Stored ${++accounts}`,
    iban: ibans[accounts % ibans.length],
    bic: 'BNPAFRPP',
    bankName: 'Bank',
    currency: 'EUR',
    balance,
    overdraftLimit: 0,
  });
  expect(res.statusCode, res.body).toBe(201);
  const registration = res.json().registration as string;
  const activated = await t.call(
    'GET',
    `/api/bank/bank-accounts/${registration}/transitions/ACTIVATE`,
    t.alpha.headers,
  );
  expect(activated.statusCode, activated.body).toBe(200);
  return registration;
}

describe('users go through the User body schemas', () => {
  const url = '/api/core/users/admin@alpha';
  it('refuses unknown fields, the tenant, bad dates and persons on PATCH and PUT, keeping none', async () => {
    for (const method of ['PATCH', 'PUT']) {
      const stored = { zzUnknown: 1, tenant: 'master', startDate: '2024-13-45', persons: [1, 2] };
      expectRefused(await t.call(method, url, t.alpha.headers, stored), 'zzUnknown', 'INVALID_FIELD_IN_BODY');
      const base = method === 'PUT' ? { username: 'admin@alpha', isAdmin: true } : {};
      expectRefused(await t.call(method, url, t.alpha.headers, { ...base, tenant: 'master' }), 'tenant');
      expectRefused(await t.call(method, url, t.alpha.headers, { ...base, startDate: '2024-13-45' }), 'startDate');
      expectRefused(await t.call(method, url, t.alpha.headers, { ...base, persons: [1, 2] }), 'persons');
      expectRefused(
        await t.call(method, url, t.alpha.headers, { ...base, personRegistration: 12 }),
        'personRegistration',
      );
    }
    const user = (await t.call('GET', url, t.alpha.headers)).json();
    for (const field of ['zzUnknown', 'tenant', 'startDate', 'persons']) expect(user).not.toHaveProperty(field);
    // What a read answers may be sent back as it is.
    const again = await t.call('PUT', url, t.alpha.headers, { ...user, firstName: 'Ada' });
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('writes refuse the fields they do not know', () => {
  it('move-money', async () => {
    const [a, b] = [await openAccount(100), await openAccount(0)];
    expectRefused(
      await t.call('POST', '/api/bank/move-money', t.alpha.headers, { fromAccount: a, toAccount: b, amount: 1, zz: 1 }),
      'zz',
      'INVALID_FIELD_IN_BODY',
    );
    expect((await t.call('GET', `/api/bank/bank-accounts/${a}`, t.alpha.headers)).json().balance, 'nothing moved').toBe(
      100,
    );
  });

  it('allocate', async () => {
    expectRefused(
      await t.call('POST', '/api/billing/cashflows/CF-NONE/allocate', t.alpha.headers, { date: '2026-01-01', zz: 1 }),
      'zz',
    );
    expectRefused(
      await t.call('POST', '/api/billing/cashflows/CF-NONE/allocate', t.alpha.headers, {
        allocations: [{ invoiceRegistration: 'INV-1', amount: 1, discount: 1 }],
      }),
      'allocations[0].discount',
    );
  });

  it('payment-file generation', async () => {
    expectRefused(
      await t.call('POST', '/api/billing/payment-files/generate', t.alpha.headers, {
        type: 'SEPA_DIRECT_DEBIT',
        dueUntil: '2026-01-31',
        zz: 1,
      }),
      'zz',
    );
  });

  it('dunning', async () => {
    expectRefused(
      await t.call('POST', '/api/billing/dunning/run', t.alpha.headers, { date: '2026-01-31', zz: 1 }),
      'zz',
    );
  });

  it('document PATCH', async () => {
    const base = `/api/person/persons/${person}/documents`;
    const uploaded = await uploadFile(t, t.alpha, base, { name: 'a.pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const id = uploaded.json()._id as string;
    expectRefused(await t.call('PATCH', `${base}/${id}`, t.alpha.headers, { name: 'b.pdf', zz: 1 }), 'zz');
    expect((await t.call('GET', `${base}?sort=name`, t.alpha.headers)).json()[0].name).toBe('a.pdf');
  });
});

describe('amounts are finite decimals within the money bounds', () => {
  it('refuses 1e308 as an overdraft limit', async () => {
    const a = await openAccount(100);
    expectRefused(
      await t.call('POST', '/api/bank/set-overdraft', t.alpha.headers, {
        account: a,
        overdraftLimit: 1e308,
        reason: 'x',
      }),
      'overdraftLimit',
    );
    const account = (await t.call('GET', `/api/bank/bank-accounts/${a}`, t.alpha.headers)).json();
    expect(account).toMatchObject({ overdraftLimit: 0, available: 100 });
  });

  it('refuses amounts past the bounds or with more decimals than money has', async () => {
    const [a, b] = [await openAccount(100), await openAccount(0)];
    expectRefused(
      await t.call('POST', '/api/bank/move-money', t.alpha.headers, { fromAccount: a, toAccount: b, amount: 1e308 }),
      'amount',
    );
    expectRefused(
      await t.call('POST', '/api/bank/move-money', t.alpha.headers, { fromAccount: a, toAccount: b, amount: 1.2345 }),
      'amount',
    );
    expectRefused(
      await t.call('POST', '/api/billing/cashflows/CF-NONE/allocate', t.alpha.headers, {
        allocations: [{ invoiceRegistration: 'INV-1', amount: 1e15 }],
      }),
      'allocations[0].amount',
    );
  });
});

describe('configuration and rules are checked before they are stored', () => {
  const putCrons = (body: unknown) => t.call('PUT', '/api/core/tenant-configuration/cron-list', t.alpha.headers, body);
  it('a cron of three fields', async () => {
    expectRefused(await putCrons([{ name: 'three', cron: '* * *', job: 'BILLING' }]), '[0].cron');
    const saved = (await t.call('GET', '/api/core/tenant-configuration/cron-list', t.alpha.headers)).json();
    expect((saved as { name: string }[]).map((cron) => cron.name)).not.toContain('three');
  });

  it('a negative or fractional daysAhead', async () => {
    const put = putCrons;
    expectRefused(
      await put([{ name: 'back', cron: '0 6 1 * *', job: 'BILLING', parameters: { daysAhead: -3 } }]),
      '[0].parameters.daysAhead',
    );
    expectRefused(
      await put([{ name: 'back', cron: '0 6 1 * *', job: 'COLLECTION', parameters: { daysAhead: 1.5 } }]),
      '[0].parameters.daysAhead',
    );
  });

  it('a division by zero in a posting rule', async () => {
    const [rule] = demoPostingRules;
    const postingRules = [{ ...rule, lines: [{ ...rule.lines[0], amount: 'amountInclTax / 0' }, rule.lines[1]] }];
    expectRefused(
      await t.call('PUT', '/api/accounting/posting-rules', t.alpha.headers, { postingRules }),
      'postingRules[0].lines[0].amount',
    );
    const zeroAfterAll = [{ ...rule, lines: [{ ...rule.lines[0], amount: 'amountInclTax / (2 - 2)' }, rule.lines[1]] }];
    expectRefused(
      await t.call('PUT', '/api/accounting/posting-rules', t.alpha.headers, { postingRules: zeroAfterAll }),
      'postingRules[0].lines[0].amount',
    );
  });

  it('a document type outside its list, or 1,016 characters long', async () => {
    const base = `/api/person/persons/${person}/documents`;
    const file = { name: 'typed.pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') };
    expectRefused(await uploadFile(t, t.alpha, base, file, { type: 'NOT_A_TYPE' }), 'type');
    expectRefused(await uploadFile(t, t.alpha, base, file, { type: 'X'.repeat(1016) }), 'type');
    const listed = (await t.call('GET', base, t.alpha.headers)).json() as { name: string }[];
    expect(listed.map((d) => d.name)).not.toContain('typed.pdf');
    const uploaded = await uploadFile(t, t.alpha, base, file, { type: 'CONTRACT' });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const id = uploaded.json()._id as string;
    expectRefused(await t.call('PATCH', `${base}/${id}`, t.alpha.headers, { type: 'NOT_A_TYPE' }), 'type');
    expectRefused(await t.call('PATCH', `${base}/${id}`, t.alpha.headers, { type: 'X'.repeat(1016) }), 'type');
  });

  it('a configuration section that does not exist', async () => {
    for (const name of ['__proto__', 'constructor', 'toString']) {
      const put = await t.call('PUT', `/api/core/tenant-configuration/${name}`, t.alpha.headers, { a: 1 });
      expectRefused(put, 'name', 'INVALID_FIELD_IN_PATH');
      expectRefused(await t.call('GET', `/api/core/tenant-configuration/${name}`, t.alpha.headers), 'name');
    }
  });
});
