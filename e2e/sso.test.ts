import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, openJourneyPage, startProduct, type RunningProduct } from './support/product.ts';
import { startOidcProvider, type TestOidcProvider } from '../packages/server/src/testing/oidc-provider.ts';
import { startSamlIdp, type TestSamlIdp } from '../packages/server/src/testing/saml-idp.ts';
import { createTenant } from '../packages/server/src/seed/bootstrap.ts';

/**
 * Single sign-on in Chromium (spec 000 §4): the sign-in page's provider buttons, the provider's own
 * sign-in page and the way back into the app, a forged answer, a refused user, renewal of the
 * refresh token at its threshold, logout through the provider, and SAML.
 */
let product: RunningProduct;
let oidc: TestOidcProvider;
let saml: TestSamlIdp;
let browser: Browser;

async function newPage(): Promise<{ page: Page; console: string[] }> {
  const { page } = await openJourneyPage(browser);
  const console: string[] = [];
  page.on('console', (message) => console.push(message.text()));
  return { page, console };
}

beforeAll(async () => {
  product = await startProduct({ contracts: 20 });
  const redirectUri = `${product.url}/authentication`;
  oidc = await startOidcProvider([
    {
      clientId: 'lbo-web',
      clientSecret: 'web-secret-0123456789-abcdef',
      redirectUris: [redirectUri],
      postLogoutRedirectUris: [`${product.url}/authentication/login-page`],
    },
  ]);
  saml = await startSamlIdp({ audience: 'urn:lbo:e2e' });
  const admin = { authorization: await product.adminAuthorization() };
  const call = (method: 'PUT' | 'POST', url: string, payload: object) =>
    product.app.inject({ method, url, headers: admin, payload });
  // The master's super admin gives the host to the tenant before the tenant sets its sign-in page.
  await createTenant(product.db.database.db, 'master', {
    username: 'admin@master',
    password: product.password,
    isSuperAdmin: true,
  });
  const master = await product.app.inject({
    method: 'POST',
    url: '/api/core/auth/login',
    payload: { username: 'admin@master', password: product.password },
  });
  const given = await product.app.inject({
    method: 'PUT',
    url: '/api/core/tenant-configuration/host-tenants',
    headers: { authorization: String(master.headers.authorization) },
    payload: { '127.0.0.1': product.tenant },
  });
  expect(given.statusCode, given.body).toBe(200);
  const sso = await call('PUT', '/api/core/tenant-configuration/sso', {
    oidc: [
      {
        oidcId: 'corp',
        label: 'Corporate account',
        issuer: oidc.issuer,
        clientId: 'lbo-web',
        clientSecret: 'web-secret-0123456789-abcdef',
        redirectUri,
        postLogoutRedirectUri: `${product.url}/authentication/login-page`,
        refreshTokenExpiresIn: 606,
      },
      {
        oidcId: 'corp-fragment',
        issuer: oidc.issuer,
        clientId: 'lbo-web',
        clientSecret: 'web-secret-0123456789-abcdef',
        redirectUri,
        responseMode: 'fragment',
      },
    ],
    saml: [
      {
        id: 'corp-saml',
        label: 'Corporate SAML',
        entryPoint: saml.entryPoint,
        logoutUrl: saml.logoutUrl,
        idpCert: saml.key.certificate,
        issuer: 'urn:lbo:e2e',
        callbackUrl: `${product.url}/api/core/saml/corp-saml/assert`,
        appUrl: redirectUri,
      },
    ],
    hosts: { '127.0.0.1': { oidc: ['corp'], saml: ['corp-saml'] } },
  });
  expect(sso.statusCode, sso.body).toBe(200);
  const user = await call('POST', '/api/core/users', {
    username: 'jane@corp.example',
    lastName: 'Doe',
    isAdmin: true,
    password: 'Blue-Harbour-Lantern-7',
  });
  expect(user.statusCode, user.body).toBe(201);
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await oidc?.close();
  await saml?.close();
  await product?.stop();
});

/** The provider's own sign-in page (oidc-provider's). */
async function signInAtProvider(page: Page, login: string) {
  await page.waitForURL((url) => url.href.startsWith(oidc.issuer));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();
}

describe('single sign-on in the browser', () => {
  it('signs in through the OpenID provider and returns to the page asked for; renews the refresh token at its threshold; logs out through the provider', async () => {
    const { page } = await newPage();
    await page.goto(`${product.url}/authentication/login-page?redirect=${encodeURIComponent('/contracts')}`);
    await page.getByRole('button', { name: 'Sign in with Corporate SAML' }).waitFor();
    const renewal = page.waitForResponse((r) => r.url().endsWith('/api/core/oidc/corp/access-token'), {
      timeout: 30_000,
    });
    const login = page.waitForRequest((r) => r.url().endsWith('/api/core/oidc/corp/login'), { timeout: 30_000 });
    await page.getByRole('button', { name: 'Sign in with Corporate account' }).click();
    await signInAtProvider(page, 'jane@corp.example');
    await page.waitForURL((url) => url.pathname === '/contracts', { timeout: 30_000 });
    // The issuer the provider answered with goes back to the server (RFC 9207 mix-up defence).
    expect((await login).postDataJSON()).toMatchObject({ iss: oidc.issuer });
    const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('lbo.sso') ?? '{}'));
    expect(stored).toMatchObject({ oidc: 'corp' });
    expect(stored.idToken).toBeTruthy();
    for (const cleared of ['state', 'nonce', 'codeVerifier', 'originalUrl'])
      expect(stored[cleared], cleared).toBeUndefined();
    // 606 s of refresh token, renewed at 600 s left: about 6 s after sign-in.
    const renewed = await renewal;
    expect(renewed.status()).toBe(200);
    expect((await renewed.json()).ssoRefreshTokenExpiresIn).toBe(606);

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByText('Sign out').click();
    await page.waitForURL((url) => url.href.startsWith(`${oidc.issuer}/session/end`), { timeout: 15_000 });
    expect(new URL(page.url()).searchParams.get('id_token_hint')).toBe(stored.idToken);
    await page.close();
  });

  it('reads the code and state from the hash when the provider answers in the fragment (autoOidc=1)', async () => {
    const { page } = await newPage();
    const answers: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) answers.push(frame.url());
    });
    await page.goto(`${product.url}/authentication?oidc=corp-fragment&autoOidc=1`);
    await signInAtProvider(page, 'jane@corp.example');
    await page.waitForURL((url) => url.origin === product.url && !url.pathname.startsWith('/authentication'), {
      timeout: 30_000,
    });
    expect(
      answers.some(
        (url) => url.startsWith(`${product.url}/authentication#`) && /code=/.test(url) && /state=/.test(url),
      ),
    ).toBe(true);
    await page.close();
  });

  it('a forged answer restarts the sign-in at the provider and logs the refusal', async () => {
    const { page, console } = await newPage();
    await page.goto(`${product.url}/authentication?oidc=corp&code=forged-code&state=forged-state`);
    await page.waitForURL((url) => url.href.startsWith(oidc.issuer), { timeout: 15_000 });
    expect(console).toContain('Cannot authenticate user with OIDC');
    await page.close();
  });

  it("a user the tenant does not know sees the provider's refusal on the sign-in page", async () => {
    const { page } = await newPage();
    await page.goto(`${product.url}/authentication?oidc=corp`);
    await signInAtProvider(page, 'stranger@corp.example');
    await expect
      .poll(
        () =>
          page
            .getByRole('alert')
            .innerText()
            .catch(() => ''),
        { timeout: 15_000 },
      )
      .toContain('stranger@corp.example is not allowed to sign in with corp');
    expect(new URL(page.url()).pathname.startsWith('/authentication')).toBe(true);
    await page.close();
  });

  it('signs in through the SAML identity provider', async () => {
    const { page } = await newPage();
    await page.goto(`${product.url}/authentication/login-page`);
    await page.getByRole('button', { name: 'Sign in with Corporate SAML' }).click();
    await page.waitForURL((url) => url.href.startsWith(saml.entryPoint));
    await page.locator('#idp-username').fill('jane@corp.example');
    await page.locator('#idp-submit').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/authentication') && url.origin === product.url, {
      timeout: 30_000,
    });
    const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('lbo.sso') ?? '{}'));
    expect(stored).toMatchObject({ saml: 'corp-saml', nameId: 'jane@corp.example' });
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByText('Sign out').click();
    await page.waitForURL((url) => url.href.startsWith(saml.logoutUrl), { timeout: 15_000 });

    // A user the tenant does not know comes back to the sign-in page, which says why.
    await page.goto(`${product.url}/authentication/login-page`);
    await page.getByRole('button', { name: 'Sign in with Corporate SAML' }).click();
    await page.waitForURL((url) => url.href.startsWith(saml.entryPoint));
    await page.locator('#idp-username').fill('stranger@corp.example');
    await page.locator('#idp-submit').click();
    await expect
      .poll(
        () =>
          page
            .getByRole('alert')
            .innerText()
            .catch(() => ''),
        { timeout: 15_000 },
      )
      .toContain('stranger@corp.example is not allowed to sign in with corp-saml');
    await page.close();
  });
});
