import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, type ErrorCode } from '@lbo/model/errors';
import { isDatabaseUnavailable } from '../db/database.ts';

/** What a 503 for an unreachable database tells the client to wait before retrying. */
const DATABASE_RETRY_SECONDS = 1;

/** The body of every error answer: the catalogue form plus its parts. */
export function sendError(
  reply: FastifyReply,
  error: { status: number; code: string; message: string; extra?: Record<string, unknown> },
) {
  return reply.status(error.status).send({
    statusCode: error.status,
    code: error.code,
    message: error.message,
    error: `${error.status}|${error.code}|${error.message}`,
    ...(error.extra ?? {}),
  });
}

/** The catalogue body of an error, as JSON text. */
function errorBody(error: ApiError): string {
  return JSON.stringify({ statusCode: error.status, code: error.code, message: error.message, error: error.reference });
}

/**
 * Fastify's `frameworkErrors`: refusals made before routing, such as a path that is not valid
 * percent-encoding (`%FF%FE`) or a path parameter past the router's length, in the catalogue form.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const mapped =
    error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new ApiError('INVALID_FIELD_IN_PATH', ['url'])
      : new ApiError('UNAVAILABLE_SOFTWARE');
  return sendError(reply, mapped);
}

/** A header line of what the client sent that holds a control character, for naming the header. */
function headerWithControlCharacter(raw: unknown): string | undefined {
  const lines = Buffer.isBuffer(raw) ? raw.toString('latin1').split('\r\n').slice(1) : [];
  const line = lines.find((l) => /[\x00-\x08\x0a-\x1f\x7f]/.test(l));
  const name = line?.split(':')[0].trim();
  return name && /^[\w-]{1,100}$/.test(name) ? name.toLowerCase() : undefined;
}

/** Refusals of Node's HTTP parser (llhttp codes), mapped onto the catalogue. */
const parserRefusals: Record<string, (raw?: unknown) => ApiError> = {
  HPE_HEADER_OVERFLOW: () => new ApiError('HEADERS_TOO_LARGE', [http.maxHeaderSize]),
  HPE_INVALID_HEADER_TOKEN: (raw) =>
    new ApiError('INVALID_FIELD_IN_HEADERS', [headerWithControlCharacter(raw) ?? 'headers']),
  HPE_INVALID_CONSTANT: (raw) =>
    new ApiError('INVALID_FIELD_IN_HEADERS', [headerWithControlCharacter(raw) ?? 'request']),
  HPE_CR_EXPECTED: (raw) => new ApiError('INVALID_FIELD_IN_HEADERS', [headerWithControlCharacter(raw) ?? 'headers']),
  HPE_LF_EXPECTED: (raw) => new ApiError('INVALID_FIELD_IN_HEADERS', [headerWithControlCharacter(raw) ?? 'headers']),
  HPE_INVALID_URL: () => new ApiError('INVALID_FIELD_IN_PATH', ['url']),
  HPE_INVALID_METHOD: () => new ApiError('INVALID_FIELD_IN_PATH', ['method']),
};

/**
 * Fastify's `clientErrorHandler`: requests Node's HTTP parser refuses before Fastify sees them
 * (headers with control characters, headers and URL past `http.maxHeaderSize`) still answer the
 * catalogue form, on the raw socket.
 */
export function clientErrorHandler(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket) {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const refused = (
    Object.hasOwn(parserRefusals, error.code ?? '') ? parserRefusals[error.code!] : parserRefusals.HPE_INVALID_CONSTANT
  )(error.rawPacket);
  const body = errorBody(refused);
  socket.end(
    `HTTP/1.1 ${refused.status} ${http.STATUS_CODES[refused.status] ?? 'Bad Request'}\r\ncontent-type: application/json; charset=utf-8\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/** Fastify's own refusals, mapped onto the catalogue. */
const fastifyCodes: Record<string, () => ApiError> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: () => new ApiError('MISSING_BODY_PAYLOAD'),
  FST_ERR_CTP_INVALID_JSON_BODY: () => new ApiError('INVALID_JSON_FIELD', ['body']),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => new ApiError('INVALID_FIELD_IN_HEADERS', ['content-type']),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => new ApiError('INVALID_FIELD_IN_HEADERS', ['content-length']),
  FST_ERR_CTP_BODY_TOO_LARGE: () => new ApiError('PAYLOAD_TOO_LARGE'),
  FST_ERR_VALIDATION: () => new ApiError('INVALID_FIELD_IN_QUERY', ['request', 'invalid']),
};

export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & { status?: number; extra?: Record<string, unknown> }, request, reply) => {
    if (
      error instanceof ApiError ||
      (typeof error.status === 'number' && typeof error.code === 'string' && error.status < 500)
    ) {
      return sendError(reply, { status: error.status!, code: error.code, message: error.message, extra: error.extra });
    }
    const mapped = fastifyCodes[error.code]?.();
    if (mapped) return sendError(reply, mapped);
    if (
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      (error as { type?: string }).type === 'entity.parse.failed' ||
      error instanceof SyntaxError
    ) {
      return sendError(reply, new ApiError('INVALID_JSON_FIELD', ['body']));
    }
    if (isDatabaseUnavailable(error)) {
      reply.header('retry-after', String(DATABASE_RETRY_SECONDS));
      return sendError(reply, new ApiError('DATABASE_UNAVAILABLE', [DATABASE_RETRY_SECONDS]));
    }
    // Logged once with the request's details when the answer is sent (http/logging.ts).
    return sendError(reply, new ApiError('UNAVAILABLE_SOFTWARE'));
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const m = /^\/api\/((?:dyno\/)?[\w-]+(?:\/[\w-]+)?)/.exec(path);
    const code: ErrorCode = m ? 'UNSUPPORTED_ENTITY' : 'ROUTE_NOT_FOUND';
    return sendError(reply, m ? new ApiError(code, [m[1]]) : new ApiError(code, [request.method, path]));
  });
}
