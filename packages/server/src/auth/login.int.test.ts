import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SignJWT } from 'jose';
import { generate } from 'otplib';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { bearer, createUser, login, someAddress, strongPassword, tokenOf } from '../testing/users.ts';
import { buildApp } from '../app.ts';
import { createTenant } from '../product.ts';
import { inTenant } from '../db/database.ts';
import { LOGIN_RATE_LIMIT } from './throttle.ts';
import { TOKEN_TTL_SECONDS } from './sessions.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });

const expectError = (res: LightMyRequestResponse, status: number, code: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().code).toBe(code);
  expect(res.json().error).toMatch(new RegExp(`^${status}\\|${code}\\|`));
};

const secret = async () => {
  const { rows } = await sql<{ value: string }>`SELECT value FROM installation WHERE key = 'token-secret'`.execute(
    t.db.database.db,
  );
  return new TextEncoder().encode(rows[0].value);
};
const now = () => Math.floor(Date.now() / 1000);
const sessionIdOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).jti as string;

describe('password sign-in', () => {
  it('answers the user with a bearer token, contexts and a context token, never a password', async () => {
    const res = await login(t.app, 'admin@alpha', t.alpha.password);
    expect(res.statusCode).toBe(200);
    expect(res.headers.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.parse(String(res.headers['user-contexts']))).toEqual(['alpha']);
    expect(res.headers['context-token']).toBeTruthy();
    expect(res.json()).toMatchObject({ username: 'admin@alpha', tenant: 'alpha', isAdmin: true });
    expect(JSON.stringify(res.json())).not.toMatch(/password|hash|argon/i);
    expect((await get('/api/core/users/current', bearer(tokenOf(res)))).json().username).toBe('admin@alpha');
  });

  it('usernames are case-insensitive and an email signs in to the tenant holding it', async () => {
    await createUser(t.app, t.alpha.headers, { username: 'Jane.Doe@example.com', lastName: 'Doe' });
    expect((await login(t.app, 'JANE.DOE@example.com', strongPassword)).json()).toMatchObject({
      username: 'jane.doe@example.com',
      tenant: 'alpha',
    });
  });

  it('a wrong password and an unknown user get the same 401', async () => {
    const answers = await Promise.all([
      login(t.app, 'admin@alpha', 'Wrong-password-1'),
      login(t.app, 'nobody@alpha', 'Wrong-password-1'),
      login(t.app, 'nobody@nowhere', 'Wrong-password-1'),
      login(t.app, 'nobody@example.com', t.alpha.password),
    ]);
    for (const res of answers) expectError(res, 401, 'INVALID_CREDENTIALS');
    const bodies = answers.map((r) => JSON.stringify(r.json()));
    expect(new Set(bodies).size).toBe(1);
    expect(answers[0].json().message).toBe('Invalid username or password');
  });

  it('bad input gives the catalogue error', async () => {
    const raw = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/core/auth/login',
        headers: { 'content-type': 'application/json' },
        payload,
        remoteAddress: someAddress(),
      });
    expectError(await raw(''), 400, 'MISSING_BODY_PAYLOAD');
    expectError(await raw('{}'), 400, 'MISSING_BODY_PAYLOAD');
    expectError(await raw('{"username":'), 400, 'INVALID_JSON_FIELD');
    expectError(await raw('[1]'), 400, 'INVALID_NON_EMPTY_OBJECT_FIELD');
    expectError(await raw('{"password":"x"}'), 400, 'MISSING_FIELD_IN_BODY');
    expectError(await raw('{"username":42,"password":"x"}'), 400, 'INVALID_NON_EMPTY_STRING_FIELD');
    expectError(await raw('{"username":"admin@alpha","password":""}'), 400, 'INVALID_NON_EMPTY_STRING_FIELD');
    expectError(await raw('{"username":"no at sign","password":"x"}'), 400, 'INVALID_USERNAME');
    expect((await raw('{"username":"no at sign","password":"x"}')).json().message).toBe(
      'Should be a valid email or a valid string ending with @tenant',
    );
    expectError(
      await raw(JSON.stringify({ username: 'admin@alpha', password: 'x'.repeat(2000) })),
      400,
      'INVALID_FIELD_VALUE',
    );
  });

  it('locks the user after 5 consecutive failures, until an admin unlocks it', async () => {
    const user = await createUser(t.app, t.alpha.headers, { username: 'lockme@alpha', lastName: 'Lock' });
    for (let i = 0; i < 4; i++)
      expectError(await login(t.app, user.username, 'Wrong-password-1'), 401, 'INVALID_CREDENTIALS');
    expect((await login(t.app, user.username, strongPassword)).statusCode).toBe(200); // a success resets the count
    for (let i = 0; i < 5; i++)
      expectError(await login(t.app, user.username, 'Wrong-password-1'), 401, 'INVALID_CREDENTIALS');
    expect((await get('/api/core/users/lockme@alpha', t.alpha.headers)).json().isLocked).toBe(true);
    // Locked: the right password says so, a wrong one stays the same 401; open sessions end.
    expectError(await login(t.app, user.username, strongPassword), 403, 'USER_LOCKED');
    expectError(await login(t.app, user.username, 'Wrong-password-1'), 401, 'INVALID_CREDENTIALS');
    expectError(await get('/api/core/users/current', user.headers), 401, 'UNAUTHENTICATED');
    const logs = (await get('/api/system/access-logs?range=[0-49]', t.alpha.headers)).json() as {
      type: string;
      user: string;
    }[];
    expect(logs.filter((l) => l.user === user.username).map((l) => l.type)).toEqual(
      expect.arrayContaining(['USER_LOCKED', 'LOGIN_FAILURE', 'LOGIN_REFUSED_LOCKED', 'LOGIN_SUCCESS']),
    );

    const unlocked = await post('/api/core/users/lockme@alpha/unlock', t.alpha.headers);
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json().isLocked).toBe(false);
    expect((await login(t.app, user.username, strongPassword)).statusCode).toBe(200);
  });

  it('rate-limits sign-in attempts per address, in the database', async () => {
    const address = someAddress();
    const attempts = await Promise.all(
      Array.from({ length: LOGIN_RATE_LIMIT }, (_, i) => login(t.app, `nobody${i}@alpha`, 'Wrong-password-1', address)),
    );
    expect(attempts.every((r) => r.statusCode === 401)).toBe(true);
    const limited = await login(t.app, 'admin@alpha', t.alpha.password, address);
    expectError(limited, 429, 'TOO_MANY_REQUESTS');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another process sharing the database counts the same address.
    const other = await buildApp({ database: t.db.database });
    try {
      expectError(await login(other, 'admin@alpha', t.alpha.password, address), 429, 'TOO_MANY_REQUESTS');
    } finally {
      await other.close();
    }
    expect((await login(t.app, 'admin@alpha', t.alpha.password, someAddress())).statusCode).toBe(200);
  }, 60_000);
});

describe('sessions', () => {
  it('logout revokes the token at once, on every process', async () => {
    const token = tokenOf(await login(t.app, 'admin@alpha', t.alpha.password));
    const other = await buildApp({ database: t.db.database });
    try {
      expect((await other.inject({ url: '/api/core/users/current', headers: bearer(token) })).statusCode).toBe(200);
      const out = await get('/api/core/auth/logout', bearer(token));
      expect(out.statusCode).toBe(200);
      expect(out.headers.authorization).toBe('');
      const after = await other.inject({ url: '/api/core/users/current', headers: bearer(token) });
      expectError(after, 401, 'UNAUTHENTICATED');
      expect(after.headers.authorization).toBe('');
      expectError(await get('/api/financing/contracts', bearer(token)), 401, 'UNAUTHENTICATED');
    } finally {
      await other.close();
    }
  });

  it('a missing, forged or expired token gets 401', async () => {
    const token = tokenOf(await login(t.app, 'admin@alpha', t.alpha.password));
    const [header, payload] = token.split('.');
    expectError(await get('/api/financing/contracts', {}), 401, 'UNAUTHENTICATED');
    expectError(await get('/api/financing/contracts', { authorization: 'Basic abc' }), 401, 'UNAUTHENTICATED');
    expectError(
      await get('/api/financing/contracts', bearer(`${header}.${payload}.${'A'.repeat(43)}`)),
      401,
      'UNAUTHENTICATED',
    );
    const forged = await new SignJWT({ typ: 'access', tenant: 'alpha' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('admin@alpha')
      .setJti(sessionIdOf(token))
      .setExpirationTime(now() + 600)
      .sign(new TextEncoder().encode('not the secret'));
    expectError(await get('/api/financing/contracts', bearer(forged)), 401, 'UNAUTHENTICATED');
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    expectError(await get('/api/financing/contracts', bearer(unsigned)), 401, 'UNAUTHENTICATED');
    // Signed with the real secret but for another tenant's user: the session is not found there.
    const crossed = await new SignJWT({ typ: 'access', tenant: 'beta' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('admin@alpha')
      .setJti(sessionIdOf(token))
      .setExpirationTime(now() + 600)
      .sign(await secret());
    expectError(await get('/api/financing/contracts', bearer(crossed)), 401, 'UNAUTHENTICATED');
    const expired = await new SignJWT({ typ: 'access', tenant: 'alpha' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('admin@alpha')
      .setJti(sessionIdOf(token))
      .setIssuedAt(now() - 4000)
      .setExpirationTime(now() - 10)
      .sign(await secret());
    expectError(await get('/api/financing/contracts', bearer(expired)), 401, 'SESSION_EXPIRED');
    expect((await get('/api/financing/contracts', bearer(expired))).json().message).toBe('Session has expired');
  });

  it('a session past its end gets 401 even with an unexpired token', async () => {
    const token = tokenOf(await login(t.app, 'admin@alpha', t.alpha.password));
    await inTenant(t.db.database.db, { tenant: 'alpha', user: 'test' }, (tx) =>
      sql`UPDATE session SET expires_at = now() - interval '1 second' WHERE tenant = 'alpha' AND _id = ${sessionIdOf(token)}::uuid`.execute(
        tx,
      ),
    );
    expectError(await get('/api/core/users/current', bearer(token)), 401, 'SESSION_EXPIRED');
  });

  it('renews a token past half its life in the answer’s authorization header', async () => {
    const token = tokenOf(await login(t.app, 'admin@alpha', t.alpha.password));
    const fresh = await get('/api/core/users/current', bearer(token));
    expect(fresh.headers.authorization).toBeUndefined();
    const ageing = await new SignJWT({ typ: 'access', tenant: 'alpha' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('admin@alpha')
      .setJti(sessionIdOf(token))
      .setIssuedAt(now() - TOKEN_TTL_SECONDS + 60)
      .setExpirationTime(now() + 60)
      .sign(await secret());
    const renewed = await get('/api/financing/contracts', bearer(ageing));
    expect(renewed.statusCode).toBe(200);
    const next = String(renewed.headers.authorization).replace(/^Bearer /, '');
    expect(next).not.toBe(ageing);
    expect(sessionIdOf(next)).toBe(sessionIdOf(token));
    expect(JSON.parse(Buffer.from(next.split('.')[1], 'base64url').toString()).exp).toBeGreaterThan(
      now() + TOKEN_TTL_SECONDS - 60,
    );
    expect((await get('/api/core/users/current', bearer(next))).statusCode).toBe(200);
    // The renewed token belongs to the same session: logging out ends both.
    await get('/api/core/auth/logout', bearer(next));
    expectError(await get('/api/core/users/current', bearer(ageing)), 401, 'UNAUTHENTICATED');
  });

  it('switches among the user’s contexts with user-contexts and context-token', async () => {
    const user = await createUser(t.app, t.alpha.headers, {
      username: 'multi@alpha',
      lastName: 'Multi',
      profiles: ['SALES', 'AUDITOR'],
      contexts: [
        { name: 'Sales Paris', profiles: ['SALES'], partnerRegistration: 'PER000001' },
        { name: 'Audit Lyon', profiles: ['AUDITOR'] },
      ],
    });
    const signedIn = await login(t.app, 'multi@alpha', strongPassword);
    expect(JSON.parse(String(signedIn.headers['user-contexts']))).toEqual(['Sales Paris', 'Audit Lyon']);
    const deal = { name: 'Deal in context' };
    const asSales = { ...user.headers, 'context-token': String(signedIn.headers['context-token']) };
    expect((await post('/api/financing/deals', asSales, deal)).statusCode).toBe(201);
    const switched = await get('/api/core/user-switch-context?contextIndex=1', user.headers);
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ contextIndex: 1, contextName: 'Audit Lyon' });
    const asAuditor = { ...user.headers, 'context-token': String(switched.headers['context-token']) };
    expectError(await post('/api/financing/deals', asAuditor, deal), 403, 'FORBIDDEN');
    expect((await get('/api/script/runs/user-configuration', asAuditor)).json().user).toMatchObject({
      contextName: 'Audit Lyon',
      profiles: ['AUDITOR'],
    });
    const byName = await get('/api/core/user-switch-context?contextName=Sales%20Paris', user.headers);
    expect(byName.json().contextIndex).toBe(0);
    // A context token of another session selects nothing.
    const otherSession = tokenOf(await login(t.app, 'multi@alpha', strongPassword));
    expect(
      (
        await get('/api/script/runs/user-configuration', {
          ...bearer(otherSession),
          'context-token': String(switched.headers['context-token']),
        })
      ).json().user.contextName,
    ).toBe('Sales Paris');
    expectError(await get('/api/core/user-switch-context?contextIndex=2', user.headers), 400, 'INVALID_FIELD_IN_QUERY');
    expectError(
      await get('/api/core/user-switch-context?contextIndex=abc', user.headers),
      400,
      'INVALID_FIELD_IN_QUERY',
    );
    expectError(
      await get('/api/core/user-switch-context?contextName=Nowhere', user.headers),
      400,
      'INVALID_FIELD_IN_QUERY',
    );
    expectError(await get('/api/core/user-switch-context', user.headers), 400, 'MISSING_MANDATORY_QUERY_FIELDS');
    expectError(await get('/api/core/user-switch-context?contextIndex=0', {}), 401, 'UNAUTHENTICATED');
  });
});

describe('TOTP second factor', () => {
  it('enrols, then asks for a code at sign-in; wrong codes count like wrong passwords', async () => {
    const user = await createUser(t.app, t.alpha.headers, { username: 'mfa@alpha', lastName: 'Factor' });
    const enrol = await post('/api/core/auth/totp/enrol', user.headers);
    expect(enrol.statusCode).toBe(200);
    const { secret: totpSecret, otpauthUri } = enrol.json();
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/.*mfa%40alpha\?.*secret=[A-Z2-7]+/);
    expectError(
      await post('/api/core/auth/totp/activate', user.headers, { code: '000000' }),
      400,
      'INVALID_FIELD_VALUE',
    );
    expectError(await post('/api/core/auth/totp/activate', user.headers, {}), 400, 'MISSING_BODY_PAYLOAD');
    expectError(await post('/api/core/auth/totp/activate', user.headers, { code: 12 }), 400, 'INVALID_FIELD_VALUE');
    expectError(
      await post('/api/core/auth/totp/activate', user.headers, { code: true }),
      400,
      'INVALID_NON_EMPTY_STRING_FIELD',
    );
    const activated = await post('/api/core/auth/totp/activate', user.headers, {
      code: await generate({ secret: totpSecret }),
    });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json().hasActivatedMfa).toBe(true);

    // The password alone no longer signs in: a pending state with a short-lived totp token.
    const pending = await login(t.app, user.username, strongPassword);
    expect(pending.statusCode).toBe(200);
    expect(pending.headers.authorization).toBeUndefined();
    expect(pending.json()).toMatchObject({ mfaRequired: true, username: 'mfa@alpha' });
    const { totpToken } = pending.json();
    expectError(await get('/api/core/users/current', bearer(totpToken)), 401, 'UNAUTHENTICATED');
    const step = (code: unknown, token = totpToken) =>
      t.app.inject({
        method: 'POST',
        url: '/api/core/auth/login/totp',
        payload: { totpToken: token, code },
        remoteAddress: someAddress(),
      });
    expectError(await step('123456'), 401, 'INVALID_TOTP_CODE');
    expectError(await step(undefined), 400, 'MISSING_FIELD_IN_BODY');
    expectError(await step('123456', 'forged.token.value'), 401, 'UNAUTHENTICATED');
    const nextCode = await generate({ secret: totpSecret, epoch: now() + 30 });
    const done = await step(nextCode);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.headers.authorization).toMatch(/^Bearer /);
    expect((await get('/api/core/users/current', bearer(tokenOf(done)))).json().username).toBe('mfa@alpha');
    // A pending token serves once; a code is never accepted twice.
    expectError(await step(nextCode), 401, 'SESSION_EXPIRED');
    const again = (await login(t.app, user.username, strongPassword)).json().totpToken;
    expectError(await step(nextCode, again), 401, 'INVALID_TOTP_CODE');

    // Four more wrong codes (five in a row with the replayed one) lock the user.
    for (let i = 0; i < 4; i++) await step('654321', again);
    expect((await get('/api/core/users/mfa@alpha', t.alpha.headers)).json().isLocked).toBe(true);
    expectError(await login(t.app, user.username, strongPassword), 403, 'USER_LOCKED');

    // An admin unlocks it and can turn the second factor off.
    await post('/api/core/users/mfa@alpha/unlock', t.alpha.headers);
    const reset = await t.app.inject({
      method: 'DELETE',
      url: '/api/core/users/mfa@alpha/totp',
      headers: t.alpha.headers,
    });
    expect(reset.json().hasActivatedMfa).toBe(false);
    expect((await login(t.app, user.username, strongPassword)).headers.authorization).toMatch(/^Bearer /);
  });
});

describe('impersonation', () => {
  it('a super admin of the master tenant acts in another tenant, audited with both identities', async () => {
    await createTenant(t.db.database.db, 'master', {
      username: 'root@master',
      password: strongPassword,
      isSuperAdmin: true,
    });
    const root = bearer(tokenOf(await login(t.app, 'root@master', strongPassword)));
    expectError(await post('/api/core/auth/impersonate', t.alpha.headers, { tenant: 'beta' }), 403, 'FORBIDDEN');
    expectError(
      await post('/api/core/auth/impersonate', root, { tenant: 'gamma' }),
      404,
      'ENTITY_REGISTRATION_NOT_FOUND',
    );
    expectError(await post('/api/core/auth/impersonate', root, {}), 400, 'MISSING_BODY_PAYLOAD');
    expectError(await post('/api/core/auth/impersonate', root, { tenant: 7 }), 400, 'INVALID_NON_EMPTY_STRING_FIELD');

    const secretDeal = (await post('/api/financing/deals', t.beta.headers, { name: 'Beta deal' })).json();
    expect((await post('/api/core/auth/impersonate', root, { tenant: 'beta' })).json()).toEqual({
      impersonatingTenant: 'beta',
    });
    expect((await get(`/api/financing/deals/${secretDeal.registration}`, root)).json().name).toBe('Beta deal');
    const config = (await get('/api/script/runs/user-configuration', root)).json();
    expect(config.user).toMatchObject({
      username: 'root@master',
      tenant: 'beta',
      impersonatingTenant: 'beta',
      isSuperAdmin: true,
    });
    const made = await post('/api/financing/deals', root, { name: 'Made by support' });
    expect(made.json()._insertUser).toBe('root@master');

    const audits = (await get('/api/core/audits?range=[0-49]', t.beta.headers)).json() as Record<string, unknown>[];
    expect(
      audits.find((a) => a.method === 'POST' && a.url === '/api/financing/deals' && a.user === 'root@master'),
    ).toMatchObject({ homeTenant: 'master', impersonatedBy: 'root@master (master)', statusCode: 201 });
    expect(
      audits.find(
        (a) => a.method === 'GET' && String(a.url).startsWith(`/api/financing/deals/${secretDeal.registration}`),
      ),
    ).toMatchObject({ user: 'root@master', homeTenant: 'master' });
    const betaLogs = (await get('/api/system/access-logs?range=[0-49]', t.beta.headers)).json() as Record<
      string,
      unknown
    >[];
    expect(betaLogs.find((l) => l.type === 'IMPERSONATION_START')).toMatchObject({
      user: 'root@master',
      homeTenant: 'master',
    });

    expect((await t.app.inject({ method: 'DELETE', url: '/api/core/auth/impersonate', headers: root })).json()).toEqual(
      { impersonatingTenant: null },
    );
    expectError(
      await get(`/api/financing/deals/${secretDeal.registration}`, root),
      404,
      'ENTITY_REGISTRATION_NOT_FOUND',
    );
    const masterLogs = (await get('/api/system/access-logs?range=[0-49]', root)).json() as Record<string, unknown>[];
    expect(masterLogs.map((l) => l.type)).toEqual(expect.arrayContaining(['IMPERSONATION_START', 'IMPERSONATION_END']));
  });
});
