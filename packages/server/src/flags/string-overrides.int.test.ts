import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createUser, type SignedInUser } from '../testing/users.ts';

/**
 * String overrides: written by an admin as the tenant's `string-overrides` configuration, checked
 * (locale, key, text), read by every signed-in user of the tenant, whole or for one locale, and
 * by no other tenant.
 */
let t: TestApp;
let clerk: SignedInUser;
const call: TestApp['call'] = (...args) => t.call(...args);
const section = '/api/core/tenant-configuration/string-overrides';
const served = '/api/script/runs/string-overrides';

beforeAll(async () => {
  t = await createTestApp();
  clerk = await createUser(t.app, t.alpha.headers, {
    username: 'clerk@alpha',
    lastName: 'Clerk',
    profiles: ['BACK_OFFICE'],
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('string overrides', () => {
  it('are empty until written, then served whole or for one locale to every user', async () => {
    expect((await call('GET', served, clerk.headers)).json()).toEqual({});
    const overrides = { 'fr-FR': { Calendar: 'Agenda partagé' }, 'en-EU': { Calendar: 'Shared diary' } };
    const saved = await call('PUT', section, t.alpha.headers, overrides);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('GET', served, clerk.headers)).json()).toEqual(overrides);
    expect((await call('GET', `${served}?locale=fr-FR`, clerk.headers)).json()).toEqual({ Calendar: 'Agenda partagé' });
    expect((await call('GET', `${served}?locale=de-DE`, clerk.headers)).json()).toEqual({});
  });

  it('refuses an unknown locale, an empty key, an empty or too long text, naming the field', async () => {
    const refusal = async (body: unknown) => {
      const res = await call('PUT', section, t.alpha.headers, body);
      expect(res.statusCode).toBe(400);
      return res.json() as { code: string; message: string };
    };
    expect(await refusal({ 'xx-XX': { Calendar: 'x' } })).toMatchObject({
      code: 'INVALID_FIELD_VALUE',
      message: 'Invalid value "xx-XX" for field locale',
    });
    expect((await refusal({ 'fr-FR': { '  ': 'x' } })).message).toMatch(/for field key$/);
    expect((await refusal({ 'fr-FR': { Calendar: '' } })).message).toBe(
      'Field fr-FR.Calendar must be a non-empty string',
    );
    expect((await refusal({ 'fr-FR': { Calendar: 'x'.repeat(2001) } })).message).toBe(
      'Invalid value 2001 characters (at most 2000) for field text',
    );
    expect((await refusal(['fr-FR'])).code).toBe('INVALID_OBJECT_FIELD');
    const query = await call('GET', `${served}?locale=xx`, clerk.headers);
    expect(query.statusCode).toBe(400);
    expect(query.json().code).toBe('INVALID_FIELD_IN_QUERY');
    // Nothing half-written: the last good document stays.
    expect((await call('GET', `${served}?locale=fr-FR`, clerk.headers)).json()).toEqual({ Calendar: 'Agenda partagé' });
  });

  it('are written by administrators only', async () => {
    const res = await call('PUT', section, clerk.headers, { 'fr-FR': { Calendar: 'Mine' } });
    expect(res.statusCode).toBe(403);
  });

  it('belong to their tenant', async () => {
    expect((await call('GET', served, t.beta.headers)).json()).toEqual({});
    const beta = { 'fr-FR': { Calendar: 'Calendrier bêta' } };
    expect((await call('PUT', section, t.beta.headers, beta)).statusCode).toBe(200);
    expect((await call('GET', `${served}?locale=fr-FR`, clerk.headers)).json()).toEqual({ Calendar: 'Agenda partagé' });
    expect((await call('GET', served, t.beta.headers)).json()).toEqual(beta);
  });
});
