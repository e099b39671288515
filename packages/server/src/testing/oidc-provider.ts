import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider (oidc-provider) on a loopback port, for tests: its own sign-in page
 * (any login and password; the login becomes the subject and the email), authorization code with
 * PKCE, refresh tokens, RP-initiated logout, RS256 keys of its own. `substituteIdToken` makes its
 * token endpoint answer another ID token than the one it issued (a token-substitution attack).
 */
export interface TestOidcProvider {
  issuer: string;
  provider: Provider;
  /** The next token answer carries this ID token instead of its own. */
  substituteIdToken(idToken: string | undefined): void;
  close(): Promise<void>;
}

export interface TestOidcClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  /** ID token lifetime in seconds (3600 by default). */
  idTokenTtl?: number;
}

/** Groups per login, as a directory would give them. */
export type Directory = Record<string, string[]>;

/** `email_verified` per login where it is not `true`: `false`, or `null` to leave the claim out. */
export type EmailVerification = Record<string, boolean | null>;

export async function startOidcProvider(
  clients: TestOidcClient[],
  directory: Directory = {},
  emailVerified: EmailVerification = {},
): Promise<TestOidcProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: crypto.randomUUID(), use: 'sig', alg: 'RS256' };
  const ttlOf = new Map(clients.map((c) => [c.clientId, c.idTokenTtl ?? 3600]));
  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      post_logout_redirect_uris: c.postLogoutRedirectUris ?? [],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    })),
    jwks: { keys: [jwk as never] },
    cookies: { keys: [crypto.randomBytes(16).toString('hex')] },
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
      groups: ['groups'],
    },
    scopes: ['openid', 'email', 'profile', 'groups', 'offline_access'],
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({
        sub: id,
        email: id,
        ...(emailVerified[id] === null ? {} : { email_verified: emailVerified[id] ?? true }),
        given_name: id.split('@')[0],
        family_name: 'Tester',
        groups: directory[id] ?? [],
      }),
    }),
    // Every client is trusted: no consent page, and refresh tokens without asking for offline access.
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile groups offline_access');
      await grant.save();
      return grant;
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    ttl: {
      IdToken: (_ctx, _token, client) => ttlOf.get(client.clientId) ?? 3600,
      AccessToken: 3600,
      AuthorizationCode: 60,
      RefreshToken: 86400,
      Session: 3600,
      Interaction: 600,
      Grant: 86400,
    },
    features: {
      devInteractions: { enabled: true },
      rpInitiatedLogout: { enabled: true },
      introspection: { enabled: true },
    },
  });
  let substitute: string | undefined;
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path === '/token' && substitute && ctx.body && typeof ctx.body === 'object' && 'id_token' in ctx.body) {
      ctx.body = { ...(ctx.body as object), id_token: substitute };
      substitute = undefined;
    }
  });
  server.on('request', provider.callback());
  return {
    issuer,
    provider,
    substituteIdToken: (idToken) => {
      substitute = idToken;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Signs in at the provider as a browser would, without one: follows the authorization URL to the
 * sign-in page, posts the login, and answers the URL the provider sends the browser back to.
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const keep = (response: Response) => {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  let url = new URL(authorizationUrl);
  let init: RequestInit = {};
  const origin = url.origin;
  for (let hop = 0; hop < 12; hop++) {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...((init.headers as Record<string, string>) ?? {}), cookie: cookieHeader() },
    });
    keep(response);
    init = {};
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== origin) return next;
      url = next;
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (!action || !/name="login"/.test(page))
      throw new Error(`unexpected provider page ${response.status}: ${page.slice(0, 300)}`);
    url = new URL(action.replace(/&amp;/g, '&'), url);
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
    };
  }
  throw new Error('the provider never sent the browser back');
}
