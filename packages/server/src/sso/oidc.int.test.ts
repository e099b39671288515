import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { startOidcProvider, signInAtProvider, type TestOidcProvider } from '../testing/oidc-provider.ts';
import * as client from 'openid-client';
import { bearer, createUser, login, tokenOf } from '../testing/users.ts';
import { createTenant } from '../seed/bootstrap.ts';
import { signIn } from '../testing/test-app.ts';

let t: TestApp;
let idp: TestOidcProvider;
const redirectUri = 'http://127.0.0.1:5999/authentication';
const secretOf = {
  app: 'app-secret-0123456789-abcdef',
  other: 'other-secret-0123456789-abcd',
  short: 'short-secret-0123456789-abcd',
};

const expectRefused = (res: LightMyRequestResponse, code: string, message?: RegExp) => {
  expect(res.statusCode, res.body).toBe(code === 'EXTERNAL_SERVICE_UNAVAILABLE' ? 503 : 403);
  expect(res.json().code).toBe(code);
  if (message) expect(res.json().message).toMatch(message);
};

beforeAll(async () => {
  t = await createTestApp();
  idp = await startOidcProvider(
    [
      {
        clientId: 'lbo-app',
        clientSecret: secretOf.app,
        redirectUris: [redirectUri],
        postLogoutRedirectUris: ['http://127.0.0.1:5999/authentication/login-page'],
      },
      { clientId: 'other-app', clientSecret: secretOf.other, redirectUris: [redirectUri] },
      { clientId: 'short-lived', clientSecret: secretOf.short, redirectUris: [redirectUri], idTokenTtl: 1 },
    ],
    { 'new.hire@corp.example': ['finance', 'unknown-group'] },
  );
  const sso = {
    oidc: [
      {
        oidcId: 'corp',
        label: { en: 'Corporate account', fr: "Compte d'entreprise" },
        issuer: idp.issuer,
        clientId: 'lbo-app',
        clientSecret: secretOf.app,
        redirectUri,
        postLogoutRedirectUri: 'http://127.0.0.1:5999/authentication/login-page',
        refreshTokenExpiresIn: 900,
        useKeepAlive: true,
      },
      {
        oidcId: 'corp-other',
        issuer: idp.issuer,
        clientId: 'other-app',
        clientSecret: secretOf.other,
        redirectUri,
        scope: 'openid email profile groups',
        provisioning: {
          enabled: true,
          groupsClaim: 'groups',
          profileMapping: { finance: ['SALES'] },
          fields: { firstName: 'given_name', lastName: 'family_name' },
        },
      },
      {
        oidcId: 'corp-short',
        issuer: idp.issuer,
        clientId: 'short-lived',
        clientSecret: secretOf.short,
        redirectUri,
        clockTolerance: 0,
      },
    ],
    hosts: {
      'sso.alpha.test': {
        loginTitle: { en: 'Alpha staff', fr: 'Personnel Alpha' },
        oidc: ['corp'],
        uiAuthConfig: { password: false },
      },
    },
  };
  // The host is given to alpha by the master's super admin before alpha sets its sign-in page.
  await createTenant(t.db.database.db, 'master', {
    username: 'admin@master',
    password: t.alpha.password,
    isSuperAdmin: true,
  });
  const master = { authorization: `Bearer ${await signIn(t.app, 'admin@master', t.alpha.password)}` };
  const given = await t.call('PUT', '/api/core/tenant-configuration/host-tenants', master, {
    'sso.alpha.test': 'alpha',
  });
  expect(given.statusCode, given.body).toBe(200);
  const put = await t.call('PUT', '/api/core/tenant-configuration/sso', t.alpha.headers, sso);
  expect(put.statusCode, put.body).toBe(200);
  await createUser(t.app, t.alpha.headers, {
    username: 'jane@corp.example',
    lastName: 'Doe',
    contexts: [{ name: 'north' }, { name: 'south', profiles: ['SALES'] }],
  });
}, 180_000);
afterAll(async () => {
  await idp?.close();
  await t?.close();
});

/** The browser's part: the public configuration, the provider's sign-in page, the way back. */
async function authorize(oidcId: string, loginName: string) {
  const config = (await t.call('GET', `/api/core/oidc/${oidcId}`)).json();
  const back = await signInAtProvider(config.authorizationUrl, loginName);
  expect(back.origin + back.pathname).toBe(redirectUri);
  return {
    config,
    code: back.searchParams.get('code')!,
    state: back.searchParams.get('state')!,
    iss: back.searchParams.get('iss') ?? undefined,
  };
}
const finish = (oidcId: string, a: Awaited<ReturnType<typeof authorize>>, overrides: Record<string, unknown> = {}) =>
  t.call(
    'POST',
    `/api/core/oidc/${oidcId}/login`,
    {},
    {
      code: a.code,
      state: a.state,
      nonce: a.config.nonce,
      codeVerifier: a.config.codeVerifier,
      iss: a.iss,
      ...overrides,
    },
  );
const signInWith = async (oidcId: string, loginName: string) => finish(oidcId, await authorize(oidcId, loginName));

describe('provider configuration', () => {
  it("answers the public fields, never the client secret; the tenant's administrator reads it masked", async () => {
    const res = await t.call('GET', '/api/core/oidc/corp');
    expect(res.statusCode).toBe(200);
    const config = res.json();
    expect(config).toMatchObject({
      oidcId: 'corp',
      clientId: 'lbo-app',
      redirectUri,
      responseType: 'code',
      codeChallengeMethod: 'S256',
      scope: 'openid email profile',
    });
    for (const field of ['authorizationUrl', 'logoutUrl', 'state', 'nonce', 'codeChallenge', 'codeVerifier'])
      expect(config[field], field).toBeTruthy();
    expect(new URL(config.authorizationUrl).searchParams.get('code_challenge')).toBe(config.codeChallenge);
    expect(res.body).not.toContain(secretOf.app);
    const stored = await t.call('GET', '/api/core/tenant-configuration/sso', t.alpha.headers);
    expect(stored.body).not.toContain(secretOf.app);
    expect(stored.json().oidc[0].clientSecret).toBe('********');
    // Written back as read, the secret is kept.
    expect((await t.call('PUT', '/api/core/tenant-configuration/sso', t.alpha.headers, stored.json())).statusCode).toBe(
      200,
    );
    expect((await signInWith('corp', 'jane@corp.example')).statusCode).toBe(200);
  });

  it("an unknown provider is 404; a bad configuration is refused naming the field; a host or id is one tenant's", async () => {
    const missing = await t.call('GET', '/api/core/oidc/nowhere');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('ENTITY_REGISTRATION_NOT_FOUND');
    const bad = await t.call('PUT', '/api/core/tenant-configuration/sso', t.beta.headers, {
      oidc: [{ oidcId: 'x', issuer: 'not a url', clientId: 'c', redirectUri }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INVALID_FIELD_IN_CONFIG' });
    expect(bad.json().message).toContain('oidc[0].issuer');
    const taken = await t.call('PUT', '/api/core/tenant-configuration/sso', t.beta.headers, {
      hosts: { 'sso.alpha.test': { loginTitle: 'Beta' } },
    });
    expect(taken.statusCode, taken.body).toBe(400);
    expect(taken.json().code).toBe('INVALID_FIELD_IN_CONFIG');
    expect(taken.json().message).toContain('hosts.sso.alpha.test');
    const takenId = await t.call('PUT', '/api/core/tenant-configuration/sso', t.beta.headers, {
      oidc: [{ oidcId: 'corp', issuer: idp.issuer, clientId: 'lbo-app', redirectUri }],
    });
    expect(takenId.json().code).toBe('VALUE_ALREADY_EXISTS');
  });

  it('another tenant neither reads the providers nor gets its users signed in by them', async () => {
    const betaView = await t.call('GET', '/api/core/tenant-configuration/sso', t.beta.headers);
    expect(betaView.body).not.toContain('lbo-app');
    await createUser(t.app, t.beta.headers, { username: 'both@corp.example', lastName: 'Beta' });
    // The provider is alpha's: a beta user of the same name is unknown there.
    expect((await signInWith('corp', 'both@corp.example')).json().code).toBe('SSO_USER_REFUSED');
    const sales = await createUser(t.app, t.alpha.headers, { username: 'sales@alpha', profiles: ['SALES'] });
    expect((await t.call('GET', '/api/core/tenant-configuration/sso', sales.headers)).statusCode).toBe(403);
    expect((await t.call('PUT', '/api/core/tenant-configuration/sso', sales.headers, {})).statusCode).toBe(403);
  });

  it('host settings name the tenant holding the host and its provider buttons', async () => {
    const host = (await t.call('GET', '/api/core/hosts/sso.alpha.test')).json();
    expect(host).toMatchObject({
      host: 'sso.alpha.test',
      loginTenant: 'alpha',
      loginTitle: { en: 'Alpha staff', fr: 'Personnel Alpha' },
      uiAuthConfig: { password: false },
    });
    expect(host.oidc).toEqual([{ id: 'corp', label: { en: 'Corporate account', fr: "Compte d'entreprise" } }]);
    expect(JSON.stringify(host)).not.toContain('secret');
    // A password sign-in on that host goes to its tenant only.
    const onHost = await t.app.inject({
      method: 'POST',
      url: '/api/core/auth/login',
      headers: { host: 'sso.alpha.test' },
      payload: { username: 'admin@beta', password: t.beta.password },
    });
    expect(onHost.statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/core/auth/login',
          headers: { host: 'sso.alpha.test' },
          payload: { username: 'admin@alpha', password: t.alpha.password },
        })
      ).statusCode,
    ).toBe(200);
    const other = (await t.call('GET', '/api/core/hosts/elsewhere.test')).json();
    expect(other.loginTenant).toBeUndefined();
  });
});

describe('sign-in with OpenID Connect', () => {
  it('a full sign-in answers the session headers and the ID token; the access log and audit keep no token', async () => {
    const res = await signInWith('corp', 'jane@corp.example');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.authorization).toMatch(/^Bearer /);
    expect(JSON.parse(String(res.headers['user-contexts']))).toEqual(['north', 'south']);
    expect(res.headers['context-token']).toBeTruthy();
    const body = res.json();
    expect(body).toMatchObject({ username: 'jane@corp.example', tenant: 'alpha', ssoRefreshTokenExpiresIn: 900 });
    expect(body.idToken.split('.')).toHaveLength(3);
    const current = await t.call('GET', '/api/script/runs/user-configuration', bearer(tokenOf(res)));
    expect(current.json().user).toMatchObject({
      username: 'jane@corp.example',
      ssoProvider: 'corp',
      ssoRefreshTokenExpiresIn: 900,
    });
    const logs = await t.call('GET', '/api/system/access-logs?range=[0-99]&sort=-_insertDate', t.alpha.headers);
    const events = logs
      .json()
      .filter((l: { user: string }) => l.user === 'jane@corp.example')
      .map((l: { type: string; method?: string }) => `${l.type}:${l.method ?? ''}`);
    expect(events).toContain('LOGIN_SUCCESS:oidc');
    const audits = await t.call('GET', '/api/core/audits?range=[0-99]&sort=-_insertDate', t.alpha.headers);
    expect(
      audits
        .json()
        .some(
          (a: { url: string; statusCode: number }) => a.url === '/api/core/oidc/corp/login' && a.statusCode === 200,
        ),
    ).toBe(true);
    for (const text of [logs.body, audits.body]) {
      expect(text).not.toContain(body.idToken);
      expect(text).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
    }
  });

  it('a tampered state is refused, and so is a nonce or verifier other than the state was issued with', async () => {
    const a = await authorize('corp', 'jane@corp.example');
    const tampered = `${a.state.slice(0, -2)}${a.state.endsWith('AA') ? 'BB' : 'AA'}`;
    expectRefused(await finish('corp', a, { state: tampered }), 'SSO_LOGIN_REFUSED', /state/);
    expectRefused(await finish('corp', a, { nonce: 'another-nonce' }), 'SSO_LOGIN_REFUSED', /state/);
    expectRefused(await finish('corp', a, { codeVerifier: 'x'.repeat(43) }), 'SSO_LOGIN_REFUSED', /state/);
    const missing = await t.call('POST', '/api/core/oidc/corp/login', {}, { code: a.code, state: a.state });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('MISSING_FIELD_IN_BODY');
  });

  it('a replayed code is refused, with its state or with a fresh one', async () => {
    const a = await authorize('corp', 'jane@corp.example');
    expect((await finish('corp', a)).statusCode).toBe(200);
    expectRefused(await finish('corp', a), 'SSO_LOGIN_REFUSED', /already used/);
    const fresh = (await t.call('GET', '/api/core/oidc/corp')).json();
    expectRefused(
      await t.call(
        'POST',
        '/api/core/oidc/corp/login',
        {},
        { code: a.code, state: fresh.state, nonce: fresh.nonce, codeVerifier: fresh.codeVerifier },
      ),
      'SSO_LOGIN_REFUSED',
      /grant/i,
    );
  });

  it('an expired ID token is refused', async () => {
    const first = await signInWith('corp-short', 'jane@corp.example');
    expect(first.statusCode, first.body).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const a = await authorize('corp-short', 'jane@corp.example');
    idp.substituteIdToken(first.json().idToken);
    expectRefused(await finish('corp-short', a), 'SSO_LOGIN_REFUSED', /"exp" \(expiration time\)/);
  });

  it('an ID token issued to another client (wrong audience) is refused', async () => {
    const elsewhere = await signInWith('corp-other', 'jane@corp.example');
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    const a = await authorize('corp', 'jane@corp.example');
    idp.substituteIdToken(elsewhere.json().idToken);
    expectRefused(await finish('corp', a), 'SSO_LOGIN_REFUSED', /"aud" \(audience\)/);
  });

  it('an ID token of another sign-in (wrong nonce) is refused', async () => {
    const earlier = (await signInWith('corp', 'jane@corp.example')).json().idToken;
    const a = await authorize('corp', 'jane@corp.example');
    idp.substituteIdToken(earlier);
    expectRefused(await finish('corp', a), 'SSO_LOGIN_REFUSED', /nonce/);
  });

  it('an unknown user is refused with a message the page keeps, recorded in the access log', async () => {
    const res = await signInWith('corp', 'stranger@corp.example');
    expectRefused(res, 'SSO_USER_REFUSED', /stranger@corp\.example is not allowed to sign in with corp/);
    const logs = await t.call('GET', '/api/system/access-logs?range=[0-99]&sort=-_insertDate', t.alpha.headers);
    expect(
      logs
        .json()
        .some(
          (l: { type: string; user: string; reason: string }) =>
            l.type === 'SSO_LOGIN_FAILURE' && l.user === 'stranger@corp.example' && l.reason === 'SSO_USER_REFUSED',
        ),
    ).toBe(true);
  });

  it('a provider that provisions creates the user with the profiles its groups map to', async () => {
    const res = await signInWith('corp-other', 'new.hire@corp.example');
    expect(res.statusCode, res.body).toBe(200);
    const user = (await t.call('GET', '/api/core/users/new.hire@corp.example', t.alpha.headers)).json();
    expect(user, JSON.stringify(user)).toMatchObject({
      profiles: ['SALES'],
      firstName: 'new.hire',
      lastName: 'Tester',
    });
    // A provisioned user has no password.
    expect((await login(t.app, 'new.hire@corp.example', 'Anything-at-all-1')).statusCode).toBe(401);
  });

  it('an access token opens a session only when it is a live token issued to this application', async () => {
    /** An access token obtained by a client of the provider on its own. */
    const accessTokenOf = async (oidcId: string, clientId: string, secret: string) => {
      const a = await authorize(oidcId, 'jane@corp.example');
      const config = await client.discovery(new URL(idp.issuer), clientId, {}, client.ClientSecretBasic(secret), {
        execute: [client.allowInsecureRequests],
      });
      const callback = new URL(redirectUri);
      for (const [k, v] of Object.entries({ code: a.code, state: a.state, iss: a.iss ?? idp.issuer }))
        callback.searchParams.set(k, v);
      return (
        await client.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: a.config.codeVerifier,
          expectedState: a.state,
          expectedNonce: a.config.nonce,
        })
      ).access_token;
    };
    const own = await t.call(
      'POST',
      '/api/core/oidc/corp/login',
      {},
      { accessToken: await accessTokenOf('corp', 'lbo-app', secretOf.app) },
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().username).toBe('jane@corp.example');
    expectRefused(
      await t.call(
        'POST',
        '/api/core/oidc/corp/login',
        {},
        { accessToken: await accessTokenOf('corp-other', 'other-app', secretOf.other) },
      ),
      'SSO_LOGIN_REFUSED',
      /not a live token of this application/,
    );
    expectRefused(
      await t.call('POST', '/api/core/oidc/corp/login', {}, { accessToken: 'made-up-token' }),
      'SSO_LOGIN_REFUSED',
      /not a live token/,
    );
  });

  it('a provider that cannot be reached is 503, not a 500', async () => {
    await t.call('PUT', '/api/core/tenant-configuration/sso', t.beta.headers, {
      oidc: [{ oidcId: 'gone', issuer: 'http://127.0.0.1:9', clientId: 'c', redirectUri }],
    });
    expectRefused(await t.call('GET', '/api/core/oidc/gone'), 'EXTERNAL_SERVICE_UNAVAILABLE');
  });
});

describe('a session opened by a provider', () => {
  it('keep-alive answers a fresh token once per 5,000 ms, the first call of a burst counting', async () => {
    const headers = bearer(tokenOf(await signInWith('corp', 'jane@corp.example')));
    const first = await t.call('GET', '/api/core/oidc/corp/keep-alive', headers);
    expect(first.json()).toEqual({ throttled: false });
    expect(first.headers.authorization).toMatch(/^Bearer /);
    const second = await t.call('GET', '/api/core/oidc/corp/keep-alive', headers);
    expect(second.json().throttled).toBe(true);
    expect(second.json().retryInMs).toBeGreaterThan(0);
    expect(second.json().retryInMs).toBeLessThanOrEqual(5000);
    // A password session has no provider to keep alive.
    const password = await t.call('GET', '/api/core/oidc/corp/keep-alive', t.alpha.headers);
    expect(password.statusCode).toBe(400);
    expect(password.json().code).toBe('INVALID_FIELD_IN_PATH');
    expect((await t.call('GET', '/api/core/oidc/corp/keep-alive')).statusCode).toBe(401);
  });

  it('renews the refresh token: a new issue time and lifetime, the provider rotating the token', async () => {
    const signedIn = await signInWith('corp', 'jane@corp.example');
    const headers = bearer(tokenOf(signedIn));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const renewed = await t.call('POST', '/api/core/oidc/corp/access-token', headers, { grantType: 'refresh_token' });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().ssoRefreshTokenIat).toBeGreaterThan(signedIn.json().ssoRefreshTokenIat);
    expect(renewed.json().ssoRefreshTokenExpiresIn).toBe(900);
    const user = (await t.call('GET', '/api/core/users/current', headers)).json();
    expect(user.ssoRefreshTokenIat).toBe(renewed.json().ssoRefreshTokenIat);
    expect(
      (await t.call('POST', '/api/core/oidc/corp/access-token', headers, { grantType: 'password' })).statusCode,
    ).toBe(400);
  });
});

describe('user contexts', () => {
  it('switches by index or name; every request acts in the chosen context; a context the user lacks is refused', async () => {
    const signedIn = await signInWith('corp', 'jane@corp.example');
    const headers = bearer(tokenOf(signedIn));
    expect(
      (
        await t.call('GET', '/api/core/users/current', {
          ...headers,
          'context-token': String(signedIn.headers['context-token']),
        })
      ).json().contextName,
    ).toBe('north');
    const byName = await t.call('GET', '/api/core/user-switch-context?contextName=south', headers);
    expect(byName.statusCode).toBe(200);
    const south = { ...headers, 'context-token': String(byName.headers['context-token']) };
    const current = (await t.call('GET', '/api/core/users/current', south)).json();
    expect(current).toMatchObject({ contextName: 'south', profiles: ['SALES'] });
    const byIndex = await t.call('GET', '/api/core/user-switch-context?contextIndex=0', headers);
    expect(
      (
        await t.call('GET', '/api/core/users/current', {
          ...headers,
          'context-token': String(byIndex.headers['context-token']),
        })
      ).json().contextName,
    ).toBe('north');
    const lacking = await t.call('GET', '/api/core/user-switch-context?contextName=east', headers);
    expect(lacking.statusCode).toBe(400);
    expect(lacking.json().code).toBe('INVALID_FIELD_IN_QUERY');
    expect((await t.call('GET', '/api/core/user-switch-context?contextIndex=7', headers)).statusCode).toBe(400);
    // A context token of another session selects nothing there.
    const other = bearer(tokenOf(await signInWith('corp', 'jane@corp.example')));
    expect(
      (
        await t.call('GET', '/api/core/users/current', {
          ...other,
          'context-token': String(byName.headers['context-token']),
        })
      ).json().contextName,
    ).toBe('north');
  });
});
