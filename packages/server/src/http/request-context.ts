import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '@lbo/model/errors';
import { isTimeZone } from '@lbo/model/values/dates';
import type { Caller } from '../entities/crud.operation.ts';
import type { SessionService } from '../auth/sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `authenticate`. */
    caller?: Caller & { sessionId: string; isAdmin: boolean };
  }
}

/** The spec's request headers: `request-id` echoed on the answer, `client-timezone` checked. */
export function installRequestHeaders(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('request-id', request.id);
    const tz = request.headers['client-timezone'];
    if (tz !== undefined && (typeof tz !== 'string' || !isTimeZone(tz))) throw new ApiError('INVALID_FIELD_IN_HEADERS', ['client-timezone']);
  });
}

export const requestId = (request: { headers: Record<string, unknown> }) => {
  const given = request.headers['request-id'];
  return typeof given === 'string' && /^[\w.:-]{1,100}$/.test(given) ? given : crypto.randomUUID();
};

/** A preHandler that requires a valid, unrevoked session and sets `request.caller`. */
export function authenticate(sessions: SessionService) {
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const token = typeof header === 'string' && /^Bearer\s+/i.test(header) ? header.replace(/^Bearer\s+/i, '').trim() : undefined;
    if (!token) throw new ApiError('UNAUTHENTICATED');
    const session = await sessions.verify(token);
    if (!session) throw new ApiError('UNAUTHENTICATED');
    const tz = request.headers['client-timezone'];
    request.caller = { ...session, timeZone: typeof tz === 'string' ? tz : undefined };
  };
}
