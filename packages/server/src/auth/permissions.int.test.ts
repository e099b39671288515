import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { entities } from '@lbo/model/entity-registry';
import { buildApp } from '../app.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createUser, type SignedInUser } from '../testing/users.ts';
import { registeredRoutes, type RegisteredRoute } from './request-context.ts';
import { inTenant } from '../db/database.ts';
import { insertRow } from '../entities/storage.ts';

let t: TestApp;
let nobody: SignedInUser;
let auditor: SignedInUser;
let sales: SignedInUser;

const profilesPermissions = {
  CLIENT: [],
  AUDITOR: ['read all'],
  SALES: ['read /api/financing/contracts', 'write /api/financing/contracts', 'get Deal'],
};

beforeAll(async () => {
  t = await createTestApp();
  const saved = await call(
    'PUT',
    '/api/core/tenant-configuration/profilesPermissions',
    t.alpha.headers,
    profilesPermissions,
  );
  if (saved.statusCode !== 200) throw new Error(saved.body);
  nobody = await createUser(t.app, t.alpha.headers, {
    username: 'nobody@alpha',
    lastName: 'Nobody',
    profiles: ['CLIENT'],
  });
  auditor = await createUser(t.app, t.alpha.headers, {
    username: 'auditor@alpha',
    lastName: 'Auditor',
    profiles: ['AUDITOR'],
  });
  sales = await createUser(t.app, t.alpha.headers, { username: 'sales@alpha', lastName: 'Sales', profiles: ['SALES'] });
});
afterAll(async () => {
  await t?.close();
});

const call: TestApp['call'] = (...args) => t.call(...args);

/** A refusal of a permission that only a super admin of the master tenant holds (running a tenant's transition, say). */
const masterOnly = (res: LightMyRequestResponse) =>
  res.statusCode === 403 && res.json().message === 'Permission write /api/core/tenants required';

const expectError = (res: LightMyRequestResponse, status: number, code: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().code).toBe(code);
};

/** Routes anyone may call; sign-out is left out of the matrix because it would end the test's sessions. */
const publicRoutes = new Set([
  'POST /api/core/auth/login',
  'POST /api/core/auth/login/totp',
  'GET /api/core/ping',
  'GET /api/core/hosts/:hostname',
  // Single sign-on: the provider's answer is how a stranger signs in.
  'GET /api/core/oidc/:oidcId',
  'POST /api/core/oidc/:id/login',
  'GET /api/core/saml/:id',
  'POST /api/core/saml/:id/assert',
  'POST /api/core/auth/token/login',
  // A calendar feed is read by calendar programs: its secret URL is its key.
  'GET /api/calendar-feeds/:tenant/:token/calendar.ics',
  // A forgotten password and a partner's self-registration come before any sign-in (single-use tokens).
  'POST /api/mail/password-reset',
  'POST /api/mail/password-reset/confirm',
  'GET /api/mail/become-partner',
  'POST /api/mail/become-partner',
  // Flow mode: a page opened by its access key, which is the credential (docs/shell-modes.md).
  'GET /api/flow/:accessKey/pages/:pageId',
  'POST /api/flow/:accessKey/pages/:pageId/records',
]);
const apiRoutes = () =>
  registeredRoutes(t.app).filter(
    (r) => r.url.startsWith('/api/') && `${r.method} ${r.url}` !== 'GET /api/core/auth/logout',
  );
const key = (r: RegisteredRoute) => `${r.method} ${r.url}`;
const concrete = (url: string, value = 'nope-1') => url.replace(/:\w+/g, value).replace(/\*$/, 'x');
/** Routes open to any signed-in user by declaration whose answer then asks the tenant's admin (the operations screens). */
const adminInside = new Set([
  'GET /api/system/request-log/:requestId',
  'GET /api/system/database/current-operations',
  'GET /api/system/caches',
]);
const selfService = (r: RegisteredRoute) => r.config.permission === null && !adminInside.has(key(r));
/** Whether a route asks a read: as it declares (`transitions` lists are reads, running one is a write), else by method. */
const asksRead = (r: RegisteredRoute) => {
  const declared = r.config.permission as string | { name: string } | undefined;
  const name = typeof declared === 'string' ? declared : declared?.name;
  return name ? name.startsWith('read ') || name.startsWith('get ') : r.method === 'GET';
};
const strictReads = [
  '/api/script/scripts',
  '/api/system/access-logs',
  '/api/core/audits',
  '/api/core/tenant-configuration',
  '/api/core/tenants/check-config',
];

describe('every API route checks sign-in and permissions on the server', () => {
  it('permission matrix: no token → 401; no permission → 403; read all → reads but not strict ones nor writes; admin → reads', async () => {
    expect(apiRoutes().length).toBeGreaterThan(500);
    const failures: string[] = [];
    const check = (what: string, ok: boolean, res: LightMyRequestResponse) => {
      if (!ok) failures.push(`${what} → ${res.statusCode} ${res.body.slice(0, 160)}`);
    };
    for (const route of apiRoutes()) {
      const url = concrete(route.url);
      const payload = route.method === 'GET' || route.method === 'DELETE' ? undefined : { name: 'x' };
      const anonymous = await call(route.method, url, {}, payload);
      check(
        `anonymous ${key(route)}`,
        publicRoutes.has(key(route))
          ? anonymous.statusCode !== 401 && anonymous.statusCode !== 403
          : anonymous.statusCode === 401,
        anonymous,
      );
      if (publicRoutes.has(key(route))) continue;
      // A live stream answers for as long as it is read: its opening is tested with the notifications.
      if (key(route) === 'GET /api/notification/stream') continue;

      const none = await call(route.method, url, nobody.headers, payload);
      check(
        `nobody ${key(route)}`,
        selfService(route)
          ? none.statusCode !== 403 && none.statusCode !== 401
          : none.statusCode === 403 && none.json().code === 'FORBIDDEN',
        none,
      );

      const reader = await call(route.method, url, auditor.headers, payload);
      const strict = strictReads.some((p) => route.url.startsWith(p));
      const readerMayPass = selfService(route) || (asksRead(route) && !strict && !adminInside.has(key(route)));
      check(
        `auditor ${key(route)}`,
        readerMayPass ? reader.statusCode !== 403 && reader.statusCode !== 401 : reader.statusCode === 403,
        reader,
      );

      if (route.method === 'GET') {
        const admin = await call(route.method, url, t.alpha.headers);
        check(
          `admin ${key(route)}`,
          (admin.statusCode !== 403 || masterOnly(admin)) && admin.statusCode !== 401 && admin.statusCode < 500,
          admin,
        );
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('per-entity reads accept read/get {entity}; writes need write {entity}; includes need read of what they bring', async () => {
    expect((await call('GET', '/api/financing/contracts', sales.headers)).statusCode).toBe(200);
    expect((await call('GET', '/api/financing/deals', sales.headers)).statusCode).toBe(200); // get Deal
    expectError(await call('GET', '/api/person/persons', sales.headers), 403, 'FORBIDDEN');
    expect((await call('POST', '/api/financing/contracts', sales.headers, { name: 'Sales contract' })).statusCode).toBe(
      201,
    );
    const denied = await call('POST', '/api/financing/deals', sales.headers, { name: 'Not allowed' });
    expectError(denied, 403, 'FORBIDDEN');
    expect(denied.json().message).toBe('Permission write /api/financing/deals required');
    expectError(await call('GET', '/api/financing/contracts?include=persons', sales.headers), 403, 'FORBIDDEN');
    expect((await call('GET', '/api/financing/contracts?include=persons', auditor.headers)).statusCode).toBe(200);
    expectError(await call('GET', '/api/core/users', sales.headers), 403, 'FORBIDDEN');
    expectError(await call('POST', '/api/core/users', auditor.headers, { username: 'x@alpha' }), 403, 'FORBIDDEN');
    // Denials are recorded.
    const logs = (await call('GET', '/api/system/access-logs?range=[0-99]', t.alpha.headers)).json() as Record<
      string,
      unknown
    >[];
    expect(
      logs.find(
        (l) =>
          l.type === 'PERMISSION_DENIED' && l.user === 'sales@alpha' && l.permission === 'write /api/financing/deals',
      ),
    ).toBeTruthy();
  });

  it('profiles and permissions are tenant configuration, in force at once, changed by admins only', async () => {
    expectError(
      await call('PUT', '/api/core/tenant-configuration/profilesPermissions', auditor.headers, profilesPermissions),
      403,
      'FORBIDDEN',
    );
    expectError(
      await call('GET', '/api/core/tenant-configuration/profilesPermissions', auditor.headers),
      403,
      'FORBIDDEN',
    );
    expectError(
      await call('PUT', '/api/core/tenant-configuration/profilesPermissions', t.alpha.headers, { SALES: 'read all' }),
      400,
      'INVALID_ARRAY_FIELD',
    );
    expectError(
      await t.app.inject({
        method: 'PUT',
        url: '/api/core/tenant-configuration/profilesPermissions',
        headers: { ...t.alpha.headers, 'content-type': 'application/json' },
        payload: '"nope"',
      }),
      400,
      'INVALID_NON_EMPTY_OBJECT_FIELD',
    );
    expectError(
      await call('PUT', '/api/core/tenant-configuration/tenant-config', t.alpha.headers, { type: 'GALAXY' }),
      400,
      'INVALID_FIELD_VALUE',
    );
    // Only the declared sections: any other name is bad input in the path.
    expectError(
      await call('GET', '/api/core/tenant-configuration/nothing', t.alpha.headers),
      400,
      'INVALID_FIELD_IN_PATH',
    );
    const collection = Object.entries({ ...profilesPermissions, SALES: ['read all', 'write all'] }).map(
      ([profile, permissions]) => ({ profile, permissions }),
    );
    expect(
      (await call('PUT', '/api/core/tenant-configuration/profilesPermissions', t.alpha.headers, collection)).statusCode,
    ).toBe(200);
    expect((await call('GET', '/api/person/persons', sales.headers)).statusCode).toBe(200);
    const config = (await call('GET', '/api/script/runs/user-configuration', sales.headers)).json();
    expect(config.userPermissions).toEqual({ 'read all': true, 'write all': true });
    expect(
      (await call('PUT', '/api/core/tenant-configuration/profilesPermissions', t.alpha.headers, profilesPermissions))
        .statusCode,
    ).toBe(200);
    expectError(await call('GET', '/api/person/persons', sales.headers), 403, 'FORBIDDEN');
    // Beta keeps its own (default) configuration.
    expect(
      (await call('GET', '/api/core/tenant-configuration/profilesPermissions', t.beta.headers)).json().AUDITOR,
    ).toEqual(['read all']);
    const check = await call('GET', '/api/core/tenants/check-config', t.alpha.headers);
    expect(Object.keys(check.json())).toEqual(
      expect.arrayContaining([
        'errors',
        'insertedLists',
        'updatedLists',
        'deletedLists',
        'insertedScripts',
        'userLists',
        'userScripts',
        'lastConfigCheckDate',
      ]),
    );
    expectError(
      await call('GET', '/api/core/tenants/check-config?tenant=beta', t.alpha.headers),
      400,
      'INVALID_FIELD_IN_QUERY',
    );
  });

  it('every write is audited with user, tenant, address, request id and time', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/financing/contracts',
      headers: { ...sales.headers, 'request-id': 'audit-req-1' },
      payload: { name: 'Audited write' },
      remoteAddress: '10.9.8.7',
    });
    expect(made.statusCode).toBe(201);
    const audits = (await call('GET', '/api/core/audits?range=[0-99]', t.alpha.headers)).json() as Record<
      string,
      unknown
    >[];
    const entry = audits.find((a) => a.requestId === 'audit-req-1');
    expect(entry).toMatchObject({
      user: 'sales@alpha',
      tenant: 'alpha',
      address: '10.9.8.7',
      method: 'POST',
      url: '/api/financing/contracts',
      statusCode: 201,
    });
    expect(Date.parse(String(entry?.date))).toBeGreaterThan(Date.now() - 60_000);
    expect(audits.some((a) => a.method === 'GET' && a.user === 'sales@alpha')).toBe(false); // reads are not audited
    expectError(await call('GET', '/api/core/audits', auditor.headers), 403, 'FORBIDDEN');
  });

  it('answers carry helmet’s headers and a content security policy with the host’s frame ancestors', async () => {
    const res = await call('GET', '/api/core/ping', {});
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Host settings are read when the application is built.
    process.env.HOSTS_JSON = JSON.stringify({
      'embed.example.com': { frameAncestors: "'self' https://parent.example.com" },
    });
    const hosted = await buildApp({ database: t.db.database });
    try {
      const embedded = await hosted.inject({ url: '/api/core/ping', headers: { host: 'embed.example.com' } });
      expect(embedded.headers['content-security-policy']).toContain(
        "frame-ancestors 'self' https://parent.example.com",
      );
    } finally {
      delete process.env.HOSTS_JSON;
      await hosted.close();
    }
  });
});

describe('no cross-tenant read through any route', () => {
  it('every route with a record identifier answers 404 for another tenant’s record, and changes nothing', async () => {
    const records = new Map<string, { registration: string; _id: string }>();
    await inTenant(t.db.database.db, { tenant: 'alpha', user: 'test' }, async (tx) => {
      for (const entity of entities) {
        const registration = entity.name === 'User' ? 'crossed@alpha' : `X-${entity.prefix}-1`;
        const row = await insertRow(tx, entity, 'alpha', 'test', {
          registration,
          name: `Alpha ${entity.name}`,
          ...(entity.name === 'User' ? { username: registration } : {}),
        });
        records.set(`/api/${entity.route}`, { registration, _id: row._id });
      }
    });
    const failures: string[] = [];
    for (const route of apiRoutes().filter((r) => r.url.includes('/:id'))) {
      const base = route.url.slice(0, route.url.indexOf('/:id'));
      const record = records.get(base);
      if (!record) continue;
      for (const id of [record.registration, record._id]) {
        const url = concrete(route.url.replace(':id', encodeURIComponent(id)), 'NOPE');
        const res = await call(
          route.method,
          url,
          t.beta.headers,
          route.method === 'GET' || route.method === 'DELETE' ? undefined : { name: 'stolen' },
        );
        // Tenants are written by a master super admin only: refused before any record is looked up.
        const ok =
          masterOnly(res) ||
          (route.method === 'GET' ? res.statusCode === 404 : res.statusCode === 404 || res.statusCode === 400);
        if (!ok || res.body.includes('Alpha '))
          failures.push(`${route.method} ${url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    for (const [base, record] of records) {
      // A note is read with its record, which this bare note names none of; a notification by its recipient only.
      if (base === '/api/core/notes' || base === '/api/notification/notifications') continue;
      const res = await call('GET', `${base}/${encodeURIComponent(record.registration)}`, t.alpha.headers);
      expect(res.statusCode, base).toBe(200);
      expect(res.json()._version, base).toBe(1);
    }
    // Lists of the other tenant never show the record either.
    for (const base of records.keys()) {
      const res = await call('GET', `${base}?search=Alpha`, t.beta.headers);
      if (res.statusCode === 200) expect(JSON.stringify(res.json()), base).not.toContain('Alpha ');
    }
  }, 600_000);
});
