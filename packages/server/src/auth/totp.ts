import type { FastifyInstance, FastifyRequest } from 'fastify';
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

type PreHandler = (request: FastifyRequest) => Promise<void>;

/**
 * Enrolment of the signed-in user: `POST /api/core/auth/totp/enrol` answers a new secret and its
 * otpauth URI (for an authenticator app); `POST /api/core/auth/totp/activate` with a code from
 * the app turns the second factor on (`hasActivatedMfa`). From then on sign-in asks for a code.
 */
export async function totpRoutes(app: FastifyInstance, { db, preHandler }: { db: Db; preHandler: PreHandler }) {
  const signedIn = { preHandler, config: { permission: null } };

  app.post('/api/core/auth/totp/enrol', signedIn, async (request) => {
    const caller = request.caller!;
    if (caller.impersonatingTenant) throw new ApiError('FORBIDDEN', ['own account']);
    const secret = generateSecret();
    await inTenant(db, scopeOf(caller), async (tx) => {
      await sql`INSERT INTO user_credential (tenant, username, totp_pending_secret) VALUES (${caller.tenant}, ${caller.username}, ${secret})
        ON CONFLICT (tenant, username) DO UPDATE SET totp_pending_secret = excluded.totp_pending_secret`.execute(tx);
    });
    return { secret, otpauthUri: generateURI({ issuer: TOTP_ISSUER, label: caller.username, secret }) };
  });

  app.post('/api/core/auth/totp/activate', signedIn, async (request) => {
    const caller = request.caller!;
    const code = codeOf(request.body);
    return inTenant(db, scopeOf(caller), async (tx) => {
      const credential = await credentialOf(tx, caller.tenant, caller.username);
      if (!credential?.totp_pending_secret)
        throw new ApiError('MISSING_CONFIG', ['TOTP enrolment (POST /api/core/auth/totp/enrol first)']);
      const step = await checkTotp(credential.totp_pending_secret, code, null);
      if (step === undefined) throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(code), 'code']);
      await sql`UPDATE user_credential SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_last_step = ${step}
        WHERE tenant = ${caller.tenant} AND username = ${caller.username}`.execute(tx);
      await recordAccess(tx, caller.tenant, 'MFA_ENABLED', caller.username, originOf(request));
      return setUserFlags(tx, caller, caller.username, { hasActivatedMfa: true }, 'MFA_ENABLED');
    });
  });
}
