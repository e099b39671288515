import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { ApiError } from '@lbo/model/errors';
import { inTenant, scopeOf, type Db, type Tx } from '../db/database.ts';
import { claimKey, releaseClaim, storeAnswer, type KeyId, type StoredAnswer } from './idempotency-store.ts';

/**
 * The `Idempotency-Key` header on every write (docs/decisions.md): the same key and request from
 * the same user replays the first answer without doing the work again; the same key with another
 * request is refused (422); a key whose request is still under way is waited for a few seconds,
 * then answers 409. Keys are claimed in the database, so any server process sees them. Only
 * successful answers are kept: a refused or failed write did nothing, and its key is released
 * for a corrected retry.
 */
declare module 'fastify' {
  interface FastifyRequest {
    /** The idempotency key this request holds, when it sent one. */
    idempotency?: IdempotencyClaim;
    /** The stored answer of this request's key: the route's handler sends it in place of its work. */
    idempotentReplay?: StoredAnswer;
  }
}

export interface IdempotencyClaim extends KeyId {
  token: string;
  /** Set once the answer was stored with the write itself (in its transaction). */
  storedWithWrite?: boolean;
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer replayed from a key rather than produced again. */
export const REPLAYED_HEADER = 'idempotent-replayed';
/** Printable ASCII without spaces, as Stripe's keys and the IETF draft's examples (UUIDs) are. */
const keyPattern = /^[\x21-\x7e]{1,255}$/;
const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Answer headers kept with the body: what a client reads of a write's answer. */
const keptHeaders = ['content-type', 'etag', 'location'];
/**
 * How long a retry waits for the request holding its key to store its outcome before answering
 * 409: a client that hung up retries at once, and should get the outcome rather than a conflict.
 */
const IN_PROGRESS_WAIT_MS = 5_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A route writes when its method does, or when its permission is a write (a transition run by GET). */
function isWriteRoute(route: RouteOptions): boolean {
  const permission = (route.config as { permission?: unknown } | undefined)?.permission;
  return (
    [route.method].flat().some((m) => writeMethods.has(m)) ||
    (typeof permission === 'string' && permission.startsWith('write '))
  );
}

function keyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !keyPattern.test(header))
    throw new ApiError('INVALID_FIELD_IN_HEADERS', [IDEMPOTENCY_HEADER]);
  return header;
}

/** Method, path with query, and the body: what makes a retry "the same request". */
function fingerprintOf(request: FastifyRequest): string {
  // Without a parsed body, its length stands for it; none and `content-length: 0` are the same.
  const length = request.headers['content-length'];
  const body =
    request.body === undefined ? `length:${length === '0' ? '' : (length ?? '')}` : JSON.stringify(request.body);
  return crypto
    .createHash('sha256')
    .update(`${request.method} ${request.url}\n`)
    .update(body ?? '')
    .digest('hex');
}

function replay(reply: FastifyReply, answer: StoredAnswer) {
  return reply.status(answer.status).headers(answer.headers).header(REPLAYED_HEADER, 'true').send(answer.body);
}

/** The answer of a write as it is stored and replayed: JSON as Fastify serialises it, with its ETag. */
export function jsonAnswer(status: number, body: unknown, headers: Record<string, string> = {}): StoredAnswer {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(body),
  };
}

/**
 * Stores `answer` as the key's answer inside the write's own transaction `tx`, so that the write
 * and its key commit together or not at all. Without a key, does nothing. A claim lost meanwhile
 * (its time ran out and a retry took it over) rolls the write back.
 */
export async function storeWithWrite(tx: Tx, request: FastifyRequest, answer: StoredAnswer): Promise<void> {
  const claim = request.idempotency;
  if (!claim) return;
  if (!(await storeAnswer(tx, claim, claim.token, answer)))
    throw new ApiError('IDEMPOTENT_REQUEST_IN_PROGRESS', [claim.key]);
  claim.storedWithWrite = true;
}

export function installIdempotency(app: FastifyInstance, db: Db) {
  // Runs after the route's authentication and permission check: keys belong to a user. It answers
  // nothing itself: Fastify goes on to the handler when a hook's answer is not yet written (its
  // onSend hooks are asynchronous, and a closed socket never ends it), so a replay sent from here
  // let the handler do the work again. The handler (wrapped below) sends the replay instead.
  async function claim(request: FastifyRequest) {
    const key = keyOf(request);
    const caller = request.caller;
    if (key === undefined || !caller) return;
    const id = { tenant: caller.tenant, username: caller.username, key };
    const fingerprint = fingerprintOf(request);
    const deadline = Date.now() + IN_PROGRESS_WAIT_MS;
    for (let pause = 20; ; pause = Math.min(pause * 2, 250)) {
      const outcome = await inTenant(db, scopeOf(caller), (tx) => claimKey(tx, id, fingerprint, crypto.randomUUID()));
      if (outcome.kind === 'reused') throw new ApiError('IDEMPOTENCY_KEY_REUSED', [key]);
      if (outcome.kind === 'replay') {
        request.idempotentReplay = outcome.answer;
        return;
      }
      if (outcome.kind === 'claimed') {
        request.idempotency = { ...id, token: outcome.token };
        return;
      }
      // Under way: wait for its outcome, unless this client is gone too.
      if (Date.now() + pause > deadline || request.raw.socket?.destroyed)
        throw new ApiError('IDEMPOTENT_REQUEST_IN_PROGRESS', [key]);
      await sleep(pause);
    }
  }

  // Right after the route's authentication, which routes with a schema run before validation:
  // a reused key is refused as such, whatever its body.
  app.addHook('onRoute', (route) => {
    if (!isWriteRoute(route)) return;
    if (route.preValidation) route.preValidation = [...[route.preValidation].flat(), claim];
    else route.preHandler = [...[route.preHandler ?? []].flat(), claim];
    const handler = route.handler;
    route.handler = function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const answer = request.idempotentReplay;
      if (!answer) return handler.call(this, request, reply);
      replay(reply, answer);
    } as typeof handler;
  });

  // Answers not stored with their write are stored here; failures release the key.
  app.addHook('onSend', async (request, reply, payload) => {
    const held = request.idempotency;
    const failed = reply.statusCode >= 400;
    if (!held || (held.storedWithWrite && !failed)) return payload;
    request.idempotency = undefined;
    const caller = request.caller!;
    // A failure after the answer was stored with the write (its commit failed) releases the key too.
    // Files and streams (downloads) are not kept: the key is released and a retry makes them again.
    const storable = !failed && (typeof payload === 'string' || payload === undefined || payload === null);
    await inTenant(db, scopeOf(caller), async (tx) => {
      if (!storable) return releaseClaim(tx, held, held.token);
      const headers = Object.fromEntries(
        keptHeaders.filter((h) => reply.hasHeader(h)).map((h) => [h, String(reply.getHeader(h))]),
      );
      await storeAnswer(tx, held, held.token, {
        status: reply.statusCode,
        headers,
        body: payload === undefined || payload === null ? '' : String(payload),
      });
    }).catch((error) => request.log.error({ err: error }, 'idempotency key not recorded'));
    return payload;
  });
}
