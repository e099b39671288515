import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { bearer, createUser, login, strongPassword, tokenOf, type SignedInUser } from '../testing/users.ts';

let t: TestApp;
/** Holds `read /api/core/users` and `write /api/core/users` (and SALES): manages users but is no admin. */
let manager: SignedInUser;
/** A CLIENT: no permissions at all. */
let client: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  await call('PUT', '/api/core/tenant-configuration/profilesPermissions', t.alpha.headers, {
    SALES: ['read all', 'write /api/person/persons', 'write /api/financing/deals'],
    SUPPORT: ['read /api/core/users', 'write /api/core/users'],
    CLIENT: [],
  });
  manager = await createUser(t.app, t.alpha.headers, {
    username: 'manager@alpha',
    lastName: 'Manager',
    profiles: ['SUPPORT', 'SALES'],
  });
  client = await createUser(t.app, t.alpha.headers, {
    username: 'client@alpha',
    lastName: 'Client',
    profiles: ['CLIENT'],
  });
});
afterAll(async () => {
  await t?.close();
});

const call: TestApp['call'] = (...args) => t.call(...args);

const expectError = (res: LightMyRequestResponse, status: number, code: string, text?: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().code).toBe(code);
  expect(res.json().error).toMatch(new RegExp(`^${status}\\|${code}\\|`));
  if (text) expect(res.json().message).toContain(text);
};

describe('users CRUD', () => {
  it('creates, reads, lists, merges, replaces and deletes; passwords are never answered', async () => {
    const h = t.alpha.headers;
    const created = await call('POST', '/api/core/users', h, {
      username: 'Paul.Martin@alpha',
      firstName: 'Paul',
      lastName: 'Martin',
      email: 'paul@example.com',
      profiles: ['SALES'],
      password: strongPassword,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      registration: 'paul.martin@alpha',
      username: 'paul.martin@alpha',
      status: 'INVITED',
    });
    expect(created.body).not.toMatch(/password|Blue-Harbour/i);
    expect((await login(t.app, 'paul.martin@alpha', strongPassword)).statusCode).toBe(200);

    expect((await call('GET', '/api/core/users/paul.martin@alpha', h)).json()).toMatchObject({
      firstName: 'Paul',
      email: 'paul@example.com',
    });
    expect(
      (await call('GET', '/api/core/users/paul.martin@alpha?projection=username,isNotificationsDisabled', h)).json(),
    ).toEqual({ _id: created.json()._id, registration: 'paul.martin@alpha', username: 'paul.martin@alpha' });
    const list = await call('GET', '/api/core/users?lastName=Mar', h);
    expect(list.json().map((u: { username: string }) => u.username)).toEqual(['paul.martin@alpha']);
    expect(list.headers['pagination-size']).toBe('1');
    expect((await call('GET', '/api/core/users?username=paul.martin@alpha', h)).json()).toHaveLength(1);

    const merged = await call('PATCH', '/api/core/users/paul.martin@alpha', h, { locale: 'fr-FR', _version: 1 });
    expect(merged.json()).toMatchObject({ locale: 'fr-FR', firstName: 'Paul', _version: 2 });
    expectError(
      await call('PATCH', '/api/core/users/paul.martin@alpha', h, { locale: 'en-GB', _version: 1 }),
      409,
      'VERSION_CONFLICT',
    );
    // Conditional writes as on every kind: the version as ETag, a stale If-Match refused and nothing written.
    expect((await call('GET', '/api/core/users/paul.martin@alpha', h)).headers.etag).toBe('W/"2"');
    expectError(
      await call('PATCH', '/api/core/users/paul.martin@alpha', { ...h, 'if-match': 'W/"1"' }, { locale: 'en-GB' }),
      412,
      'PRECONDITION_FAILED',
    );
    expectError(
      await call('DELETE', '/api/core/users/paul.martin@alpha', { ...h, 'if-match': '"1"' }),
      412,
      'PRECONDITION_FAILED',
    );
    expect((await call('GET', '/api/core/users/paul.martin@alpha', h)).json()).toMatchObject({
      locale: 'fr-FR',
      _version: 2,
    });
    const replaced = await call('PUT', '/api/core/users/paul.martin@alpha', h, {
      lastName: 'Martin-Durand',
      profiles: ['SALES'],
    });
    expect(replaced.json()).toMatchObject({ lastName: 'Martin-Durand', username: 'paul.martin@alpha' });
    expect(replaced.json().firstName).toBeUndefined();
    expect(replaced.json().lastLoginDate).toBeTruthy(); // kept by the server

    const history = (await call('GET', '/api/core/histories?entityRegistration=paul.martin@alpha&sort=date', h)).json();
    expect(history.map((r: { action: string }) => r.action)).toEqual(['CREATE', 'UPDATE', 'UPDATE']);
    expect(JSON.stringify(history)).not.toMatch(/Blue-Harbour/);

    const deleted = await call('DELETE', '/api/core/users/paul.martin@alpha', h);
    expect(deleted.statusCode).toBe(200);
    expectError(
      await call('GET', '/api/core/users/paul.martin@alpha', h),
      404,
      'ENTITY_REGISTRATION_NOT_FOUND',
      'Entity User with identifier paul.martin@alpha not found',
    );
    expectError(await login(t.app, 'paul.martin@alpha', strongPassword), 401, 'INVALID_CREDENTIALS');
  });

  it('bad input gives the catalogue error', async () => {
    const h = t.alpha.headers;
    expectError(await call('POST', '/api/core/users', h, {}), 400, 'MISSING_BODY_PAYLOAD');
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/core/users',
        headers: { ...h, 'content-type': 'application/json' },
        payload: '{"username":',
      }),
      400,
      'INVALID_JSON_FIELD',
    );
    expectError(await call('POST', '/api/core/users', h, [1]), 400, 'INVALID_NON_EMPTY_OBJECT_FIELD');
    expectError(
      await call('POST', '/api/core/users', h, { firstName: 'No name' }),
      400,
      'MISSING_FIELD_IN_BODY',
      'username',
    );
    // The User declaration's body schema, as for every kind.
    expectError(await call('POST', '/api/core/users', h, { username: 42 }), 400, 'INVALID_STRING_FIELD', 'username');
    expectError(
      await call('POST', '/api/core/users', h, { username: 'bob@beta' }),
      400,
      'INVALID_USERNAME',
      'Should be a valid email or a valid string ending with @alpha',
    );
    expectError(await call('POST', '/api/core/users', h, { username: 'bob smith@alpha' }), 400, 'INVALID_USERNAME');
    expectError(
      await call('POST', '/api/core/users', h, { username: 'bob@alpha', password: 'short' }),
      400,
      'WEAK_PASSWORD',
      'at least 10 characters',
    );
    expectError(
      await call('POST', '/api/core/users', h, { username: 'bob@alpha', password: 'alllowercaseletters' }),
      400,
      'WEAK_PASSWORD',
      'three of',
    );
    expectError(
      await call('POST', '/api/core/users', h, { username: 'bob@alpha', password: 'Bob-is-here-2024' }),
      400,
      'WEAK_PASSWORD',
      'contains the username',
    );
    expectError(
      await call('POST', '/api/core/users', h, { username: 'bob@alpha', password: 12345678901 }),
      400,
      'INVALID_NON_EMPTY_STRING_FIELD',
      'password',
    );
    expectError(
      await call('POST', '/api/core/users', h, { username: 'bob@alpha', isAdmin: 'yes' }),
      400,
      'INVALID_BOOLEAN_FIELD',
      'isAdmin',
    );
    expectError(
      await call('POST', '/api/core/users', h, { username: 'bob@alpha', profiles: 'SALES' }),
      400,
      'INVALID_ARRAY_FIELD',
      'profiles',
    );
    expectError(
      await call('POST', '/api/core/users', h, { username: 'bob@alpha', email: 'not-an-email' }),
      400,
      'INVALID_FIELD_VALUE',
      'email',
    );
    expectError(
      await call('POST', '/api/core/users', h, { username: 'bob@alpha', contexts: [{ profiles: [] }] }),
      400,
      'INVALID_NON_EMPTY_STRING_FIELD',
      'contexts[0].name',
    );
    expectError(
      await call('POST', '/api/core/users', h, { username: 'bob@alpha', status: 'ACTIVE' }),
      400,
      'STATUS_PATCH_PROHIBITED',
    );
    expectError(await call('POST', '/api/core/users', h, { username: 'admin@alpha' }), 400, 'VALUE_ALREADY_EXISTS');
    expectError(
      await call('PATCH', '/api/core/users/nobody@alpha', h, { firstName: 'x' }),
      404,
      'ENTITY_REGISTRATION_NOT_FOUND',
    );
    expectError(
      await call('PATCH', '/api/core/users/admin@alpha', h, { password: strongPassword }),
      400,
      'INVALID_FIELD_IN_BODY',
      'password',
    );
    expectError(
      await call('PATCH', '/api/core/users/admin@alpha', h, { username: 'other@alpha' }),
      400,
      'INVALID_FIELD_VALUE',
      'username',
    );
    expectError(
      await call('PATCH', '/api/core/users/admin@alpha', h, { _version: 'one' }),
      400,
      'INVALID_INTEGER_FIELD',
      '_version',
    );
    expectError(await call('DELETE', '/api/core/users/nobody@alpha', h), 404, 'ENTITY_REGISTRATION_NOT_FOUND');
    expectError(await call('GET', '/api/core/users?flavour=vanilla', h), 400, 'INVALID_FIELD_IN_QUERY');
  });

  it('another tenant’s user is not found through any users route', async () => {
    const h = t.beta.headers;
    for (const [method, url, payload] of [
      ['GET', '/api/core/users/admin@alpha'],
      ['PATCH', '/api/core/users/admin@alpha', { firstName: 'x' }],
      ['PUT', '/api/core/users/admin@alpha', { firstName: 'x' }],
      ['DELETE', '/api/core/users/admin@alpha'],
      ['PUT', '/api/core/users/admin@alpha/password', { password: strongPassword }],
      ['POST', '/api/core/users/admin@alpha/unlock'],
      ['DELETE', '/api/core/users/admin@alpha/totp'],
      ['GET', '/api/core/users/admin@alpha/photo'],
      ['GET', '/api/core/users/admin@alpha/photo?no404=1'],
      ['DELETE', '/api/core/users/admin@alpha/photo'],
      ['GET', '/api/core/users/admin@alpha/preferences'],
      ['POST', '/api/core/users/admin@alpha/preferences', { groupId: '/contracts', type: 'UI', value: {} }],
      ['DELETE', '/api/core/users/admin@alpha/preferences/00000000-0000-0000-0000-000000000000'],
    ] as [string, string, unknown?][]) {
      expectError(await call(method, url, h, payload), 404, 'ENTITY_REGISTRATION_NOT_FOUND');
    }
    expect((await call('GET', '/api/core/users?username=admin@alpha', h)).json()).toEqual([]);
  });

  it('syncPerson=1 creates the user’s person, or links an existing one', async () => {
    const h = t.alpha.headers;
    const created = await call('POST', '/api/core/users?syncPerson=1', h, {
      username: 'anna.smith@alpha',
      firstName: 'Anna',
      lastName: 'Smith',
      email: 'anna@example.com',
      profiles: ['SALES'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const personRegistration = created.json().personRegistration;
    expect(personRegistration).toMatch(/^PER\d{6}$/);
    expect(created.json().person).toEqual({ name: 'Anna Smith' });
    const person = (await call('GET', `/api/person/persons/${personRegistration}`, h)).json();
    expect(person).toMatchObject({
      type: 'I',
      firstName: 'Anna',
      lastName: 'Smith',
      email: 'anna@example.com',
      roles: [{ role: 'SALES' }],
    });
    expect(
      (await call('GET', `/api/core/users?person=${personRegistration}`, h))
        .json()
        .map((u: { username: string }) => u.username),
    ).toEqual(['anna.smith@alpha']);

    const linked = await call('POST', '/api/core/users?syncPerson=1', h, {
      username: 'anna.work@alpha',
      lastName: 'Smith',
      personRegistration,
    });
    expect(linked.json()).toMatchObject({ personRegistration, person: { name: 'Anna Smith' } });
    expectError(
      await call('POST', '/api/core/users?syncPerson=1', h, {
        username: 'ghost@alpha',
        lastName: 'G',
        personRegistration: 'PER999999',
      }),
      404,
      'ENTITY_REGISTRATION_NOT_FOUND',
      'PER999999',
    );
    expectError(
      await call('POST', '/api/core/users?syncPerson=1', h, { username: 'noname@alpha' }),
      400,
      'MISSING_FIELD_IN_BODY',
      'lastName',
    );
    // Nothing half-written: the failed user left no person behind.
    const before = (await call('GET', '/api/person/persons?count=exact&range=[0-0]', h)).headers['pagination-size'];
    expectError(
      await call('POST', '/api/core/users?syncPerson=1', h, { username: 'admin@alpha', lastName: 'Dup' }),
      400,
      'VALUE_ALREADY_EXISTS',
    );
    expect((await call('GET', '/api/person/persons?count=exact&range=[0-0]', h)).headers['pagination-size']).toBe(
      before,
    );
  });
});

describe('passwords, locks and admin levels', () => {
  it('users change their own password with the current one; a manager resets it', async () => {
    const user = await createUser(t.app, t.alpha.headers, { username: 'pw@alpha', lastName: 'Pw' });
    const other = tokenOf(await login(t.app, 'pw@alpha', strongPassword));
    expectError(
      await call('PUT', '/api/core/users/pw@alpha/password', user.headers, {
        currentPassword: 'Wrong-password-1',
        password: 'Green-Meadow-Falcon-3',
      }),
      400,
      'INVALID_CURRENT_PASSWORD',
    );
    expectError(
      await call('PUT', '/api/core/users/pw@alpha/password', user.headers, {
        currentPassword: strongPassword,
        password: 'weak',
      }),
      400,
      'WEAK_PASSWORD',
    );
    expectError(await call('PUT', '/api/core/users/pw@alpha/password', user.headers, {}), 400, 'MISSING_BODY_PAYLOAD');
    expectError(
      await call('PUT', '/api/core/users/pw@alpha/password', user.headers, { currentPassword: strongPassword }),
      400,
      'MISSING_FIELD_IN_BODY',
      'password',
    );
    // Without the current password a user is not its own manager.
    expectError(
      await call('PUT', '/api/core/users/pw@alpha/password', user.headers, { password: 'Green-Meadow-Falcon-3' }),
      403,
      'FORBIDDEN',
    );
    const changed = await call('PUT', '/api/core/users/pw@alpha/password', user.headers, {
      currentPassword: strongPassword,
      password: 'Green-Meadow-Falcon-3',
    });
    expect(changed.json()).toEqual({ ok: true });
    expect((await call('GET', '/api/core/users/current', user.headers)).statusCode).toBe(200); // this session stays
    expectError(await call('GET', '/api/core/users/current', bearer(other)), 401, 'UNAUTHENTICATED'); // others end
    expect((await login(t.app, 'pw@alpha', 'Green-Meadow-Falcon-3')).statusCode).toBe(200);

    expect(
      (await call('PUT', '/api/core/users/pw@alpha/password', manager.headers, { password: 'Quiet-River-Stone-8' }))
        .statusCode,
    ).toBe(200);
    expectError(await call('GET', '/api/core/users/current', user.headers), 401, 'UNAUTHENTICATED');
    expect((await login(t.app, 'pw@alpha', 'Quiet-River-Stone-8')).statusCode).toBe(200);
    expectError(
      await call('PUT', '/api/core/users/pw@alpha/password', client.headers, { password: 'Quiet-River-Stone-9' }),
      403,
      'FORBIDDEN',
    );
    // The wrong current password counts as a failed sign-in.
    const failures = [];
    for (let i = 0; i < 5; i++)
      failures.push(
        await call('PUT', '/api/core/users/client@alpha/password', client.headers, {
          currentPassword: 'Wrong-password-1',
          password: 'Quiet-River-Stone-9',
        }),
      );
    expect(failures.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400]);
    expectError(await call('GET', '/api/core/users/current', client.headers), 401, 'UNAUTHENTICATED');
    await call('POST', '/api/core/users/client@alpha/unlock', t.alpha.headers);
    client = await createUser(t.app, t.alpha.headers, {
      username: 'client2@alpha',
      lastName: 'Client',
      profiles: ['CLIENT'],
    });
  });

  it('admin flags, profiles and admins themselves are beyond a non-admin manager', async () => {
    const target = await createUser(t.app, t.alpha.headers, {
      username: 'target@alpha',
      lastName: 'Target',
      profiles: ['SALES'],
    });
    expectError(
      await call('PATCH', '/api/core/users/target@alpha', manager.headers, { isAdmin: true }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await call('POST', '/api/core/users', manager.headers, { username: 'sneaky@alpha', isAdmin: true }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await call('PATCH', '/api/core/users/target@alpha', manager.headers, { profiles: ['SALES', 'ADMIN'] }),
      403,
      'FORBIDDEN',
    );
    expect(
      (await call('PATCH', '/api/core/users/target@alpha', manager.headers, { profiles: ['SALES', 'SUPPORT'] }))
        .statusCode,
    ).toBe(200);
    expectError(
      await call('PATCH', '/api/core/users/admin@alpha', manager.headers, { firstName: 'Pwned' }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await call('PUT', '/api/core/users/admin@alpha/password', manager.headers, { password: 'Quiet-River-Stone-8' }),
      403,
      'FORBIDDEN',
    );
    expectError(await call('DELETE', '/api/core/users/admin@alpha', manager.headers), 403, 'FORBIDDEN');
    // A main admin (admin@alpha) may grant admin and main admin, not super admin.
    expect(
      (
        await call('PATCH', '/api/core/users/target@alpha', t.alpha.headers, { isAdmin: true, canImpersonate: true })
      ).json(),
    ).toMatchObject({ isAdmin: true, canImpersonate: true });
    expectError(
      await call('PATCH', '/api/core/users/target@alpha', t.alpha.headers, { isSuperAdmin: true }),
      403,
      'FORBIDDEN',
    );
    // Users edit their own personal fields, nothing else.
    expect(
      (
        await call('PATCH', '/api/core/users/client2@alpha', client.headers, { firstName: 'Cli', locale: 'fr-FR' })
      ).json(),
    ).toMatchObject({ firstName: 'Cli' });
    expectError(
      await call('PATCH', '/api/core/users/client2@alpha', client.headers, { profiles: ['SALES'] }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await call('PATCH', '/api/core/users/target@alpha', client.headers, { firstName: 'x' }),
      403,
      'FORBIDDEN',
    );
    // Locking through a patch ends the user's sessions.
    expect(
      (await call('PATCH', '/api/core/users/target@alpha', t.alpha.headers, { isLocked: true })).json().isLocked,
    ).toBe(true);
    expectError(await call('GET', '/api/core/users/current', target.headers), 401, 'UNAUTHENTICATED');
  });

  it('column gating: can impersonate, is admin and is super admin only for that admin level', async () => {
    const listed = (await call('GET', '/api/core/users?username=admin@alpha', manager.headers)).json()[0];
    expect(listed.username).toBe('admin@alpha');
    for (const field of ['isAdmin', 'isMainAdmin', 'canImpersonate', 'isSuperAdmin'])
      expect(listed, field).not.toHaveProperty(field);
    expect((await call('GET', '/api/core/users/admin@alpha', manager.headers)).json()).not.toHaveProperty('isAdmin');
    for (const q of [
      'isAdmin=true',
      'sort=-isAdmin',
      'breakdown=isAdmin',
      'projection=isAdmin',
      'canImpersonate=true',
    ]) {
      expectError(await call('GET', `/api/core/users?${q}`, manager.headers), 400, 'INVALID_FIELD_IN_QUERY');
    }
    // A main admin sees admin flags and can-impersonate, not super admin.
    const byAdmin = (await call('GET', '/api/core/users/admin@alpha', t.alpha.headers)).json();
    expect(byAdmin).toMatchObject({ isAdmin: true, isMainAdmin: true });
    await call('PATCH', '/api/core/users/manager@alpha', t.alpha.headers, { canImpersonate: false });
    expect((await call('GET', '/api/core/users/manager@alpha', t.alpha.headers)).json()).toHaveProperty(
      'canImpersonate',
      false,
    );
    expect((await call('GET', '/api/core/users?isAdmin=true', t.alpha.headers)).statusCode).toBe(200);
    expectError(await call('GET', '/api/core/users?isSuperAdmin=true', t.alpha.headers), 400, 'INVALID_FIELD_IN_QUERY');
    // A PUT by the manager keeps the flags it cannot see.
    await call('PUT', '/api/core/users/client2@alpha', t.alpha.headers, {
      lastName: 'Client',
      profiles: ['CLIENT'],
      isAdmin: false,
    });
    await call('PUT', '/api/core/users/client2@alpha', manager.headers, { lastName: 'Client', profiles: ['CLIENT'] });
    expect((await call('GET', '/api/core/users/client2@alpha', t.alpha.headers)).json().isAdmin).toBe(false);
  });
});

describe('current user, configuration, preferences and photo', () => {
  it('answers the current user and the full user configuration', async () => {
    expect((await call('GET', '/api/core/users/current', manager.headers)).json()).toMatchObject({
      username: 'manager@alpha',
      tenant: 'alpha',
      isAdmin: false,
    });
    const config = (await call('GET', '/api/script/runs/user-configuration', manager.headers)).json();
    expect(Object.keys(config).sort()).toEqual(
      [
        'collectMissingTranslations',
        'environment',
        'featureFlagPaths',
        'featureFlags',
        'landingPage',
        'menus',
        'options',
        'responsiveBottomNavigation',
        'scriptOverrides',
        'user',
        'userPermissions',
        'userPreferences',
      ].sort(),
    );
    expect(config.userPermissions).toEqual({
      'read /api/core/users': true,
      'write /api/core/users': true,
      'read all': true,
      'write /api/person/persons': true,
      'write /api/financing/deals': true,
    });
    expect(config.environment).toHaveProperty('isProduction');
    const paths = (config.menus as { menus?: { path: string }[] }[]).flatMap((m) => m.menus ?? []).map((m) => m.path);
    expect(paths).toContain('/contracts');
    expect(paths).not.toContain('/scripts'); // strict: read all does not grant it
    expect(paths).not.toContain('/audits');
    const admin = (await call('GET', '/api/script/runs/user-configuration', t.alpha.headers)).json();
    const adminPaths = (admin.menus as { menus?: { path: string }[] }[])
      .flatMap((m) => m.menus ?? [])
      .map((m) => m.path);
    for (const p of ['/scripts', '/audits', '/access-logs', '/users', '/invoices', '/private-equity-assets', '/crons'])
      expect(adminPaths).toContain(p);
    const nobody = (await call('GET', '/api/script/runs/user-configuration', client.headers)).json();
    // The getting-started documentation is every signed-in user's, nothing else without a permission.
    expect((nobody.menus as { menus?: { path: string }[] }[]).flatMap((m) => m.menus ?? []).map((m) => m.path)).toEqual(
      ['/documentation', '/documentation-search'],
    );
    expect(nobody.userPermissions).toEqual({});
    expect(nobody.landingPage).toBe('/documentation');
  });

  it('preferences of every spec type; saving a table configuration again replaces it', async () => {
    const url = '/api/core/users/manager@alpha/preferences';
    const save = (payload: unknown, headers = manager.headers) => call('POST', url, headers, payload);
    const table = await save({
      groupId: '/contracts',
      type: 'TABLE_CONFIGURATION',
      value: { columns: ['registration'], pageSize: 50, sideView: true },
    });
    expect(table.json()).toMatchObject({ groupId: '/contracts', type: 'TABLE_CONFIGURATION', value: { pageSize: 50 } });
    const again = await save({ groupId: '/contracts', type: 'TABLE_CONFIGURATION', value: { columns: ['name'] } });
    expect(again.json()._id).toBe(table.json()._id);
    const filter = (await save({ groupId: '/contracts', type: 'SEARCH_FILTER', value: { status: 'ACTIVE' } })).json();
    await save({ groupId: '/contracts', type: 'SEARCH_FILTER', value: { status: 'DRAFT' } });
    await save({ groupId: 'pins', type: 'PINNED_ITEM', value: { entityName: 'Contract', registration: 'CT000001' } });
    await save({
      groupId: 'THEMING',
      type: 'UI',
      value: { colorScheme: 'dark', darkModeBrightness: 100, darkModeContrast: 90, darkModeSepia: 10 },
    });
    await save({ groupId: 'home', type: 'CONTENT', value: 'markdown text' });
    await save({ groupId: 'THEMING', type: 'THEMING', value: { colorScheme: 'followSystem' } });
    const updated = await save({
      _id: filter._id,
      groupId: '/contracts',
      type: 'SEARCH_FILTER',
      value: { status: 'CLOSED' },
    });
    expect(updated.json()).toMatchObject({ _id: filter._id, value: { status: 'CLOSED' } });
    const config = (await call('GET', '/api/script/runs/user-configuration', manager.headers)).json();
    expect(config.userPreferences.map((p: { type: string }) => p.type)).toEqual([
      'TABLE_CONFIGURATION',
      'SEARCH_FILTER',
      'SEARCH_FILTER',
      'PINNED_ITEM',
      'UI',
      'CONTENT',
      'THEMING',
    ]);
    expect((await call('GET', url, manager.headers)).json()).toHaveLength(7);

    expectError(await save({}), 400, 'MISSING_BODY_PAYLOAD');
    expectError(await save({ groupId: 'x', value: {} }), 400, 'MISSING_FIELD_IN_BODY', 'type');
    expectError(await save({ groupId: 'x', type: 'WALLPAPER', value: {} }), 400, 'INVALID_FIELD_VALUE', 'type');
    expectError(await save({ type: 'UI', value: {} }), 400, 'MISSING_FIELD_IN_BODY', 'groupId');
    expectError(await save({ groupId: 'x', type: 'UI' }), 400, 'MISSING_FIELD_IN_BODY', 'value');
    expectError(
      await save({ groupId: '/c', type: 'TABLE_CONFIGURATION', value: { pageSize: 'many' } }),
      400,
      'INVALID_INTEGER_FIELD',
      'value.pageSize',
    );
    expectError(
      await save({ groupId: 'p', type: 'PINNED_ITEM', value: { entityName: 'Spaceship', registration: 'X' } }),
      400,
      'UNSUPPORTED_ENTITY',
    );
    expectError(
      await save({ groupId: 'p', type: 'PINNED_ITEM', value: { entityName: 'Contract' } }),
      400,
      'INVALID_NON_EMPTY_STRING_FIELD',
      'value.registration',
    );
    expectError(
      await save({ groupId: 'THEMING', type: 'UI', value: { colorScheme: 'purple' } }),
      400,
      'INVALID_FIELD_VALUE',
      'value.colorScheme',
    );
    expectError(
      await save({ groupId: 'THEMING', type: 'THEMING', value: { darkModeSepia: 500 } }),
      400,
      'INVALID_FIELD_VALUE',
      'value.darkModeSepia',
    );
    expectError(
      await save({ _id: 'not-a-uuid', groupId: 'x', type: 'UI', value: {} }),
      400,
      'INVALID_FIELD_VALUE',
      '_id',
    );
    // An admin may save another user's preferences; a user without the users write permission may not.
    expect((await save({ groupId: 'x', type: 'UI', value: {} }, t.alpha.headers)).statusCode).toBe(200);
    const adminPref = (
      await call('POST', '/api/core/users/admin@alpha/preferences', t.alpha.headers, {
        groupId: 'y',
        type: 'UI',
        value: {},
      })
    ).json();
    expectError(
      await save({ _id: adminPref._id, groupId: 'y', type: 'UI', value: {} }),
      404,
      'ENTITY_REGISTRATION_NOT_FOUND',
    );
    expectError(await call('DELETE', `${url}/${adminPref._id}`, manager.headers), 404, 'ENTITY_REGISTRATION_NOT_FOUND');
    expectError(
      await call('POST', '/api/core/users/manager@alpha/preferences', client.headers, {
        groupId: 'x',
        type: 'UI',
        value: {},
      }),
      403,
      'FORBIDDEN',
    );

    const removed = await call('DELETE', `${url}/${filter._id}`, manager.headers);
    expect(removed.json()._id).toBe(filter._id);
    expectError(await call('DELETE', `${url}/${filter._id}`, manager.headers), 404, 'ENTITY_REGISTRATION_NOT_FOUND');
  });

  it('photo: upload, read, no404, delete; images only', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('rest of a tiny png'),
    ]);
    const upload = (content: Buffer, headers: Record<string, string>, user = 'client2@alpha', field = 'file') => {
      const boundary = '----lbo-test-boundary';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: 'POST',
        url: `/api/core/users/${user}/photo`,
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
    };
    const url = '/api/core/users/client2@alpha/photo';
    expectError(await call('GET', url, client.headers), 404, 'ENTITY_REGISTRATION_NOT_FOUND');
    const empty = await call('GET', `${url}?no404=1`, client.headers);
    expect(empty.statusCode).toBe(200);
    expect(empty.rawPayload.length).toBe(0);
    expect((await upload(png, client.headers)).json()).toMatchObject({ contentType: 'image/png', size: png.length });
    const photo = await call('GET', url, manager.headers);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.rawPayload.equals(png)).toBe(true);
    expectError(await upload(Buffer.from('MZ not an image'), client.headers), 400, 'INVALID_FILE_EXTENSION');
    expectError(await upload(png, client.headers, 'client2@alpha', 'other'), 400, 'MISSING_FILE_IN_REQUEST');
    expectError(await upload(Buffer.alloc(0), client.headers), 400, 'MISSING_FILE_IN_REQUEST');
    expectError(await call('POST', url, client.headers, { file: 'base64' }), 400, 'MISSING_FILE_IN_REQUEST');
    expectError(
      await upload(Buffer.concat([png, Buffer.alloc(5 * 1048576)]), client.headers),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    expectError(await upload(png, client.headers, 'manager@alpha'), 403, 'FORBIDDEN');
    expectError(await call('GET', '/api/core/users/manager@alpha/photo', client.headers), 403, 'FORBIDDEN');
    expect((await upload(png, manager.headers, 'manager@alpha')).statusCode).toBe(200);
    expectError(await upload(png, t.alpha.headers, 'nobody@alpha'), 404, 'ENTITY_REGISTRATION_NOT_FOUND');
    expect((await call('DELETE', url, client.headers)).json()).toEqual({ username: 'client2@alpha', deleted: true });
    expect((await call('GET', `${url}?no404=1`, client.headers)).rawPayload.length).toBe(0);
  });
});
