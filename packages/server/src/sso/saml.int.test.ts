import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { makeSigningKey, startSamlIdp, type AssertionOptions, type TestSamlIdp } from '../testing/saml-idp.ts';
import { bearer, createUser, tokenOf } from '../testing/users.ts';

let t: TestApp;
let idp: TestSamlIdp;
const spEntityId = 'urn:lbo:test-sp';
const acs = 'http://127.0.0.1:5998/api/core/saml/corp-saml/assert';
const appUrl = 'http://127.0.0.1:5998/authentication';

beforeAll(async () => {
  t = await createTestApp();
  idp = await startSamlIdp({ audience: spEntityId });
  const sso = {
    saml: [
      {
        id: 'corp-saml',
        label: 'Corporate SAML',
        entryPoint: idp.entryPoint,
        logoutUrl: idp.logoutUrl,
        idpCert: idp.key.certificate,
        issuer: spEntityId,
        callbackUrl: acs,
        appUrl,
      },
    ],
  };
  const put = await t.call('PUT', '/api/core/tenant-configuration/sso', t.alpha.headers, sso);
  expect(put.statusCode, put.body).toBe(200);
  await createUser(t.app, t.alpha.headers, { username: 'sam@corp.example', lastName: 'Sample' });
}, 180_000);
afterAll(async () => {
  await idp?.close();
  await t?.close();
});

const valid = (overrides: Partial<AssertionOptions> = {}): AssertionOptions => ({
  nameId: 'sam@corp.example',
  audience: spEntityId,
  recipient: acs,
  ...overrides,
});
const post = (samlResponse: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/core/saml/corp-saml/assert',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: 'corp-saml' }).toString(),
  });
const expectRefused = (res: LightMyRequestResponse, message: RegExp) => {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().code).toBe('SSO_LOGIN_REFUSED');
  expect(res.json().message).toMatch(message);
};

describe('SAML sign-in', () => {
  it("gives the identity provider's sign-in URL with a deflated request", async () => {
    const res = await t.call('GET', '/api/core/saml/corp-saml');
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().loginUrl);
    expect(url.origin + url.pathname).toBe(idp.entryPoint);
    expect(url.searchParams.get('SAMLRequest')).toBeTruthy();
    expect(url.searchParams.get('RelayState')).toBe('corp-saml');
    expect((await t.call('GET', '/api/core/saml/nowhere')).statusCode).toBe(404);
  });

  it('a valid signed assertion sends the browser to the app with a one-time token, exchanged once for a session', async () => {
    const res = await post(idp.response(valid()));
    expect(res.statusCode, res.body).toBe(303);
    const target = new URL(String(res.headers.location));
    expect(target.origin + target.pathname).toBe(appUrl);
    expect(target.searchParams.get('saml')).toBe('corp-saml');
    expect(target.searchParams.get('nameId')).toBe('sam@corp.example');
    const sessionIndex = target.searchParams.get('sessionIndex')!;
    expect(sessionIndex).toMatch(/^_s/);
    const token = target.searchParams.get('token')!;
    const signedIn = await t.call('POST', '/api/core/auth/token/login', {}, { token });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ username: 'sam@corp.example', tenant: 'alpha' });
    expect(signedIn.headers['context-token']).toBeTruthy();
    const headers = bearer(tokenOf(signedIn));
    expect((await t.call('GET', '/api/core/users/current', headers)).json().username).toBe('sam@corp.example');
    // The token opens one session only.
    const again = await t.call('POST', '/api/core/auth/token/login', {}, { token });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toMatch(/already used/);
    expect((await t.call('POST', '/api/core/auth/token/login', {}, { token: `${token}x` })).statusCode).toBe(401);
    expect((await t.call('POST', '/api/core/auth/token/login', {}, {})).statusCode).toBe(400);
    // Logout: the identity provider's URL, and the session ends.
    expect(
      (
        await t.call('POST', '/api/core/saml/corp-saml/logout', headers, {
          sessionIndex: 'another',
          nameId: 'sam@corp.example',
        })
      ).statusCode,
    ).toBe(400);
    const logout = await t.call('POST', '/api/core/saml/corp-saml/logout', headers, {
      sessionIndex,
      nameId: 'sam@corp.example',
    });
    expect(logout.statusCode, logout.body).toBe(200);
    const logoutUrl = new URL(logout.json().logoutUrl);
    expect(logoutUrl.origin + logoutUrl.pathname).toBe(idp.logoutUrl);
    expect(logoutUrl.searchParams.get('SAMLRequest')).toBeTruthy();
    expect((await t.call('GET', '/api/core/users/current', headers)).statusCode).toBe(401);
    const logs = await t.call('GET', '/api/system/access-logs?range=[0-99]&sort=-_insertDate', t.alpha.headers);
    const events = logs
      .json()
      .filter((l: { user: string; method?: string }) => l.user === 'sam@corp.example' && l.method === 'saml')
      .map((l: { type: string }) => l.type);
    expect(events).toEqual(expect.arrayContaining(['SSO_TOKEN_ISSUED', 'LOGIN_SUCCESS', 'SSO_LOGOUT']));
    expect(logs.body).not.toContain(token);
  });

  it('an unsigned assertion is refused', async () => {
    expectRefused(await post(idp.response(valid({ signWith: null }))), /signature/i);
  });

  it('an assertion signed with another key is refused', async () => {
    expectRefused(await post(idp.response(valid({ signWith: makeSigningKey('impostor') }))), /signature/i);
  });

  it('an expired assertion is refused', async () => {
    expectRefused(
      await post(idp.response(valid({ validForSeconds: -60 }))),
      /expired|NotOnOrAfter|SubjectConfirmation/i,
    );
  });

  it('an assertion for another audience is refused', async () => {
    expectRefused(await post(idp.response(valid({ audience: 'urn:someone-else' }))), /audience/i);
  });

  it('an assertion for another recipient is refused', async () => {
    expectRefused(await post(idp.response(valid({ recipient: 'http://127.0.0.1:1/elsewhere' }))), /recipient/);
  });

  it('a replayed assertion is refused', async () => {
    const answer = idp.response(valid());
    expect((await post(answer)).statusCode).toBe(303);
    expectRefused(await post(answer), /already used/);
  });

  it('an unknown user is refused and recorded; no assertion is kept in the log', async () => {
    const answer = idp.response(valid({ nameId: 'nobody@corp.example' }));
    const res = await post(answer);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('SSO_USER_REFUSED');
    const logs = await t.call('GET', '/api/system/access-logs?range=[0-99]&sort=-_insertDate', t.alpha.headers);
    expect(
      logs
        .json()
        .some(
          (l: { type: string; user: string }) => l.type === 'SSO_LOGIN_FAILURE' && l.user === 'nobody@corp.example',
        ),
    ).toBe(true);
    expect(logs.body).not.toContain(answer.slice(0, 40));
  });

  it('a malformed answer is a refusal, not a 500', async () => {
    expectRefused(await post(Buffer.from('<not-saml/>').toString('base64')), /./);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/core/saml/corp-saml/assert',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'RelayState=x',
        })
      ).statusCode,
    ).toBe(400);
  });
});
