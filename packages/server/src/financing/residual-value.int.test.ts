import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDictionaries } from '@lbo/model/i18n/dictionaries';
import { curveOf, lecturaCatalogue } from '../testing/lectura-catalogue.ts';
import { startLecturaTestServer, type LecturaTestServer } from '../testing/lectura-server.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/**
 * A quotation's residual value from the vehicle catalogue's curve, against a local server that
 * answers as the catalogue does: the value, the curve and its date stored, the rent priced again
 * by the finance engine (checked against an annuity computed here, apart from the engine), and
 * the catalogue's errors leaving the quotation as it was.
 */
let t: TestApp;
let lectura: LecturaTestServer;
const model = lecturaCatalogue.models.find((m) => m.manufacturer_name === 'Peugeot') ?? lecturaCatalogue.models[0];
const price = 30000;
let vehicle: string;
let dealRegistration: string;

const call = (method: string, url: string, body?: unknown, headers = t.alpha.headers) =>
  t.call(method, url, headers, body);
const residualUrl = (deal: string, quotation = 'Q1') =>
  `/api/financing/deals/${deal}/quotations/${quotation}/residual-value`;

/** The curve's percentage at `months`, on the straight line between the catalogue's points, to six places. */
function expectedPercent(year: number, usage: string, months: number): Decimal {
  const points = curveOf(model.id, year, usage)!.points;
  const high = points.findIndex((p) => p.age >= months);
  const [a, b] = [points[high - 1], points[high]];
  const p0 = new Decimal(String(a.value)),
    p1 = new Decimal(String(b.value));
  return p0
    .plus(
      p1
        .minus(p0)
        .mul(months - a.age)
        .div(b.age - a.age),
    )
    .toDecimalPlaces(6, Decimal.ROUND_HALF_UP);
}

/** The rent of an annuity in arrears repaying `amount` down to `residual`: (A − R·v^n)·i / (1 − v^n), i = rate / 12. */
function annuity(amount: number, residual: Decimal, rate: number, n: number): number {
  const i = new Decimal(rate).div(12);
  const v = new Decimal(1).plus(i).pow(-n);
  return new Decimal(amount).minus(residual.mul(v)).mul(i).div(new Decimal(1).minus(v)).toDecimalPlaces(2).toNumber();
}

const newDeal = async (assets: unknown[], quotation: Record<string, unknown> = {}) => {
  const res = await call('POST', '/api/financing/deals', {
    name: 'Van lease',
    currency: 'EUR',
    startDate: '2026-01-01',
    assets,
    quotations: [{ financedAmountExclTax: price, rate: 0.06, duration: 42, frequency: '30', ...quotation }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};

beforeAll(async () => {
  // The language dictionaries the app loads as it starts, loaded first: on a busy machine their
  // import alone can outlast the app's plugin start-up limit.
  await loadDictionaries();
  lectura = await startLecturaTestServer();
  t = await createTestApp();
  const configured = await call('PUT', '/api/core/tenant-configuration/vehicle-catalogue', {
    baseUrl: lectura.url,
    apiKey: lectura.apiKey,
  });
  expect(configured.statusCode, configured.body).toBe(200);
  const asset = await call('POST', '/api/asset/assets', {
    name: `${model.manufacturer_name} ${model.name}`,
    manufacturer: model.manufacturer_name,
    model: model.name,
    modelYear: 2025,
    usage: 'NORMAL',
    unitPrice: price,
    currency: 'EUR',
  });
  expect(asset.statusCode, asset.body).toBe(201);
  vehicle = asset.json().registration;
  dealRegistration = (await newDeal([{ assetRegistration: vehicle }])).registration;
}, 300_000);
afterAll(async () => {
  await t?.close();
  await lectura?.close();
});

describe('residual value from the catalogue curve', () => {
  it("reads the curve of the quotation's vehicle at its term, nothing stored", async () => {
    const before = (await call('GET', `/api/financing/deals/${dealRegistration}`)).json();
    const res = await call('GET', residualUrl(dealRegistration));
    expect(res.statusCode, res.body).toBe(200);
    const reading = res.json();
    const percent = expectedPercent(2025, 'NORMAL', 42);
    expect(reading).toMatchObject({
      quotation: 'Q1',
      assetRegistration: vehicle,
      catalogue: 'LECTURA',
      modelName: model.name,
      manufacturerName: model.manufacturer_name,
      year: 2025,
      usage: 'NORMAL',
      term: 42,
      percent: percent.toString(),
      base: price,
      baseFrom: 'assetLine',
      residualValue: percent.mul(price).div(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber(),
    });
    expect(reading.points).toHaveLength(9);
    expect(reading.points[0]).toEqual({ months: 0, percent: '100' });
    expect(Date.now() - Date.parse(reading.readAt)).toBeLessThan(60_000);
    const after = (await call('GET', `/api/financing/deals/${dealRegistration}`)).json();
    expect(after._version).toBe(before._version);
    expect(after.quotations[0].residualValueSource).toBeUndefined();
  });

  it('stores the value, the curve and its date on the quotation, and the finance engine prices the rent with it', async () => {
    const before = (await call('GET', `/api/financing/deals/${dealRegistration}`)).json();
    const rentWithout = before.quotations[0].instalment;
    expect(rentWithout).toBe(annuity(price, new Decimal(0), 0.06, 42));
    const res = await call('POST', residualUrl(dealRegistration), { _version: before._version });
    expect(res.statusCode, res.body).toBe(200);
    const deal = res.json();
    const q = deal.quotations[0];
    const percent = expectedPercent(2025, 'NORMAL', 42);
    const residual = percent.mul(price).div(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    expect(q).toMatchObject({
      residualValue: residual.toNumber(),
      residualValueSource: 'CATALOGUE',
      residualValuePercent: percent.div(100).toNumber(),
      residualValueBase: price,
      residualValueCurve: {
        catalogue: 'LECTURA',
        modelName: model.name,
        manufacturerName: model.manufacturer_name,
        year: 2025,
        usage: 'NORMAL',
      },
    });
    expect(q.residualValueCurve.points).toEqual(
      curveOf(model.id, 2025, 'NORMAL')!.points.map((p) => ({
        months: p.age,
        percent: new Decimal(String(p.value)).toString(),
      })),
    );
    expect(Date.now() - Date.parse(q.residualValueDate)).toBeLessThan(60_000);
    expect(q.instalment).toBe(annuity(price, residual, 0.06, 42));
    expect(q.instalment).toBeLessThan(rentWithout);
    expect(q.pricingError).toBeUndefined();
    // Audited as every write: the History row of the change names the quotation.
    const history = await call('GET', `/api/core/histories?entityRegistration=${dealRegistration}&sort=-_insertDate`);
    expect(history.statusCode, history.body).toBe(200);
    expect(JSON.stringify(history.json()[0])).toContain('Residual value of Q1');
  });

  it('reads a new term again on the stored curve, without asking the catalogue', async () => {
    const deal = (await call('GET', `/api/financing/deals/${dealRegistration}`)).json();
    const hits = lectura.hits.length;
    const res = await call('PATCH', `/api/financing/deals/${dealRegistration}`, {
      quotations: [{ ...deal.quotations[0], duration: 48 }],
      _version: deal._version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json().quotations[0];
    const point = curveOf(model.id, 2025, 'NORMAL')!.points.find((p) => p.age === 48)!;
    const residual = new Decimal(String(point.value)).mul(price).div(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    expect(q.residualValue).toBe(residual.toNumber());
    expect(q.residualValueSource).toBe('CATALOGUE');
    expect(q.instalment).toBe(annuity(price, residual, 0.06, 48));
    expect(lectura.hits.length).toBe(hits);
    // Typed over, the value is the user's.
    const typed = await call('PATCH', `/api/financing/deals/${dealRegistration}`, {
      quotations: [{ ...res.json().quotations[0], residualValue: 9000 }],
    });
    expect(typed.json().quotations[0]).toMatchObject({ residualValue: 9000, residualValueSource: 'MANUAL' });
  });

  it('takes the vehicle named in the request over the asset, and the price new without an asset line', async () => {
    const other = lecturaCatalogue.models.find((m) => m.manufacturer_name !== model.manufacturer_name)!;
    const deal = await newDeal([]);
    const res = await call('POST', residualUrl(deal.registration), {
      modelName: other.name,
      manufacturerName: other.manufacturer_name,
      year: 2024,
      usage: 'high',
    });
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json().quotations[0];
    expect(q.residualValueBase).toBe(other.price_new);
    expect(q.residualValueCurve).toMatchObject({ modelName: other.name, year: 2024, usage: 'HIGH' });
  });

  it('answers a clear catalogue error and leaves the quotation unchanged', async () => {
    const unknown = await newDeal([]);
    const before = (await call('GET', `/api/financing/deals/${unknown.registration}`)).json();
    const none = await call('POST', residualUrl(unknown.registration), {
      modelName: 'Nothing',
      manufacturerName: 'Nobody',
      year: 2024,
      usage: 'NORMAL',
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe(
      '404|RESIDUAL_VALUE_CURVE_NOT_FOUND|The Lectura catalogue has no residual value curve for Nobody Nothing (2024, usage NORMAL)',
    );
    const missing = await call('POST', residualUrl(unknown.registration), { modelName: 'Nothing' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(
      '400|MISSING_FIELD_IN_BODY|Missing field manufacturerName (the quotation has no vehicle) in body',
    );
    const noQuotation = await call('POST', residualUrl(unknown.registration, 'Q9'), {});
    expect(noQuotation.statusCode).toBe(404);
    expect(noQuotation.json().error).toBe(
      `404|ENTITY_REGISTRATION_NOT_FOUND|Entity Quotation with identifier ${unknown.registration}/Q9 not found`,
    );
    const badYear = await call('POST', residualUrl(unknown.registration), { year: 'soon' });
    expect(badYear.statusCode).toBe(400);
    expect(badYear.json().error).toMatch(/^400\|INVALID_INTEGER_FIELD\|.*year/);

    // The provider down: a closed port answers nothing.
    const closed = await startLecturaTestServer();
    await closed.close();
    await call('PUT', '/api/core/tenant-configuration/vehicle-catalogue', { baseUrl: closed.url, timeoutMs: 1000 });
    try {
      const down = await call('POST', residualUrl(dealRegistration), {});
      expect(down.statusCode).toBe(503);
      expect(down.json().error).toBe(
        '503|EXTERNAL_SERVICE_UNAVAILABLE|External service Lectura is unavailable: cannot be reached',
      );
    } finally {
      await call('PUT', '/api/core/tenant-configuration/vehicle-catalogue', { baseUrl: lectura.url });
    }
    const after = (await call('GET', `/api/financing/deals/${unknown.registration}`)).json();
    expect(after._version).toBe(before._version);
    expect(after.quotations).toEqual(before.quotations);
  });

  it('refuses a record changed since the user saw it (409)', async () => {
    const deal = (await call('GET', `/api/financing/deals/${dealRegistration}`)).json();
    const res = await call('POST', residualUrl(dealRegistration), { _version: deal._version - 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/^409\|VERSION_CONFLICT\|/);
    expect((await call('GET', `/api/financing/deals/${dealRegistration}`)).json()._version).toBe(deal._version);
  });

  it("does not let another tenant read or price a tenant's quotation", async () => {
    for (const method of ['GET', 'POST']) {
      const res = await call(method, residualUrl(dealRegistration), method === 'POST' ? {} : undefined, t.beta.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(
        `404|ENTITY_REGISTRATION_NOT_FOUND|Entity Deal with identifier ${dealRegistration} not found`,
      );
    }
  });
});
