import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../testing/test-app.ts';
import { buildApp } from '../app.ts';
import { createTenant } from '../product.ts';
import { startOidcProvider, signInAtProvider, type TestOidcProvider } from '../testing/oidc-provider.ts';
import { startSamlIdp, type TestSamlIdp } from '../testing/saml-idp.ts';
import { bearer, createUser, tokenOf } from '../testing/users.ts';

/** Every line the server logs while requests are logged: single sign-on leaves no token, code, state or assertion in it. */
const lines: string[] = [];
const captured = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let db: TestDatabase;
let app: FastifyInstance;
let oidc: TestOidcProvider;
let saml: TestSamlIdp;
const redirectUri = 'http://127.0.0.1:5997/authentication';
const clientSecret = 'logged-never-secret-0123456789';
const acs = 'http://127.0.0.1:5997/api/core/saml/log-saml/assert';

beforeAll(async () => {
  db = await createTestDatabase();
  await createTenant(db.database.db, 'alpha', { username: 'admin@alpha', password: 'Logged-Never-9431' });
  app = await buildApp({ database: db.database, log: { logRequests: true, stream: captured } });
  oidc = await startOidcProvider([{ clientId: 'log-app', clientSecret, redirectUris: [redirectUri] }]);
  saml = await startSamlIdp({ audience: 'urn:lbo:log' });
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/core/auth/login',
    payload: { username: 'admin@alpha', password: 'Logged-Never-9431' },
  });
  const admin = bearer(tokenOf(signIn));
  const put = await app.inject({
    method: 'PUT',
    url: '/api/core/tenant-configuration/sso',
    headers: admin,
    payload: {
      oidc: [{ oidcId: 'log-oidc', issuer: oidc.issuer, clientId: 'log-app', clientSecret, redirectUri }],
      saml: [
        {
          id: 'log-saml',
          entryPoint: saml.entryPoint,
          idpCert: saml.key.certificate,
          issuer: 'urn:lbo:log',
          callbackUrl: acs,
          appUrl: redirectUri,
        },
      ],
    },
  });
  expect(put.statusCode, put.body).toBe(200);
  await createUser(app, admin, { username: 'logged@corp.example', lastName: 'Logged' });
}, 180_000);
afterAll(async () => {
  await oidc?.close();
  await saml?.close();
  await app?.close();
  await db?.dispose();
});

describe('single sign-on in the server log', () => {
  it('shows neither the code, nonce, verifier, ID token, one-time token nor the assertion', async () => {
    const secrets: string[] = [clientSecret];
    const config = (await app.inject({ method: 'GET', url: '/api/core/oidc/log-oidc' })).json();
    const back = await signInAtProvider(config.authorizationUrl, 'logged@corp.example');
    const code = back.searchParams.get('code')!;
    const state = back.searchParams.get('state')!;
    // The state is no credential (it proves nothing without the nonce and verifier, and is used once): it may be logged.
    secrets.push(code, config.nonce, config.codeVerifier);
    // The browser opens the app's page with the provider's answer in its query.
    await app.inject({ method: 'GET', url: `/authentication${back.search}` });
    const body = { code, state, nonce: config.nonce, codeVerifier: config.codeVerifier };
    const signedIn = await app.inject({ method: 'POST', url: '/api/core/oidc/log-oidc/login', payload: body });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    secrets.push(signedIn.json().idToken, tokenOf(signedIn));
    // A refusal (replay) is logged too, without what was sent.
    expect((await app.inject({ method: 'POST', url: '/api/core/oidc/log-oidc/login', payload: body })).statusCode).toBe(
      403,
    );

    const samlResponse = saml.response({ nameId: 'logged@corp.example', audience: 'urn:lbo:log', recipient: acs });
    secrets.push(samlResponse.slice(0, 60));
    const asserted = await app.inject({
      method: 'POST',
      url: '/api/core/saml/log-saml/assert',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ SAMLResponse: samlResponse }).toString(),
    });
    expect(asserted.statusCode, asserted.body).toBe(303);
    const landing = String(asserted.headers.location);
    const oneTime = new URL(landing).searchParams.get('token')!;
    secrets.push(oneTime);
    await app.inject({ method: 'GET', url: landing.replace(/^https?:\/\/[^/]+/, '') });
    const tokenLogin = await app.inject({
      method: 'POST',
      url: '/api/core/auth/token/login',
      payload: { token: oneTime },
    });
    expect(tokenLogin.statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'POST', url: '/api/core/auth/token/login', payload: { token: oneTime } })).statusCode,
    ).toBe(403);

    const log = lines.join('\n');
    expect(log).toContain('/api/core/oidc/log-oidc/login');
    expect(log).toContain('/api/core/saml/log-saml/assert');
    for (const secret of secrets) expect(log.includes(secret), `log shows ${secret.slice(0, 12)}…`).toBe(false);
    expect(log).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
  });
});
