import type { ApiResponse, CallInterceptor, InterceptedCall } from '../app/api/client.ts';
import { addQueued, keepRead, keptRead, queued } from './offline-db.ts';
import { offlineSettings, offlineState, setOfflineState, type OfflineSettings } from './offline-state.ts';
import { isTemporary, nextTemporary, queueEntry, queueKeyOf, queueRoutes, registrationOf } from './queue.ts';

/**
 * The offline mode inside the data client (spec 002 §4): a call that gets no answer at all takes
 * the app offline; offline, a read is answered from what was kept (the last-used reads, the
 * preloaded contracts) and a write to contracts, assets, persons or tasks waits in the queue, its
 * answer made here so that the screen goes on (a record created offline is numbered `TMP…`).
 */

export const offlineWarning = 'You are now offline and using cached data';
/** The answers' headers kept with a read: a list's paging. */
const keptHeaders = ['pagination-continues', 'pagination-size', 'pagination-limit', 'pagination-offset'];
const COUNTER = 'lbo.offline.tmpCounter';

/** Takes the app offline; the header's part says so (it may be an early call of the start, before the notifications can show). */
export function goOffline() {
  if (!offlineState().offline) setOfflineState({ offline: true });
}

const answer = (data: unknown, status = 200, headers: Record<string, string> = {}): ApiResponse<unknown> => ({
  data,
  headers: new Headers({ ...headers, 'x-served-offline': 'true' }),
  status,
});

async function servedRead(settings: OfflineSettings, call: InterceptedCall) {
  const kept =
    ((await keptRead(settings.owner, call.url)) as { data: unknown; headers?: Record<string, string> } | undefined) ??
    ((await keptRead(settings.owner, call.path)) as { data: unknown; headers?: Record<string, string> } | undefined);
  return kept ? answer(kept.data, 200, kept.headers) : undefined;
}

const keep = (settings: OfflineSettings, url: string, data: unknown, headers: Record<string, string> = {}) =>
  keepRead(settings.owner, url, { data, headers });

const versionOf = (record: unknown) => {
  const version = (record as { _version?: unknown } | undefined)?._version;
  return typeof version === 'number' ? version : undefined;
};

function temporaryRegistration(): string {
  const { registration, counter } = nextTemporary(Number(localStorage.getItem(COUNTER) ?? '0'));
  localStorage.setItem(COUNTER, String(counter));
  return registration;
}

/** Puts a write in the queue and makes its answer: the record as it will be. */
async function queuedWrite(settings: OfflineSettings, call: InterceptedCall) {
  const key = queueKeyOf(call.path);
  const body = call.options.body;
  if (!key || (typeof FormData !== 'undefined' && body instanceof FormData)) return undefined;
  const registration = registrationOf(call.path);
  const recordPath = registration ? `${queueRoutes[key]}/${encodeURIComponent(registration)}` : undefined;
  const base = recordPath
    ? ((await keptRead(settings.owner, recordPath)) as { data?: Record<string, unknown> } | undefined)?.data
    : undefined;
  const creates = call.method === 'POST' && call.path === queueRoutes[key];
  const entry = queueEntry({
    method: call.method,
    url: call.url,
    data: body,
    username: settings.username,
    idempotencyKey: call.idempotencyKey ?? crypto.randomUUID(),
    ifMatch:
      creates || isTemporary(registration) ? undefined : (call.options.ifMatch ?? versionOf(body) ?? versionOf(base)),
    base: creates ? undefined : base,
  });
  let made: unknown = body;
  if (creates) {
    entry.registration = temporaryRegistration();
    made = { ...(body as Record<string, unknown>), registration: entry.registration, _version: 1 };
    await keep(settings, `${queueRoutes[key]}/${entry.registration}`, made);
  } else if (recordPath && (call.method === 'PATCH' || call.method === 'PUT') && call.path === recordPath) {
    made = { ...(call.method === 'PATCH' ? base : {}), ...(body as Record<string, unknown>) };
    await keep(settings, recordPath, made);
  } else if (call.method === 'DELETE') made = base ?? {};
  await addQueued(settings.owner, entry);
  setOfflineState({ waiting: (await queued(settings.owner)).length });
  return answer(made, creates ? 201 : 200);
}

export const offlineInterceptor: CallInterceptor = {
  offline: () => Boolean(offlineSettings()) && offlineState().offline,
  async before(call) {
    const settings = offlineSettings();
    if (!settings || !offlineState().offline || !call.path.startsWith('/api/') || call.options.blob) return undefined;
    return call.method === 'GET' ? servedRead(settings, call) : queuedWrite(settings, call);
  },
  async unreachable(call) {
    const settings = offlineSettings();
    if (!settings || !call.path.startsWith('/api/') || call.options.blob) return undefined;
    goOffline();
    return call.method === 'GET' ? servedRead(settings, call) : queuedWrite(settings, call);
  },
  answered(call, response) {
    const settings = offlineSettings();
    if (!settings || call.method !== 'GET' || !call.path.startsWith('/api/') || call.options.blob) return;
    if (call.path === '/api/core/ping') return;
    const headers = Object.fromEntries(
      keptHeaders.flatMap((name) => (response.headers.has(name) ? [[name, response.headers.get(name)!]] : [])),
    );
    void keep(settings, call.url, response.data, headers).catch(() => undefined);
  },
};
