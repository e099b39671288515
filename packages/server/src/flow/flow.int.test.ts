import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
const partnerForm = {
  name: 'partnerForm',
  label: 'Partner form',
  prefix: 'PF',
  fields: { company: { type: 'text', mandatory: true }, turnover: { type: 'integer' } },
};

beforeAll(async () => {
  t = await createTestApp();
  for (const h of [t.alpha.headers, t.beta.headers]) {
    const made = await t.call('POST', '/api/core/dyno-descriptors', h, partnerForm);
    expect(made.statusCode, made.body).toBe(201);
  }
  await t.call('POST', '/api/core/dyno-descriptors', t.alpha.headers, {
    ...partnerForm,
    name: 'secretForm',
    prefix: 'SF',
  });
});
afterAll(async () => {
  await t?.close();
});

const expectError = (res: LightMyRequestResponse, status: number, code: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error).toMatch(new RegExp(`^${status}\\|${code}\\|`));
};

async function makeKey(body: Record<string, unknown>, headers = t.alpha.headers) {
  const res = await t.call('POST', '/api/flow/access-keys', headers, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { accessKey: string; path: string };
}

describe('flow mode access keys', () => {
  it('opens its page and creates a record there without a session, recorded as the key', async () => {
    const { accessKey, path } = await makeKey({ pageId: 'partnerForm', canWrite: true, label: 'Partners 2026' });
    expect(path).toBe(`/k/${accessKey}/p/partnerForm`);
    expect(accessKey).toMatch(/^alpha\.[A-Za-z0-9_-]{32}$/);
    const page = await t.call('GET', `/api/flow/${accessKey}/pages/partnerForm`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toEqual({
      pageId: 'partnerForm',
      label: 'Partner form',
      fields: partnerForm.fields,
      canWrite: true,
      title: 'Partners 2026',
    });
    const created = await t.call('POST', `/api/flow/${accessKey}/pages/partnerForm/records`, {}, { company: 'Acme' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({ registration: 'PF000001' });
    const record = await t.call('GET', '/api/dyno/partnerForm/PF000001', t.alpha.headers);
    expect(record.json()).toMatchObject({ company: 'Acme', _insertUser: 'access-key:partnerForm' });
    // Bad input is refused as on every kind, naming the field.
    const bad = await t.call('POST', `/api/flow/${accessKey}/pages/partnerForm/records`, {}, { turnover: 'x' });
    expect(bad.statusCode, bad.body).toBe(400);
  });

  it('refuses a wrong, expired or other page key with a 404 that tells nothing', async () => {
    const { accessKey } = await makeKey({ pageId: 'partnerForm', canWrite: true });
    const [tenant, secret] = accessKey.split('.');
    const wrong = [
      `${tenant}.${secret.slice(0, -1)}x`,
      `beta.${secret}`,
      secret,
      'nonsense',
      `${tenant}.${'a'.repeat(32)}`,
    ];
    for (const key of wrong)
      expectError(await t.call('GET', `/api/flow/${key}/pages/partnerForm`), 404, 'ENTITY_REGISTRATION_NOT_FOUND');
    // The key opens its page only.
    expectError(await t.call('GET', `/api/flow/${accessKey}/pages/secretForm`), 404, 'ENTITY_REGISTRATION_NOT_FOUND');
    expectError(
      await t.call('POST', `/api/flow/${accessKey}/pages/secretForm/records`, {}, { company: 'x' }),
      404,
      'ENTITY_REGISTRATION_NOT_FOUND',
    );
    const expired = await makeKey({ pageId: 'partnerForm', canWrite: true, expiresAt: '2020-01-01T00:00:00Z' });
    expectError(
      await t.call('GET', `/api/flow/${expired.accessKey}/pages/partnerForm`),
      404,
      'ENTITY_REGISTRATION_NOT_FOUND',
    );
    expectError(
      await t.call('POST', `/api/flow/${expired.accessKey}/pages/partnerForm/records`, {}, { company: 'x' }),
      404,
      'ENTITY_REGISTRATION_NOT_FOUND',
    );
    const later = await makeKey({ pageId: 'partnerForm', expiresAt: '2999-01-01T00:00:00Z' });
    expect((await t.call('GET', `/api/flow/${later.accessKey}/pages/partnerForm`)).statusCode).toBe(200);
  });

  it('gives nothing beyond its page: no write without canWrite, no other route', async () => {
    const { accessKey } = await makeKey({ pageId: 'partnerForm' });
    expectError(
      await t.call('POST', `/api/flow/${accessKey}/pages/partnerForm/records`, {}, { company: 'x' }),
      403,
      'FORBIDDEN',
    );
    for (const path of ['/api/dyno/partnerForm', '/api/core/key-values', '/api/core/users'])
      expectError(await t.call('GET', path, { authorization: `Bearer ${accessKey}` }), 401, 'UNAUTHENTICATED');
    const list = await t.call('GET', '/api/dyno/partnerForm', t.alpha.headers);
    expect(list.json()).toHaveLength(1);
  });

  it('is made by an administrator for an existing page, with its input checked', async () => {
    expectError(await t.call('POST', '/api/flow/access-keys', {}, { pageId: 'partnerForm' }), 401, 'UNAUTHENTICATED');
    expectError(
      await t.call('POST', '/api/flow/access-keys', t.alpha.headers, { pageId: 'nothing' }),
      404,
      'ENTITY_REGISTRATION_NOT_FOUND',
    );
    const bad = await t.call('POST', '/api/flow/access-keys', t.alpha.headers, {
      pageId: 'partnerForm',
      expiresAt: 'soon',
    });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().error).toMatch(/expiresAt/);
    // A key of one tenant opens nothing of another's page of the same name.
    const betaKey = await makeKey({ pageId: 'partnerForm', canWrite: true }, t.beta.headers);
    expect(betaKey.accessKey.startsWith('beta.')).toBe(true);
    const created = await t.call(
      'POST',
      `/api/flow/${betaKey.accessKey}/pages/partnerForm/records`,
      {},
      { company: 'Beta' },
    );
    expect(created.json()).toEqual({ registration: 'PF000001' });
    const alphaRecord = await t.call('GET', '/api/dyno/partnerForm/PF000001', t.alpha.headers);
    expect(alphaRecord.json().company).toBe('Acme');
  });
});
