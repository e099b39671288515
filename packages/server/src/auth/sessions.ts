import { registerCache } from '../db/caches.ts';
import { sql } from 'kysely';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { entityByName } from '@lbo/model/entity-registry';
import { inTenant, PREPARED, readInTenant, type Db, type Tx } from '../db/database.ts';
import { authFeed, onAuthChange } from '../db/change-feed.ts';
import { toDocument, type Doc, type Row } from '../entities/storage.ts';
import { adminLevel, defaultProfilesPermissions, permissionsOf } from './permissions.ts';

/**
 * Sessions are rows of the tenant's `session` table; a bearer token is a short-lived signed
 * reference to one (its `jti`). Every request checks the row, so logging out, locking or deleting
 * a user ends its sessions at once on every server process; the signing secret is in the database
 * for the same reason. Tokens live `TOKEN_TTL_SECONDS` and are renewed on use (a fresh token in
 * the answer's `authorization` header) until the session's absolute end, `SESSION_HOURS` after
 * sign-in.
 * What a session check reads is kept in memory per session while the change feed is live
 * (db/change-feed.ts): any write to sessions, users or profile permissions, in any process,
 * drops it, so the rule above holds without a database round trip on most requests.
 */
export const SESSION_HOURS = Number(process.env.SESSION_HOURS ?? 12);
export const TOKEN_TTL_SECONDS = Number(process.env.TOKEN_TTL_SECONDS ?? 1800);
/** A pending multi-factor sign-in must be completed within this time. */
export const TOTP_PENDING_SECONDS = 300;

/** One of the contexts a user may work in (`user.contexts`); the first is the default. */
export interface UserContext {
  index: number;
  name: string;
  /** Profiles in force in this context; the user's profiles when absent. */
  profiles?: string[];
  partnerRegistration?: string;
  orgaRegistration?: string;
}

/** The signed-in user of a request. */
export interface SessionCaller {
  /** The tenant the request acts in: the user's own, or the one a super admin impersonates. */
  tenant: string;
  /** The tenant the user belongs to. */
  homeTenant: string;
  username: string;
  sessionId: string;
  /** Unix seconds at which the presented token expires. */
  tokenExpiresAt: number;
  /** Unix seconds at which the session ends. */
  sessionExpiresAt: number;
  isAdmin: boolean;
  isMainAdmin: boolean;
  isSuperAdmin: boolean;
  /** 0 none, 1 admin, 2 main admin, 3 super admin. */
  adminLevel: number;
  profiles: string[];
  permissions: Set<string>;
  impersonatingTenant?: string;
  contexts: UserContext[];
  context: UserContext;
  /** The user's document, in its home tenant. */
  user: Doc;
}

export type AuthFailure = 'UNAUTHENTICATED' | 'SESSION_EXPIRED';

const userEntity = entityByName('User')!;

/** A user's contexts: declared in `user.contexts` ({name, profiles, partnerRegistration, orgaRegistration}), else one named after the tenant. */
export function contextsOf(user: Doc, tenant: string): UserContext[] {
  const declared = Array.isArray(user.contexts)
    ? (user.contexts as Doc[]).filter((c) => c && typeof c.name === 'string')
    : [];
  if (!declared.length) return [{ index: 0, name: tenant }];
  return declared.map((c, index) => ({
    index,
    name: c.name as string,
    ...(Array.isArray(c.profiles)
      ? { profiles: (c.profiles as unknown[]).filter((p): p is string => typeof p === 'string') }
      : {}),
    ...(typeof c.partnerRegistration === 'string' ? { partnerRegistration: c.partnerRegistration } : {}),
    ...(typeof c.orgaRegistration === 'string' ? { orgaRegistration: c.orgaRegistration } : {}),
  }));
}

/** Header values must be ASCII: JSON with every other character escaped. */
export const asciiJson = (value: unknown) =>
  JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** How long a document's content link stays open. */
export const DOCUMENT_TOKEN_SECONDS = 300;

export async function createSessionService(db: Db) {
  const { rows } = await sql<{ value: string }>`SELECT value FROM installation WHERE key = 'token-secret'`.execute(db);
  // Imported once: given raw bytes, jose would import the key again on every signature check.
  const secret = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(rows[0].value),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const now = () => Math.floor(Date.now() / 1000);

  const sign = (claims: Record<string, unknown>, subject: string, jti: string, expiresAt: number) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(subject)
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(secret);

  type Claims = { username: string; sessionId: string; tenant: string; exp: number };
  // Tokens whose signature was checked, by their exact text: a client sends the same token with
  // every request, and the check (on the crypto thread pool) was a tenth of a key lookup's time.
  const verifiedTokens = new Map<string, Claims & { typ: unknown }>();
  const MAX_VERIFIED_TOKENS = 10_000;

  /** The claims of a token of `typ`, or the reason it is refused. */
  async function claimsOf(token: string, typ: string): Promise<Claims | 'UNAUTHENTICATED' | 'SESSION_EXPIRED'> {
    let verified = verifiedTokens.get(token);
    if (!verified) {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
        if (!payload.sub || !payload.jti || typeof payload.tenant !== 'string' || typeof payload.exp !== 'number')
          return 'UNAUTHENTICATED';
        verified = {
          typ: payload.typ,
          username: payload.sub,
          sessionId: payload.jti,
          tenant: payload.tenant,
          exp: payload.exp,
        };
      } catch (error) {
        return error instanceof joseErrors.JWTExpired ? 'SESSION_EXPIRED' : 'UNAUTHENTICATED';
      }
      if (verifiedTokens.size >= MAX_VERIFIED_TOKENS) verifiedTokens.clear();
      verifiedTokens.set(token, verified);
    }
    // As jose decides expiry: expired once `exp` is not after now.
    if (verified.exp <= now()) return 'SESSION_EXPIRED';
    return verified.typ === typ ? verified : 'UNAUTHENTICATED';
  }

  /** `user` is absent when the user was deleted or is locked. */
  type Loaded = {
    session: { impersonating: string | null; expires: number };
    user?: Doc;
    profilesPermissions: Record<string, string[]>;
  };
  const loadedSessions = new Map<string, Loaded>();
  const MAX_CACHED_SESSIONS = 10_000;
  onAuthChange(db, () => loadedSessions.clear());
  const sessionCache = registerCache(db, {
    name: 'sessions',
    description: 'Signed-in sessions with their user and permissions; emptied whenever any of them changes',
    size: () => loadedSessions.size,
    clear: () => loadedSessions.clear(),
  });

  /** The session (live or not), its user and the tenant's permissions, or why it is refused. */
  async function loadSession(home: string, sessionId: string, username: string): Promise<Loaded | AuthFailure> {
    const key = `${home}\n${sessionId}\n${username}`;
    const feed = authFeed(db);
    const cached = feed.live ? loadedSessions.get(key) : undefined;
    if (cached) {
      sessionCache.hit();
      return cached;
    }
    sessionCache.miss();
    const generation = feed.generation;
    // One statement: the session, its user and the tenant's profiles → permissions map.
    const loaded = await readInTenant(db, { tenant: home, user: username }, async (tx) => {
      const {
        rows: [found],
      } = await sql<
        Row & {
          revoked: boolean;
          impersonating: string | null;
          expires: number;
          profiles_permissions: Record<string, string[]> | null;
        }
      >`${sql.raw(PREPARED)} SELECT
          s.revoked_at IS NOT NULL AS revoked, s.impersonating, floor(extract(epoch FROM s.expires_at))::float8 AS expires,
          u._id, u.registration, u.status, u.name, u.type, u.data, u._insert_date, u._insert_user, u._update_date, u._update_user, u._version,
          (SELECT value FROM tenant_configuration c WHERE c.tenant = s.tenant AND c.name = 'profilesPermissions') AS profiles_permissions
        FROM session s LEFT JOIN ${sql.table(userEntity.table)} u ON u.tenant = s.tenant AND u.registration = s.username
        WHERE s.tenant = ${home} AND s._id = ${sessionId}::uuid AND s.username = ${username} AND s.kind = 'session'`.execute(
        tx,
      );
      if (!found || found.revoked) return 'UNAUTHENTICATED' as const;
      const usable = found._id && found.data.isLocked !== true;
      return {
        session: { impersonating: found.impersonating, expires: found.expires },
        user: usable ? toDocument(found) : undefined,
        profilesPermissions: found.profiles_permissions ?? defaultProfilesPermissions,
      };
    });
    if (typeof loaded !== 'string' && feed.live && feed.generation === generation) {
      if (loadedSessions.size >= MAX_CACHED_SESSIONS) loadedSessions.clear();
      loadedSessions.set(key, loaded);
    }
    return loaded;
  }

  async function open(tx: Tx, tenant: string, username: string, kind: 'session' | 'totp', address?: string) {
    const seconds = kind === 'session' ? SESSION_HOURS * 3600 : TOTP_PENDING_SECONDS;
    const {
      rows: [session],
    } = await sql<{ _id: string; expires: number }>`INSERT INTO session (tenant, username, expires_at, kind, address)
      VALUES (${tenant}, ${username}, now() + make_interval(secs => ${seconds}), ${kind}, ${address ?? null})
      RETURNING _id, floor(extract(epoch FROM expires_at))::float8 AS expires`.execute(tx);
    return session;
  }

  /** A fresh bearer token for the caller's session. */
  const tokenFor = (
    caller: Pick<SessionCaller, 'homeTenant' | 'username' | 'sessionId' | 'sessionExpiresAt'>,
  ): Promise<string> =>
    sign(
      { typ: 'access', tenant: caller.homeTenant },
      caller.username,
      caller.sessionId,
      Math.min(now() + TOKEN_TTL_SECONDS, caller.sessionExpiresAt),
    );

  /** The context index a context token selects, when it was issued for this session. */
  async function contextIndexOf(token: string, sessionId: string): Promise<number | undefined> {
    const payload = await jwtVerify(token, secret, { algorithms: ['HS256'] }).then(
      (r) => r.payload,
      () => undefined,
    );
    return payload?.typ === 'context' && payload.jti === sessionId && Number.isInteger(payload.idx)
      ? (payload.idx as number)
      : undefined;
  }

  return {
    /** Opens a session in the caller's transaction and answers its bearer token. */
    async open(
      tx: Tx,
      tenant: string,
      username: string,
      address?: string,
    ): Promise<{ token: string; sessionId: string; sessionExpiresAt: number }> {
      await sql`DELETE FROM session WHERE tenant = ${tenant} AND username = ${username} AND expires_at < now() - interval '1 day'`.execute(
        tx,
      );
      const session = await open(tx, tenant, username, 'session', address);
      const token = await sign(
        { typ: 'access', tenant },
        username,
        session._id,
        Math.min(now() + TOKEN_TTL_SECONDS, session.expires),
      );
      return { token, sessionId: session._id, sessionExpiresAt: session.expires };
    },

    /** Opens the pending step of a multi-factor sign-in and answers its totp token. */
    async openPending(tx: Tx, tenant: string, username: string, address?: string): Promise<string> {
      const session = await open(tx, tenant, username, 'totp', address);
      return sign({ typ: 'totp', tenant }, username, session._id, session.expires);
    },

    /** The pending sign-in a totp token refers to, locked for the caller's transaction. */
    async pendingOf(token: string) {
      return claimsOf(token, 'totp');
    },

    /** Ends a pending sign-in (or any session) in the caller's transaction; false when it was not live. */
    async consume(tx: Tx, tenant: string, sessionId: string, kind: 'session' | 'totp'): Promise<boolean> {
      const { rows } = await sql<{
        _id: string;
      }>`UPDATE session SET revoked_at = now() WHERE tenant = ${tenant} AND _id = ${sessionId}::uuid
        AND kind = ${kind} AND revoked_at IS NULL AND expires_at > now() RETURNING _id`.execute(tx);
      return rows.length === 1;
    },

    /**
     * The caller a bearer token stands for, loaded fresh (user, profiles, permissions, context),
     * with a renewed token when less than half of its lifetime is left; or why it is refused.
     */
    async authenticate(
      token: string,
      contextToken?: string,
    ): Promise<{ caller: SessionCaller; renewed?: string } | { failure: AuthFailure }> {
      const claims = await claimsOf(token, 'access');
      if (typeof claims === 'string') return { failure: claims };
      const home = claims.tenant;
      const loaded = await loadSession(home, claims.sessionId, claims.username);
      if (typeof loaded === 'string') return { failure: loaded };
      if (loaded.session.expires <= Date.now() / 1000) return { failure: 'SESSION_EXPIRED' };
      const { session, user, profilesPermissions } = loaded;
      if (!user) return { failure: 'UNAUTHENTICATED' };
      const contexts = contextsOf(user, home);
      const index = contextToken ? await contextIndexOf(contextToken, claims.sessionId) : 0;
      const context = contexts[index ?? 0] ?? contexts[0];
      const profiles = context.profiles ?? (Array.isArray(user.profiles) ? (user.profiles as string[]) : []);
      const caller: SessionCaller = {
        tenant: session.impersonating ?? home,
        homeTenant: home,
        username: claims.username,
        sessionId: claims.sessionId,
        tokenExpiresAt: claims.exp,
        sessionExpiresAt: session.expires,
        isAdmin: user.isAdmin === true,
        isMainAdmin: user.isMainAdmin === true,
        isSuperAdmin: user.isSuperAdmin === true,
        adminLevel: adminLevel(user),
        profiles,
        permissions: permissionsOf(profiles, profilesPermissions),
        ...(session.impersonating ? { impersonatingTenant: session.impersonating } : {}),
        contexts,
        context,
        user,
      };
      const renew = claims.exp - now() < TOKEN_TTL_SECONDS / 2 && session.expires > claims.exp;
      return { caller, renewed: renew ? await tokenFor(caller) : undefined };
    },

    tokenFor,

    /** The `context-token` header value selecting context `index` in a session. */
    contextToken(sessionId: string, sessionExpiresAt: number, index: number): Promise<string> {
      return new SignJWT({ typ: 'context', idx: index })
        .setProtectedHeader({ alg: 'HS256' })
        .setJti(sessionId)
        .setExpirationTime(sessionExpiresAt)
        .sign(secret);
    },

    contextIndexOf,

    /**
     * A token that opens one document's content for `DOCUMENT_TOKEN_SECONDS`, without the
     * session's token: a link opened in a new window (`?contentDisposition=inline&token=`).
     */
    documentToken(tenant: string, username: string, documentId: string): Promise<string> {
      return sign({ typ: 'document', tenant }, username, documentId, now() + DOCUMENT_TOKEN_SECONDS);
    },

    /** Who a document token was given to, and for which document; undefined when it opens nothing. */
    async documentTokenClaims(
      token: string,
    ): Promise<{ tenant: string; username: string; documentId: string } | undefined> {
      const claims = await claimsOf(token, 'document');
      return typeof claims === 'string'
        ? undefined
        : { tenant: claims.tenant, username: claims.username, documentId: claims.sessionId };
    },

    /** Revokes one session at once, for every process. */
    async revoke(tenant: string, sessionId: string, user: string): Promise<void> {
      await inTenant(db, { tenant, user }, (tx) =>
        sql`UPDATE session SET revoked_at = now() WHERE tenant = ${tenant} AND _id = ${sessionId}::uuid`.execute(tx),
      );
    },

    /** Revokes every live session of a user, but `except`, in the caller's transaction. */
    async revokeUser(tx: Tx, tenant: string, username: string, except?: string): Promise<void> {
      await sql`UPDATE session SET revoked_at = now() WHERE tenant = ${tenant} AND username = ${username} AND revoked_at IS NULL
        AND (${except ?? null}::uuid IS NULL OR _id <> ${except ?? null}::uuid)`.execute(tx);
    },

    /** Starts or ends the impersonation of a tenant by a session, in its home tenant's transaction. */
    async setImpersonation(tx: Tx, tenant: string, sessionId: string, target: string | null): Promise<void> {
      await sql`UPDATE session SET impersonating = ${target} WHERE tenant = ${tenant} AND _id = ${sessionId}::uuid`.execute(
        tx,
      );
    },
  };
}

export type SessionService = Awaited<ReturnType<typeof createSessionService>>;
