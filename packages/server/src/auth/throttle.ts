import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { ApiError } from '@lbo/model/errors';
import type { Db } from '../db/database.ts';

/**
 * Sign-in attempts per client address, counted in the database (`login_throttle_hit`) so that
 * every server process shares the count: `LOGIN_RATE_LIMIT` attempts (default 60) per
 * `LOGIN_RATE_WINDOW_SECONDS` (default 300), then 429 until the window ends.
 * The address is `request.ip`, which follows `x-forwarded-for` as far as Fastify's
 * `trustProxy` allows: behind a proxy, trust only the proxy's address.
 */
export const LOGIN_RATE_LIMIT = Number(process.env.LOGIN_RATE_LIMIT ?? 60);
export const LOGIN_RATE_WINDOW_SECONDS = Number(process.env.LOGIN_RATE_WINDOW_SECONDS ?? 300);

export async function throttleSignIn(db: Db, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { rows: [hit] } = await sql<{ attempts: number; retry_after: number }>`SELECT attempts, retry_after
    FROM login_throttle_hit(${request.ip || 'unknown'}, ${LOGIN_RATE_WINDOW_SECONDS})`.execute(db);
  if (hit.attempts <= LOGIN_RATE_LIMIT) return;
  reply.header('retry-after', String(hit.retry_after));
  throw new ApiError('TOO_MANY_REQUESTS', [hit.retry_after], { retryAfter: hit.retry_after });
}
