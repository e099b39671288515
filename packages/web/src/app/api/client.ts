import { ApiFailure, readErrorBody } from './api-failure.ts';
import { errorNotice } from './error-notice.ts';
import { buildQuery, type QueryValue } from './wire-format.ts';
import { parseJson } from './wire-format.ts';
import { getContextToken, getToken, setContextToken, setToken } from './token.ts';
import { notify } from '../notify.tsx';

/**
 * The one data client: every screen speaks HTTP through it. It sends the spec's headers,
 * takes the token from each answer, revives dates, parses error bodies (blob ones too) and
 * shows the error catalogue; a 401 hands over to the session (re-login). Every write carries an
 * `Idempotency-Key`, so that a write whose answer was lost on the network is sent once more with
 * the same key: the server then answers what it did the first time instead of doing it twice.
 */
export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Answer read as a Blob (downloads). */
  blob?: boolean;
  /** No notification on failure: the caller shows its own. */
  silent?: boolean;
  /** A 401 is the caller's answer (sign-in), not an expired session. */
  noSessionCheck?: boolean;
  signal?: AbortSignal;
  /** The record's version the write expects (`If-Match`); another version answers 412. */
  ifMatch?: number;
  /** The write's `Idempotency-Key` (a queued write sent again keeps its first key); a new one by default. */
  idempotencyKey?: string;
  /** Straight to the network, past the interceptor (the offline mode's own calls: probe, replay). */
  direct?: boolean;
}

/** A call as an interceptor sees it. */
export interface InterceptedCall {
  method: string;
  path: string;
  /** The path with its query. */
  url: string;
  options: RequestOptions;
  /** The write's `Idempotency-Key` (undefined for a read). */
  idempotencyKey?: string;
}

/**
 * A part of the app that may answer calls itself (the offline mode, packages/web/src/offline,
 * serves the reads it kept and queues writes while the network is gone). The core knows only this
 * shape; the composition root installs the module's one (`WebModule.callInterceptor`).
 */
export interface CallInterceptor {
  /** Before sending: an answer of its own, or undefined to send. */
  before?(call: InterceptedCall): Promise<ApiResponse<unknown> | undefined>;
  /** A call that got no answer at all (no response, not a cancel): an answer of its own, or undefined (the failure stands). */
  unreachable?(call: InterceptedCall): Promise<ApiResponse<unknown> | undefined>;
  /** A successful answer. */
  answered?(call: InterceptedCall, response: ApiResponse<unknown>): void;
  /** Whether the app runs offline now (a code chunk that fails to load then asks nothing). */
  offline?(): boolean;
}

let interceptor: CallInterceptor | undefined;
/** Installs the interceptor of the calls (one at most; undefined removes it). */
export function setCallInterceptor(next: CallInterceptor | undefined) {
  interceptor = next;
}
/** Whether the app runs offline (its offline mode says so, or the browser has no network). */
export const isAppOffline = () => !navigator.onLine || interceptor?.offline?.() === true;

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
  status: number;
}

let unauthorized: (() => void) | undefined;
/** The session's reaction to a 401. */
export function onUnauthorized(handler: () => void) {
  unauthorized = handler;
}

export const requestOriginator = 'lbo-web';
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const newRequestId = () =>
  crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(16).slice(2)}`;

export function requestHeaders(hasJsonBody: boolean): Record<string, string> {
  const token = getToken();
  const contextToken = token ? getContextToken() : undefined;
  return {
    accept: 'application/json',
    'request-id': newRequestId(),
    'client-timezone': timeZone(),
    'request-originator': requestOriginator,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(contextToken ? { 'context-token': contextToken } : {}),
    ...(hasJsonBody ? { 'content-type': 'application/json' } : {}),
  };
}

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The pause before a write whose answer was lost is sent again. */
export const writeRetryDelayMs = 500;

/** Sends once; a write that got no answer (network failure, not a cancel) is sent once more, with the same key. */
async function send(url: string, init: RequestInit, retry: boolean): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (!retry || (error as Error).name === 'AbortError') throw error;
    await new Promise((resolve) => setTimeout(resolve, writeRetryDelayMs));
    return fetch(url, init);
  }
}

function report(failure: ApiFailure) {
  console.error(`${failure.method} ${failure.path} failed`, failure.status, failure.body);
  notify(errorNotice(failure, navigator.onLine));
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  const hasJson = options.body !== undefined && !isForm;
  const url = `${path}${buildQuery(options.query)}`;
  const write = writeMethods.has(method);
  const idempotencyKey = write ? (options.idempotencyKey ?? newRequestId()) : undefined;
  const call: InterceptedCall = { method, path, url, options, idempotencyKey };
  const through = options.direct ? undefined : interceptor;
  const own = await through?.before?.(call);
  if (own) return own as ApiResponse<T>;
  const headers = {
    ...requestHeaders(hasJson),
    ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    ...(options.ifMatch !== undefined ? { 'if-match': `"${options.ifMatch}"` } : {}),
  };
  let response: Response;
  try {
    response = await send(
      url,
      {
        method,
        headers,
        body: hasJson ? JSON.stringify(options.body) : (options.body as FormData | undefined),
        signal: options.signal,
      },
      write,
    );
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    const served = await through?.unreachable?.(call);
    if (served) return served as ApiResponse<T>;
    const failure = new ApiFailure(0, { message: String(error) }, method, path);
    if (!options.silent) report(failure);
    throw failure;
  }
  const answer = await answered<T>(response, method, path, options);
  through?.answered?.(call, answer);
  return answer;
}

/** What every answer goes through: the session's headers taken, a failure reported, the body read. */
async function answered<T>(
  response: Response,
  method: string,
  path: string,
  options: RequestOptions,
): Promise<ApiResponse<T>> {
  if (response.headers.has('authorization')) setToken(response.headers.get('authorization') ?? '');
  if (response.headers.get('context-token')) setContextToken(response.headers.get('context-token') ?? undefined);
  if (!response.ok) {
    const failure = new ApiFailure(response.status, await readErrorBody(response), method, path);
    if (response.status === 401 && !options.noSessionCheck) unauthorized?.();
    else if (!options.silent) report(failure);
    throw failure;
  }
  const data = options.blob ? await response.blob() : parseJson(await response.text());
  return { data: data as T, headers: response.headers, status: response.status };
}

/** The headers of an XMLHttpRequest's answer. */
function headersOf(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * Sends a multipart form with the progress of its upload (`fraction` from 0 to 1), which fetch
 * cannot report; the answer goes through the same handling as every other call.
 */
export async function uploadWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  options: RequestOptions = {},
): Promise<T> {
  const xhr = new XMLHttpRequest();
  const response = await new Promise<Response>((resolve, reject) => {
    xhr.open('POST', path);
    for (const [name, value] of Object.entries({ ...requestHeaders(false), 'idempotency-key': newRequestId() }))
      xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () =>
      resolve(
        new Response(xhr.status === 204 ? null : (xhr.response as Blob), {
          status: xhr.status,
          headers: headersOf(xhr),
        }),
      );
    xhr.onerror = () => reject(new ApiFailure(0, { message: 'The upload did not reach the server' }, 'POST', path));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.responseType = 'blob';
    xhr.send(form);
  }).catch((error: Error) => {
    if (error instanceof ApiFailure && !options.silent) report(error);
    throw error;
  });
  return (await answered<T>(response, 'POST', path, options)).data;
}

/** The answer's data only. */
export const api = {
  get: async <T>(path: string, options?: RequestOptions) => (await request<T>('GET', path, options)).data,
  post: async <T>(path: string, body?: unknown, options?: RequestOptions) =>
    (await request<T>('POST', path, { ...options, body })).data,
  put: async <T>(path: string, body?: unknown, options?: RequestOptions) =>
    (await request<T>('PUT', path, { ...options, body })).data,
  patch: async <T>(path: string, body?: unknown, options?: RequestOptions) =>
    (await request<T>('PATCH', path, { ...options, body })).data,
  delete: async <T>(path: string, options?: RequestOptions) => (await request<T>('DELETE', path, options)).data,
};

/** The file name of a download, from content-disposition (RFC 5987 form first). */
export function fileNameOf(headers: Headers): string | undefined {
  const disposition = headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]);
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1];
}
