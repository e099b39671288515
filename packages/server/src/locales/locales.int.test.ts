import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createUser, type SignedInUser } from '../testing/users.ts';
import { maxKeysPerBatch } from './locales.routes.ts';

let t: TestApp;
/** A CLIENT without any permission: still loads translations and reports missing keys. */
let client: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  await t.call('PUT', '/api/core/tenant-configuration/profilesPermissions', t.alpha.headers, { CLIENT: [] });
  client = await createUser(t.app, t.alpha.headers, {
    username: 'client@alpha',
    lastName: 'Client',
    profiles: ['CLIENT'],
  });
});
afterAll(async () => {
  await t?.close();
});

const expectError = (res: LightMyRequestResponse, status: number, code: string, text?: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error).toMatch(new RegExp(`^${status}\\|${code}\\|`));
  if (text) expect(res.json().message).toContain(text);
};

describe('GET /api/core/locales/{locale}', () => {
  it('answers an empty set when the tenant has no translations for the locale', async () => {
    const res = await t.call('GET', '/api/core/locales/de-DE', client.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ locale: 'de-DE', registration: 'de-DE', translations: {} });
  });

  it('answers the tenant record, by locale code or by _id', async () => {
    const created = await t.call('POST', '/api/core/locales', t.alpha.headers, {
      locale: 'it-IT',
      translations: { Save: 'Salva' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const byCode = await t.call('GET', '/api/core/locales/it-IT', client.headers);
    expect(byCode.statusCode, byCode.body).toBe(200);
    expect(byCode.json()).toMatchObject({ locale: 'it-IT', translations: { Save: 'Salva' } });
    const byId = await t.call('GET', `/api/core/locales/${created.json()._id}`, t.alpha.headers);
    expect(byId.json()).toMatchObject({ locale: 'it-IT', translations: { Save: 'Salva' } });
    expect((await t.call('GET', '/api/core/locales/it-it', client.headers)).json().translations).toEqual({
      Save: 'Salva',
    });
  });

  it('answers not found for what is no locale code and no record, and refuses an over-long identifier', async () => {
    expectError(
      await t.call('GET', '/api/core/locales/not%20a%20locale', client.headers),
      404,
      'ENTITY_REGISTRATION_NOT_FOUND',
      'not a locale',
    );
    expectError(
      await t.call('GET', `/api/core/locales/${'x'.repeat(300)}`, client.headers),
      400,
      'INVALID_FIELD_IN_PATH',
      'locale',
    );
    expectError(
      await t.call('GET', '/api/core/locales/00000000-0000-4000-8000-000000000000', client.headers),
      404,
      'ENTITY_REGISTRATION_NOT_FOUND',
    );
  });

  it('needs a session', async () => {
    expectError(await t.call('GET', '/api/core/locales/fr-FR'), 401, 'UNAUTHENTICATED');
    expectError(
      await t.call('POST', '/api/core/locales/fr-FR/keys', {}, { keysToAdd: ['Save'] }),
      401,
      'UNAUTHENTICATED',
    );
  });
});

describe('POST /api/core/locales/{locale}/keys', () => {
  it('keeps missing keys once each, for an administrator to translate; translated keys leave the list', async () => {
    const first = await t.call('POST', '/api/core/locales/fr-fr/keys', client.headers, {
      keysToAdd: ['Advanced search', 'Pinned', 'Advanced search'],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ locale: 'fr-FR', added: 2, dropped: 0, missingKeys: 2 });
    const again = await t.call('POST', '/api/core/locales/fr-FR/keys', client.headers, {
      keysToAdd: ['Pinned', 'Saved searches'],
    });
    expect(again.json()).toMatchObject({ added: 1, missingKeys: 3 });
    const record = (await t.call('GET', '/api/core/locales/fr-FR', client.headers)).json();
    expect(record).toMatchObject({
      locale: 'fr-FR',
      translations: {},
      missingKeys: ['Advanced search', 'Pinned', 'Saved searches'],
    });

    // The administrator translates one; it is no longer missing, and is not added again.
    const put = await t.call('PUT', '/api/core/locales/fr-FR', t.alpha.headers, {
      locale: 'fr-FR',
      translations: { Pinned: 'Épinglé' },
      missingKeys: record.missingKeys,
    });
    expect(put.statusCode, put.body).toBe(200);
    const after = await t.call('POST', '/api/core/locales/fr-FR/keys', client.headers, {
      keysToAdd: ['Pinned', 'Columns'],
    });
    expect(after.json()).toMatchObject({ added: 1, missingKeys: 3 });
    const final = (await t.call('GET', '/api/core/locales/fr-FR', client.headers)).json();
    expect(final.translations).toEqual({ Pinned: 'Épinglé' });
    expect(final.missingKeys).toEqual(['Advanced search', 'Saved searches', 'Columns']);
  });

  it('records each change in the history of the locale', async () => {
    await t.call('POST', '/api/core/locales/nl-NL/keys', client.headers, { keysToAdd: ['Export'] });
    const history = await t.call(
      'GET',
      '/api/core/histories?entityName=Locale&entityRegistration=nl-NL',
      t.alpha.headers,
    );
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json()).toEqual([expect.objectContaining({ action: 'CREATE', user: 'client@alpha' })]);
  });

  it('refuses bad batches with the field named, and writes nothing', async () => {
    const h = client.headers;
    expectError(await t.call('POST', '/api/core/locales/es-ES/keys', h), 400, 'MISSING_BODY_PAYLOAD');
    expectError(
      await t.call('POST', '/api/core/locales/es-ES/keys', h, { other: 1 }),
      400,
      'MISSING_FIELD_IN_BODY',
      'keysToAdd',
    );
    expectError(await t.call('POST', '/api/core/locales/es-ES/keys', h, [1, 2]), 400, 'INVALID_NON_EMPTY_OBJECT_FIELD');
    expectError(
      await t.call('POST', '/api/core/locales/es-ES/keys', h, { keysToAdd: 'Save' }),
      400,
      'INVALID_ARRAY_FIELD',
      'keysToAdd',
    );
    expectError(
      await t.call('POST', '/api/core/locales/es-ES/keys', h, { keysToAdd: [] }),
      400,
      'EMPTY_BODY_ARRAY',
      'keysToAdd',
    );
    expectError(
      await t.call('POST', '/api/core/locales/es-ES/keys', h, { keysToAdd: ['Save', 42] }),
      400,
      'INVALID_NON_EMPTY_STRING_FIELD',
      'keysToAdd[1]',
    );
    expectError(
      await t.call('POST', '/api/core/locales/es-ES/keys', h, { keysToAdd: ['  '] }),
      400,
      'INVALID_NON_EMPTY_STRING_FIELD',
      'keysToAdd[0]',
    );
    expectError(
      await t.call('POST', '/api/core/locales/es-ES/keys', h, { keysToAdd: ['x'.repeat(1001)] }),
      400,
      'INVALID_FIELD_VALUE',
      'keysToAdd[0]',
    );
    const tooMany = Array.from({ length: maxKeysPerBatch + 1 }, (_, i) => `key ${i}`);
    expectError(
      await t.call('POST', '/api/core/locales/es-ES/keys', h, { keysToAdd: tooMany }),
      400,
      'INVALID_FIELD_VALUE',
      'keysToAdd',
    );
    expectError(
      await t.call('POST', '/api/core/locales/es%20ES!/keys', h, { keysToAdd: ['Save'] }),
      400,
      'INVALID_FIELD_IN_PATH',
      'locale',
    );
    expect((await t.call('GET', '/api/core/locales/es-ES', h)).json()).toEqual({
      locale: 'es-ES',
      registration: 'es-ES',
      translations: {},
    });
  });

  it('takes two first batches of one locale at the same time', async () => {
    const [a, b] = await Promise.all([
      t.call('POST', '/api/core/locales/pt-PT/keys', client.headers, { keysToAdd: ['One'] }),
      t.call('POST', '/api/core/locales/pt-PT/keys', t.alpha.headers, { keysToAdd: ['Two'] }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await t.call('GET', '/api/core/locales/pt-PT', client.headers)).json().missingKeys.sort()).toEqual([
      'One',
      'Two',
    ]);
  });
});

describe('tenant isolation', () => {
  it("one tenant's translations and missing keys are not another's", async () => {
    await t.call('POST', '/api/core/locales', t.alpha.headers, { locale: 'hu-HU', translations: { Save: 'Mentés' } });
    await t.call('POST', '/api/core/locales/hu-HU/keys', t.alpha.headers, { keysToAdd: ['Only alpha'] });
    const seen = await t.call('GET', '/api/core/locales/hu-HU', t.beta.headers);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({ locale: 'hu-HU', registration: 'hu-HU', translations: {} });
    const betaKeys = await t.call('POST', '/api/core/locales/hu-HU/keys', t.beta.headers, { keysToAdd: ['Only beta'] });
    expect(betaKeys.json()).toMatchObject({ added: 1, missingKeys: 1 });
    const alphaRecord = (await t.call('GET', '/api/core/locales/hu-HU', t.alpha.headers)).json();
    expect(alphaRecord).toMatchObject({ translations: { Save: 'Mentés' }, missingKeys: ['Only alpha'] });
    const alphaId = alphaRecord._id as string;
    expectError(
      await t.call('GET', `/api/core/locales/${alphaId}`, t.beta.headers),
      404,
      'ENTITY_REGISTRATION_NOT_FOUND',
    );
  });
});

describe('translating missing keys (the /locales screens)', () => {
  it('lists each locale with its missing keys; a saved translation leaves them and is what users load', async () => {
    await t.call('POST', '/api/core/locales/ro-RO/keys', client.headers, { keysToAdd: ['Pinned', 'Columns'] });
    const list = await t.call('GET', '/api/core/locales?locale=ro-RO', t.alpha.headers);
    expect(list.statusCode, list.body).toBe(200);
    const [record] = list.json();
    expect(record).toMatchObject({ locale: 'ro-RO', missingKeys: ['Pinned', 'Columns'] });
    // What the screen sends: the typed translation joins the translations and leaves the missing keys.
    const saved = await t.call('PATCH', `/api/core/locales/${record.locale}`, t.alpha.headers, {
      translations: { Pinned: 'Fixat' },
      missingKeys: ['Columns'],
      _version: record._version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const loaded = (await t.call('GET', '/api/core/locales/ro-RO', client.headers)).json();
    expect(loaded).toMatchObject({ translations: { Pinned: 'Fixat' }, missingKeys: ['Columns'] });
    // A stale save is refused, nothing written.
    const stale = await t.call('PATCH', '/api/core/locales/ro-RO', t.alpha.headers, {
      translations: {},
      _version: record._version,
    });
    expect(stale.statusCode, stale.body).toBe(409);
    // Users without the Locale write permission cannot translate.
    const refused = await t.call('PATCH', '/api/core/locales/ro-RO', client.headers, { translations: { Pinned: 'x' } });
    expect(refused.statusCode, refused.body).toBe(403);
  });
});
