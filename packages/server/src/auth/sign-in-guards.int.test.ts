import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { entityByName } from '@lbo/model/entity-registry';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { bearer, createUser, login, someAddress, strongPassword, tokenOf } from '../testing/users.ts';
import { buildApp } from '../app.ts';
import { createTenant } from '../product.ts';
import { inTenant } from '../db/database.ts';
import { LOGIN_ACCOUNT_RATE_LIMIT, LOGIN_RATE_LIMIT } from './throttle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const expectError = (res: LightMyRequestResponse, status: number, code: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error).toMatch(new RegExp(`^${status}\\|${code}\\|`));
};

const signIn = (
  app: FastifyInstance,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
  remoteAddress = someAddress(),
) => app.inject({ method: 'POST', url: '/api/core/auth/login', payload, headers, remoteAddress });

/** The AccessLog records of a tenant for one request id. */
async function accessLogs(tenant: string, requestId: string) {
  const table = entityByName('AccessLog')!.table;
  return inTenant(t.db.database.db, { tenant, user: 'test' }, async (tx) =>
    (
      await sql<{ data: { type: string; address: string } }>`SELECT data FROM ${sql.table(table)}
    WHERE tenant = ${tenant} AND data ->> 'requestId' = ${requestId}`.execute(tx)
    ).rows.map((r) => r.data),
  );
}

/** An application built while HOSTS_JSON names these hosts. */
async function appWithHosts(
  hosts: Record<string, Record<string, unknown>>,
  options: { trustedProxies?: string[] } = {},
) {
  process.env.HOSTS_JSON = JSON.stringify(hosts);
  try {
    return await buildApp({ database: t.db.database, ...options });
  } finally {
    delete process.env.HOSTS_JSON;
  }
}

describe('client addresses and sign-in throttling', () => {
  it('a forged X-Forwarded-For is ignored: failures from one socket are throttled and logged under its address', async () => {
    const socket = someAddress();
    const attempts = await Promise.all(
      Array.from({ length: LOGIN_RATE_LIMIT }, (_, i) =>
        signIn(
          t.app,
          { username: `guess${i}@alpha`, password: 'Wrong-password-1' },
          { 'x-forwarded-for': `203.0.113.${i % 250}` },
          socket,
        ),
      ),
    );
    expect(attempts.every((r) => r.statusCode === 401)).toBe(true);
    expectError(
      await signIn(
        t.app,
        { username: 'admin@alpha', password: t.alpha.password },
        { 'x-forwarded-for': '198.51.100.1' },
        socket,
      ),
      429,
      'TOO_MANY_REQUESTS',
    );

    const signedIn = await signIn(
      t.app,
      { username: 'admin@alpha', password: t.alpha.password },
      { 'x-forwarded-for': '198.51.100.2', 'request-id': 'forged-xff' },
      '10.200.0.9',
    );
    expect(signedIn.statusCode).toBe(200);
    expect((await accessLogs('alpha', 'forged-xff')).map((l) => l.address)).toEqual(['10.200.0.9']);
  }, 120_000);

  it('X-Forwarded-For is believed from a proxy named in configuration only', async () => {
    const proxied = await buildApp({ database: t.db.database, trustedProxies: ['10.201.0.0/16'] });
    try {
      const viaProxy = await signIn(
        proxied,
        { username: 'admin@alpha', password: t.alpha.password },
        { 'x-forwarded-for': '198.51.100.7', 'request-id': 'via-proxy' },
        '10.201.3.4',
      );
      expect(viaProxy.statusCode).toBe(200);
      expect((await accessLogs('alpha', 'via-proxy')).map((l) => l.address)).toEqual(['198.51.100.7']);
      const direct = await signIn(
        proxied,
        { username: 'admin@alpha', password: t.alpha.password },
        { 'x-forwarded-for': '198.51.100.8', 'request-id': 'not-a-proxy' },
        '10.202.3.4',
      );
      expect(direct.statusCode).toBe(200);
      expect((await accessLogs('alpha', 'not-a-proxy')).map((l) => l.address)).toEqual(['10.202.3.4']);
    } finally {
      await proxied.close();
    }
  });

  it('failures on one account from many addresses are throttled, on every process', async () => {
    const attempts = await Promise.all(
      Array.from({ length: LOGIN_ACCOUNT_RATE_LIMIT }, () => login(t.app, 'spread@alpha', 'Wrong-password-1')),
    );
    expect(attempts.every((r) => r.statusCode === 401)).toBe(true);
    const limited = await login(t.app, 'SPREAD@alpha', 'Wrong-password-1');
    expectError(limited, 429, 'TOO_MANY_REQUESTS');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const other = await buildApp({ database: t.db.database });
    try {
      expectError(await login(other, 'spread@alpha', 'Wrong-password-1'), 429, 'TOO_MANY_REQUESTS');
    } finally {
      await other.close();
    }
    // Other accounts are not affected.
    expect((await login(t.app, 'admin@alpha', t.alpha.password)).statusCode).toBe(200);
  }, 120_000);
});

describe('a username held by several tenants', () => {
  const shared = 'shared.person@example.com';
  const betaPassword = 'Beta-Shared-Secret-31';
  const alphaPassword = 'Alpha-Shared-Secret-47';

  beforeAll(async () => {
    await createUser(t.app, t.beta.headers, { username: shared, lastName: 'Beta', password: betaPassword });
    await createUser(t.app, t.alpha.headers, { username: shared, lastName: 'Alpha', password: alphaPassword });
  });

  it('each user signs in to its own tenant with its own password, none locked out by the other', async () => {
    expect((await login(t.app, shared, betaPassword)).json()).toMatchObject({
      username: shared,
      tenant: 'beta',
      lastName: 'Beta',
    });
    expect((await login(t.app, shared, alphaPassword)).json()).toMatchObject({
      username: shared,
      tenant: 'alpha',
      lastName: 'Alpha',
    });
    expectError(await login(t.app, shared, 'Neither-Password-1'), 401, 'INVALID_CREDENTIALS');
  });

  it('a tenant named in the body is the only one tried', async () => {
    expect((await signIn(t.app, { username: shared, password: betaPassword, tenant: 'beta' })).json().tenant).toBe(
      'beta',
    );
    expectError(
      await signIn(t.app, { username: shared, password: alphaPassword, tenant: 'beta' }),
      401,
      'INVALID_CREDENTIALS',
    );
    expectError(
      await signIn(t.app, { username: shared, password: alphaPassword, tenant: 'nowhere' }),
      401,
      'INVALID_CREDENTIALS',
    );
    expectError(
      await signIn(t.app, { username: shared, password: alphaPassword, tenant: 42 }),
      400,
      'INVALID_NON_EMPTY_STRING_FIELD',
    );
  });

  it('a host with a loginTenant signs in to that tenant only', async () => {
    const hosted = await appWithHosts({ 'beta.example.com': { loginTenant: 'beta' } });
    try {
      expect(
        (await signIn(hosted, { username: shared, password: betaPassword }, { host: 'beta.example.com' })).json()
          .tenant,
      ).toBe('beta');
      expectError(
        await signIn(hosted, { username: shared, password: alphaPassword }, { host: 'beta.example.com' }),
        401,
        'INVALID_CREDENTIALS',
      );
      expect(
        (await signIn(hosted, { username: shared, password: alphaPassword }, { host: 'other.example.com' })).json()
          .tenant,
      ).toBe('alpha');
    } finally {
      await hosted.close();
    }
  });

  it('failures of a shared username lock no one; the same password in two tenants asks for the tenant', async () => {
    for (let i = 0; i < 6; i++)
      expectError(await login(t.app, shared, `Wrong-password-${i}`), 401, 'INVALID_CREDENTIALS');
    expect((await login(t.app, shared, betaPassword)).json().tenant).toBe('beta');
    expect((await login(t.app, shared, alphaPassword)).json().tenant).toBe('alpha');

    await createUser(t.app, t.beta.headers, {
      username: 'twin@example.com',
      lastName: 'Beta',
      password: strongPassword,
    });
    const created = await t.call('POST', '/api/core/users', t.alpha.headers, {
      username: 'twin@example.com',
      lastName: 'Alpha',
      password: strongPassword,
    });
    expect(created.statusCode).toBe(201);
    const ambiguous = await login(t.app, 'twin@example.com', strongPassword);
    expectError(ambiguous, 400, 'MISSING_FIELD_IN_BODY');
    expect(ambiguous.json().message).toBe('Missing field tenant in body');
    expect(
      (await signIn(t.app, { username: 'twin@example.com', password: strongPassword, tenant: 'alpha' })).json()
        .lastName,
    ).toBe('Alpha');
  });
});

describe('tenant configuration', () => {
  const url = '/api/core/tenant-configuration/profilesPermissions';

  it('a profiles → permissions document is checked like an entity and never emptied', async () => {
    const before = (await t.call('GET', url, t.alpha.headers)).json();
    expectError(await t.call('PUT', url, t.alpha.headers, []), 400, 'EMPTY_BODY_ARRAY');
    expectError(await t.call('PUT', url, t.alpha.headers, {}), 400, 'INVALID_NON_EMPTY_OBJECT_FIELD');
    expectError(await t.call('PUT', url, t.alpha.headers, { sales: ['read all'] }), 400, 'INVALID_FIELD_VALUE');
    expectError(
      await t.call('PUT', url, t.alpha.headers, [{ profile: 'SALES', permissions: ['read all'], extra: 1 }]),
      400,
      'INVALID_FIELD_IN_BODY',
    );
    expectError(
      await t.call('PUT', url, t.alpha.headers, [
        { profile: 'SALES', permissions: [] },
        { profile: 'SALES', permissions: [] },
      ]),
      400,
      'VALUE_ALREADY_EXISTS',
    );
    expectError(
      await t.call('PUT', '/api/core/tenant-configuration/tenant-config', t.alpha.headers, {
        landingPage: '/x',
        nonsense: true,
      }),
      400,
      'INVALID_FIELD_IN_BODY',
    );
    expect((await t.call('GET', url, t.alpha.headers)).json()).toEqual(before);
  });

  it('a change that leaves no administrator who can sign in is refused', async () => {
    const db = t.db.database.db;
    await createTenant(db, 'gamma', { username: 'admin@gamma', password: strongPassword });
    const flagged = bearer(tokenOf(await login(t.app, 'admin@gamma', strongPassword)));
    const administration = [
      'read all',
      'write all',
      'write /api/core/users',
      'read /api/core/tenant-configuration',
      'write /api/core/tenant-configuration',
    ];
    expect((await t.call('PUT', url, flagged, { ADMIN: administration, SALES: ['read all'] })).statusCode).toBe(200);
    // The tenant's only administrator now holds its rights through the ADMIN profile alone.
    const userTable = entityByName('User')!.table;
    await inTenant(db, { tenant: 'gamma', user: 'test' }, (tx) =>
      sql`UPDATE ${sql.table(userTable)} SET data = data - 'isAdmin' - 'isMainAdmin'
      WHERE tenant = 'gamma' AND registration = 'admin@gamma'`.execute(tx),
    );
    const byProfile = bearer(tokenOf(await login(t.app, 'admin@gamma', strongPassword)));
    const refused = await t.call('PUT', url, byProfile, { ADMIN: ['read all', 'write all'], SALES: ['read all'] });
    expectError(refused, 400, 'INVALID_FIELD_VALUE');
    expect(refused.json().message).toContain('profilesPermissions');
    expect((await t.call('GET', url, byProfile)).json().ADMIN).toEqual(administration);
    expect((await t.call('PUT', url, byProfile, { ADMIN: administration, SALES: [] })).statusCode).toBe(200);
  });
});

describe('tenants', () => {
  it('only a super admin of the master tenant, acting in it, creates tenants', async () => {
    expectError(await t.call('POST', '/api/core/tenants', t.alpha.headers, { name: 'rogue' }), 403, 'FORBIDDEN');
    await createTenant(t.db.database.db, 'master', {
      username: 'root@master',
      password: strongPassword,
      isSuperAdmin: true,
    });
    const root = bearer(tokenOf(await login(t.app, 'root@master', strongPassword)));
    expect((await t.call('POST', '/api/core/tenants', root, { name: 'newco' })).statusCode).toBe(201);
    expect((await t.call('POST', '/api/core/auth/impersonate', root, { tenant: 'alpha' })).statusCode).toBe(200);
    expectError(await t.call('POST', '/api/core/tenants', root, { name: 'rogue' }), 403, 'FORBIDDEN');
    await t.call('DELETE', '/api/core/auth/impersonate', root);
    const { rows } = await inTenant(t.db.database.db, { tenant: 'alpha', user: 'test' }, (tx) =>
      sql`SELECT 1 FROM ${sql.table(entityByName('Tenant')!.table)} WHERE registration = 'rogue'`.execute(tx),
    );
    expect(rows).toHaveLength(0);
  });
});

describe('answer headers', () => {
  it('API answers are not stored; framing follows the host’s frameAncestors', async () => {
    const ping = await t.call('GET', '/api/core/ping');
    expect(ping.headers['cache-control']).toBe('no-store');
    expect(ping.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect((await t.call('GET', '/api/core/users/current', t.alpha.headers)).headers['cache-control']).toBe('no-store');
    expect((await t.call('GET', '/api/nowhere/at-all')).headers['cache-control']).toBe('no-store');
    const hosted = await appWithHosts({
      'closed.example.com': { frameAncestors: "'none'" },
      'embed.example.com': { frameAncestors: "'self' https://parent.example.com" },
    });
    try {
      const closed = await hosted.inject({ url: '/api/core/ping', headers: { host: 'closed.example.com' } });
      expect(closed.headers['x-frame-options']).toBe('DENY');
      expect(closed.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      const embedded = await hosted.inject({ url: '/api/core/ping', headers: { host: 'embed.example.com' } });
      expect(embedded.headers['x-frame-options']).toBeUndefined();
      expect(embedded.headers['content-security-policy']).toContain(
        "frame-ancestors 'self' https://parent.example.com",
      );
    } finally {
      await hosted.close();
    }
  });
});
