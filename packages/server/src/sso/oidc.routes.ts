import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import * as client from 'openid-client';
import { ApiError } from '@lbo/model/errors';
import { nonEmptyText } from '@lbo/model/schema/refusals';
import { inTenant, type Db } from '../db/database.ts';
import { SESSION_HOURS, type SessionService } from '../auth/sessions.ts';
import { findProvider, type OidcProvider } from './sso-config.ts';
import { typed } from '../http/schemas.ts';
import {
  answerSsoSignIn,
  emailVerified,
  openSsoSession,
  recordRefusal,
  recordSsoEvent,
  userOfIdentity,
} from './sso-sign-in.ts';

/**
 * OpenID Connect sign-in (spec 000 §4, §7) with openid-client: authorization code with PKCE.
 * `GET /api/core/oidc/{oidcId}` gives the browser the provider's authorization URL with a fresh
 * state, nonce and code verifier; the state is signed by the server and binds the nonce and the
 * verifier, so that the login call can check them without keeping anything between the two calls,
 * and it is accepted once. The ID token's signature, issuer, audience, expiry and nonce are checked
 * by openid-client (non-repudiation checks on: the signature is verified against the provider's keys).
 */
export const STATE_SECONDS = 600;
/** Spec 000 §9: the web client calls keep-alive at most once per 5,000 ms; the server holds to the same. */
export const KEEP_ALIVE_THROTTLE_MS = 5000;

const loginBody = z.strictObject({
  accessToken: nonEmptyText(8000).optional().describe('an access token of the provider, instead of a code'),
  code: nonEmptyText(2000).optional(),
  state: nonEmptyText(2000).optional(),
  nonce: nonEmptyText(500).optional(),
  codeVerifier: nonEmptyText(500).optional(),
  iss: nonEmptyText(2000).optional().describe('the issuer named in the authorization answer (RFC 9207)'),
});
const accessTokenBody = z.strictObject({ grantType: z.enum(['refresh_token']).optional() });
const providerId = z.string().regex(/^[A-Za-z0-9][\w.-]{0,99}$/);
const oidcIdParams = z.strictObject({ oidcId: providerId });
const idParams = z.strictObject({ id: providerId });

/** Loopback issuers may speak plain HTTP (a provider on the same machine); every other one HTTPS. */
const isLoopback = (issuer: string) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(issuer).hostname);

const configurations = new Map<string, Promise<client.Configuration>>();

/** The provider's discovered configuration, kept per provider settings (a cache: any process rebuilds it). */
function configurationOf(provider: OidcProvider): Promise<client.Configuration> {
  const key = JSON.stringify([provider.issuer, provider.clientId, provider.clientSecret, provider.clockTolerance]);
  let found = configurations.get(key);
  if (!found) {
    const auth = provider.clientSecret ? client.ClientSecretBasic(provider.clientSecret) : client.None();
    const execute = [
      client.enableNonRepudiationChecks,
      ...(isLoopback(provider.issuer) ? [client.allowInsecureRequests] : []),
    ];
    found = client.discovery(
      new URL(provider.issuer),
      provider.clientId,
      { [client.clockTolerance]: provider.clockTolerance ?? 30 },
      auth,
      { execute, timeout: 10 },
    );
    found.catch(() => configurations.delete(key));
    configurations.set(key, found);
  }
  return found;
}

const providerDown = (provider: OidcProvider, error: unknown) =>
  new ApiError('EXTERNAL_SERVICE_UNAVAILABLE', [
    `OIDC ${provider.oidcId}`,
    error instanceof Error ? error.message.slice(0, 200) : 'unreachable',
  ]);

async function reachable(provider: OidcProvider) {
  try {
    return await configurationOf(provider);
  } catch (error) {
    throw providerDown(provider, error);
  }
}

/** openid-client's refusals (a bad token, a refused grant) are the provider refusing the sign-in; a network failure is the provider being down. */
function refusalOf(provider: OidcProvider, error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof client.ResponseBodyError)
    return new ApiError('SSO_LOGIN_REFUSED', [provider.oidcId, error.error_description ?? error.error]);
  if (error instanceof client.AuthorizationResponseError)
    return new ApiError('SSO_LOGIN_REFUSED', [provider.oidcId, error.error_description ?? error.error]);
  const message = error instanceof Error ? error.message : String(error);
  if (
    error instanceof TypeError &&
    /fetch failed|ECONNREFUSED/i.test(`${message} ${String((error as { cause?: unknown }).cause)}`)
  )
    return providerDown(provider, error);
  // openid-client names the failed check in its cause (`unexpected JWT "aud" (audience) claim value`).
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : message;
  return new ApiError('SSO_LOGIN_REFUSED', [provider.oidcId, cause.replace(/\s+/g, ' ').slice(0, 200)]);
}

export function oidcRoutes(
  app: FastifyInstance,
  {
    db,
    sessions,
    preHandler,
    stateSecret,
  }: { db: Db; sessions: SessionService; preHandler: (request: FastifyRequest) => Promise<void>; stateSecret: string },
) {
  const mac = (...parts: string[]) =>
    crypto.createHmac('sha256', stateSecret).update(parts.join('\n')).digest('base64url');
  /** `random.expiry.mac`: the MAC covers the provider, the expiry, the nonce and the verifier. */
  const signState = (oidcId: string, nonce: string, verifier: string) => {
    const random = crypto.randomBytes(16).toString('base64url');
    const expires = String(Math.floor(Date.now() / 1000) + STATE_SECONDS);
    return `${random}.${expires}.${mac('oidc-state', oidcId, random, expires, nonce, verifier)}`;
  };
  const stateHolds = (oidcId: string, state: string, nonce: string, verifier: string) => {
    const [random, expires, signature, extra] = state.split('.');
    if (extra !== undefined || !random || !/^\d{1,12}$/.test(expires ?? '') || !signature) return false;
    const expected = Buffer.from(mac('oidc-state', oidcId, random, expires, nonce, verifier));
    const given = Buffer.from(signature);
    return (
      given.length === expected.length && crypto.timingSafeEqual(given, expected) && Number(expires) > Date.now() / 1000
    );
  };

  const api = typed(app);
  api.get(
    '/api/core/oidc/:oidcId',
    {
      schema: {
        tags: ['Sign-in'],
        summary: "A provider's public configuration, with a fresh state, nonce and PKCE verifier",
        params: oidcIdParams,
      },
    },
    async (request) => {
      const { oidcId } = request.params;
      const { provider } = await findProvider(db, 'oidc', oidcId);
      const config = await reachable(provider);
      const metadata = config.serverMetadata();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      const codeChallenge = await client.calculatePKCECodeChallenge(codeVerifier);
      const state = signState(oidcId, nonce, codeVerifier);
      const scope = provider.scope ?? 'openid email profile';
      const parameters: Record<string, string> = {
        redirect_uri: provider.redirectUri,
        response_type: 'code',
        scope,
        state,
        nonce,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        ...(provider.responseMode ? { response_mode: provider.responseMode } : {}),
        ...(provider.acrValues ? { acr_values: provider.acrValues } : {}),
        ...(provider.connection ? { connection: provider.connection } : {}),
      };
      const logoutUrl = metadata.end_session_endpoint
        ? client.buildEndSessionUrl(config, {
            client_id: provider.clientId,
            ...(provider.postLogoutRedirectUri ? { post_logout_redirect_uri: provider.postLogoutRedirectUri } : {}),
          }).href
        : undefined;
      return {
        oidcId,
        label: provider.label,
        authorizationUrl: client.buildAuthorizationUrl(config, parameters).href,
        logoutUrl,
        scope,
        state,
        nonce,
        clientId: provider.clientId,
        connection: provider.connection,
        redirectUri: provider.redirectUri,
        responseMode: provider.responseMode ?? 'query',
        responseType: 'code',
        codeChallenge,
        codeChallengeMethod: 'S256',
        codeVerifier,
        acrValues: provider.acrValues,
        useKeepAlive: provider.useKeepAlive ?? false,
      };
    },
  );

  api.post(
    '/api/core/oidc/:id/login',
    {
      schema: {
        tags: ['Sign-in'],
        summary: "Sign in with a provider's authorization code (or access token)",
        params: idParams,
        body: loginBody,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { body } = request;
      const { tenant, provider } = await findProvider(db, 'oidc', id);
      const detail: Record<string, unknown> = { method: 'oidc', provider: id };
      try {
        const config = await reachable(provider);
        let claims: Record<string, unknown>;
        let tokens: (client.TokenEndpointResponse & client.TokenEndpointResponseHelpers) | undefined;
        if (body.code !== undefined) {
          for (const field of ['state', 'nonce', 'codeVerifier'] as const)
            if (!body[field]) throw new ApiError('MISSING_FIELD_IN_BODY', [field]);
          if (!stateHolds(id, body.state!, body.nonce!, body.codeVerifier!))
            throw new ApiError('SSO_LOGIN_REFUSED', [id, 'state is not the one issued']);
          const {
            rows: [once],
          } = await sql<{
            first: boolean;
          }>`SELECT sso_use_once(${`oidc-state:${body.state}`}, ${STATE_SECONDS}) AS first`.execute(db);
          if (!once.first) throw new ApiError('SSO_LOGIN_REFUSED', [id, 'state was already used']);
          const callback = new URL(provider.redirectUri);
          callback.searchParams.set('code', body.code);
          callback.searchParams.set('state', body.state!);
          // RFC 9207: the issuer the provider named; this provider's own when the client did not pass it on.
          if (config.serverMetadata().authorization_response_iss_parameter_supported)
            callback.searchParams.set('iss', body.iss ?? config.serverMetadata().issuer);
          tokens = await client.authorizationCodeGrant(config, callback, {
            pkceCodeVerifier: body.codeVerifier,
            expectedState: body.state,
            expectedNonce: body.nonce,
            idTokenExpected: true,
          });
          claims = { ...tokens.claims() };
          // Claims asked for by scope may come from the userinfo endpoint only (the ID token keeps the protocol's).
          if (claims[provider.userClaim ?? 'email'] === undefined || provider.provisioning?.enabled) {
            claims = { ...(await client.fetchUserInfo(config, tokens.access_token, String(claims.sub))), ...claims };
          }
        } else if (body.accessToken !== undefined) {
          // Only a live token issued to this application opens a session: another client's token is refused.
          if (!config.serverMetadata().introspection_endpoint)
            throw new ApiError('SSO_LOGIN_REFUSED', [id, 'the provider cannot check access tokens (no introspection)']);
          const introspected = await client.tokenIntrospection(config, body.accessToken);
          if (!introspected.active || introspected.client_id !== provider.clientId)
            throw new ApiError('SSO_LOGIN_REFUSED', [id, 'the access token is not a live token of this application']);
          claims = { ...(await client.fetchUserInfo(config, body.accessToken, client.skipSubjectCheck)) };
        } else {
          throw new ApiError('MISSING_FIELD_IN_BODY', ['code']);
        }
        detail.subject = claims.sub;
        detail.user = claims[provider.userClaim ?? 'email'];
        const now = Math.floor(Date.now() / 1000);
        const refreshExpiresIn =
          Number((tokens as { refresh_expires_in?: number } | undefined)?.refresh_expires_in) ||
          provider.refreshTokenExpiresIn ||
          SESSION_HOURS * 3600;
        const { user, session } = await inTenant(db, { tenant, user: `sso:${id}` }, async (tx) => {
          const found = await userOfIdentity(
            tx,
            tenant,
            id,
            claims,
            provider.userClaim ?? 'email',
            provider.provisioning,
            emailVerified(claims, provider.trustEmailWithoutVerifiedClaim === true),
          );
          const opened = await openSsoSession(tx, sessions, tenant, found, request, {
            provider: id,
            refreshToken: tokens?.refresh_token,
            ...(tokens?.refresh_token ? { refreshIat: now, refreshExpiresIn } : {}),
          });
          await recordSsoEvent(tx, tenant, request, 'LOGIN_SUCCESS', String(found.registration), 200, {
            method: 'oidc',
            provider: id,
            subject: claims.sub,
          });
          return { user: found, session: opened };
        });
        const answer = await answerSsoSignIn(reply, sessions, tenant, user, session);
        return {
          ...answer,
          idToken: tokens?.id_token,
          ...(tokens?.refresh_token ? { ssoRefreshTokenIat: now, ssoRefreshTokenExpiresIn: refreshExpiresIn } : {}),
        };
      } catch (error) {
        return recordRefusal(db, tenant, request, refusalOf(provider, error), detail);
      }
    },
  );

  const signedIn = { preValidation: preHandler, config: { permission: null } };

  /** The signed-in caller's session as a provider opened it, or 403 when another way (or provider) opened it. */
  const providerSession = async (request: FastifyRequest, id: string) => {
    const caller = request.caller!;
    const {
      rows: [row],
    } = await inTenant(db, { tenant: caller.homeTenant, user: caller.username }, (tx) =>
      sql<{ sso_provider: string | null; sso_refresh_token: string | null; keep_alive_ms: number | null }>`
      SELECT sso_provider, sso_refresh_token, (extract(epoch FROM now() - sso_keep_alive_at) * 1000)::float8 AS keep_alive_ms
      FROM session WHERE tenant = ${caller.homeTenant} AND _id = ${caller.sessionId}::uuid`.execute(tx),
    );
    if (row?.sso_provider !== id)
      throw new ApiError('INVALID_FIELD_IN_PATH', ['id (this session was not opened by this provider)']);
    return row;
  };

  /** Keeps the session alive: a fresh bearer token, at most once per KEEP_ALIVE_THROTTLE_MS (the first call of a burst counts). */
  api.get(
    '/api/core/oidc/:id/keep-alive',
    {
      ...signedIn,
      schema: { tags: ['Sign-in'], summary: "Keep a provider's session alive (throttled)", params: idParams },
    },
    async (request) => {
      const { id } = request.params;
      const caller = request.caller!;
      const row = await providerSession(request, id);
      if (row.keep_alive_ms !== null && row.keep_alive_ms < KEEP_ALIVE_THROTTLE_MS) {
        return { throttled: true, retryInMs: Math.ceil(KEEP_ALIVE_THROTTLE_MS - row.keep_alive_ms) };
      }
      await inTenant(db, { tenant: caller.homeTenant, user: caller.username }, (tx) =>
        sql`UPDATE session SET sso_keep_alive_at = now() WHERE tenant = ${caller.homeTenant} AND _id = ${caller.sessionId}::uuid`.execute(
          tx,
        ),
      );
      request.authorizationAnswer = await sessions.tokenFor(caller);
      return { throttled: false };
    },
  );

  /** Renews the provider's refresh token (grantType refresh_token); the session lasts as long as it does. */
  api.post(
    '/api/core/oidc/:id/access-token',
    {
      ...signedIn,
      schema: {
        tags: ['Sign-in'],
        summary: "Renew the provider's refresh token",
        params: idParams,
        body: accessTokenBody.optional(),
      },
    },
    async (request) => {
      const { id } = request.params;
      const caller = request.caller!;
      const row = await providerSession(request, id);
      const { provider } = await findProvider(db, 'oidc', id);
      if (!row.sso_refresh_token) throw new ApiError('SSO_LOGIN_REFUSED', [id, 'the provider gave no refresh token']);
      let tokens: client.TokenEndpointResponse;
      try {
        tokens = await client.refreshTokenGrant(await reachable(provider), row.sso_refresh_token);
      } catch (error) {
        const refusal = refusalOf(provider, error);
        await inTenant(db, { tenant: caller.homeTenant, user: caller.username }, (tx) =>
          recordSsoEvent(tx, caller.homeTenant, request, 'SSO_LOGIN_FAILURE', caller.username, refusal.status, {
            method: 'oidc',
            provider: id,
            reason: refusal.code,
            step: 'refresh',
          }),
        );
        throw refusal;
      }
      const iat = Math.floor(Date.now() / 1000);
      const expiresIn =
        Number((tokens as { refresh_expires_in?: number }).refresh_expires_in) ||
        provider.refreshTokenExpiresIn ||
        SESSION_HOURS * 3600;
      await inTenant(db, { tenant: caller.homeTenant, user: caller.username }, async (tx) => {
        await sql`UPDATE session SET sso_refresh_token = ${tokens.refresh_token ?? row.sso_refresh_token}, sso_refresh_iat = ${iat}, sso_refresh_expires_in = ${expiresIn},
          expires_at = greatest(expires_at, to_timestamp(${iat + expiresIn}))
        WHERE tenant = ${caller.homeTenant} AND _id = ${caller.sessionId}::uuid`.execute(tx);
        await recordSsoEvent(tx, caller.homeTenant, request, 'SSO_TOKEN_RENEWED', caller.username, 200, {
          method: 'oidc',
          provider: id,
        });
      });
      return { ssoRefreshTokenIat: iat, ssoRefreshTokenExpiresIn: expiresIn, idToken: tokens.id_token };
    },
  );
}

/** What the user configuration shows of a provider's session (spec 000 §3: ssoRefreshTokenIat, ssoRefreshTokenExpiresIn). */
export async function providerSessionOf(db: Db, caller: { homeTenant: string; username: string; sessionId: string }) {
  const {
    rows: [row],
  } = await inTenant(db, { tenant: caller.homeTenant, user: caller.username }, (tx) =>
    sql<{ sso_provider: string | null; sso_refresh_iat: string | null; sso_refresh_expires_in: number | null }>`
    SELECT sso_provider, sso_refresh_iat, sso_refresh_expires_in FROM session WHERE tenant = ${caller.homeTenant} AND _id = ${caller.sessionId}::uuid`.execute(
      tx,
    ),
  );
  if (!row?.sso_provider) return {};
  return {
    ssoProvider: row.sso_provider,
    ...(row.sso_refresh_iat !== null
      ? { ssoRefreshTokenIat: Number(row.sso_refresh_iat), ssoRefreshTokenExpiresIn: row.sso_refresh_expires_in }
      : {}),
  };
}
