import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * The tenant's treasury: accounts created through the generic API (available kept by the server,
 * balance not writable afterwards), moves with their History, the overdraft refusal, concurrent
 * moves that never overdraw (on PostgreSQL when DATABASE_URL is set), arbitration, overdraft
 * changes, bad input and other tenants.
 */
let t: TestApp;
type Account = {
  registration: string;
  status: string;
  balance: number;
  overdraftLimit: number;
  available: number;
  currency: string;
  iban: string;
};
type Operation = {
  registration: string;
  status: string;
  type: string;
  fromAccount?: string;
  toAccount: string;
  amount: number;
  currency: string;
  valueDate: string;
  executedDate: string;
  reason?: string;
};

const post = (url: string, body: unknown, headers = t.alpha.headers) => t.call('POST', url, headers, body);
const account = async (registration: string, headers = t.alpha.headers) =>
  (await t.call('GET', `/api/bank/bank-accounts/${registration}`, headers)).json() as Account;
const ibans = [
  'FR1420041010050500013M02606',
  'DE89370400440532013000',
  'BE68539007547034',
  'NL91ABNA0417164300',
  'GB29NWBK60161331926819',
  'FR7630006000011234567890189',
];
let n = 0;

async function openAccount(
  balance: number,
  overdraftLimit = 0,
  extra: Record<string, unknown> = {},
  headers = t.alpha.headers,
): Promise<string> {
  const res = await post(
    '/api/bank/bank-accounts',
    {
      name: `Account ${++n}`,
      iban: ibans[n % ibans.length],
      bic: 'BNPAFRPP',
      bankName: 'Bank',
      currency: 'EUR',
      balance,
      overdraftLimit,
      ...extra,
    },
    headers,
  );
  expect(res.statusCode, res.body).toBe(201);
  const registration = res.json().registration as string;
  expect(
    (await t.call('GET', `/api/bank/bank-accounts/${registration}/transitions/ACTIVATE`, headers)).statusCode,
  ).toBe(200);
  return registration;
}

async function historyOf(
  entity: string,
  registration: string,
): Promise<{ action: string; changes?: Record<string, { from: unknown; to: unknown }> }[]> {
  const res = await t.call(
    'GET',
    `/api/core/histories?entityName=${entity}&entityRegistration=${registration}&sort=_insertDate`,
    t.alpha.headers,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('bank accounts', () => {
  it('keeps available = balance + overdraft limit, validates the IBAN and keeps the balance out of generic updates', async () => {
    const a = await openAccount(1000.1, 200.2);
    expect(await account(a)).toMatchObject({
      balance: 1000.1,
      overdraftLimit: 200.2,
      available: 1200.3,
      status: 'ACTIVE',
    });
    const bad = await post('/api/bank/bank-accounts', {
      name: 'Bad',
      iban: 'FR1420041010050500013M02607',
      currency: 'EUR',
    });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().error).toContain('iban');
    const patched = await t.call('PATCH', `/api/bank/bank-accounts/${a}`, t.alpha.headers, {
      balance: 999999,
      overdraftLimit: 5,
      bankName: 'Other bank',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await account(a)).toMatchObject({ balance: 1000.1, overdraftLimit: 200.2, available: 1200.3 });
    // As the treasury screens list them.
    const listed = await t.call(
      'GET',
      '/api/bank/bank-accounts?status=ACTIVE&limit=250&sort=registration',
      t.alpha.headers,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json() as Account[]).map((x) => x.registration)).toContain(a);
  });
});

describe('POST /api/bank/move-money', () => {
  it('debits one account and credits the other, exactly, with an executed MOVE and History on both', async () => {
    const [from, to] = [await openAccount(100.3), await openAccount(0.1)];
    const res = await post('/api/bank/move-money', {
      fromAccount: from,
      toAccount: to,
      amount: 0.2,
      valueDate: '2026-11-20',
      reason: 'Payroll',
    });
    expect(res.statusCode, res.body).toBe(200);
    const op = res.json() as Operation;
    expect(op).toMatchObject({
      status: 'EXECUTED',
      type: 'MOVE',
      fromAccount: from,
      toAccount: to,
      amount: 0.2,
      currency: 'EUR',
      valueDate: '2026-11-20',
      reason: 'Payroll',
    });
    expect(op.executedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await account(from)).toMatchObject({ balance: 100.1, available: 100.1 });
    expect(await account(to)).toMatchObject({ balance: 0.3, available: 0.3 });
    const debit = (await historyOf('BankAccount', from)).find((h) => h.action === 'DEBIT');
    expect(debit?.changes?.balance).toEqual({ from: 100.3, to: 100.1 });
    expect((await historyOf('BankAccount', to)).find((h) => h.action === 'CREDIT')?.changes?.balance).toEqual({
      from: 0.1,
      to: 0.3,
    });
    expect((await historyOf('BankOperation', op.registration)).map((h) => h.action)).toContain('EXECUTE');
    expect((await t.call('GET', `/api/bank/bank-operations/${op.registration}`, t.alpha.headers)).json()).toMatchObject(
      { status: 'EXECUTED' },
    );
  });

  it('goes into the overdraft but refuses (409, with the reason) to go below -overdraftLimit, changing nothing', async () => {
    const [from, to] = [await openAccount(50, 100), await openAccount(0)];
    expect((await post('/api/bank/move-money', { fromAccount: from, toAccount: to, amount: 150 })).statusCode).toBe(
      200,
    );
    expect(await account(from)).toMatchObject({ balance: -100, available: 0 });
    const refused = await post('/api/bank/move-money', { fromAccount: from, toAccount: to, amount: 0.01 });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatch(/^409\|TRANSITION_REJECTED\|.*below its overdraft limit of 100/);
    expect(await account(from)).toMatchObject({ balance: -100 });
    expect(await account(to)).toMatchObject({ balance: 150 });
  });

  it('never overdraws under concurrent moves', async () => {
    const [from, to] = [await openAccount(100, 50), await openAccount(0)];
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post('/api/bank/move-money', { fromAccount: from, toAccount: to, amount: 30 })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(5);
    expect(await account(from)).toMatchObject({ balance: -50, available: 0 });
    expect(await account(to)).toMatchObject({ balance: 150 });
  });

  it('answers the catalogue for bad input, naming the field', async () => {
    const [a, b] = [await openAccount(10), await openAccount(10)];
    const usd = await openAccount(10, 0, { currency: 'USD' });
    const draft = (await post('/api/bank/bank-accounts', { name: 'Draft', iban: ibans[0], currency: 'EUR' })).json()
      .registration as string;
    const cases: [unknown, number, string][] = [
      [{ toAccount: b, amount: 1 }, 400, 'MISSING_FIELD_IN_BODY|Missing field fromAccount'],
      [{ fromAccount: a, amount: 1 }, 400, 'MISSING_FIELD_IN_BODY|Missing field toAccount'],
      [{ fromAccount: a, toAccount: b }, 400, 'MISSING_FIELD_IN_BODY|Missing field amount'],
      [{ fromAccount: a, toAccount: b, amount: -1 }, 400, 'INVALID_POSITIVE_NUMBER_FIELD|Field amount'],
      [{ fromAccount: a, toAccount: b, amount: 'ten' }, 400, 'INVALID_POSITIVE_NUMBER_FIELD|Field amount'],
      [
        { fromAccount: a, toAccount: b, amount: 1.001 },
        400,
        'INVALID_FIELD_VALUE|Invalid value 1.001 for field amount',
      ],
      [{ fromAccount: a, toAccount: a, amount: 1 }, 400, 'for field toAccount (the same account'],
      [{ fromAccount: a, toAccount: b, amount: 1, valueDate: '2026-02-30' }, 400, 'INVALID_DATE_FIELD|Field valueDate'],
      [
        { fromAccount: a, toAccount: 'BA999999', amount: 1 },
        404,
        'ENTITY_REGISTRATION_NOT_FOUND|Entity BankAccount with identifier BA999999',
      ],
      [{ fromAccount: a, toAccount: usd, amount: 1 }, 400, 'for field toAccount (in USD'],
      [{ fromAccount: draft, toAccount: b, amount: 1 }, 400, 'for field fromAccount (the account is DRAFT'],
      [{ fromAccount: 42, toAccount: b, amount: 1 }, 400, 'INVALID_FIELD_VALUE|Invalid value 42 for field fromAccount'],
    ];
    for (const [body, status, error] of cases) {
      const res = await post('/api/bank/move-money', body);
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(status);
      expect(res.json().error).toContain(error);
    }
    expect(await account(a)).toMatchObject({ balance: 10 });
    expect(await account(b)).toMatchObject({ balance: 10 });
  });

  it('needs a signed-in caller and keeps tenants apart', async () => {
    const a = await openAccount(10);
    const theirReg = await openAccount(10, 0, {}, t.beta.headers);
    // Registrations are numbered per tenant: the other tenant's record is named by its _id, which is unique.
    const theirs = ((await account(theirReg, t.beta.headers)) as unknown as { _id: string })._id;
    const mine = ((await account(a)) as unknown as { _id: string })._id;
    expect(
      (await t.call('POST', '/api/bank/move-money', {}, { fromAccount: a, toAccount: theirs, amount: 1 })).statusCode,
    ).toBe(401);
    const res = await post('/api/bank/move-money', { fromAccount: a, toAccount: theirs, amount: 1 });
    expect(res.statusCode, res.body).toBe(404);
    const fromBeta = await post(
      '/api/bank/move-money',
      { fromAccount: theirs, toAccount: mine, amount: 1 },
      t.beta.headers,
    );
    expect(fromBeta.statusCode).toBe(404);
    expect(
      (await post('/api/bank/set-overdraft', { account: theirs, overdraftLimit: 5, reason: 'x' })).statusCode,
    ).toBe(404);
    expect((await post('/api/bank/arbitration', { accounts: [a, theirs] })).statusCode).toBe(404);
    // Every ACTIVE account of the tenant, never another tenant's.
    const all = await post('/api/bank/arbitration', { target: 0 }, t.beta.headers);
    expect(all.statusCode, all.body).toBe(200);
    expect((all.json() as { accounts: { registration: string }[] }).accounts.map((x) => x.registration)).toEqual([
      theirReg,
    ]);
    expect(await account(a)).toMatchObject({ balance: 10 });
    expect(await account(theirReg, t.beta.headers)).toMatchObject({ balance: 10, overdraftLimit: 0 });
  });
});

describe('POST /api/bank/arbitration', () => {
  it('brings every account of each organization to the target from the richest first', async () => {
    const person = await post('/api/person/persons', { name: 'Treasury Holding', type: 'C' });
    expect(person.statusCode, person.body).toBe(201);
    const org = person.json().registration as string;
    const other = (await post('/api/person/persons', { name: 'Other Holding', type: 'C' })).json()
      .registration as string;
    const rich = await openAccount(1000, 0, { organizationRegistration: org });
    const middle = await openAccount(300, 0, { organizationRegistration: org });
    const poor = await openAccount(50, 0, { organizationRegistration: org });
    const negative = await openAccount(-20, 100, { organizationRegistration: org });
    const elsewhere = await openAccount(10, 0, { organizationRegistration: other });
    const res = await post('/api/bank/arbitration', {
      accounts: [rich, middle, poor, negative, elsewhere],
      target: 200,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { operations } = res.json() as { operations: Operation[] };
    // Lowest first: the negative account takes 220 from the richest, then the poor one 150 from the richest again.
    expect(operations.map((o) => [o.type, o.status, o.fromAccount, o.toAccount, o.amount])).toEqual([
      ['ARBITRATION', 'EXECUTED', rich, negative, 220],
      ['ARBITRATION', 'EXECUTED', rich, poor, 150],
    ]);
    expect((await account(rich)).balance).toBe(630);
    expect((await account(middle)).balance).toBe(300);
    expect((await account(poor)).balance).toBe(200);
    expect((await account(negative)).balance).toBe(200);
    // The other organization's account had nobody to take from.
    expect((await account(elsewhere)).balance).toBe(10);
    // Not enough above the target: the givers stop at the target.
    const again = await post('/api/bank/arbitration', { accounts: [rich, middle, poor, negative], target: 400 });
    expect(again.statusCode, again.body).toBe(200);
    const balances = await Promise.all([rich, middle, poor, negative].map(async (r) => (await account(r)).balance));
    expect(balances.reduce((s, b) => s + b, 0)).toBe(1330);
    expect(balances[0]).toBe(400);
    expect(balances.every((b) => b >= 200)).toBe(true);
    const bad = await post('/api/bank/arbitration', { accounts: [rich], target: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('for field target');
    expect((await post('/api/bank/arbitration', { accounts: 'all' })).json().error).toContain('for field accounts');
  });
});

describe('POST /api/bank/set-overdraft', () => {
  it('records an OVERDRAFT_CHANGE and changes the limit with History; refuses a limit the balance is already below', async () => {
    const a = await openAccount(-30, 50);
    const res = await post('/api/bank/set-overdraft', { account: a, overdraftLimit: 80.5, reason: 'New credit line' });
    expect(res.statusCode, res.body).toBe(200);
    const { operation, account: after } = res.json() as { operation: Operation; account: Account };
    expect(operation).toMatchObject({
      type: 'OVERDRAFT_CHANGE',
      status: 'EXECUTED',
      toAccount: a,
      amount: 80.5,
      reason: 'New credit line',
    });
    expect(after).toMatchObject({ overdraftLimit: 80.5, available: 50.5, balance: -30 });
    expect(
      (await historyOf('BankAccount', a)).find((h) => h.action === 'OVERDRAFT_CHANGE')?.changes?.overdraftLimit,
    ).toEqual({ from: 50, to: 80.5 });
    const tooLow = await post('/api/bank/set-overdraft', { account: a, overdraftLimit: 20, reason: 'Cut' });
    expect(tooLow.statusCode).toBe(409);
    expect((await account(a)).overdraftLimit).toBe(80.5);
    expect((await post('/api/bank/set-overdraft', { account: a, overdraftLimit: 20 })).json().error).toContain(
      'Missing field reason',
    );
    expect((await post('/api/bank/set-overdraft', { account: a, reason: 'x' })).json().error).toContain(
      'Missing field overdraftLimit',
    );
    expect(
      (await post('/api/bank/set-overdraft', { account: a, overdraftLimit: -5, reason: 'x' })).json().error,
    ).toContain('for field overdraftLimit');
    expect((await post('/api/bank/set-overdraft', { overdraftLimit: 5, reason: 'x' })).json().error).toContain(
      'Missing field account',
    );
    expect(
      (await post('/api/bank/set-overdraft', { account: a, overdraftLimit: 0, reason: 'Back to none' })).statusCode,
    ).toBe(409);
  });
});
