import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { onUnauthorized } from '../api/client.ts';
import { dataProvider } from '../api/data-provider.ts';
import { ApiFailure } from '../api/api-failure.ts';
import { getToken, setToken } from '../api/token.ts';
import { notify } from '../notify.tsx';
import { loadConfiguration, type SessionUser, type UserConfiguration } from './configuration.ts';
import { applyUserLocale } from './user-locale.ts';

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

  const signOut = useCallback((message?: string) => {
    if (signingOut.current) return;
    signingOut.current = true;
    if (getToken()) void dataProvider.session.logout().catch(() => undefined);
    setToken('');
    if (message) notify({ level: 'error', message });
    const { pathname, search } = here.current;
    const redirect = message && !pathname.startsWith('/authentication') ? `?redirect=${encodeURIComponent(pathname + search)}` : '';
    // Spec 000 §9: the logout redirect waits 400 ms.
    setTimeout(() => {
      signOutHooks.forEach((hook) => hook());
      setConfiguration(undefined);
      setSignedOutByUser(!message);
      setStatus('signed-out');
      navigate(`${loginPath}${redirect}`, { replace: true });
    }, 400);
  }, [navigate]);

  useEffect(() => {
    onUnauthorized(() => signOut('Session has expired'));
    if (status === 'loading') start().catch(() => signOut());
    // Runs once: the token found at start decides the first state.
  }, []);

  const finish = useCallback(async (call: () => Promise<SessionUser & { totpToken?: string }>): Promise<SignInResult> => {
    try {
      const user = await call();
      if (user.totpToken) return { ok: false, totpToken: user.totpToken };
      await start(user);
      return { ok: true };
    } catch (error) {
      if (error instanceof ApiFailure && error.status !== 0) return { ok: false, error: error.body.message ?? error.message };
      return { ok: false, error: error instanceof ApiFailure ? 'Network error: Check your internet connection' : String(error) };
    }
  }, [start]);

  const signIn = useCallback((username: string, password: string) => finish(() =>
    dataProvider.session.login<SessionUser & { totpToken?: string }>(username, password)), [finish]);
  const signInTotp = useCallback((username: string, totpToken: string, code: string) => finish(() =>
    dataProvider.session.loginTotp<SessionUser & { totpToken?: string }>(totpToken, code)), [finish]);

  const value = useMemo(() => ({ status, configuration, user: configuration?.user, signedOutByUser, signIn, signInTotp, signOut }),
    [status, configuration, signedOutByUser, signIn, signInTotp, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
