import { sql } from 'kysely';
import type { Tx } from '../db/database.ts';

/**
 * SQL of the `idempotency_key` table (db/migrations/0001_core.ts): one row per tenant, user and key, holding
 * the request's fingerprint, then either a live claim (a request under way) or the answer.
 */
export interface KeyId {
  tenant: string;
  username: string;
  key: string;
}

/** A stored answer, replayed as it was sent. */
export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type ClaimOutcome =
  | { kind: 'claimed'; token: string }
  | { kind: 'replay'; answer: StoredAnswer }
  | { kind: 'reused' }
  | { kind: 'inProgress' };

/** How long a key and its answer are kept. */
const KEPT = sql`interval '24 hours'`;
/** How long a claim holds without an answer: past it, the claiming process is taken for dead. */
const CLAIM = sql`interval '60 seconds'`;
/** Expired keys removed at each claim, at most. */
const PURGE_BATCH = 100;

interface KeyRow {
  fingerprint: string;
  status: number | null;
  headers: Record<string, string> | null;
  body: string | null;
  live: boolean;
  fresh: boolean;
}

const where = (id: KeyId) => sql`tenant = ${id.tenant} AND username = ${id.username} AND key = ${id.key}`;

/**
 * Claims `id` for a request of `fingerprint`, or says why not. Of two requests claiming one key
 * together, the second waits for the first's insert to commit, then finds its live claim.
 */
export async function claimKey(tx: Tx, id: KeyId, fingerprint: string, token: string): Promise<ClaimOutcome> {
  await sql`DELETE FROM idempotency_key WHERE tenant = ${id.tenant} AND ctid = ANY(ARRAY(
    SELECT ctid FROM idempotency_key WHERE tenant = ${id.tenant} AND expires_at < now() LIMIT ${PURGE_BATCH}))`.execute(
    tx,
  );
  const inserted =
    await sql`INSERT INTO idempotency_key (tenant, username, key, fingerprint, claim, claimed_until, expires_at)
    VALUES (${id.tenant}, ${id.username}, ${id.key}, ${fingerprint}, ${token}::uuid, now() + ${CLAIM}, now() + ${KEPT})
    ON CONFLICT DO NOTHING`.execute(tx);
  if (Number(inserted.numAffectedRows) === 1) return { kind: 'claimed', token };
  const {
    rows: [row],
  } = await sql<KeyRow>`SELECT fingerprint, status, headers, body,
      claimed_until > now() AS live, expires_at > now() AS fresh
    FROM idempotency_key WHERE ${where(id)} FOR UPDATE`.execute(tx);
  if (row?.fresh) {
    if (row.fingerprint !== fingerprint) return { kind: 'reused' };
    if (row.status !== null)
      return { kind: 'replay', answer: { status: row.status, headers: row.headers ?? {}, body: row.body ?? '' } };
    if (row.live) return { kind: 'inProgress' };
  }
  // Expired, or a claim whose request never answered (its process died before committing).
  await sql`UPDATE idempotency_key SET fingerprint = ${fingerprint}, claim = ${token}::uuid, claimed_until = now() + ${CLAIM},
      status = NULL, headers = NULL, body = NULL, expires_at = now() + ${KEPT}
    WHERE ${where(id)}`.execute(tx);
  return { kind: 'claimed', token };
}

/** Stores the answer of the claim `token`; false when the claim was lost (taken over after its time ran out). */
export async function storeAnswer(tx: Tx, id: KeyId, token: string, answer: StoredAnswer): Promise<boolean> {
  const result =
    await sql`UPDATE idempotency_key SET status = ${answer.status}, headers = ${JSON.stringify(answer.headers)}::jsonb,
      body = ${answer.body}, claim = NULL, claimed_until = NULL
    WHERE ${where(id)} AND claim = ${token}::uuid`.execute(tx);
  return Number(result.numAffectedRows) === 1;
}

/** Drops the claim `token` of a request that did nothing (refused or failed), so that a corrected retry may use the key. */
export async function releaseClaim(tx: Tx, id: KeyId, token: string): Promise<void> {
  await sql`DELETE FROM idempotency_key WHERE ${where(id)} AND claim = ${token}::uuid AND status IS NULL`.execute(tx);
}
