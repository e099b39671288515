import { api } from '../api/client.ts';

/**
 * Single sign-on in the browser (spec 000 §4): the entry is an `oidc` (provider configuration id)
 * or `saml` (provider id) parameter of the query, or the one stored when the provider was left;
 * the provider answers with `code` and `state` in the query or the hash, an access token, or (SAML)
 * a one-time `token` with `sessionIndex` and `nameId`.
 */
export const storageKey = 'lbo.sso';
/** Spec 000 §9: keep-alive at most once per 5,000 ms; renewal 600 s before the refresh token ends. */
export const KEEP_ALIVE_THROTTLE_MS = 5000;
export const REFRESH_TOKEN_AUTO_RENEW_THRESHOLD_SECONDS = 600;

export interface SsoEntry {
  oidc?: string;
  saml?: string;
  accessToken?: string;
  code?: string;
  state?: string;
  /** The issuer the provider named beside the code (RFC 9207), passed on so the server can check it. */
  iss?: string;
  token?: string;
  sessionIndex?: string;
  nameId?: string;
  /** true forces automatic sign-in, false disables it, undefined leaves it to the host settings. */
  autoOidc?: boolean;
  redirect?: string;
  /** Why the provider's answer was refused (SAML answers come back with it). */
  error?: string;
}

/** What is kept between leaving for the provider and coming back (session storage). */
export interface StoredSso {
  oidc?: string;
  saml?: string;
  state?: string;
  nonce?: string;
  codeVerifier?: string;
  originalUrl?: string;
  /** Kept for logout through the provider. */
  idToken?: string;
  logoutUrl?: string;
  sessionIndex?: string;
  nameId?: string;
}

/** Reading session storage throws in a frame of another site (third-party storage denied): nothing is stored then. */
export function readStored(storage?: Pick<Storage, 'getItem'>): StoredSso {
  try {
    return JSON.parse((storage ?? sessionStorage).getItem(storageKey) ?? '{}') as StoredSso;
  } catch {
    return {};
  }
}

export function writeStored(value: StoredSso, storage?: Pick<Storage, 'setItem' | 'removeItem'>) {
  try {
    const store = storage ?? sessionStorage;
    if (Object.keys(value).length) store.setItem(storageKey, JSON.stringify(value));
    else store.removeItem(storageKey);
  } catch {
    // Storage denied: the sign-in in progress lives in this page only.
  }
}

const flag = (value: string | null) =>
  value === '1' || value === 'true' ? true : value === '0' || value === 'false' ? false : undefined;

/** The entry read from the query, then the hash (code and state may come in either), then storage. */
export function readEntry(search: string, hash: string, stored: StoredSso): SsoEntry {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const get = (name: string) => query.get(name) ?? fragment.get(name) ?? undefined;
  return {
    oidc:
      query.get('oidc') ??
      (get('code') || get('access_token') || get('accessToken') ? stored.oidc : undefined) ??
      undefined,
    saml: query.get('saml') ?? undefined,
    accessToken: get('access_token') ?? get('accessToken'),
    code: get('code'),
    state: get('state'),
    iss: get('iss'),
    token: query.get('token') ?? undefined,
    sessionIndex: query.get('sessionIndex') ?? undefined,
    nameId: query.get('nameId') ?? undefined,
    autoOidc: flag(query.get('autoOidc')),
    redirect: query.get('redirect') ?? undefined,
    error: query.get('error') ?? undefined,
  };
}

/**
 * When to renew the provider's refresh token, in ms from now: at once when its remaining lifetime
 * is at or below the threshold, later otherwise; never when it has expired or when its whole
 * lifetime is shorter than the threshold.
 */
export function renewalDelayMs(
  iat: number | undefined,
  expiresIn: number | undefined,
  nowMs: number,
  threshold = REFRESH_TOKEN_AUTO_RENEW_THRESHOLD_SECONDS,
): number | undefined {
  if (iat === undefined || expiresIn === undefined || expiresIn < threshold) return undefined;
  const remaining = iat + expiresIn - nowMs / 1000;
  if (remaining <= 0) return undefined;
  return Math.max(0, (remaining - threshold) * 1000);
}

/** A function run at the first call, then at most once per `waitMs` (leading calls only). */
export function throttleLeading<A extends unknown[]>(
  run: (...args: A) => void,
  waitMs: number,
  now = () => Date.now(),
): (...args: A) => boolean {
  let last = -Infinity;
  return (...args: A) => {
    if (now() - last < waitMs) return false;
    last = now();
    run(...args);
    return true;
  };
}

export interface OidcPublicConfiguration {
  oidcId: string;
  authorizationUrl: string;
  logoutUrl?: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  useKeepAlive?: boolean;
}

const enc = encodeURIComponent;
export const ssoPaths = {
  oidc: (id: string) => `/api/core/oidc/${enc(id)}`,
  oidcLogin: (id: string) => `/api/core/oidc/${enc(id)}/login`,
  keepAlive: (id: string) => `/api/core/oidc/${enc(id)}/keep-alive`,
  accessToken: (id: string) => `/api/core/oidc/${enc(id)}/access-token`,
  saml: (id: string) => `/api/core/saml/${enc(id)}`,
  samlLogout: (id: string) => `/api/core/saml/${enc(id)}/logout`,
  tokenLogin: '/api/core/auth/token/login',
};

const quiet = { silent: true, noSessionCheck: true };

/** Leaves for the provider, keeping what the way back needs. A configuration that cannot be fetched is logged, and nothing happens. */
export async function startOidc(
  oidcId: string,
  originalUrl: string,
  go: (url: string) => void = (url) => window.location.assign(url),
): Promise<boolean> {
  try {
    const config = await api.get<OidcPublicConfiguration>(ssoPaths.oidc(oidcId), quiet);
    writeStored({
      oidc: oidcId,
      state: config.state,
      nonce: config.nonce,
      codeVerifier: config.codeVerifier,
      originalUrl,
      logoutUrl: config.logoutUrl,
    });
    go(config.authorizationUrl);
    return true;
  } catch (error) {
    console.error('OIDC provider configuration could not be loaded', error);
    return false;
  }
}

export async function startSaml(
  samlId: string,
  originalUrl: string,
  go: (url: string) => void = (url) => window.location.assign(url),
): Promise<boolean> {
  try {
    const { loginUrl } = await api.get<{ loginUrl: string }>(ssoPaths.saml(samlId), quiet);
    writeStored({ saml: samlId, originalUrl });
    go(loginUrl);
    return true;
  } catch (error) {
    console.error('SAML provider could not be reached', error);
    return false;
  }
}

/** Answers of the way back: the signed-in user, or `restart` when the state is not the one stored. */
export type SsoOutcome<U> = { user: U; originalUrl?: string } | 'restart';

/**
 * What the way back sends to the server: the code with the stored state, nonce and verifier, and
 * the `iss` the provider answered with (RFC 9207), so that an answer from another provider than
 * the one left for (a mix-up) is refused; or an access token.
 */
export function oidcLoginBody(entry: SsoEntry, stored: StoredSso): Record<string, string | undefined> {
  if (entry.code === undefined) return { accessToken: entry.accessToken };
  return {
    code: entry.code,
    state: entry.state,
    nonce: stored.nonce,
    codeVerifier: stored.codeVerifier,
    ...(entry.iss !== undefined ? { iss: entry.iss } : {}),
  };
}

export async function completeOidc<U>(entry: SsoEntry): Promise<SsoOutcome<U>> {
  const stored = readStored();
  const oidcId = entry.oidc!;
  if (entry.code !== undefined) {
    if (!entry.state || entry.state !== stored.state || !stored.nonce || !stored.codeVerifier) {
      console.error('Cannot authenticate user with OIDC');
      return 'restart';
    }
  }
  const user = await api.post<U & { idToken?: string }>(
    ssoPaths.oidcLogin(oidcId),
    oidcLoginBody(entry, stored),
    quiet,
  );
  // Done: the stored nonce, state, verifier and original URL are cleared; what logout needs stays.
  writeStored({ oidc: oidcId, idToken: user.idToken, logoutUrl: stored.logoutUrl });
  return { user, originalUrl: stored.originalUrl };
}

export async function completeSaml<U>(entry: SsoEntry): Promise<SsoOutcome<U>> {
  const stored = readStored();
  const user = await api.post<U>(ssoPaths.tokenLogin, { token: entry.token }, quiet);
  writeStored({ saml: entry.saml, sessionIndex: entry.sessionIndex, nameId: entry.nameId });
  return { user, originalUrl: stored.originalUrl };
}

/**
 * Logout through the provider: the URL the browser goes to after the app's session ends, or
 * undefined for a session that no provider opened. Read before the app's logout call.
 */
export async function providerLogoutUrl(): Promise<string | undefined> {
  const stored = readStored();
  writeStored({});
  if (stored.saml) {
    const { logoutUrl } = await api
      .post<{ logoutUrl: string }>(
        ssoPaths.samlLogout(stored.saml),
        { sessionIndex: stored.sessionIndex, nameId: stored.nameId },
        quiet,
      )
      .catch(() => ({ logoutUrl: '' }));
    return logoutUrl || undefined;
  }
  if (stored.oidc && stored.logoutUrl) {
    const url = new URL(stored.logoutUrl);
    if (stored.idToken) url.searchParams.set('id_token_hint', stored.idToken);
    return url.href;
  }
  return undefined;
}

/** The current provider of an OIDC session, for keep-alive and renewal. */
export const currentOidc = () => readStored().oidc;

export const keepAlive = (oidcId: string) => api.get<unknown>(ssoPaths.keepAlive(oidcId), { silent: true });
export const renewRefreshToken = (oidcId: string) =>
  api.post<{ ssoRefreshTokenIat: number; ssoRefreshTokenExpiresIn: number }>(
    ssoPaths.accessToken(oidcId),
    { grantType: 'refresh_token' },
    { silent: true },
  );
