import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/** The offline mode's tenant options (spec 002 §4, §9; docs/offline.md): defaults, checks, and one tenant's choice only. */
describe('offline options of the tenant configuration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const options = async (headers: Record<string, string>) =>
    (await t.call('GET', '/api/script/runs/user-configuration', headers)).json().options as Record<string, unknown>;

  it('is off with 10 contracts by default, and turned on for one tenant only', async () => {
    expect(await options(t.alpha.headers)).toMatchObject({ offlineSupport: false, preloadContractsCount: 10 });
    const put = await t.call('PUT', '/api/core/tenant-configuration/tenant-config', t.alpha.headers, {
      options: { offlineSupport: true, preloadContractsCount: 3 },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await options(t.alpha.headers)).toMatchObject({ offlineSupport: true, preloadContractsCount: 3 });
    expect(await options(t.beta.headers)).toMatchObject({ offlineSupport: false, preloadContractsCount: 10 });
  });

  it('refuses a flag that is not a boolean and a count that is not a whole number in range, naming the field', async () => {
    const put = (value: Record<string, unknown>) =>
      t.call('PUT', '/api/core/tenant-configuration/tenant-config', t.alpha.headers, { options: value });
    expect((await put({ offlineSupport: 'yes' })).json().error).toBe(
      '400|INVALID_BOOLEAN_FIELD|Field options.offlineSupport must be a boolean',
    );
    for (const count of [-1, 2.5, '10', 201])
      expect((await put({ preloadContractsCount: count })).json().error).toBe(
        '400|INVALID_FIELD_IN_CONFIG|Invalid field options.preloadContractsCount in configuration: a whole number from 0 to 200',
      );
    expect(await options(t.alpha.headers)).toMatchObject({ offlineSupport: true, preloadContractsCount: 3 });
  });

  it('answers the offline probe without a session', async () => {
    const ping = await t.call('GET', '/api/core/ping');
    expect(ping.statusCode).toBe(200);
  });
});
