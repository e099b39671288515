import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTenant } from '../product.ts';
import { inTenant } from '../db/database.ts';
import { writeConfiguration } from '../db/configuration.ts';
import { createTestApp, signIn, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let master: Record<string, string>;
const masterPassword = 'Master-Horse-77';

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.db.database.db, 'master', {
    username: 'admin@master',
    password: masterPassword,
    isSuperAdmin: true,
  });
  master = { authorization: `Bearer ${await signIn(t.app, 'admin@master', masterPassword)}` };
});
afterAll(async () => {
  await t?.close();
});

const call: TestApp['call'] = (...args) => t.call(...args);
const errorOf = (res: { json(): { error?: string } }) => res.json().error;

describe('tenants made from the screen', () => {
  it('makes a working tenant whose admin signs in, works in it and sees no other tenant', async () => {
    const made = await call('POST', '/api/core/tenants', master, { name: 'gamma', type: 'TEST' });
    expect(made.statusCode, made.body).toBe(201);
    const { adminUsername, adminPassword } = made.json();
    expect(adminUsername).toBe('admin@gamma');
    expect(adminPassword).toEqual(expect.any(String));

    // The record in the master tenant, audited as its creator.
    const record = (await call('GET', '/api/core/tenants/gamma', master)).json();
    expect(record).toMatchObject({
      registration: 'gamma',
      status: 'ACTIVE',
      type: 'TEST',
      _insertUser: 'admin@master',
    });

    const token = await signIn(t.app, adminUsername, adminPassword);
    const gamma = { authorization: `Bearer ${token}` };
    // Its kind, its crons: the default configuration of every new tenant.
    expect((await call('GET', '/api/core/tenant-configuration/tenant-config', gamma)).json()).toEqual({ type: 'TEST' });
    expect((await call('GET', '/api/core/tenant-configuration/cron-list', gamma)).json().length).toBeGreaterThan(0);
    // An empty tenant, where its admin works; alpha's records stay alpha's.
    await call('POST', '/api/person/persons', t.alpha.headers, { name: 'Alpha only', type: 'C' });
    expect((await call('GET', '/api/person/persons', gamma)).json()).toEqual([]);
    const person = await call('POST', '/api/person/persons', gamma, { name: 'Gamma client', type: 'C' });
    expect(person.statusCode, person.body).toBe(201);
    expect((await call('GET', '/api/person/persons', gamma)).json()).toHaveLength(1);
    const alphaNames = (await call('GET', '/api/person/persons', t.alpha.headers))
      .json()
      .map((p: { name: string }) => p.name);
    expect(alphaNames).not.toContain('Gamma client');
    expect((await call('GET', '/api/core/users', gamma)).json().map((u: { username: string }) => u.username)).toEqual([
      'admin@gamma',
    ]);
  });

  it('is for the master tenant’s super admin only', async () => {
    const refused = await call('POST', '/api/core/tenants', t.alpha.headers, { name: 'delta' });
    expect(errorOf(refused)).toBe('403|FORBIDDEN|Permission write /api/core/tenants required');
    expect((await call('GET', '/api/core/tenants/delta', master)).statusCode).toBe(404);
  });

  it('refuses a taken or malformed name, naming it, and leaves nothing half made', async () => {
    expect(errorOf(await call('POST', '/api/core/tenants', master, { name: 'alpha' }))).toBe(
      '400|VALUE_ALREADY_EXISTS|Value alpha already exists for field name',
    );
    for (const name of ['Upper', 'a', 'with space', 'x'.repeat(41), '-edge', "quote'd"])
      expect(errorOf(await call('POST', '/api/core/tenants', master, { name }))).toBe(
        `400|INVALID_FIELD_VALUE|Invalid value ${JSON.stringify(name)} for field name`,
      );
    expect(errorOf(await call('POST', '/api/core/tenants', master, { name: 'epsilon', type: 'MASTER' }))).toBe(
      '400|INVALID_FIELD_VALUE|Invalid value "MASTER" for field type',
    );
    expect(errorOf(await call('POST', '/api/core/tenants', master, { name: 'epsilon', type: 'DEMO' }))).toBe(
      '400|INVALID_FIELD_VALUE|Invalid value "DEMO" for field type',
    );
    // A user already in the would-be tenant (left by an earlier install) makes the creation fail whole.
    await createTenant(t.db.database.db, 'leftover', { username: 'admin@zeta', password: 'Correct-Horse-42' });
    await inTenant(t.db.database.db, { tenant: 'master', user: 'system' }, (tx) =>
      sql`DELETE FROM tenant WHERE tenant = 'master' AND registration = 'leftover'`.execute(tx),
    );
    const failed = await call('POST', '/api/core/tenants', master, { name: 'leftover', adminUsername: 'admin@zeta' });
    expect(failed.statusCode).toBe(400);
    expect((await call('GET', '/api/core/tenants/leftover', master)).statusCode).toBe(404);
  });

  it('ends a suspended tenant’s sessions and refuses its users’ sign-in until it is resumed', async () => {
    const made = (await call('POST', '/api/core/tenants', master, { name: 'eta' })).json();
    const transition = (name: string) =>
      call('GET', `/api/core/tenants/eta/transitions/${name}`, master).then((res) => {
        expect(res.statusCode, res.body).toBeLessThan(300);
      });
    const before = { authorization: `Bearer ${await signIn(t.app, made.adminUsername, made.adminPassword)}` };
    expect((await call('GET', '/api/core/users/current', before)).statusCode).toBe(200);
    await transition('SUSPEND');
    // The sessions it had end with the suspension.
    expect((await call('GET', '/api/core/users/current', before)).statusCode).toBe(401);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/core/auth/login',
      payload: { username: made.adminUsername, password: made.adminPassword },
    });
    expect(errorOf(refused)).toBe('403|TENANT_NOT_ACTIVE|Tenant eta is SUSPENDED: its users cannot sign in');
    await transition('RESUME');
    await signIn(t.app, made.adminUsername, made.adminPassword);
  });
});

describe('the tenant configuration', () => {
  it('lists its sections with their labels', async () => {
    const sections = (await call('GET', '/api/core/tenant-configuration', t.alpha.headers)).json();
    expect(sections).toEqual(
      expect.arrayContaining([
        { name: 'tenant-config', label: 'General' },
        { name: 'profilesPermissions', label: 'Profiles and permissions' },
        { name: 'cron-list', label: 'Recurring jobs' },
        { name: 'dunning', label: 'Dunning levels' },
      ]),
    );
    const names = sections.map((s: { name: string }) => s.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('checks each section against its validator and answers as spec 000 §7 gives it', async () => {
    await inTenant(t.db.database.db, { tenant: 'beta', user: 'system' }, (tx) =>
      writeConfiguration(tx, 'beta', 'tenant-config', { type: 'NOT-A-KIND' }, 'system'),
    );
    const beta = (await call('GET', '/api/core/tenants/check-config', t.beta.headers)).json();
    expect(beta).toMatchObject({
      tenant: 'beta',
      errors: ['tenant-config: Invalid value "NOT-A-KIND" for field type'],
      insertedLists: 0,
      updatedLists: 0,
      deletedLists: 0,
      insertedScripts: 0,
      insertedReports: 0,
      userLists: expect.any(Number),
      userScripts: expect.any(Number),
      lastConfigCheckDate: expect.any(String),
    });
    const alpha = (await call('GET', '/api/core/tenants/check-config', t.alpha.headers)).json();
    expect(alpha.errors).toEqual([]);
    // Another tenant, or all of them: the master tenant's super admin only.
    expect(errorOf(await call('GET', '/api/core/tenants/check-config?allTenants=true', t.alpha.headers))).toBe(
      '403|FORBIDDEN|Permission write /api/core/tenants required',
    );
    expect((await call('GET', '/api/core/tenants/check-config?tenant=beta', t.alpha.headers)).statusCode).toBe(400);
    // A new tenant starts with the default records; the check puts back one deleted, once.
    const theta = (await call('POST', '/api/core/tenants', master, { name: 'theta' })).json();
    const thetaAdmin = { authorization: `Bearer ${await signIn(t.app, theta.adminUsername, theta.adminPassword)}` };
    const first = (await call('GET', '/api/core/tenants/check-config', thetaAdmin)).json();
    expect(first).toMatchObject({ errors: [], insertedScripts: 0 });
    expect(first.userScripts).toBeGreaterThan(0);
    expect((await call('DELETE', '/api/script/scripts/hello-world', thetaAdmin)).statusCode).toBe(200);
    const repaired = (await call('GET', '/api/core/tenants/check-config', thetaAdmin)).json();
    expect(repaired).toMatchObject({ insertedScripts: 1, userScripts: first.userScripts });
    expect((await call('GET', '/api/core/tenants/check-config', thetaAdmin)).json().insertedScripts).toBe(0);

    const all = (await call('GET', '/api/core/tenants/check-config?allTenants=true', master)).json();
    expect(all.errors).toContain('beta: tenant-config: Invalid value "NOT-A-KIND" for field type');
    expect(all.tenants.map((r: { tenant: string }) => r.tenant)).toEqual(
      expect.arrayContaining(['alpha', 'beta', 'master']),
    );
  });
});
