import { sql } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import { ApiError } from '@lbo/model/errors';
import { isObject } from '@lbo/model/values/validate';
import { inTenant, scopeOf, type Db, type Tx } from '../db/database.ts';
import { originOf, recordAccess } from './access-log.ts';
import { setUserFlags } from './users.operation.ts';

/**
 * Time-based one-time codes (RFC 6238, otplib): 6 digits every 30 s, one step of clock drift
 * either way, and a code's time step is never accepted twice (replay protection).
 */
export const TOTP_ISSUER = 'Leasing back office';

/** The time step a code matches, or undefined when it matches none after `lastStep`. */
export async function checkTotp(secret: string, code: string, lastStep: number | null): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: 30,
      ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  } catch {
    return undefined;
  }
}

/** The `code` of a body: six digits as a string (a number is accepted too). */
export function codeOf(body: unknown): string {
  if (!isObject(body) || Object.keys(body).length === 0) throw new ApiError('MISSING_BODY_PAYLOAD');
  const code = typeof body.code === 'number' ? String(body.code).padStart(6, '0') : body.code;
  if (code === undefined) throw new ApiError('MISSING_FIELD_IN_BODY', ['code']);
  if (typeof code !== 'string' || !code.trim()) throw new ApiError('INVALID_NON_EMPTY_STRING_FIELD', ['code']);
  return code.trim();
}

export interface Credential {
  password_hash: string | null;
  failed_attempts: number;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: string | null;
}

export async function credentialOf(
  tx: Tx,
  tenant: string,
  username: string,
  forUpdate = true,
): Promise<Credential | undefined> {
  const lock = forUpdate ? sql`FOR UPDATE` : sql``;
  const { rows } =
    await sql<Credential>`SELECT password_hash, failed_attempts, totp_secret, totp_pending_secret, totp_last_step
    FROM user_credential WHERE tenant = ${tenant} AND username = ${username} ${lock}`.execute(tx);
  return rows[0];
}
