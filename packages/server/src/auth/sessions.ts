import { sql } from 'kysely';
import { SignJWT, jwtVerify } from 'jose';
import { inTenant, type Db, type Tx } from '../db/database.ts';

/**
 * Sessions are rows in the tenant's `session` table, referenced by a signed token, so that
 * revoking one takes effect at once on every server process. The signing secret lives in
 * the database for the same reason.
 */
export interface SessionInfo {
  tenant: string;
  username: string;
  sessionId: string;
  isAdmin: boolean;
}

export const SESSION_HOURS = 12;

export async function createSessionService(db: Db) {
  const { rows } = await sql<{ value: string }>`SELECT value FROM installation WHERE key = 'token-secret'`.execute(db);
  const secret = new TextEncoder().encode(rows[0].value);

  return {
    /** Opens a session in the caller's transaction and answers its bearer token. */
    async open(tx: Tx, tenant: string, username: string, isAdmin: boolean): Promise<string> {
      const { rows: [session] } = await sql<{ _id: string }>`INSERT INTO session (tenant, username, expires_at)
        VALUES (${tenant}, ${username}, now() + make_interval(hours => ${SESSION_HOURS})) RETURNING _id`.execute(tx);
      return new SignJWT({ tenant, admin: isAdmin })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(username)
        .setJti(session._id)
        .setIssuedAt()
        .setExpirationTime(`${SESSION_HOURS}h`)
        .sign(secret);
    },

    /** The session of a token, or undefined when the token is forged, expired or revoked. */
    async verify(token: string): Promise<SessionInfo | undefined> {
      const payload = await jwtVerify(token, secret, { algorithms: ['HS256'] }).then((r) => r.payload, () => undefined);
      if (!payload?.sub || !payload.jti || typeof payload.tenant !== 'string') return undefined;
      const info = { tenant: payload.tenant, username: payload.sub, sessionId: payload.jti, isAdmin: payload.admin === true };
      const live = await inTenant(db, { tenant: info.tenant, user: info.username }, (tx) =>
        sql`SELECT 1 FROM session WHERE tenant = ${info.tenant} AND _id = ${info.sessionId}::uuid AND revoked_at IS NULL AND expires_at > now()`.execute(tx));
      return live.rows.length ? info : undefined;
    },

    async revoke(info: SessionInfo): Promise<void> {
      await inTenant(db, { tenant: info.tenant, user: info.username }, (tx) =>
        sql`UPDATE session SET revoked_at = now() WHERE tenant = ${info.tenant} AND _id = ${info.sessionId}::uuid`.execute(tx));
    },
  };
}

export type SessionService = Awaited<ReturnType<typeof createSessionService>>;
