import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { ApiError } from '@lbo/model/errors';
import { nonEmptyText, refusing } from '@lbo/model/schema/refusals';
import { entityByName } from '@lbo/model/entity-registry';
import { isValidUsername } from '@lbo/model/values/credentials';
import { inTenant, scopeOf, type Db, type Tx } from '../db/database.ts';
import { findOne, toDocument, type Doc } from '../entities/storage.ts';
import { checkPassword } from './passwords.ts';
import { asciiJson, contextsOf, type SessionService } from './sessions.ts';
import { originOf, recordAccess, type Origin } from './access-log.ts';
import { throttleAccount, throttleSignIn } from './throttle.ts';
import { checkTotp, codeOf, credentialOf } from './totp.ts';
import { countFailure, userEntity } from './users.operation.ts';
import { hostOverrides, hostSettingsOf } from '../http/host-settings.ts';
import { typed } from '../http/schemas.ts';

type PreHandler = (request: FastifyRequest) => Promise<void>;

/**
 * The tenants a sign-in may reach: the one the body names, else the host's `loginTenant`, else
 * every tenant holding the username (docs/decisions.md, "Sign-in of a username held by several tenants").
 */
async function candidateTenants(db: Db, username: string, wanted?: string): Promise<string[]> {
  const { rows } = await sql<{
    tenant: string;
  }>`SELECT login_tenants AS tenant FROM login_tenants(${username})`.execute(db);
  const tenants = rows.map((r) => r.tenant);
  return wanted ? tenants.filter((tenant) => tenant === wanted.toLowerCase()) : tenants;
}

/** A candidate tenant's stored password hash and whether the password matched it. */
interface CheckedPassword {
  tenant: string;
  hash: string | null;
  matches: boolean;
}

/**
 * The password checked against every candidate, whichever matches, so that the work depends on
 * how many tenants hold the username and never on which one the password opens.
 */
async function checkCandidates(
  db: Db,
  tenants: string[],
  username: string,
  password: string,
): Promise<CheckedPassword[]> {
  if (!tenants.length) {
    await checkPassword(undefined, password);
    return [];
  }
  return Promise.all(
    tenants.map(async (tenant) => {
      const credential = await inTenant(db, { tenant, user: username }, (tx) =>
        credentialOf(tx, tenant, username, false),
      );
      const hash = credential?.password_hash ?? null;
      return { tenant, hash, matches: await checkPassword(hash, password) };
    }),
  );
}

/**
 * Where a sign-in goes: the one tenant whose user the password opens; of several, the username's
 * `@tenant` suffix, else the caller must name the tenant; of none, the only candidate (so that
 * its failure is counted) or nowhere.
 */
function chosenTenant(checked: CheckedPassword[], username: string): CheckedPassword | 'ambiguous' | undefined {
  const matching = checked.filter((c) => c.matches);
  if (matching.length === 1) return matching[0];
  if (matching.length > 1)
    return matching.find((c) => c.tenant === username.slice(username.lastIndexOf('@') + 1)) ?? 'ambiguous';
  return checked.length === 1 ? checked[0] : undefined;
}

/** `{username, password, tenant?}`: the tenant names one of several holding the username. */
const loginBody = z.strictObject({
  username: nonEmptyText(200).describe("the user's name, an email or name@tenant"),
  password: nonEmptyText(1024),
  tenant: nonEmptyText(100).optional().describe('the tenant to sign in to, when several hold the username'),
});

/** `{tenant}`: the tenant a super admin of the master tenant acts in. */
const impersonationBody = z.strictObject({ tenant: nonEmptyText(100) });

/** `?contextIndex=n` or `?contextName=x`. */
const switchQuery = z.strictObject({
  contextIndex: z.string().max(10).optional().describe("the context's place in the user's contexts, from 0"),
  contextName: z.string().max(200).optional().describe("the context's name"),
});

/** `{totpToken, code}` (`token` is the older name of `totpToken`). */
const totpBody = z
  .strictObject({
    totpToken: nonEmptyText(2000).optional().describe('the token the password step answered'),
    token: nonEmptyText(2000).optional().describe('older name of totpToken'),
    code: z.unknown().describe('the 6-digit code of the authenticator app'),
  })
  .refine((body) => body.totpToken !== undefined || body.token !== undefined, {
    error: refusing('MISSING_FIELD_IN_BODY'),
    path: ['totpToken'],
  });

/**
 * Sign-in (spec 000 §4, §7): password, then a TOTP code when the user has activated it; logout;
 * context switch; impersonation of a tenant by a super admin of the master tenant.
 */
export async function loginRoutes(
  app: FastifyInstance,
  {
    db,
    sessions,
    preHandler,
    hostTenant: tenantOfHost,
    signInGuard,
  }: {
    db: Db;
    sessions: SessionService;
    preHandler: PreHandler;
    /** The tenant a module says the host belongs to (single sign-on hosts). */
    hostTenant: (db: Db, hostname: string) => Promise<string | undefined>;
    /** Refuses a sign-in into a tenant the modules say is closed to it (a suspended tenant); none by default. */
    signInGuard?: (db: Db, tenant: string) => Promise<void>;
  },
) {
  /** Last step of every successful sign-in: failures forgotten, last login stamped, session opened. */
  async function completeSignIn(tx: Tx, tenant: string, username: string, origin: Origin) {
    await sql`UPDATE user_credential SET failed_attempts = 0 WHERE tenant = ${tenant} AND username = ${username}`.execute(
      tx,
    );
    await sql`UPDATE "user" SET data = data || jsonb_build_object('lastLoginDate', ${new Date().toISOString()}::text)
      WHERE tenant = ${tenant} AND registration = ${username}`.execute(tx);
    const session = await sessions.open(tx, tenant, username, origin.address);
    await recordAccess(tx, tenant, 'LOGIN_SUCCESS', username, origin);
    const user = toDocument((await findOne(tx, userEntity, tenant, username))!);
    return { ...session, user };
  }

  async function answerSignIn(
    reply: FastifyReply,
    tenant: string,
    signedIn: { token: string; sessionId: string; sessionExpiresAt: number; user: Doc },
  ) {
    const contexts = contextsOf(signedIn.user, tenant);
    reply.header('authorization', `Bearer ${signedIn.token}`);
    reply.header('user-contexts', asciiJson(contexts.map((c) => c.name)));
    reply.header('context-token', await sessions.contextToken(signedIn.sessionId, signedIn.sessionExpiresAt, 0));
    return { ...signedIn.user, username: signedIn.user.registration, tenant };
  }

  const refused = (outcome: 'invalid' | 'locked' | 'expired' | 'wrong', username: string): never => {
    if (outcome === 'locked') throw new ApiError('USER_LOCKED', [username]);
    if (outcome === 'expired') throw new ApiError('SESSION_EXPIRED');
    if (outcome === 'wrong') throw new ApiError('INVALID_TOTP_CODE');
    throw new ApiError('INVALID_CREDENTIALS');
  };

  const overrides = hostOverrides();
  const api = typed(app);

  const signIn = { schema: { tags: ['Sign-in'], summary: 'Sign in with a password', body: loginBody } };
  api.post('/api/core/auth/login', signIn, async (request, reply) => {
    const { body } = request;
    const username = body.username.trim().toLowerCase();
    const { password } = body;
    // The host's tenant: HOSTS_JSON, else the tenant a module knows for it (whose single sign-on settings hold the host).
    const hostTenant: unknown =
      hostSettingsOf(request.hostname, overrides).loginTenant ?? (await tenantOfHost(db, request.hostname));
    const wanted = body.tenant ?? (typeof hostTenant === 'string' && hostTenant ? hostTenant : undefined);
    if (!isValidUsername(username)) throw new ApiError('INVALID_USERNAME', ['tenant']);
    await throttleSignIn(db, request, reply, username);
    const origin = originOf(request);
    const checked = await checkCandidates(db, await candidateTenants(db, username, wanted), username, password);
    const chosen = chosenTenant(checked, username);
    if (chosen === 'ambiguous') throw new ApiError('MISSING_FIELD_IN_BODY', ['tenant']);
    if (!chosen) {
      // Several tenants hold the username and the password opens none: recorded in each, but no
      // user is locked by failures that may have been meant for another tenant's user.
      for (const { tenant } of checked) {
        await inTenant(db, { tenant, user: username }, (tx) =>
          recordAccess(tx, tenant, 'LOGIN_FAILURE', username, origin, { tenants: checked.length }),
        );
      }
      throw new ApiError('INVALID_CREDENTIALS');
    }
    const { tenant } = chosen;
    // Only once the password matched: a guess learns nothing of the tenant's state.
    if (chosen.matches) await signInGuard?.(db, tenant);
    const outcome = await inTenant(db, { tenant, user: username }, async (tx) => {
      const credential = await credentialOf(tx, tenant, username);
      const row = await findOne(tx, userEntity, tenant, username, true);
      // Checked again only when the password changed since it was checked above.
      const ok =
        credential?.password_hash === chosen.hash
          ? chosen.matches
          : await checkPassword(credential?.password_hash, password);
      if (!row || !credential) return 'invalid' as const;
      if (!ok) {
        if (row.data.isLocked !== true) await countFailure(tx, { tenant, username }, username, origin, sessions);
        await recordAccess(tx, tenant, 'LOGIN_FAILURE', username, origin);
        return 'invalid' as const;
      }
      if (row.data.isLocked === true) {
        await recordAccess(tx, tenant, 'LOGIN_REFUSED_LOCKED', username, origin);
        return 'locked' as const;
      }
      if (row.data.hasActivatedMfa === true && credential.totp_secret) {
        await recordAccess(tx, tenant, 'LOGIN_MFA_PENDING', username, origin);
        return { totpToken: await sessions.openPending(tx, tenant, username, origin.address) };
      }
      return completeSignIn(tx, tenant, username, origin);
    });
    if (typeof outcome === 'string') return refused(outcome, username);
    if ('totpToken' in outcome) return { mfaRequired: true, username, totpToken: outcome.totpToken };
    return answerSignIn(reply, tenant, outcome);
  });

  /** Second step of a sign-in with TOTP: `{totpToken, code}`. Wrong codes count as failed sign-ins. */
  api.post(
    '/api/core/auth/login/totp',
    { schema: { tags: ['Sign-in'], summary: 'Second step of a sign-in: the TOTP code', body: totpBody } },
    async (request, reply) => {
      const { body } = request;
      const totpToken = (body.totpToken ?? body.token)!;
      const code = codeOf(body);
      await throttleSignIn(db, request, reply);
      const origin = originOf(request);
      const pending = await sessions.pendingOf(totpToken);
      if (typeof pending === 'string') throw new ApiError(pending);
      const { tenant, username, sessionId } = pending;
      await throttleAccount(db, reply, username);
      const outcome = await inTenant(db, { tenant, user: username }, async (tx) => {
        const {
          rows: [live],
        } = await sql<{
          live: number;
        }>`SELECT 1 AS live FROM session WHERE tenant = ${tenant} AND _id = ${sessionId}::uuid AND kind = 'totp'
        AND revoked_at IS NULL AND expires_at > now() FOR UPDATE`.execute(tx);
        const credential = await credentialOf(tx, tenant, username);
        const row = await findOne(tx, userEntity, tenant, username, true);
        if (!live || !row || !credential?.totp_secret) return 'expired' as const;
        if (row.data.isLocked === true) return 'locked' as const;
        const step = await checkTotp(
          credential.totp_secret,
          code,
          credential.totp_last_step === null ? null : Number(credential.totp_last_step),
        );
        if (step === undefined) {
          if (await countFailure(tx, { tenant, username }, username, origin, sessions))
            await sessions.consume(tx, tenant, sessionId, 'totp');
          await recordAccess(tx, tenant, 'MFA_FAILURE', username, origin);
          return 'wrong' as const;
        }
        await sessions.consume(tx, tenant, sessionId, 'totp');
        await sql`UPDATE user_credential SET totp_last_step = ${step} WHERE tenant = ${tenant} AND username = ${username}`.execute(
          tx,
        );
        return completeSignIn(tx, tenant, username, origin);
      });
      if (typeof outcome === 'string') return refused(outcome, username);
      return answerSignIn(reply, tenant, outcome);
    },
  );

  // Signed in before the request is validated: a stranger learns nothing of the body's rules.
  const signedIn = { preValidation: preHandler, config: { permission: null } };

  app.get('/api/core/auth/logout', signedIn, async (request, reply) => {
    const caller = request.caller!;
    await sessions.revoke(caller.homeTenant, caller.sessionId, caller.username);
    await inTenant(db, { tenant: caller.homeTenant, user: caller.username }, (tx) =>
      recordAccess(tx, caller.homeTenant, 'LOGOUT', caller.username, originOf(request)),
    );
    request.authorizationAnswer = '';
    reply.header('authorization', '');
    return { ok: true };
  });

  /** `?contextIndex=n` or `?contextName=x`: answers a `context-token` that selects that context on later calls. */
  api.get(
    '/api/core/user-switch-context',
    {
      ...signedIn,
      schema: { tags: ['Sign-in'], summary: 'Selects one of the user’s contexts', querystring: switchQuery },
    },
    async (request, reply) => {
      const caller = request.caller!;
      const { query } = request;
      let index: number;
      if (query.contextIndex !== undefined) {
        if (!/^\d{1,4}$/.test(query.contextIndex))
          throw new ApiError('INVALID_FIELD_IN_QUERY', ['contextIndex', 'not a context index']);
        index = Number(query.contextIndex);
      } else if (query.contextName !== undefined) {
        index = caller.contexts.findIndex((c) => c.name === query.contextName);
      } else {
        throw new ApiError('MISSING_MANDATORY_QUERY_FIELDS', ['contextIndex or contextName']);
      }
      const context = caller.contexts[index];
      if (!context)
        throw new ApiError('INVALID_FIELD_IN_QUERY', [
          query.contextIndex !== undefined ? 'contextIndex' : 'contextName',
          'no such context',
        ]);
      reply.header('user-contexts', asciiJson(caller.contexts.map((c) => c.name)));
      reply.header('context-token', await sessions.contextToken(caller.sessionId, caller.sessionExpiresAt, index));
      return { contextIndex: index, contextName: context.name, contexts: caller.contexts.map((c) => c.name) };
    },
  );

  /**
   * A super admin of the master tenant acts in another tenant: `POST {tenant}` starts, `DELETE`
   * ends. Recorded in AccessLog of both tenants; while it lasts every request is recorded in the
   * impersonated tenant's Audit with both identities.
   */
  api.post(
    '/api/core/auth/impersonate',
    {
      ...signedIn,
      schema: {
        tags: ['Sign-in'],
        summary: 'Act in another tenant (super admin of the master tenant)',
        body: impersonationBody,
      },
    },
    async (request) => {
      const caller = request.caller!;
      const target = request.body.tenant.trim().toLowerCase();
      const origin = originOf(request);
      if (caller.homeTenant !== 'master' || !caller.isSuperAdmin) {
        await inTenant(db, scopeOf(caller), (tx) =>
          recordAccess(tx, caller.tenant, 'PERMISSION_DENIED', caller.username, origin, {
            permission: 'impersonate',
            tenant: target,
          }),
        );
        throw new ApiError('FORBIDDEN', ['super admin of the master tenant']);
      }
      const tenantEntity = entityByName('Tenant')!;
      await inTenant(db, { tenant: caller.homeTenant, user: caller.username }, async (tx) => {
        if (target === 'master' || !(await findOne(tx, tenantEntity, caller.homeTenant, target)))
          throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', ['Tenant', target]);
        await sessions.setImpersonation(tx, caller.homeTenant, caller.sessionId, target);
        await recordAccess(tx, caller.homeTenant, 'IMPERSONATION_START', caller.username, origin, {
          impersonatingTenant: target,
        });
      });
      await inTenant(db, { tenant: target, user: caller.username }, (tx) =>
        recordAccess(tx, target, 'IMPERSONATION_START', caller.username, origin, {
          homeTenant: caller.homeTenant,
          impersonatedBy: `${caller.username} (${caller.homeTenant})`,
        }),
      );
      return { impersonatingTenant: target };
    },
  );

  app.delete('/api/core/auth/impersonate', signedIn, async (request) => {
    const caller = request.caller!;
    const target = caller.impersonatingTenant;
    if (!target) return { impersonatingTenant: null };
    const origin = originOf(request);
    await inTenant(db, { tenant: caller.homeTenant, user: caller.username }, async (tx) => {
      await sessions.setImpersonation(tx, caller.homeTenant, caller.sessionId, null);
      await recordAccess(tx, caller.homeTenant, 'IMPERSONATION_END', caller.username, origin, {
        impersonatingTenant: target,
      });
    });
    await inTenant(db, { tenant: target, user: caller.username }, (tx) =>
      recordAccess(tx, target, 'IMPERSONATION_END', caller.username, origin, { homeTenant: caller.homeTenant }),
    );
    return { impersonatingTenant: null };
  });
}
