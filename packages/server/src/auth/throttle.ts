import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { ApiError } from '@lbo/model/errors';
import type { Db } from '../db/database.ts';

/**
 * Sign-in attempts are counted in the database (`login_throttle_hit`), so that every server
 * process shares the counts, twice: per client address, `LOGIN_RATE_LIMIT` attempts (default 60)
 * per `LOGIN_RATE_WINDOW_SECONDS` (default 300); and per account (the username, whatever tenant
 * holds it), `LOGIN_ACCOUNT_RATE_LIMIT` attempts (default 30) in the same window, so that guesses
 * spread over many addresses are stopped too. Past either, 429 until the window ends.
 * The address is `request.ip`: the socket's, or what `X-Forwarded-For` says only when the socket
 * is one of the proxies named in `TRUSTED_PROXIES`.
 */
export const LOGIN_RATE_LIMIT = Number(process.env.LOGIN_RATE_LIMIT ?? 60);
export const LOGIN_ACCOUNT_RATE_LIMIT = Number(process.env.LOGIN_ACCOUNT_RATE_LIMIT ?? 30);
export const LOGIN_RATE_WINDOW_SECONDS = Number(process.env.LOGIN_RATE_WINDOW_SECONDS ?? 300);

/** Accounts and addresses share the counter table; the prefix keeps their keys apart. */
const accountKey = (username: string) => `account:${username.toLowerCase()}`;

async function hit(db: Db, reply: FastifyReply, key: string, limit: number): Promise<void> {
  const {
    rows: [counted],
  } = await sql<{ attempts: number; retry_after: number }>`SELECT attempts, retry_after
    FROM login_throttle_hit(${key}, ${LOGIN_RATE_WINDOW_SECONDS})`.execute(db);
  if (counted.attempts <= limit) return;
  reply.header('retry-after', String(counted.retry_after));
  throw new ApiError('TOO_MANY_REQUESTS', [counted.retry_after], { retryAfter: counted.retry_after });
}

/** Counts an attempt of the request's address, and of `username` when it is known. */
export async function throttleSignIn(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  username?: string,
): Promise<void> {
  await hit(db, reply, request.ip || 'unknown', LOGIN_RATE_LIMIT);
  if (username) await throttleAccount(db, reply, username);
}

/** Counts an attempt on an account (a username of any tenant). */
export async function throttleAccount(db: Db, reply: FastifyReply, username: string): Promise<void> {
  await hit(db, reply, accountKey(username), LOGIN_ACCOUNT_RATE_LIMIT);
}
