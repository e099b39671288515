import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { ApiError } from '@lbo/model/errors';
import { isValidUsername } from '@lbo/model/values/credentials';
import { inTenant, type Db, type Tx } from '../db/database.ts';
import { findOne, insertRow, toDocument, type Doc } from '../entities/storage.ts';
import { scrubUrl } from '../http/logging.ts';
import { originOf, recordAccess, recordAudit, type AccessEvent } from '../auth/access-log.ts';
import { asciiJson, contextsOf, type SessionService } from '../auth/sessions.ts';
import { recordHistory, userEntity } from '../auth/users.operation.ts';

/** What the provider said about the user: its claims (OIDC) or attributes (SAML). */
export type IdentityClaims = Record<string, unknown>;

export interface ProvisioningRules {
  enabled: boolean;
  groupsClaim?: string;
  profileMapping?: Record<string, string[]>;
  defaultProfiles?: string[];
  fields?: Partial<Record<'firstName' | 'lastName' | 'email' | 'locale' | 'timeZone', string>>;
}

/** What a provider's session keeps beside the app's session. */
export interface ProviderSession {
  provider: string;
  refreshToken?: string;
  refreshIat?: number;
  refreshExpiresIn?: number;
  sessionIndex?: string;
  nameId?: string;
}

const claimText = (value: unknown) => (Array.isArray(value) ? value[0] : value);

/** Profiles given by the groups a provider names, with the defaults. */
export function profilesFrom(claims: IdentityClaims, rules: ProvisioningRules): string[] {
  const raw = rules.groupsClaim ? claims[rules.groupsClaim] : undefined;
  const groups = (Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : []).map((g) =>
    String(g).trim(),
  );
  const mapped = groups.flatMap((group) => rules.profileMapping?.[group] ?? []);
  return [...new Set([...(rules.defaultProfiles ?? []), ...mapped])];
}

/**
 * The tenant's user a provider's identity names (`claim`), created when provisioning is on;
 * refused (403) when unknown, locked or not a valid username.
 */
export async function userOfIdentity(
  tx: Tx,
  tenant: string,
  providerLabel: string,
  claims: IdentityClaims,
  claim: string,
  rules: ProvisioningRules | undefined,
): Promise<Doc> {
  const value = claimText(claims[claim]);
  const username = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (!username || !isValidUsername(username))
    throw new ApiError('SSO_USER_REFUSED', [username || `(no ${claim})`, providerLabel]);
  const row = await findOne(tx, userEntity, tenant, username, true);
  if (row) {
    if (row.data.isLocked === true) throw new ApiError('USER_LOCKED', [username]);
    return toDocument(row);
  }
  if (!rules?.enabled) throw new ApiError('SSO_USER_REFUSED', [username, providerLabel]);
  const fields = Object.fromEntries(
    Object.entries(rules.fields ?? {})
      .map(([field, from]) => [field, claimText(claims[from!])])
      .filter(([, v]) => typeof v === 'string' && v),
  );
  const data = {
    ...fields,
    username,
    registration: username,
    profiles: profilesFrom(claims, rules),
    provisionedBy: providerLabel,
  };
  const doc = toDocument(await insertRow(tx, userEntity, tenant, `sso:${providerLabel}`, data));
  await recordHistory(tx, { tenant, username: `sso:${providerLabel}` }, userEntity, 'CREATE', undefined, doc);
  return doc;
}

/** Records a sign-in step in AccessLog and Audit, in the provider's tenant; never a token. */
export async function recordSsoEvent(
  tx: Tx,
  tenant: string,
  request: FastifyRequest,
  event: AccessEvent,
  user: string,
  statusCode: number,
  detail: Record<string, unknown>,
) {
  const origin = originOf(request);
  await recordAccess(tx, tenant, event, user, origin, detail);
  await recordAudit(tx, tenant, { user, method: request.method, url: scrubUrl(request.url), statusCode, origin });
}

/** Opens the app's session for a user signed in by a provider, in the caller's transaction. */
export async function openSsoSession(
  tx: Tx,
  sessions: SessionService,
  tenant: string,
  user: Doc,
  request: FastifyRequest,
  kept: ProviderSession,
) {
  const username = String(user.registration);
  await sql`UPDATE "user" SET data = data || jsonb_build_object('lastLoginDate', ${new Date().toISOString()}::text)
    WHERE tenant = ${tenant} AND registration = ${username}`.execute(tx);
  const session = await sessions.open(tx, tenant, username, request.ip);
  await sql`UPDATE session SET sso_provider = ${kept.provider}, sso_refresh_token = ${kept.refreshToken ?? null},
      sso_refresh_iat = ${kept.refreshIat ?? null}, sso_refresh_expires_in = ${kept.refreshExpiresIn ?? null},
      sso_session_index = ${kept.sessionIndex ?? null}, sso_name_id = ${kept.nameId ?? null}
    WHERE tenant = ${tenant} AND _id = ${session.sessionId}::uuid`.execute(tx);
  return session;
}

/** The answer of every sign-in: the bearer token, the user's contexts and the first context's token. */
export async function answerSsoSignIn(
  reply: FastifyReply,
  sessions: SessionService,
  tenant: string,
  user: Doc,
  session: { token: string; sessionId: string; sessionExpiresAt: number },
) {
  const contexts = contextsOf(user, tenant);
  reply.header('authorization', `Bearer ${session.token}`);
  reply.header('user-contexts', asciiJson(contexts.map((c) => c.name)));
  reply.header('context-token', await sessions.contextToken(session.sessionId, session.sessionExpiresAt, 0));
  return { ...user, username: user.registration, tenant };
}

/** A refused sign-in is recorded (its own transaction, so the refusal's rollback keeps it) and thrown again. */
export async function recordRefusal(
  db: Db,
  tenant: string,
  request: FastifyRequest,
  error: unknown,
  detail: Record<string, unknown>,
): Promise<never> {
  const status = error instanceof ApiError ? error.status : 500;
  const reason = error instanceof ApiError ? error.code : 'ERROR';
  await inTenant(db, { tenant, user: 'sso' }, (tx) =>
    recordSsoEvent(tx, tenant, request, 'SSO_LOGIN_FAILURE', String(detail.user ?? 'unknown'), status, {
      ...detail,
      reason,
    }),
  ).catch((e) => request.log.error({ err: e }, 'access log record failed'));
  throw error;
}
