import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/**
 * Kinds that were only a name and a status now carry their work (docs/kinds.md): catalogue items
 * keep their bounds in order, an index has one value a day, an organization is not its own
 * parent, and each tenant sees only its own records.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type Res = { statusCode: number; body: string; json(): Record<string, unknown> };

function refused(res: Res, error: string) {
  expect(res.statusCode, res.body).toBe(Number(error.slice(0, 3)));
  expect(JSON.parse(res.body).error).toBe(error);
}

describe('product catalogue items', () => {
  it('are written with their limits and found by them', async () => {
    const res = await t.call('POST', '/api/financing/product-catalog-items', t.alpha.headers, {
      name: 'Vehicle lease 24-60',
      type: 'FINANCIAL_PRODUCT',
      code: 'VL-2460',
      financialProduct: 'LEASE',
      minAmount: 5000,
      maxAmount: 250000,
      minDuration: 24,
      maxDuration: 60,
      rate: 0.039,
      startDate: '2025-01-01',
      endDate: '2025-12-31',
    });
    expect(res.statusCode, res.body).toBe(201);
    const list = await t.call('GET', '/api/financing/product-catalog-items?code=VL-2460', t.alpha.headers);
    expect(list.statusCode, list.body).toBe(200);
    const rows = JSON.parse(list.body) as Record<string, unknown>[];
    expect(rows.map((r) => [r.code, r.maxAmount, r.maxDuration])).toEqual([['VL-2460', 250000, 60]]);
  });

  it('refuse a minimum above the maximum, naming the maximum', async () => {
    const h = t.alpha.headers;
    refused(
      await t.call('POST', '/api/financing/product-catalog-items', h, {
        name: 'Bad',
        minAmount: 9000,
        maxAmount: 1000,
      }),
      '400|INVALID_FIELD_VALUE|Invalid value 1000 for field maxAmount',
    );
    refused(
      await t.call('POST', '/api/financing/product-catalog-items', h, {
        name: 'Bad',
        minDuration: 60,
        maxDuration: 12,
      }),
      '400|INVALID_FIELD_VALUE|Invalid value 12 for field maxDuration',
    );
    refused(
      await t.call('POST', '/api/asset/asset-service-catalog-items', h, {
        name: 'Tyres',
        startDate: '2025-06-01',
        endDate: '2025-01-01',
      }),
      '400|INVALID_FIELD_VALUE|Invalid value "2025-01-01" for field endDate',
    );
  });

  it('refuse a value of the wrong type, naming the field', async () => {
    const res = await t.call('POST', '/api/financing/product-catalog-items', t.alpha.headers, {
      name: 'Bad',
      minDuration: 'twelve',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.parse(res.body).error).toMatch(/minDuration/);
  });
});

describe('market indices', () => {
  it('hold one value per index and date, listed by index', async () => {
    const h = t.alpha.headers;
    const index = await t.call('POST', '/api/core/indexes', h, {
      name: 'EURIBOR 3 months',
      code: 'EUR3M',
      currency: 'EUR',
      tenorMonths: 3,
    });
    expect(index.statusCode, index.body).toBe(201);
    const registration = String(index.json().registration);
    const value = { indexRegistration: registration, date: '2025-06-30', value: 0.0198 };
    expect((await t.call('POST', '/api/core/indices', h, value)).statusCode).toBe(201);
    const again = await t.call('POST', '/api/core/indices', h, { ...value, value: 0.02 });
    expect(again.statusCode, again.body).toBe(400);
    expect(JSON.parse(again.body).code).toBe('VALUE_ALREADY_EXISTS');
    const july = await t.call('POST', '/api/core/indices', h, { ...value, date: '2025-07-31', value: 0.0201 });
    expect(july.statusCode, july.body).toBe(201);
    const listed = await t.call('GET', `/api/core/indices?index=${registration}&sort=date`, h);
    expect((JSON.parse(listed.body) as Record<string, unknown>[]).map((r) => r.value)).toEqual([0.0198, 0.0201]);
    // The index shows its latest value, and the one before when the latest is deleted.
    const latest = async () => {
      const res = await t.call('GET', `/api/core/indexes/${registration}`, h);
      const doc = res.json();
      return [doc.lastValue, doc.lastValueDate];
    };
    expect(await latest()).toEqual([0.0201, '2025-07-31']);
    const removed = await t.call('DELETE', `/api/core/indices/${String(july.json().registration)}`, h);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await latest()).toEqual([0.0198, '2025-06-30']);
  });

  it('refuse a value without its index or its date, naming the field', async () => {
    const h = t.alpha.headers;
    refused(
      await t.call('POST', '/api/core/indices', h, { date: '2025-06-30', value: 0.01 }),
      '400|MISSING_FIELD_IN_BODY|Missing field indexRegistration in body',
    );
    const index = await t.call('POST', '/api/core/indexes', h, { name: 'STR', code: 'STR' });
    const res = await t.call('POST', '/api/core/indices', h, {
      indexRegistration: String(index.json().registration),
      value: 0.01,
    });
    refused(res, '400|MISSING_FIELD_IN_BODY|Missing field date in body');
    refused(
      await t.call('POST', '/api/core/indices', h, { indexRegistration: 'IDX999999', date: '2025-06-30', value: 0.01 }),
      '404|ENTITY_REGISTRATION_NOT_FOUND|Entity Index with identifier IDX999999 not found',
    );
  });

  it("are each tenant's own: another tenant's index is not found", async () => {
    const index = await t.call('POST', '/api/core/indexes', t.alpha.headers, {
      name: 'Alpha cost of funds',
      code: 'ACF',
    });
    const registration = String(index.json().registration);
    expect((await t.call('GET', `/api/core/indexes/${registration}`, t.beta.headers)).statusCode).toBe(404);
    const listed = await t.call('GET', '/api/core/indexes?code=ACF', t.beta.headers);
    expect(JSON.parse(listed.body)).toEqual([]);
    // Its values are alpha's too: beta reads none of them, even by alpha's index.
    await t.call('POST', '/api/core/indices', t.alpha.headers, {
      indexRegistration: registration,
      date: '2025-06-30',
      value: 0.01,
    });
    const intruder = await t.call('POST', '/api/core/indices', t.beta.headers, {
      indexRegistration: registration,
      date: '2025-07-31',
      value: 0.5,
    });
    refused(intruder, `404|ENTITY_REGISTRATION_NOT_FOUND|Entity Index with identifier ${registration} not found`);
    const values = await t.call('GET', `/api/core/indices?index=${registration}`, t.beta.headers);
    expect(values.statusCode, values.body).toBe(200);
    expect(JSON.parse(values.body)).toEqual([]);
  });
});

describe('organizations', () => {
  it('form a tree, but none is its own parent', async () => {
    const h = t.alpha.headers;
    const holding = await t.call('POST', '/api/person/organizations', h, {
      name: 'Holding',
      type: 'HOLDING',
      code: 'H',
    });
    expect(holding.statusCode, holding.body).toBe(201);
    const parent = String(holding.json().registration);
    const branch = await t.call('POST', '/api/person/organizations', h, {
      name: 'Lyon branch',
      type: 'BRANCH',
      parentRegistration: parent,
    });
    expect(branch.statusCode, branch.body).toBe(201);
    const children = await t.call('GET', `/api/person/organizations?parent=${parent}`, h);
    expect((JSON.parse(children.body) as Record<string, unknown>[]).map((r) => r.name)).toEqual(['Lyon branch']);
    refused(
      await t.call('PATCH', `/api/person/organizations/${parent}`, h, { parentRegistration: parent }),
      `400|INVALID_FIELD_VALUE|Invalid value "${parent}" for field parentRegistration`,
    );
  });
});

describe('campaign contacts', () => {
  it('belong to a campaign, and are read by its tenant only', async () => {
    const campaign = await t.call('POST', '/api/person/campaigns', t.alpha.headers, {
      name: 'Fleet renewal mailing',
      type: 'EMAIL',
      startDate: '2025-09-01',
      endDate: '2025-09-30',
    });
    expect(campaign.statusCode, campaign.body).toBe(201);
    const registration = String(campaign.json().registration);
    const contact = await t.call('POST', '/api/person/campaign-contacts', t.alpha.headers, {
      name: 'Visitor of the fair',
      campaignRegistration: registration,
      email: 'visitor@example.com',
    });
    expect(contact.statusCode, contact.body).toBe(201);
    refused(
      await t.call('POST', '/api/person/campaign-contacts', t.alpha.headers, { name: 'Nobody' }),
      '400|MISSING_FIELD_IN_BODY|Missing field campaignRegistration in body',
    );
    refused(
      await t.call('POST', '/api/person/campaign-contacts', t.beta.headers, {
        name: 'Intruder',
        campaignRegistration: registration,
      }),
      `404|ENTITY_REGISTRATION_NOT_FOUND|Entity Campaign with identifier ${registration} not found`,
    );
    refused(
      await t.call('POST', '/api/person/campaign-contacts', t.alpha.headers, {
        name: 'Ghost',
        campaignRegistration: registration,
        personRegistration: 'PER999999',
      }),
      '404|ENTITY_REGISTRATION_NOT_FOUND|Entity Person with identifier PER999999 not found',
    );
    const mine = await t.call('GET', `/api/person/campaign-contacts?campaign=${registration}`, t.alpha.headers);
    expect((JSON.parse(mine.body) as Record<string, unknown>[]).map((r) => r.email)).toEqual(['visitor@example.com']);
    const elsewhere = await t.call('GET', `/api/person/campaign-contacts?campaign=${registration}`, t.beta.headers);
    expect(JSON.parse(elsewhere.body)).toEqual([]);
    expect((await t.call('GET', `/api/person/campaigns/${registration}`, t.beta.headers)).statusCode).toBe(404);
    refused(
      await t.call('POST', '/api/person/campaigns', t.alpha.headers, {
        name: 'Backwards',
        startDate: '2025-09-30',
        endDate: '2025-09-01',
      }),
      '400|INVALID_FIELD_VALUE|Invalid value "2025-09-01" for field endDate',
    );
  });
});
