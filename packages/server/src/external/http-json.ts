import { ApiError } from '@lbo/model/errors';

/**
 * GET of a third-party JSON API with a time limit. Anything but a 2xx JSON answer in time (no
 * route to the host, a refusal, a timeout, a 5xx, a body that is not JSON) becomes
 * `503 EXTERNAL_SERVICE_UNAVAILABLE` naming the service: the caller's request fails cleanly and
 * the provider's answer is never passed through. A 404 answers undefined (nothing found).
 */
export interface ExternalService {
  /** Name shown in errors (`RechercheEntreprises`). */
  name: string;
  baseUrl: string;
  timeoutMs?: number;
  /** Sent with every call (a provider's credentials); never logged nor answered. */
  headers?: Record<string, string>;
}

export const DEFAULT_TIMEOUT_MS = 5000;

export async function getJson<T>(
  service: ExternalService,
  path: string,
  query: Record<string, string | number | undefined>,
): Promise<T | undefined> {
  const url = new URL(path.replace(/^\//, ''), service.baseUrl.endsWith('/') ? service.baseUrl : `${service.baseUrl}/`);
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', ...service.headers },
      signal: AbortSignal.timeout(service.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (e) {
    const why = (e as Error).name === 'TimeoutError' ? 'no answer in time' : 'cannot be reached';
    throw new ApiError('EXTERNAL_SERVICE_UNAVAILABLE', [service.name, why]);
  }
  if (response.status === 404) return undefined;
  if (!response.ok) {
    await response.body?.cancel();
    if (response.status === 401 || response.status === 403)
      throw new ApiError('EXTERNAL_SERVICE_UNAVAILABLE', [service.name, 'the credentials were refused']);
    throw new ApiError('EXTERNAL_SERVICE_UNAVAILABLE', [service.name, `answered ${response.status}`]);
  }
  try {
    return (await response.json()) as T;
  } catch {
    throw new ApiError('EXTERNAL_SERVICE_UNAVAILABLE', [service.name, 'answered something that is not JSON']);
  }
}
