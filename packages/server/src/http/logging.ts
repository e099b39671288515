import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * The server's log: Fastify's own pino logger, one JSON object a line. Errors are always
 * logged; every request only when asked (`LOG_REQUESTS=1`). No line may carry a credential, so
 * headers that hold one are redacted wherever they are logged, URLs lose the values of query
 * parameters that carry one, and error messages and stacks are scrubbed of bearer tokens, JWTs
 * and `name=value` credentials that a failing statement or library may have put there.
 */
export interface LogOptions {
  /** Log every request and its answer at `info` (otherwise `warn` and above only). */
  logRequests?: boolean;
  /** Where lines go (standard output by default). */
  stream?: { write(line: string): void };
}

const CENSOR = '[redacted]';

/** Query parameters and `name=value` pairs whose value is a credential. */
const secretNames =
  'token|jwt|access_?token|accessToken|id_?token|id_token_hint|refresh_?token|code|code_?verifier|nonce|SAMLResponse|password|secret|totp\\w*|context-?token|session\\w*';
const secretPair = new RegExp(`((?:^|[^\\w-])(?:${secretNames})"?\\s*[=:]\\s*"?)[^\\s&"',;]+`, 'gi');
const secretParam = new RegExp(`^(?:${secretNames})$`, 'i');
const bearer = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi;
const jwtShaped = /\beyJ[\w-]*\.[\w-]+\.[\w-]*/g;

/** A text with every credential it shows replaced. */
export function scrubText(text: string): string {
  return text.replace(bearer, `$1 ${CENSOR}`).replace(jwtShaped, CENSOR).replace(secretPair, `$1${CENSOR}`);
}

/** A request's path and query, the values of credential parameters replaced. */
export function scrubUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return scrubText(url);
  const params = new URLSearchParams(url.slice(at + 1));
  for (const key of new Set(params.keys())) if (secretParam.test(key)) params.set(key, CENSOR);
  return scrubText(`${url.slice(0, at)}?${params}`);
}

/** Headers that carry a credential, in requests and answers; and body fields that do. */
const credentialHeaders = [
  'authorization',
  'cookie',
  'set-cookie',
  '"context-token"',
  '"proxy-authorization"',
  '"x-api-key"',
];
const credentialFields = [
  'password',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'passwordConfirmation',
  'totpToken',
  'token',
  'accessToken',
  'secret',
  'totpSecret',
  // Single sign-on: an answer of the provider, or what proves it.
  'codeVerifier',
  'nonce',
  'state',
  'idToken',
  'SAMLResponse',
  'clientSecret',
  'privateKey',
  'decryptionPvk',
];
const redactedPaths = [
  ...['req', 'res', 'request', 'reply'].flatMap((owner) =>
    credentialHeaders.map((h) => `${owner}.headers.${h.startsWith('"') ? `[${h}]` : h}`),
  ),
  ...credentialHeaders.map((h) => `headers.${h.startsWith('"') ? `[${h}]` : h}`),
  ...credentialFields.flatMap((f) => [f, `*.${f}`, `body.${f}`, `*.body.${f}`]),
  'body.code',
  '*.body.code',
];

const serializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: scrubUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  }),
  err: serializeError,
};

/** An error as a plain object (type, message, stack, its own fields, its cause), every text scrubbed. */
function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return typeof error === 'string' ? scrubText(error) : error;
  const out: Record<string, unknown> = {
    type: error.constructor?.name ?? error.name,
    message: error.message,
    stack: error.stack,
  };
  for (const [key, value] of Object.entries(error)) {
    // Nested objects (a request, a connection) are left out: they may hold anything.
    if (value === undefined || typeof value === 'function' || typeof value === 'object' || key in out) continue;
    out[key] = value;
  }
  if (error.cause !== undefined && depth < 3) out.cause = serializeError(error.cause, depth + 1);
  for (const key of Object.keys(out)) if (typeof out[key] === 'string') out[key] = scrubText(out[key] as string);
  return out;
}

/** A warning or worse as written (redacted and scrubbed), parsed: pino's fields (`level`, `msg`, `reqId`, …). */
export type LogLine = Record<string, unknown> & { level: number; msg?: string };

const warningListeners = new Set<(line: LogLine) => void>();

/**
 * Calls `listener` with every warning or error line the server's logs write, once written (the
 * product's own log, `SystemLog`); answers how to stop. A listener must not log through pino.
 */
export function onWarningLine(listener: (line: LogLine) => void): () => void {
  warningListeners.add(listener);
  return () => warningListeners.delete(listener);
}

/** The destination, teeing warnings and errors (pino level 40 and above) to the listeners. */
function teeWarnings(destination: { write(line: string): void }) {
  return {
    write(line: string) {
      destination.write(line);
      if (!warningListeners.size || !/"level":[4-6]\d/.test(line.slice(0, 20))) return;
      try {
        const parsed = JSON.parse(line) as LogLine;
        for (const listener of warningListeners) listener(parsed);
      } catch {
        // A line that is not one JSON object is not the product's.
      }
    },
  };
}

/** Fastify's `logger` options: level, redaction, serializers and destination. */
export function loggerOptions({ logRequests = false, stream }: LogOptions = {}): FastifyServerOptions['logger'] {
  return {
    level: logRequests ? 'info' : 'warn',
    redact: { paths: redactedPaths, censor: CENSOR },
    serializers,
    stream: teeWarnings(stream ?? process.stdout),
  } as FastifyServerOptions['logger'];
}

const serverErrors = new WeakMap<FastifyRequest, unknown>();

/**
 * Every answer of status 500 or more is logged once, when it is sent, with what it takes to
 * find the cause: request id (the logger's `reqId`), method, route pattern, URL, tenant, user,
 * status, and the error with its stack. 503 (a dependency away) is a warning; others errors.
 */
export function installServerErrorLog(app: FastifyInstance) {
  app.addHook('onError', async (request, _reply, error) => {
    serverErrors.set(request, error);
  });
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode < 500) return;
    const caller = request.caller;
    const entry = {
      method: request.method,
      route: request.routeOptions.url,
      url: scrubUrl(request.url),
      tenant: caller?.tenant,
      ...(caller?.impersonatingTenant ? { homeTenant: caller.homeTenant } : {}),
      user: caller?.username,
      statusCode: reply.statusCode,
      err: serverErrors.get(request),
    };
    if (reply.statusCode === 503) request.log.warn(entry, 'service unavailable');
    else request.log.error(entry, 'server error');
  });
}
