import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let asset: string;
beforeAll(async () => {
  t = await createTestApp();
  asset = (
    await t.call('POST', '/api/asset/assets', t.alpha.headers, { name: 'Press', priceExclTax: 10000, currency: 'EUR' })
  ).json().registration;
});
afterAll(async () => {
  await t?.close();
});

const URL = '/api/asset/depreciation-schedules';
const terms = (extra: Record<string, unknown> = {}) => ({
  assetRegistration: asset,
  method: 'DECLINING_BALANCE',
  startDate: '2024-04-10',
  duration: 5,
  ...extra,
});

const expectError = async (res: Awaited<ReturnType<TestApp['call']>>, status: number, error: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error).toBe(error);
};

describe('POST /api/asset/depreciation-schedules', () => {
  it('creates the schedule with its lines from the asset and the terms', async () => {
    const res = await t.call('POST', URL, t.alpha.headers, terms());
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json();
    expect(doc).toMatchObject({
      registration: expect.stringMatching(/^DS\d{6}$/),
      status: 'DRAFT',
      acquisitionValue: 10000,
      depreciableBase: 10000,
      coefficient: 1.75,
      currency: 'EUR',
      endDate: '2028-12-31',
    });
    expect(doc.lines.map((l: { depreciation: number }) => l.depreciation)).toEqual([
      2625, 2581.25, 1677.81, 1557.97, 1557.97,
    ]);
    // stored as answered, and found by the list filters
    expect((await t.call('GET', `${URL}/${doc.registration}`, t.alpha.headers)).json().lines).toHaveLength(5);
    const listed = await t.call('GET', `${URL}?assetRegistration=${asset}&method=DECLINING_BALANCE`, t.alpha.headers);
    expect(listed.json().map((d: { registration: string }) => d.registration)).toContain(doc.registration);
  });

  it('takes the given value less the salvage value, straight-line pro rata temporis', async () => {
    const doc = (
      await t.call(
        'POST',
        URL,
        t.alpha.headers,
        terms({ method: 'LINEAR', acquisitionValue: 12000, salvageValue: 2000, startDate: '2024-04-01' }),
      )
    ).json();
    expect(doc.depreciableBase).toBe(10000);
    expect(doc.lines.map((l: { depreciation: number }) => l.depreciation)).toEqual([1500, 2000, 2000, 2000, 2000, 500]);
    expect(doc.endDate).toBe('2029-03-31');
  });

  it('recomputes the lines on PATCH and PUT, and deletes by registration', async () => {
    const doc = (await t.call('POST', URL, t.alpha.headers, terms())).json();
    const patched = await t.call('PATCH', `${URL}/${doc.registration}`, t.alpha.headers, {
      method: 'LINEAR',
      startDate: '2024-01-01',
      _version: 1,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ _version: 2, method: 'LINEAR', endDate: '2028-12-31' });
    expect(patched.json().lines.map((l: { depreciation: number }) => l.depreciation)).toEqual([
      2000, 2000, 2000, 2000, 2000,
    ]);
    expect(
      (await t.call('PATCH', `${URL}/${doc.registration}`, t.alpha.headers, { duration: 4, _version: 1 })).json().code,
    ).toBe('VERSION_CONFLICT');
    const put = await t.call(
      'PUT',
      `${URL}/${doc.registration}`,
      t.alpha.headers,
      terms({ duration: 4, method: 'LINEAR', startDate: '2024-01-01' }),
    );
    expect(put.json().lines).toHaveLength(4);
    const history = await t.call(
      'GET',
      `/api/core/histories?entityName=DepreciationSchedule&entityRegistration=${doc.registration}`,
      t.alpha.headers,
    );
    expect(history.json().length).toBe(3);
    expect((await t.call('DELETE', `${URL}/${doc.registration}`, t.alpha.headers)).statusCode).toBe(200);
    expect((await t.call('GET', `${URL}/${doc.registration}`, t.alpha.headers)).statusCode).toBe(404);
  });
});

describe('bad input', () => {
  it('answers the catalogue error naming the field', async () => {
    const h = t.alpha.headers;
    await expectError(await t.call('POST', URL, h, {}), 400, '400|MISSING_BODY_PAYLOAD|Body payload is mandatory');
    await expectError(
      await t.call('POST', URL, h, { method: 'LINEAR', startDate: '2024-01-01', duration: 5 }),
      400,
      '400|MISSING_FIELD_IN_BODY|Missing field assetRegistration in body',
    );
    await expectError(
      await t.call('POST', URL, h, terms({ duration: undefined })),
      400,
      '400|MISSING_FIELD_IN_BODY|Missing field duration in body',
    );
    await expectError(
      await t.call('POST', URL, h, terms({ duration: 4.5 })),
      400,
      '400|INVALID_INTEGER_FIELD|Field duration must be an integer',
    );
    await expectError(
      await t.call('POST', URL, h, terms({ duration: 0 })),
      400,
      '400|INVALID_FIELD_VALUE|Invalid value 0 for field duration',
    );
    await expectError(
      await t.call('POST', URL, h, terms({ startDate: '2024-02-30' })),
      400,
      '400|INVALID_DATE_FIELD|Field startDate must be a valid date',
    );
    await expectError(
      await t.call('POST', URL, h, terms({ acquisitionValue: 'much' })),
      400,
      '400|INVALID_NUMBER_FIELD|Field acquisitionValue must be a number',
    );
    await expectError(
      await t.call('POST', URL, h, terms({ salvageValue: 10000 })),
      400,
      '400|INVALID_FIELD_VALUE|Invalid value 10000 for field salvageValue',
    );
    await expectError(
      await t.call('POST', URL, h, terms({ method: 'UNITS_OF_PRODUCTION' })),
      400,
      '400|ARGUMENT_OUT_OF_RANGE|Argument method is out of range: must be one of LINEAR, DECLINING_BALANCE',
    );
    await expectError(
      await t.call('POST', URL, h, terms({ duration: 2 })),
      400,
      '400|ARGUMENT_OUT_OF_RANGE|Argument duration is out of range: declining balance needs a useful life of at least 3 years',
    );
    await expectError(
      await t.call('POST', URL, h, terms({ assetRegistration: 'AS999999' })),
      404,
      '404|ENTITY_REGISTRATION_NOT_FOUND|Entity Asset with identifier AS999999 not found',
    );
    const bare = (await t.call('POST', '/api/asset/assets', h, { name: 'No price' })).json().registration;
    await expectError(
      await t.call('POST', URL, h, terms({ assetRegistration: bare })),
      400,
      '400|MISSING_FIELD_IN_BODY|Missing field acquisitionValue in body',
    );
    await expectError(
      await t.call('DELETE', `${URL}/DS999999`, h),
      404,
      '404|ENTITY_REGISTRATION_NOT_FOUND|Entity DepreciationSchedule with identifier DS999999 not found',
    );
  });

  it('keeps tenants apart: another tenant neither sees the schedule nor depreciates the asset', async () => {
    const doc = (await t.call('POST', URL, t.alpha.headers, terms())).json();
    expect((await t.call('GET', `${URL}/${doc.registration}`, t.beta.headers)).statusCode).toBe(404);
    expect((await t.call('DELETE', `${URL}/${doc.registration}`, t.beta.headers)).statusCode).toBe(404);
    expect((await t.call('PATCH', `${URL}/${doc.registration}`, t.beta.headers, { duration: 6 })).statusCode).toBe(404);
    expect((await t.call('GET', URL, t.beta.headers)).json()).toEqual([]);
    await expectError(
      await t.call('POST', URL, t.beta.headers, terms()),
      404,
      `404|ENTITY_REGISTRATION_NOT_FOUND|Entity Asset with identifier ${asset} not found`,
    );
    expect((await t.call('GET', `${URL}/${doc.registration}`, t.alpha.headers)).statusCode).toBe(200);
  });

  it('requires a session', async () => {
    expect((await t.call('POST', URL, {}, terms())).statusCode).toBe(401);
  });
});
