import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { ApiError } from '@lbo/model/errors';
import { isEmail } from '@lbo/model/values/value-rules';
import { inTenant, type Db, type Tx } from '../db/database.ts';
import { findOne, insertRow, toDocument, type Doc } from '../entities/storage.ts';
import { scrubUrl } from '../http/logging.ts';
import { originOf, recordAccess, recordAudit, type AccessEvent } from '../auth/access-log.ts';
import { asciiJson, contextsOf, type SessionService } from '../auth/sessions.ts';
import { assertValidUsername, recordHistory, userEntity } from '../auth/users.operation.ts';

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

/**
 * Whether the provider vouches for the `email` it sends. OpenID Connect: `email_verified` true
 * (or "true", as some providers send it); false is never trusted; a provider that sends no such
 * claim is trusted only when its configuration says `trustEmailWithoutVerifiedClaim`. SAML has no
 * such claim: an assertion that passed the configured identity provider's signature check is
 * that provider's word on its user, unless it carries an `email_verified` attribute saying false.
 */
export function emailVerified(claims: IdentityClaims, trustWithoutClaim: boolean): boolean {
  const said = claimText(claims.email_verified);
  if (said === undefined || said === null) return trustWithoutClaim;
  return said === true || String(said).toLowerCase() === 'true';
}

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
 * refused (403) when unknown or locked, or when it names the user by an e-mail address the
 * provider has not verified (`emailIsVerified`); refused as the users API refuses it (400 INVALID_USERNAME)
 * when it is not a username of this tenant (another tenant's `admin@master`).
 */
export async function userOfIdentity(
  tx: Tx,
  tenant: string,
  providerLabel: string,
  claims: IdentityClaims,
  claim: string,
  rules: ProvisioningRules | undefined,
  emailIsVerified = true,
): Promise<Doc> {
  const value = claimText(claims[claim]);
  const username = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (!username) throw new ApiError('SSO_USER_REFUSED', [`(no ${claim})`, providerLabel]);
  // Whatever the claim, a value that is an e-mail address names a user only when verified.
  if (!emailIsVerified && (claim === 'email' || isEmail(username)))
    throw new ApiError('SSO_LOGIN_REFUSED', [providerLabel, 'the provider has not verified the e-mail address']);
  assertValidUsername(username, tenant);
  const row = await findOne(tx, userEntity, tenant, username, true);
  if (row) {
    if (row.data.isLocked === true) throw new ApiError('USER_LOCKED', [username]);
    return toDocument(row);
  }
  if (!rules?.enabled) throw new ApiError('SSO_USER_REFUSED', [username, providerLabel]);
  const fields = Object.fromEntries(
    Object.entries(rules.fields ?? {})
      .map(([field, from]) => [field, claimText(claims[from!])])
      // An e-mail the provider has not verified is not copied to the user.
      .filter(([field, v]) => typeof v === 'string' && v && (field !== 'email' || emailIsVerified)),
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
