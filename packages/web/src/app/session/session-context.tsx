import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, onUnauthorized } from '../api/client.ts';
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
  signIn(username: string, password: string): Promise<SignInResult>;
  signInTotp(username: string, totpToken: string, code: string): Promise<SignInResult>;
  signOut(message?: string): void;
}

const SessionContext = createContext<SessionValue | undefined>(undefined);
export const loginPath = '/authentication/login-page';

const sources = {
  configuration: () => api.get<Partial<UserConfiguration>>('/api/script/runs/user-configuration', { silent: true }),
  currentUser: () => api.get<SessionUser>('/api/core/users/current', { silent: true }),
};

export function SessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<SessionStatus>(() => (getToken() ? 'loading' : 'signed-out'));
  const [configuration, setConfiguration] = useState<UserConfiguration>();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signingOut = useRef(false);

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
    if (getToken()) void api.get('/api/core/auth/logout', { silent: true, noSessionCheck: true }).catch(() => undefined);
    setToken('');
    queryClient.clear();
    setConfiguration(undefined);
    setStatus('signed-out');
    if (message) notify({ level: 'error', message });
    const here = window.location.pathname;
    const redirect = message && !here.includes('/authentication') ? `?redirect=${encodeURIComponent(here + window.location.search)}` : '';
    // Spec 000 §9: the logout redirect waits 400 ms.
    setTimeout(() => navigate(`${loginPath}${redirect}`, { replace: true }), 400);
  }, [navigate, queryClient]);

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
    api.post('/api/core/auth/login', { username, password }, { silent: true, noSessionCheck: true })), [finish]);
  const signInTotp = useCallback((username: string, totpToken: string, code: string) => finish(() =>
    api.post('/api/core/auth/totp/login', { username, totpToken, code }, { silent: true, noSessionCheck: true })), [finish]);

  const value = useMemo(() => ({ status, configuration, user: configuration?.user, signIn, signInTotp, signOut }),
    [status, configuration, signIn, signInTotp, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
