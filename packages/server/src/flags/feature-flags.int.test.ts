import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createUser, type SignedInUser } from '../testing/users.ts';
import { createOperations } from '../entities/crud.operation.ts';
import { CALENDAR_FLAG, writeDemoFlags } from './demo-flags.ts';

/**
 * Feature flags that act: a flag turned off takes its menu entry out of the user's menus, closes
 * the routes and transitions declared with its name (403 FEATURE_DISABLED naming it), for the
 * whole tenant or for the profiles and users its items target; another tenant is untouched.
 */
let t: TestApp;
let clerk: SignedInUser;
let otherClerk: SignedInUser;
let seller: SignedInUser;

const call: TestApp['call'] = (...args) => t.call(...args);
type Headers = Record<string, string>;

const menuPaths = async (headers: Headers): Promise<string[]> => {
  const res = await call('GET', '/api/script/runs/user-configuration', headers);
  expect(res.statusCode, res.body).toBe(200);
  const walk = (items: { path: string; menus?: unknown[] }[]): string[] =>
    items.flatMap((item) => [item.path, ...walk((item.menus ?? []) as { path: string }[])]);
  return walk(res.json().menus);
};
const flagsOf = async (headers: Headers): Promise<Record<string, boolean>> => {
  const res = await call('GET', '/api/core/users/current', headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().featureFlags;
};
const calendars = (headers: Headers) => call('GET', '/api/script/runs/calendars', headers);

async function createFlag(headers: Headers, name: string) {
  const res = await call('POST', '/api/core/feature-flags', headers, { name, type: 'RELEASE' });
  expect(res.statusCode, res.body).toBe(201);
}
async function move(headers: Headers, route: string, id: string, code: string) {
  const res = await call('GET', `/api/core/${route}/${encodeURIComponent(id)}/transitions/${code}`, headers);
  expect(res.statusCode, res.body).toBe(200);
}
async function createItem(headers: Headers, body: object, code: 'ENABLE' | 'DISABLE'): Promise<string> {
  const res = await call('POST', '/api/core/feature-flag-items', headers, body);
  expect(res.statusCode, res.body).toBe(201);
  const registration = String(res.json().registration);
  await move(headers, 'feature-flag-items', registration, code);
  return registration;
}

beforeAll(async () => {
  t = await createTestApp();
  clerk = await createUser(t.app, t.alpha.headers, {
    username: 'clerk@alpha',
    lastName: 'Clerk',
    profiles: ['BACK_OFFICE'],
  });
  otherClerk = await createUser(t.app, t.alpha.headers, {
    username: 'clerk2@alpha',
    lastName: 'Clerk two',
    profiles: ['BACK_OFFICE'],
  });
  seller = await createUser(t.app, t.alpha.headers, {
    username: 'seller@alpha',
    lastName: 'Seller',
    profiles: ['SALES'],
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('a flag for the whole tenant', () => {
  it('is on while no flag of its name exists, and its gates are declared', async () => {
    expect(await menuPaths(clerk.headers)).toContain('/calendar');
    expect((await calendars(clerk.headers)).statusCode).toBe(200);
    const configuration = (await call('GET', '/api/script/runs/user-configuration', clerk.headers)).json();
    expect(configuration.featureFlagPaths).toMatchObject({ '/calendar': 'calendar' });
    expect(configuration.featureFlags).toEqual({});
    const gates = await call('GET', '/api/core/feature-flags/calendar/gates', clerk.headers);
    expect(gates.statusCode, gates.body).toBe(200);
    expect(gates.json().menus).toEqual([{ path: '/calendar' }]);
    expect(gates.json().routes).toContainEqual({ method: 'GET', url: '/api/script/runs/calendars' });
  });

  it('turned off, takes the menu entry away and refuses its route; turned on, gives them back', async () => {
    await createFlag(t.alpha.headers, 'calendar');
    // A new flag is a DRAFT: off until enabled.
    expect(await menuPaths(clerk.headers)).not.toContain('/calendar');
    const refused = await calendars(clerk.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('403|FEATURE_DISABLED|Feature calendar is turned off');
    expect(await flagsOf(clerk.headers)).toEqual({ calendar: false });

    await move(t.alpha.headers, 'feature-flags', 'calendar', 'ENABLE');
    expect(await menuPaths(clerk.headers)).toContain('/calendar');
    expect((await calendars(clerk.headers)).statusCode).toBe(200);
    expect(await flagsOf(clerk.headers)).toEqual({ calendar: true });

    await move(t.alpha.headers, 'feature-flags', 'calendar', 'DISABLE');
    expect(await menuPaths(clerk.headers)).not.toContain('/calendar');
    expect((await calendars(seller.headers)).json().code).toBe('FEATURE_DISABLED');
  });

  it('leaves another tenant alone, which cannot read it either', async () => {
    expect(await menuPaths(t.beta.headers)).toContain('/calendar');
    expect((await calendars(t.beta.headers)).statusCode).toBe(200);
    expect(await flagsOf(t.beta.headers)).toEqual({});
    expect((await call('GET', '/api/core/feature-flags/calendar', t.beta.headers)).statusCode).toBe(404);
  });

  it('keeps each change in the flag’s history', async () => {
    const res = await call(
      'GET',
      '/api/core/histories?entityName=FeatureFlag&entityRegistration=calendar',
      t.alpha.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    const transitions = res
      .json()
      .filter((h: { action: string }) => h.action === 'TRANSITION')
      .map((h: { transition: string }) => h.transition);
    expect(transitions.sort()).toEqual(['DISABLE', 'ENABLE']);
  });
});

describe('targeting profiles and users', () => {
  it('a profile’s rule wins over the flag, a user’s rule over the profile’s', async () => {
    // The calendar flag is DISABLED for the tenant (above).
    await createItem(t.alpha.headers, { flagName: 'calendar', profile: 'BACK_OFFICE' }, 'ENABLE');
    expect((await flagsOf(clerk.headers)).calendar).toBe(true);
    expect((await flagsOf(otherClerk.headers)).calendar).toBe(true);
    expect((await flagsOf(seller.headers)).calendar).toBe(false);
    expect(await menuPaths(clerk.headers)).toContain('/calendar');
    expect(await menuPaths(seller.headers)).not.toContain('/calendar');

    const userRule = await createItem(t.alpha.headers, { flagName: 'calendar', username: 'clerk2@alpha' }, 'DISABLE');
    expect((await flagsOf(otherClerk.headers)).calendar).toBe(false);
    expect((await calendars(otherClerk.headers)).statusCode).toBe(403);
    expect((await calendars(clerk.headers)).statusCode).toBe(200);

    await move(t.alpha.headers, 'feature-flag-items', userRule, 'ENABLE');
    expect((await calendars(otherClerk.headers)).statusCode).toBe(200);
  });

  it('an archived flag is off for everyone, whatever its rules', async () => {
    await createFlag(t.alpha.headers, 'retired');
    await createItem(t.alpha.headers, { flagName: 'retired', username: 'clerk@alpha' }, 'ENABLE');
    expect((await flagsOf(clerk.headers)).retired).toBe(true);
    await move(t.alpha.headers, 'feature-flags', 'retired', 'ARCHIVE');
    expect((await flagsOf(clerk.headers)).retired).toBe(false);
  });

  it('refuses a rule naming no target, or two, or no profile code, naming the field', async () => {
    const none = await call('POST', '/api/core/feature-flag-items', t.alpha.headers, { flagName: 'calendar' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain('profile');
    const both = await call('POST', '/api/core/feature-flag-items', t.alpha.headers, {
      flagName: 'calendar',
      profile: 'SALES',
      username: 'seller@alpha',
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toContain('profile');
    const badProfile = await call('POST', '/api/core/feature-flag-items', t.alpha.headers, {
      flagName: 'calendar',
      profile: 'not a profile',
    });
    expect(badProfile.statusCode).toBe(400);
    expect(badProfile.json().message).toContain('profile');
  });
});

describe('a transition behind a flag', () => {
  const contracts = '/api/financing/contracts';
  const workflow = {
    statuses: ['DRAFT', 'ACTIVE', 'CANCELLED'],
    transitions: [
      { code: 'ACTIVATE', from: 'DRAFT', to: 'ACTIVE' },
      { code: 'CANCEL', from: ['DRAFT'], to: 'CANCELLED', featureFlag: 'quick-cancel' },
    ],
  };
  const codes = async (headers: Headers, registration: string): Promise<string[]> => {
    const res = await call('GET', `${contracts}/${registration}/transitions`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().map((tr: { code: string }) => tr.code);
  };

  it('is hidden and refused with 403 naming the flag while off, and runs once on', async () => {
    const saved = await call('PUT', '/api/core/workflows/Contract', t.alpha.headers, workflow);
    expect(saved.statusCode, saved.body).toBe(200);
    const created = await call('POST', contracts, clerk.headers, { name: 'Flagged contract' });
    expect(created.statusCode, created.body).toBe(201);
    const registration = String(created.json().registration);
    expect(await codes(clerk.headers, registration)).toContain('CANCEL');

    await createFlag(t.alpha.headers, 'quick-cancel');
    expect(await codes(clerk.headers, registration)).not.toContain('CANCEL');
    const selection = await call('POST', `${contracts}/transitions`, clerk.headers, [registration]);
    expect(selection.json().map((tr: { code: string }) => tr.code)).not.toContain('CANCEL');
    const refused = await call('GET', `${contracts}/${registration}/transitions/CANCEL`, clerk.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'FEATURE_DISABLED',
      message: 'Feature quick-cancel is turned off',
      featureFlag: 'quick-cancel',
    });
    const bulk = await call('POST', `${contracts}/transitions/CANCEL`, clerk.headers, [registration]);
    expect(bulk.json().results[0]).toMatchObject({ statusCode: 403 });

    await createItem(t.alpha.headers, { flagName: 'quick-cancel', username: 'clerk@alpha' }, 'ENABLE');
    expect(await codes(otherClerk.headers, registration)).not.toContain('CANCEL');
    expect(await codes(clerk.headers, registration)).toContain('CANCEL');
    const ran = await call('GET', `${contracts}/${registration}/transitions/CANCEL`, clerk.headers);
    expect(ran.statusCode, ran.body).toBe(200);
    expect(ran.json().status).toBe('CANCELLED');
  });
});

describe('the demo’s flag', () => {
  it('is the calendar, enabled, written once however often the step runs', async () => {
    const operations = createOperations(t.db.database.db);
    await writeDemoFlags(t.db.database.db, operations, 'beta');
    await writeDemoFlags(t.db.database.db, operations, 'beta');
    expect(await flagsOf(t.beta.headers)).toEqual({ [CALENDAR_FLAG]: true });
    expect(await menuPaths(t.beta.headers)).toContain('/calendar');
  });
});
