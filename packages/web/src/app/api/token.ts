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
  } catch {
    // Storage unavailable: the token lives in memory for this page.
  }
}
