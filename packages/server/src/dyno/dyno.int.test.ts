import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const call: TestApp['call'] = (...args) => t.call(...args);

const vehicleCheck = {
  name: 'vehicleCheck',
  label: 'Vehicle check',
  prefix: 'VC',
  fields: {
    mileage: { type: 'integer', mandatory: true },
    checkedOn: { type: 'date' },
    result: { type: 'select', list: 'checkResult' },
  },
  search: ['registration', { name: 'checkedOn', kind: 'range' }, 'result'],
};

describe('dynamic entities', () => {
  it('serves a tenant-described kind under /api/dyno/{name}', async () => {
    const h = t.alpha.headers;
    expect((await call('POST', '/api/core/dyno-descriptors', h, vehicleCheck)).statusCode).toBe(201);
    const created = await call('POST', '/api/dyno/vehicleCheck', h, {
      mileage: 42000,
      checkedOn: '2025-03-01',
      result: 'PASS',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ registration: 'VC000001', type: 'vehicleCheck', mileage: 42000 });
    await call('POST', '/api/dyno/vehicleCheck', h, { mileage: 90000, checkedOn: '2025-06-01', result: 'FAIL' });

    const march = await call('GET', '/api/dyno/vehicleCheck?fromCheckedOn=20250101&toCheckedOn=20250331', h);
    expect(march.json().map((r: { registration: string }) => r.registration)).toEqual(['VC000001']);
    expect(march.headers['pagination-size']).toBe('1');
    const patched = await call('PATCH', '/api/dyno/vehicleCheck/VC000001', h, { mileage: 42100 });
    expect(patched.json()).toMatchObject({ mileage: 42100, _version: 2, type: 'vehicleCheck' });
    // Conditional writes as on every kind: the read's ETag, a stale If-Match refused and nothing written.
    expect((await call('GET', '/api/dyno/vehicleCheck/VC000001', h)).headers.etag).toBe('W/"2"');
    const stale = await call('PATCH', '/api/dyno/vehicleCheck/VC000001', { ...h, 'if-match': 'W/"1"' }, { mileage: 1 });
    expect(stale.json().error).toBe(
      '412|PRECONDITION_FAILED|Entity DynoVehicleCheck with identifier VC000001 is at version 2, not 1',
    );
    expect((await call('DELETE', '/api/dyno/vehicleCheck/VC000001', { ...h, 'if-match': '"1"' })).statusCode).toBe(412);
    expect((await call('GET', '/api/dyno/vehicleCheck/VC000001', h)).json()).toMatchObject({
      mileage: 42100,
      _version: 2,
    });
    expect((await call('DELETE', '/api/dyno/vehicleCheck/VC000002', h)).statusCode).toBe(200);
    expect((await call('GET', '/api/dyno/vehicleCheck/VC000002', h)).statusCode).toBe(404);
  });

  it('validates records against the descriptor and keeps kinds and tenants apart', async () => {
    const h = t.alpha.headers;
    const wrong = await call('POST', '/api/dyno/vehicleCheck', h, { mileage: 'far' });
    expect(wrong.json().error).toBe('400|INVALID_INTEGER_FIELD|Field mileage must be an integer');
    expect((await call('POST', '/api/dyno/vehicleCheck', h, { checkedOn: '2025-01-01' })).json().code).toBe(
      'MISSING_FIELD_IN_BODY',
    );
    expect((await call('POST', '/api/dyno/vehicleCheck', h, {})).json().code).toBe('MISSING_BODY_PAYLOAD');

    await call('POST', '/api/core/dyno-descriptors', h, {
      name: 'siteVisit',
      prefix: 'SV',
      fields: { notes: { type: 'textarea' } },
    });
    const visit = (await call('POST', '/api/dyno/siteVisit', h, { notes: 'all good' })).json();
    expect((await call('GET', `/api/dyno/vehicleCheck/${visit.registration}`, h)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/dyno/vehicleCheck/${visit.registration}`, h, { mileage: 1 })).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/api/dyno/siteVisit', h)).json()).toHaveLength(1);

    expect((await call('GET', '/api/dyno/vehicleCheck', t.beta.headers)).json().code).toBe('UNSUPPORTED_ENTITY');
    expect((await call('GET', '/api/dyno/vehicleCheck/VC000001', t.beta.headers)).statusCode).toBe(400);
  });

  it('refuses a bad descriptor with INVALID_FIELD_IN_CONFIG', async () => {
    const h = t.alpha.headers;
    const badType = await call('POST', '/api/core/dyno-descriptors', h, {
      name: 'broken',
      prefix: 'BR',
      fields: { x: { type: 'spaceship' } },
    });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().code).toBe('INVALID_FIELD_IN_CONFIG');
    expect(badType.json().message).toContain('fields.x.type');
    expect(
      (await call('POST', '/api/core/dyno-descriptors', h, { name: 'Bad Name', prefix: 'BN', fields: {} })).json().code,
    ).toBe('INVALID_FIELD_IN_CONFIG');
    expect(
      (await call('POST', '/api/core/dyno-descriptors', h, { name: 'lower', prefix: 'xy', fields: {} })).json().code,
    ).toBe('INVALID_FIELD_IN_CONFIG');
    expect((await call('GET', '/api/dyno/broken', h)).json().code).toBe('UNSUPPORTED_ENTITY');
  });
});
