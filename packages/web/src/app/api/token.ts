/**
 * The session token. Kept in session storage so a reload keeps the session, or in local
 * storage when the host's token-memo setting (memoizeToken) is on (spec 000 §7).
 */
const key = 'lbo.token';
let memo = false;
let token: string | undefined;

const store = () => (memo ? localStorage : sessionStorage);

export function setTokenMemo(on: boolean) {
  memo = on;
}

export function getToken(): string | undefined {
  if (token !== undefined) return token || undefined;
  try {
    token = sessionStorage.getItem(key) ?? localStorage.getItem(key) ?? '';
  } catch {
    token = '';
  }
  return token || undefined;
}

/** Stores the token of a response's `authorization` header; an empty value clears it. */
export function setToken(value: string | undefined) {
  token = (value ?? '').replace(/^Bearer\s+/i, '').trim();
  try {
    sessionStorage.removeItem(key);
    localStorage.removeItem(key);
    if (token) store().setItem(key, token);
    else setContextToken(undefined);
  } catch {
    // Storage unavailable: the token lives in memory for this page.
  }
}

/** The context token of a user with several contexts (spec 000 §7: context-token), kept beside the token. */
const contextKey = 'lbo.context-token';

export function getContextToken(): string | undefined {
  try {
    return (memo ? localStorage : sessionStorage).getItem(contextKey) ?? undefined;
  } catch {
    return undefined;
  }
}

export function setContextToken(value: string | undefined) {
  try {
    sessionStorage.removeItem(contextKey);
    localStorage.removeItem(contextKey);
    if (value) store().setItem(contextKey, value);
  } catch {
    // Storage unavailable: requests go without a context token.
  }
}
