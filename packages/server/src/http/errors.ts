import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ApiError, type ErrorCode } from '@lbo/model/errors';
import { isDatabaseUnavailable } from '../db/database.ts';

/** What a 503 for an unreachable database tells the client to wait before retrying. */
const DATABASE_RETRY_SECONDS = 1;

/** The body of every error answer: the catalogue form plus its parts. */
export function sendError(reply: FastifyReply, error: { status: number; code: string; message: string; extra?: Record<string, unknown> }) {
  return reply.status(error.status).send({
    statusCode: error.status,
    code: error.code,
    message: error.message,
    error: `${error.status}|${error.code}|${error.message}`,
    ...(error.extra ?? {}),
  });
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
    if (error instanceof ApiError || (typeof error.status === 'number' && typeof error.code === 'string' && error.status < 500)) {
      return sendError(reply, { status: error.status!, code: error.code, message: error.message, extra: error.extra });
    }
    const mapped = fastifyCodes[error.code]?.();
    if (mapped) return sendError(reply, mapped);
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error as { type?: string }).type === 'entity.parse.failed' || error instanceof SyntaxError) {
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
