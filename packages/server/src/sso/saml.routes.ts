import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { SAML, type Profile } from '@node-saml/node-saml';
import { jwtVerify, SignJWT } from 'jose';
import { ApiError } from '@lbo/model/errors';
import { nonEmptyText } from '@lbo/model/schema/refusals';
import { inTenant, type Db } from '../db/database.ts';
import type { SessionService } from '../auth/sessions.ts';
import { findProvider, type SamlProvider } from './sso-config.ts';
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
 * SAML 2.0 sign-in (spec 000 §4, §7) with @node-saml/node-saml: `GET /api/core/saml/{id}` gives the
 * identity provider's sign-in URL; the provider posts its answer to
 * `POST /api/core/saml/{id}/assert`, where node-saml checks the signature (assertion signed by one
 * of the configured certificates), the audience and the time window; the recipient and the
 * assertion's single use are checked here. The browser is then sent to the app with a one-time
 * token, which `POST /api/core/auth/token/login` exchanges for a session.
 */
export const ONE_TIME_TOKEN_SECONDS = 60;
/** An assertion's id is remembered at least this long (its own NotOnOrAfter when later). */
const ASSERTION_MEMORY_SECONDS = 3600;

const idParams = z.strictObject({ id: z.string().regex(/^[A-Za-z0-9][\w.-]{0,99}$/) });
const tokenBody = z.strictObject({ token: nonEmptyText(4000) });
const logoutBody = z.strictObject({ sessionIndex: nonEmptyText(500).optional(), nameId: nonEmptyText(500).optional() });
/** The HTTP-POST binding's form (SAML bindings §3.5.4): the response and the relay state, nothing else. */
const assertBody = z.strictObject({
  SAMLResponse: nonEmptyText(1_000_000),
  RelayState: z.string().max(2000).optional(),
});

const samlOf = (provider: SamlProvider) =>
  new SAML({
    entryPoint: provider.entryPoint,
    logoutUrl: provider.logoutUrl ?? provider.entryPoint,
    issuer: provider.issuer,
    audience: provider.issuer,
    callbackUrl: provider.callbackUrl,
    idpCert: provider.idpCert,
    ...(provider.idpIssuer ? { idpIssuer: provider.idpIssuer } : {}),
    ...(provider.privateKey ? { privateKey: provider.privateKey } : {}),
    ...(provider.decryptionPvk ? { decryptionPvk: provider.decryptionPvk } : {}),
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: provider.acceptedClockSkewMs ?? 0,
    validateInResponseTo: 'never' as never,
    disableRequestedAuthnContext: true,
  });

type Assertion = {
  $?: Record<string, string>;
  Subject?: Array<{ SubjectConfirmation?: Array<{ SubjectConfirmationData?: Array<{ $?: Record<string, string> }> }> }>;
  Conditions?: Array<{ $?: Record<string, string> }>;
};

/** The assertion's id, recipients and end of validity, from the checked assertion. */
function assertionFacts(profile: Profile) {
  const assertion = (profile.getAssertion?.() as { Assertion?: Assertion } | undefined)?.Assertion;
  const confirmations = assertion?.Subject?.[0]?.SubjectConfirmation ?? [];
  const recipients = confirmations
    .flatMap((c) => c.SubjectConfirmationData ?? [])
    .map((d) => d.$?.Recipient)
    .filter((r): r is string => !!r);
  const notOnOrAfter = assertion?.Conditions?.[0]?.$?.NotOnOrAfter;
  return { id: assertion?.$?.ID, recipients, notOnOrAfter: notOnOrAfter ? Date.parse(notOnOrAfter) : undefined };
}

export function samlRoutes(
  app: FastifyInstance,
  {
    db,
    sessions,
    preHandler,
    tokenSecret,
  }: {
    db: Db;
    sessions: SessionService;
    preHandler: (request: FastifyRequest) => Promise<void>;
    tokenSecret: Uint8Array;
  },
) {
  // The identity provider posts a form (HTTP-POST binding).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 2_000_000 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  const api = typed(app);
  api.get(
    '/api/core/saml/:id',
    { schema: { tags: ['Sign-in'], summary: "The identity provider's sign-in URL", params: idParams } },
    async (request) => {
      const { id } = request.params;
      const { provider } = await findProvider(db, 'saml', id);
      const loginUrl = await samlOf(provider).getAuthorizeUrlAsync(id, request.hostname, {});
      return { loginUrl };
    },
  );

  api.post(
    '/api/core/saml/:id/assert',
    {
      schema: {
        tags: ['Sign-in'],
        summary: "Assertion consumer service: the identity provider's answer (HTTP-POST)",
        params: idParams,
        body: assertBody,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { tenant, provider } = await findProvider(db, 'saml', id);
      const detail: Record<string, unknown> = { method: 'saml', provider: id };
      try {
        const { SAMLResponse } = request.body;
        let profile: Profile | null;
        try {
          ({ profile } = await samlOf(provider).validatePostResponseAsync({ SAMLResponse }));
        } catch (error) {
          throw new ApiError('SSO_LOGIN_REFUSED', [id, (error as Error).message.replace(/\s+/g, ' ').slice(0, 200)]);
        }
        if (!profile) throw new ApiError('SSO_LOGIN_REFUSED', [id, 'no assertion']);
        const facts = assertionFacts(profile);
        if (!facts.recipients.length || facts.recipients.some((r) => r !== provider.callbackUrl))
          throw new ApiError('SSO_LOGIN_REFUSED', [id, 'the assertion is meant for another recipient']);
        if (!facts.id) throw new ApiError('SSO_LOGIN_REFUSED', [id, 'the assertion has no id']);
        const remember = Math.max(ASSERTION_MEMORY_SECONDS, Math.ceil(((facts.notOnOrAfter ?? 0) - Date.now()) / 1000));
        const {
          rows: [once],
        } = await sql<{
          first: boolean;
        }>`SELECT sso_use_once(${`saml-assertion:${id}:${facts.id}`}, ${remember}) AS first`.execute(db);
        if (!once.first) throw new ApiError('SSO_LOGIN_REFUSED', [id, 'the assertion was already used']);
        const claims: Record<string, unknown> = {
          ...(profile.attributes as Record<string, unknown>),
          ...profile,
          nameID: profile.nameID,
        };
        detail.user = claims[provider.userAttribute ?? 'nameID'];
        const user = await inTenant(db, { tenant, user: `sso:${id}` }, async (tx) => {
          const found = await userOfIdentity(
            tx,
            tenant,
            id,
            claims,
            provider.userAttribute ?? 'nameID',
            provider.provisioning,
            // A signature-checked assertion of the configured identity provider vouches for its user.
            emailVerified(claims, true),
          );
          await recordSsoEvent(tx, tenant, request, 'SSO_TOKEN_ISSUED', String(found.registration), 303, {
            method: 'saml',
            provider: id,
          });
          return found;
        });
        const token = await new SignJWT({
          typ: 'sso',
          tenant,
          provider: id,
          sessionIndex: profile.sessionIndex,
          nameId: profile.nameID,
          nameIdFormat: profile.nameIDFormat,
        })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(String(user.registration))
          .setJti(crypto.randomUUID())
          .setIssuedAt()
          .setExpirationTime(`${ONE_TIME_TOKEN_SECONDS}s`)
          .sign(tokenSecret);
        const target = new URL(provider.appUrl);
        target.searchParams.set('saml', id);
        target.searchParams.set('token', token);
        if (profile.sessionIndex) target.searchParams.set('sessionIndex', profile.sessionIndex);
        target.searchParams.set('nameId', profile.nameID);
        return reply.redirect(target.href, 303);
      } catch (error) {
        const refusal = recordRefusal(db, tenant, request, error, detail);
        // A browser posting the provider's form is sent back to the sign-in page, which shows why.
        if (!String(request.headers.accept ?? '').includes('text/html') || !(error instanceof ApiError)) return refusal;
        await refusal.catch(() => undefined);
        const target = new URL(provider.appUrl);
        target.searchParams.set('saml', id);
        target.searchParams.set('error', error.message);
        return reply.redirect(target.href, 303);
      }
    },
  );

  api.post(
    '/api/core/auth/token/login',
    { schema: { tags: ['Sign-in'], summary: 'Exchange a one-time sign-in token for a session', body: tokenBody } },
    async (request, reply) => {
      const { token } = request.body;
      const payload = await jwtVerify(token, tokenSecret, { algorithms: ['HS256'] }).then(
        (r) => r.payload,
        () => undefined,
      );
      if (!payload || payload.typ !== 'sso' || typeof payload.tenant !== 'string' || !payload.sub || !payload.jti)
        throw new ApiError('UNAUTHENTICATED');
      const tenant = payload.tenant;
      const provider = String(payload.provider);
      const {
        rows: [once],
      } = await sql<{
        first: boolean;
      }>`SELECT sso_use_once(${`sso-token:${payload.jti}`}, ${ONE_TIME_TOKEN_SECONDS * 2}) AS first`.execute(db);
      try {
        if (!once.first) throw new ApiError('SSO_LOGIN_REFUSED', [provider, 'the sign-in token was already used']);
        const { user, session } = await inTenant(db, { tenant, user: payload.sub }, async (tx) => {
          const found = await userOfIdentity(tx, tenant, provider, { username: payload.sub }, 'username', undefined);
          const opened = await openSsoSession(tx, sessions, tenant, found, request, {
            provider,
            sessionIndex: typeof payload.sessionIndex === 'string' ? payload.sessionIndex : undefined,
            nameId: typeof payload.nameId === 'string' ? payload.nameId : undefined,
          });
          await recordSsoEvent(tx, tenant, request, 'LOGIN_SUCCESS', String(found.registration), 200, {
            method: 'saml',
            provider,
          });
          return { user: found, session: opened };
        });
        return answerSsoSignIn(reply, sessions, tenant, user, session);
      } catch (error) {
        return recordRefusal(db, tenant, request, error, {
          method: 'saml',
          provider,
          user: payload.sub,
          step: 'token',
        });
      }
    },
  );

  /** `{sessionIndex, nameId}` of the signed-in session: the identity provider's logout URL; the app's session ends. */
  api.post(
    '/api/core/saml/:id/logout',
    {
      preValidation: preHandler,
      config: { permission: null },
      schema: {
        tags: ['Sign-in'],
        summary: "The identity provider's logout URL",
        params: idParams,
        body: logoutBody.optional(),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const caller = request.caller!;
      const body = request.body ?? {};
      const { provider } = await findProvider(db, 'saml', id);
      const {
        rows: [row],
      } = await inTenant(db, { tenant: caller.homeTenant, user: caller.username }, (tx) =>
        sql<{ sso_provider: string | null; sso_session_index: string | null; sso_name_id: string | null }>`
      SELECT sso_provider, sso_session_index, sso_name_id FROM session WHERE tenant = ${caller.homeTenant} AND _id = ${caller.sessionId}::uuid`.execute(
          tx,
        ),
      );
      if (row?.sso_provider !== id)
        throw new ApiError('INVALID_FIELD_IN_PATH', ['id (this session was not opened by this provider)']);
      const nameID = body.nameId ?? row.sso_name_id ?? caller.username;
      const sessionIndex = body.sessionIndex ?? row.sso_session_index ?? undefined;
      if (
        (body.nameId && body.nameId !== row.sso_name_id) ||
        (body.sessionIndex && body.sessionIndex !== row.sso_session_index)
      ) {
        throw new ApiError('INVALID_FIELD_IN_BODY', [
          body.nameId && body.nameId !== row.sso_name_id ? 'nameId' : 'sessionIndex',
        ]);
      }
      const logoutUrl = await samlOf(provider).getLogoutUrlAsync(
        {
          issuer: provider.idpIssuer ?? provider.issuer,
          nameID,
          nameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
          sessionIndex,
        } as Profile,
        '',
        {},
      );
      await sessions.revoke(caller.homeTenant, caller.sessionId, caller.username);
      await inTenant(db, { tenant: caller.homeTenant, user: caller.username }, (tx) =>
        recordSsoEvent(tx, caller.homeTenant, request, 'SSO_LOGOUT', caller.username, 200, {
          method: 'saml',
          provider: id,
        }),
      );
      request.authorizationAnswer = '';
      reply.header('authorization', '');
      return { logoutUrl };
    },
  );
}
