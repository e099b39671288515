import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userEntity } from '../auth/users.operation.ts';
import { inTenant } from '../db/database.ts';
import { insertRow } from '../entities/storage.ts';
import { createTenant } from '../seed/bootstrap.ts';
import { emailVerified } from './sso-sign-in.ts';
import { startOidcProvider, signInAtProvider, type TestOidcProvider } from '../testing/oidc-provider.ts';
import { startSamlIdp, type TestSamlIdp } from '../testing/saml-idp.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createUser } from '../testing/users.ts';

/**
 * Who a provider's identity names: only a username of the provider's own tenant (as the users API
 * rules it), and by e-mail only when the provider has verified that e-mail.
 */
let t: TestApp;
let oidc: TestOidcProvider;
let saml: TestSamlIdp;
const redirectUri = 'http://127.0.0.1:5997/authentication';
const secret = 'identity-secret-0123456789-abc';
const spEntityId = 'urn:lbo:identity-sp';
const acs = 'http://127.0.0.1:5997/api/core/saml/id-saml/assert';
const provisioning = { enabled: true, defaultProfiles: ['SALES'], fields: { email: 'email' } };
const oidcProvider = (oidcId: string, extra: Record<string, unknown> = {}) => ({
  oidcId,
  issuer: oidc.issuer,
  clientId: 'lbo-identity',
  clientSecret: secret,
  redirectUri,
  provisioning,
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.db.database.db, 'master', {
    username: 'admin@master',
    password: t.alpha.password,
    isSuperAdmin: true,
  });
  oidc = await startOidcProvider(
    [{ clientId: 'lbo-identity', clientSecret: secret, redirectUris: [redirectUri] }],
    {},
    {
      'unverified@corp.example': false,
      'silent@corp.example': null,
      'known.unverified@corp.example': false,
    },
  );
  saml = await startSamlIdp({ audience: spEntityId });
  const put = await t.call('PUT', '/api/core/tenant-configuration/sso', t.alpha.headers, {
    oidc: [
      oidcProvider('id-oidc'),
      oidcProvider('id-oidc-trusting', { trustEmailWithoutVerifiedClaim: true }),
      oidcProvider('id-oidc-upn', { userClaim: 'sub' }),
    ],
    saml: [
      {
        id: 'id-saml',
        entryPoint: saml.entryPoint,
        idpCert: saml.key.certificate,
        issuer: spEntityId,
        callbackUrl: acs,
        appUrl: redirectUri,
        provisioning,
      },
    ],
  });
  expect(put.statusCode, put.body).toBe(200);
  await createUser(t.app, t.alpha.headers, { username: 'known.unverified@corp.example', lastName: 'Known' });
}, 180_000);
afterAll(async () => {
  await oidc?.close();
  await saml?.close();
  await t?.close();
});

async function oidcSignIn(oidcId: string, loginName: string) {
  const config = (await t.call('GET', `/api/core/oidc/${oidcId}`)).json();
  const back = await signInAtProvider(config.authorizationUrl, loginName);
  return t.call(
    'POST',
    `/api/core/oidc/${oidcId}/login`,
    {},
    {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
      nonce: config.nonce,
      codeVerifier: config.codeVerifier,
      iss: back.searchParams.get('iss') ?? undefined,
    },
  );
}
const samlSignIn = (nameId: string, attributes?: Record<string, string[]>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/core/saml/id-saml/assert',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      SAMLResponse: saml.response({ nameId, audience: spEntityId, recipient: acs, attributes }),
      RelayState: 'id-saml',
    }).toString(),
  });
const userExists = async (username: string) =>
  (await t.call('GET', `/api/core/users/${encodeURIComponent(username)}`, t.alpha.headers)).statusCode === 200;

describe("a provider's identity names a username of its own tenant only", () => {
  it("OpenID Connect: provisioning another tenant's username is refused as the users API refuses it", async () => {
    const api = await t.call('POST', '/api/core/users', t.alpha.headers, { username: 'admin@master', lastName: 'X' });
    expect(api.statusCode).toBe(400);
    const res = await oidcSignIn('id-oidc', 'admin@master');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('INVALID_USERNAME');
    expect(res.json().error).toBe(api.json().error);
    expect(await userExists('admin@master')).toBe(false);
    // A name of alpha's own is provisioned.
    const own = await oidcSignIn('id-oidc', 'new.staff@alpha');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ username: 'new.staff@alpha', tenant: 'alpha' });
    expect(await userExists('new.staff@alpha')).toBe(true);
  });

  it("OpenID Connect: a user already holding another tenant's name is no longer matched", async () => {
    // Such a row may have been written before this rule: it signs in no more.
    await inTenant(t.db.database.db, { tenant: 'alpha', user: 'system' }, (tx) =>
      insertRow(tx, userEntity, 'alpha', 'system', { registration: 'admin@beta', username: 'admin@beta' }),
    );
    expect(await userExists('admin@beta')).toBe(true);
    const res = await oidcSignIn('id-oidc', 'admin@beta');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('INVALID_USERNAME');
    expect(res.json().message).toContain('@alpha');
  });

  it("SAML: provisioning another tenant's username is refused as the users API refuses it", async () => {
    const res = await samlSignIn('admin@master');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('INVALID_USERNAME');
    expect(await userExists('admin@master')).toBe(false);
    const own = await samlSignIn('saml.staff@alpha');
    expect(own.statusCode, own.body).toBe(303);
    expect(await userExists('saml.staff@alpha')).toBe(true);
  });
});

describe('an e-mail names a user only when the provider verified it', () => {
  it('reads email_verified as a boolean or its text; a missing claim is trusted only when configured', () => {
    expect(emailVerified({ email_verified: true }, false)).toBe(true);
    expect(emailVerified({ email_verified: 'true' }, false)).toBe(true);
    expect(emailVerified({ email_verified: ['TRUE'] }, false)).toBe(true);
    for (const said of [false, 'false', ['false'], 0, 'no', ''])
      for (const trust of [false, true]) expect(emailVerified({ email_verified: said }, trust)).toBe(false);
    expect(emailVerified({}, false)).toBe(false);
    expect(emailVerified({}, true)).toBe(true);
  });

  it('email_verified false: neither matched nor provisioned, whatever the provider setting', async () => {
    for (const provider of ['id-oidc', 'id-oidc-trusting']) {
      const known = await oidcSignIn(provider, 'known.unverified@corp.example');
      expect(known.statusCode, known.body).toBe(403);
      expect(known.json().code).toBe('SSO_LOGIN_REFUSED');
      expect(known.json().message).toContain('not verified');
      const unknown = await oidcSignIn(provider, 'unverified@corp.example');
      expect(unknown.statusCode, unknown.body).toBe(403);
    }
    expect(await userExists('unverified@corp.example')).toBe(false);
  });

  it('no email_verified claim: refused, unless the provider is configured to be trusted without it', async () => {
    const refused = await oidcSignIn('id-oidc', 'silent@corp.example');
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().code).toBe('SSO_LOGIN_REFUSED');
    expect(await userExists('silent@corp.example')).toBe(false);
    const trusted = await oidcSignIn('id-oidc-trusting', 'silent@corp.example');
    expect(trusted.statusCode, trusted.body).toBe(200);
    expect(trusted.json()).toMatchObject({ username: 'silent@corp.example', email: 'silent@corp.example' });
  });

  it('a verified e-mail is matched and provisioned; the e-mail field is copied', async () => {
    const res = await oidcSignIn('id-oidc', 'verified@corp.example');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ username: 'verified@corp.example', email: 'verified@corp.example' });
  });

  it('another claim holding an unverified e-mail address does not name the user either', async () => {
    const res = await oidcSignIn('id-oidc-upn', 'unverified@corp.example');
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().code).toBe('SSO_LOGIN_REFUSED');
  });

  it('SAML: a signed assertion of the configured provider vouches for its user, unless it says email_verified false', async () => {
    const ok = await samlSignIn('saml.user@corp.example');
    expect(ok.statusCode, ok.body).toBe(303);
    const refused = await samlSignIn('saml.other@corp.example', { email_verified: ['false'] });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().code).toBe('SSO_LOGIN_REFUSED');
    expect(await userExists('saml.other@corp.example')).toBe(false);
  });
});
