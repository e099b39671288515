import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { onUnauthorized } from '../api/client.ts';
import { dataProvider } from '../api/data-provider.ts';
import { ApiFailure } from '../api/api-failure.ts';
import { getToken, setToken } from '../api/token.ts';
import { notify } from '../notify.tsx';
import { loadConfiguration, type SessionUser, type UserConfiguration } from './configuration.ts';
import { applyUserLocale, refreshStringOverrides } from './user-locale.ts';
import {
  currentOidc,
  keepAlive,
  KEEP_ALIVE_THROTTLE_MS,
  providerLogoutUrl,
  renewalDelayMs,
  renewRefreshToken,
  throttleLeading,
  type SsoOutcome,
} from './sso.ts';

/** Sign-in state of the shell (spec 000 §4, Authentication). */
export type SessionStatus = 'loading' | 'signed-out' | 'signed-in';

export interface SignInResult {
  ok: boolean;
  /** A TOTP step is pending (multi-factor): the token to send with the code. */
  totpToken?: string;
  error?: string;
}

interface SessionValue {
  status: SessionStatus;
  configuration?: UserConfiguration;
  user?: SessionUser;
  /** Signed out by the user (no way back to the page), rather than by expiry or never signed in. */
  signedOutByUser: boolean;
  signIn(username: string, password: string): Promise<SignInResult>;
  signInTotp(username: string, totpToken: string, code: string): Promise<SignInResult>;
  /** The last step of a single sign-on: the provider's answer exchanged for a session. */
  signInSso(
    complete: () => Promise<SsoOutcome<SessionUser>>,
  ): Promise<SignInResult & { restart?: boolean; originalUrl?: string }>;
  signOut(message?: string): void;
}

const SessionContext = createContext<SessionValue | undefined>(undefined);
export const loginPath = '/authentication/login-page';

/** What sign-out must also clear (the data cache of the signed-in shell registers itself). */
const signOutHooks = new Set<() => void>();
export function onSignOut(hook: () => void): () => void {
  signOutHooks.add(hook);
  return () => signOutHooks.delete(hook);
}

const sources = {
  configuration: () => dataProvider.session.configuration<Partial<UserConfiguration>>(),
  currentUser: () => dataProvider.session.currentUser<SessionUser>(),
};

export function SessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<SessionStatus>(() => (getToken() ? 'loading' : 'signed-out'));
  const [configuration, setConfiguration] = useState<UserConfiguration>();
  const [signedOutByUser, setSignedOutByUser] = useState(false);
  const navigate = useNavigate();
  const signingOut = useRef(false);
  const location = useLocation();
  const here = useRef(location);
  here.current = location;

  const start = useCallback(async (signedIn?: SessionUser) => {
    const loaded = await loadConfiguration(sources, signedIn);
    await applyUserLocale(loaded);
    setConfiguration(loaded);
    setStatus('signed-in');
    signingOut.current = false;
    return loaded;
  }, []);

  const signOut = useCallback(
    (message?: string) => {
      if (signingOut.current) return;
      signingOut.current = true;
      // A provider's session ends at the provider too: its logout URL is asked for while the app's session still lives.
      const providerLogout = getToken() ? providerLogoutUrl().catch(() => undefined) : Promise.resolve(undefined);
      void providerLogout
        .then(() => (getToken() ? dataProvider.session.logout().catch(() => undefined) : undefined))
        .finally(() => setToken(''));
      if (message) notify({ level: 'error', message });
      const { pathname, search } = here.current;
      const redirect =
        message && !pathname.startsWith('/authentication') ? `?redirect=${encodeURIComponent(pathname + search)}` : '';
      // Spec 000 §9: the logout redirect waits 400 ms.
      setTimeout(async () => {
        const logoutUrl = await providerLogout;
        if (logoutUrl && !message) return window.location.assign(logoutUrl);
        signOutHooks.forEach((hook) => hook());
        setConfiguration(undefined);
        setSignedOutByUser(!message);
        setStatus('signed-out');
        navigate(`${loginPath}${redirect}`, { replace: true });
      }, 400);
    },
    [navigate],
  );

  useEffect(() => {
    onUnauthorized(() => signOut('Session has expired'));
    if (status === 'loading') start().catch(() => signOut());
    // Runs once: the token found at start decides the first state.
  }, []);

  const finish = useCallback(
    async (call: () => Promise<SessionUser & { totpToken?: string }>): Promise<SignInResult> => {
      try {
        const user = await call();
        if (user.totpToken) return { ok: false, totpToken: user.totpToken };
        await start(user);
        return { ok: true };
      } catch (error) {
        if (error instanceof ApiFailure && error.status !== 0)
          return { ok: false, error: error.body.message ?? error.message };
        return {
          ok: false,
          error: error instanceof ApiFailure ? 'Network error: Check your internet connection' : String(error),
        };
      }
    },
    [start],
  );

  const signIn = useCallback(
    (username: string, password: string) =>
      finish(() => dataProvider.session.login<SessionUser & { totpToken?: string }>(username, password)),
    [finish],
  );
  const signInTotp = useCallback(
    (username: string, totpToken: string, code: string) =>
      finish(() => dataProvider.session.loginTotp<SessionUser & { totpToken?: string }>(totpToken, code)),
    [finish],
  );

  const signInSso = useCallback(
    async (complete: () => Promise<SsoOutcome<SessionUser>>) => {
      let outcome: SsoOutcome<SessionUser>;
      try {
        outcome = await complete();
      } catch (error) {
        return finish(() => Promise.reject(error));
      }
      if (outcome === 'restart') return { ok: false, restart: true };
      const { user, originalUrl } = outcome;
      return { ...(await finish(async () => user)), originalUrl };
    },
    [finish],
  );

  useProviderSessionUpkeep(status === 'signed-in' ? configuration : undefined);
  useConfigurationRefresh(status === 'signed-in', setConfiguration);

  const value = useMemo(
    () => ({
      status,
      configuration,
      user: configuration?.user,
      signedOutByUser,
      signIn,
      signInTotp,
      signInSso,
      signOut,
    }),
    [status, configuration, signedOutByUser, signIn, signInTotp, signInSso, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** What a refresh of the configuration may change while the user works: menus, permissions, feature flags. */
const refreshedParts = [
  'menus',
  'responsiveBottomNavigation',
  'userPermissions',
  'featureFlags',
  'featureFlagPaths',
] as const;
/** Often enough that a flag turned off shows within the time an admin takes to tell users. */
const CONFIGURATION_REFRESH_MS = 20_000;

/**
 * Reads the configuration and the string overrides again on window focus and every 20 s, so that
 * a feature flag turned off, a permission or an override changed shows without signing in again;
 * the configuration changes only when one of its refreshed parts did (a failure keeps it).
 */
function useConfigurationRefresh(
  signedIn: boolean,
  setConfiguration: (update: (current: UserConfiguration | undefined) => UserConfiguration | undefined) => void,
) {
  useEffect(() => {
    if (!signedIn) return;
    let stopped = false;
    const refresh = async () => {
      void refreshStringOverrides();
      const loaded = await sources.configuration().catch(() => undefined);
      if (stopped || !loaded?.user) return;
      setConfiguration((current) => {
        if (!current || current.minimal) return current;
        const changed = refreshedParts.filter(
          (part) => loaded[part] !== undefined && JSON.stringify(loaded[part]) !== JSON.stringify(current[part]),
        );
        return changed.length
          ? { ...current, ...Object.fromEntries(changed.map((part) => [part, loaded[part]])) }
          : current;
      });
    };
    const timer = setInterval(() => void refresh(), CONFIGURATION_REFRESH_MS);
    const onFocus = () => void refresh();
    window.addEventListener('focus', onFocus);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [signedIn, setConfiguration]);
}

/**
 * A session a provider opened (spec 000 §4, §9): its refresh token renewed once when at most
 * 600 s of it remain (an in-progress flag guards against a second renewal), and, with
 * `options.oidc.useKeepAlive`, a keep-alive on the user's activity at most once per 5,000 ms.
 */
function useProviderSessionUpkeep(configuration: UserConfiguration | undefined) {
  const user = configuration?.user;
  const iat = typeof user?.ssoRefreshTokenIat === 'number' ? user.ssoRefreshTokenIat : undefined;
  const expiresIn = typeof user?.ssoRefreshTokenExpiresIn === 'number' ? user.ssoRefreshTokenExpiresIn : undefined;
  const threshold = Number(
    (configuration?.options as Record<string, unknown> | undefined)?.refreshTokenAutoRenewExpiresInThreshold ?? 600,
  );
  const [lifetime, setLifetime] = useState<{ iat?: number; expiresIn?: number }>({});
  useEffect(() => setLifetime({ iat, expiresIn }), [iat, expiresIn]);
  const renewing = useRef(false);
  useEffect(() => {
    const oidcId = currentOidc();
    const delay = renewalDelayMs(lifetime.iat, lifetime.expiresIn, Date.now(), threshold);
    if (!oidcId || delay === undefined) return;
    const timer = setTimeout(() => {
      if (renewing.current) return;
      renewing.current = true;
      renewRefreshToken(oidcId)
        .then((renewed) =>
          setLifetime({ iat: renewed.ssoRefreshTokenIat, expiresIn: renewed.ssoRefreshTokenExpiresIn }),
        )
        .catch((error) => console.error('Refresh token renewal failed', error))
        .finally(() => {
          renewing.current = false;
        });
    }, delay);
    return () => clearTimeout(timer);
  }, [lifetime, threshold]);

  const useKeepAlive = Boolean(
    ((configuration?.options as Record<string, unknown> | undefined)?.oidc as { useKeepAlive?: boolean } | undefined)
      ?.useKeepAlive,
  );
  useEffect(() => {
    const oidcId = currentOidc();
    if (!useKeepAlive || !oidcId) return;
    const ping = throttleLeading(() => void keepAlive(oidcId).catch(() => undefined), KEEP_ALIVE_THROTTLE_MS);
    window.addEventListener('pointerdown', ping);
    window.addEventListener('keydown', ping);
    return () => {
      window.removeEventListener('pointerdown', ping);
      window.removeEventListener('keydown', ping);
    };
  }, [useKeepAlive]);
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
