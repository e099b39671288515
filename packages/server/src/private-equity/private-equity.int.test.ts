import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { DEMO_FUND, writeDemoPrivateEquity } from './demo-private-equity.ts';

/**
 * Private equity over HTTP: a holding's operations checked on write (naming the field), its
 * performance and its fund's computed exactly from the counted operations, another tenant's
 * holdings and funds out of reach.
 */
let t: TestApp;
const call: TestApp['call'] = (...args) => t.call(...args);

async function created(route: string, body: object, headers = t.alpha.headers): Promise<string> {
  const res = await call('POST', `/api/private-equity/${route}`, headers, body);
  expect(res.statusCode, res.body).toBe(201);
  return String(res.json().registration);
}

const operation = (assetRegistration: string, type: string, operationDate: string, amount: number, shares?: number) =>
  created('operations', { name: type, assetRegistration, type, operationDate, amount, ...(shares ? { shares } : {}) });

let asset: string;

beforeAll(async () => {
  t = await createTestApp();
  asset = await created('assets', { name: 'Alpha Robotics', fund: 'Fund A', currency: 'EUR', sector: 'INDUSTRY' });
  await operation(asset, 'INVESTMENT', '2020-01-01', 1_000_000, 1000);
  await operation(asset, 'VALUATION', '2021-01-01', 1_500_000);
  await operation(asset, 'PARTIAL_EXIT', '2022-01-01', 800_000, 400);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('a holding', () => {
  it('answers its shares, cost, proceeds, value, multiple and IRR', async () => {
    const res = await call('GET', `/api/private-equity/assets/${asset}/performance`, t.alpha.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      registration: asset,
      fund: 'Fund A',
      currency: 'EUR',
      asOf: '2022-01-01',
      sharesHeld: 600,
      invested: 1000000,
      realised: 800000,
      unrealised: 900000,
      multiple: 1.7,
      dpi: 0.8,
      irr: 0.303367,
    });
    const earlier = await call(
      'GET',
      `/api/private-equity/assets/${asset}/performance?date=2021-06-30`,
      t.alpha.headers,
    );
    expect(earlier.json()).toMatchObject({ sharesHeld: 1000, realised: 0, unrealised: 1500000, multiple: 1.5 });
  });

  it('leaves a cancelled operation out', async () => {
    const other = await created('assets', { name: 'Cancelled stake', fund: 'Fund C', currency: 'EUR' });
    await operation(other, 'INVESTMENT', '2023-01-01', 1000, 10);
    const dividend = await operation(other, 'DIVIDEND', '2024-01-01', 500);
    const before = await call('GET', `/api/private-equity/assets/${other}/performance`, t.alpha.headers);
    expect(before.json()).toMatchObject({ realised: 500, multiple: 1.5 });
    const cancelled = await call(
      'GET',
      `/api/private-equity/operations/${dividend}/transitions/CANCEL`,
      t.alpha.headers,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await call('GET', `/api/private-equity/assets/${other}/performance`, t.alpha.headers);
    expect(after.json()).toMatchObject({ realised: 0, multiple: 1 });
  });

  it('refuses an operation that makes no sense, naming the field', async () => {
    const refused = async (body: object, error: string) => {
      const res = await call('POST', '/api/private-equity/operations', t.alpha.headers, body);
      expect(res.statusCode, res.body).toBe(error.startsWith('404') ? 404 : 400);
      expect(res.json().error).toBe(error);
    };
    const base = { assetRegistration: asset, operationDate: '2023-01-01' };
    await refused({ ...base, type: 'DIVIDEND' }, '400|MISSING_FIELD_IN_BODY|Missing field amount in body');
    await refused(
      { ...base, type: 'INVESTMENT', amount: 10 },
      '400|INVALID_POSITIVE_NUMBER_FIELD|Field shares must be a positive number',
    );
    await refused(
      { ...base, type: 'PARTIAL_EXIT', amount: 10, shares: 600 },
      '400|INVALID_FIELD_VALUE|Invalid value 600 for field shares',
    );
    await refused(
      { ...base, type: 'DIVIDEND', amount: 10, operationDate: '2019-12-31' },
      '400|INVALID_FIELD_VALUE|Invalid value 2019-12-31 for field operationDate',
    );
    await refused(
      { ...base, type: 'DIVIDEND', amount: 10, assetRegistration: 'PEA999999' },
      '404|ENTITY_REGISTRATION_NOT_FOUND|Entity PrivateEquityAsset with identifier PEA999999 not found',
    );
    const badDate = await call(
      'GET',
      `/api/private-equity/assets/${asset}/performance?date=2024-13-01`,
      t.alpha.headers,
    );
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error).toContain('date');
  });
});

describe('a fund', () => {
  it('sums its holdings and takes the IRR of all their flows', async () => {
    const second = await created('assets', { name: 'Alpha Foods', fund: 'Fund A', currency: 'EUR' });
    await operation(second, 'INVESTMENT', '2021-01-01', 500_000, 50);
    await operation(second, 'VALUATION', '2021-06-01', 400_000);
    const res = await call(
      'GET',
      `/api/private-equity/funds/${encodeURIComponent('Fund A')}/performance`,
      t.alpha.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    const fund = res.json();
    expect(fund).toMatchObject({
      fund: 'Fund A',
      currency: 'EUR',
      invested: 1500000,
      realised: 800000,
      unrealised: 1300000,
      multiple: 1.4,
    });
    expect(fund.holdings.map((h: { registration: string }) => h.registration).sort()).toEqual([asset, second].sort());
    const npv = (r: number) => -1000000 - 500000 / (1 + r) ** (366 / 365) + 2100000 / (1 + r) ** (731 / 365);
    expect(Math.abs(npv(fund.irr))).toBeLessThan(5);
  });

  it('refuses a fund in two currencies, and an unknown fund', async () => {
    await created('assets', { name: 'Dollar stake', fund: 'Fund M', currency: 'EUR' });
    await created('assets', { name: 'Euro stake', fund: 'Fund M', currency: 'USD' });
    const mixed = await call('GET', '/api/private-equity/funds/Fund%20M/performance', t.alpha.headers);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error).toBe('400|INVALID_FIELD_VALUE|Invalid value EUR, USD for field currency');
    const unknown = await call('GET', '/api/private-equity/funds/Nowhere/performance', t.alpha.headers);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('another tenant', () => {
  it('reaches neither the holding, its fund, nor its operations', async () => {
    const holding = await call('GET', `/api/private-equity/assets/${asset}/performance`, t.beta.headers);
    expect(holding.statusCode).toBe(404);
    const fund = await call('GET', '/api/private-equity/funds/Fund%20A/performance', t.beta.headers);
    expect(fund.statusCode).toBe(404);
    const res = await call('POST', '/api/private-equity/operations', t.beta.headers, {
      assetRegistration: asset,
      type: 'DIVIDEND',
      operationDate: '2023-01-01',
      amount: 1,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('the demo fund', () => {
  it('is written once, with three holdings whose figures add up', async () => {
    const context = { db: t.db.database.db, operations: undefined as never, tenant: 'beta', loadedKinds: [] };
    await writeDemoPrivateEquity(context);
    await writeDemoPrivateEquity(context);
    const res = await call(
      'GET',
      `/api/private-equity/funds/${encodeURIComponent(DEMO_FUND)}/performance`,
      t.beta.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    const fund = res.json();
    expect(fund.holdings).toHaveLength(3);
    // 2,000,000 + 500,000 + 1,500,000 + 1,000,000 invested; 1,200,000 + 200,000 + 2,100,000 received;
    // 3,000,000 (GreenFleet's last valuation) + 2,250,000 (MedTech's) still held.
    expect(fund).toMatchObject({ asOf: '2024-12-31', invested: 5000000, realised: 3500000, unrealised: 5250000 });
    expect(fund.multiple).toBe(1.75);
    expect(fund.irr).toBeGreaterThan(0.1);
  });
});
