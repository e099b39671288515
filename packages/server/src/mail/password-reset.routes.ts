/**
 * "Forgot password?" (docs/mail.md):
 *   POST /api/mail/password-reset          {username, tenant?}  always 202 `{requested: true}`, whether the
 *        user exists or not (no enumeration); throttled per address and per username like sign-ins.
 *        A user with an e-mail (its `email`, else its username when that is an address) is mailed a link.
 *   POST /api/mail/password-reset/confirm  {token, password}    sets the password and ends the user's sessions.
 * The token is stateless and single-use: `payload.signature`, the payload naming the tenant, the
 * user and the expiry, signed (HMAC-SHA-256) with the user's current password hash, which no one
 * outside the database knows. Setting a password changes the hash, so a used token (or any token
 * older than the last password change) no longer verifies; past its expiry it is refused too.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { ApiError } from '@lbo/model/errors';
import { nonEmptyText } from '@lbo/model/schema/refusals';
import { isValidUsername, passwordWeakness } from '@lbo/model/values/credentials';
import { inTenant, type Db } from '../db/database.ts';
import { findOne } from '../entities/storage.ts';
import { originOf, recordAccess } from '../auth/access-log.ts';
import { setPassword } from '../auth/passwords.ts';
import type { SessionService } from '../auth/sessions.ts';
import { throttleAccount, throttleSignIn } from '../auth/throttle.ts';
import { credentialOf } from '../auth/totp.ts';
import { userEntity } from '../auth/users.operation.ts';
import { typed } from '../http/schemas.ts';
import { addressList } from './mail-settings.ts';
import { queueMail } from './queue-mail.ts';

export const RESET_MINUTES = Number(process.env.PASSWORD_RESET_MINUTES ?? 60);

const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const signature = (hash: string, payload: string) =>
  crypto.createHmac('sha256', hash).update(payload).digest('base64url');

export function resetToken(tenant: string, username: string, passwordHash: string, now = Date.now()): string {
  const payload = b64(JSON.stringify({ t: tenant, u: username, e: Math.floor(now / 1000) + RESET_MINUTES * 60 }));
  return `${payload}.${signature(passwordHash, payload)}`;
}

function readToken(token: string): { tenant: string; username: string; expires: number; payload: string; sig: string } {
  const [payload, sig] = token.split('.');
  try {
    const { t, u, e } = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof t === 'string' && typeof u === 'string' && typeof e === 'number' && sig)
      return { tenant: t, username: u, expires: e, payload, sig };
  } catch {}
  throw new ApiError('INVALID_FIELD_VALUE', ['(a reset link that is not valid)', 'token']);
}

const requestBody = z.strictObject({
  username: nonEmptyText(200).describe('the username (often an e-mail address)'),
  tenant: nonEmptyText(100).optional(),
});
const confirmBody = z.strictObject({ token: nonEmptyText(2000), password: nonEmptyText(1024) });
const tags = ['Sign-in'];

export async function passwordResetRoutes(
  app: FastifyInstance,
  { db, sessions }: { db: Db; sessions: SessionService },
) {
  const api = typed(app);

  /** Mails a reset link to `username` in every tenant that holds it (or the one named) and where it has an address. */
  async function mailResetLinks(username: string, wanted: string | undefined, origin: string) {
    const { rows } = await sql<{
      tenant: string;
    }>`SELECT login_tenants AS tenant FROM login_tenants(${username})`.execute(db);
    for (const { tenant } of rows) {
      if (wanted && wanted.toLowerCase() !== tenant) continue;
      await inTenant(db, { tenant, user: 'system' }, async (tx) => {
        const user = await findOne(tx, userEntity, tenant, username);
        const credential = await credentialOf(tx, tenant, username);
        if (!user || !credential?.password_hash || user.data.isLocked === true) return;
        const to = addressList(user.data.email) ?? addressList(username);
        if (!to) return;
        const token = resetToken(tenant, username, credential.password_hash);
        const name = [user.data.firstName, user.data.lastName].filter(Boolean).join(' ') || username;
        await queueMail(
          tx,
          { tenant, username: 'system' },
          {
            to,
            template: 'password-reset',
            ...(typeof user.data.locale === 'string' && user.data.locale ? { locale: user.data.locale } : {}),
            variables: {
              name,
              username,
              minutes: RESET_MINUTES,
              link: `${origin}/reset-password?token=${encodeURIComponent(token)}`,
            },
            category: 'PASSWORD_RESET',
          },
        );
      });
    }
  }

  api.post(
    '/api/mail/password-reset',
    {
      schema: {
        tags,
        summary: 'Asks for a password reset link by mail; answers the same whether the user exists or not',
        body: requestBody,
      },
    },
    async (request, reply) => {
      const username = request.body.username.trim().toLowerCase();
      await throttleSignIn(db, request, reply);
      await throttleAccount(db, reply, `reset:${username}`);
      if (isValidUsername(username)) {
        // Answered before the work, so that its time says nothing about the user.
        const origin = `${request.protocol}://${request.host}`;
        void mailResetLinks(username, request.body.tenant, origin).catch((error) =>
          request.log.error({ err: error }, 'password reset mail'),
        );
      }
      return reply.code(202).send({ requested: true });
    },
  );

  api.post(
    '/api/mail/password-reset/confirm',
    { schema: { tags, summary: 'Sets a new password with the token of a reset link', body: confirmBody } },
    async (request, reply) => {
      await throttleSignIn(db, request, reply);
      const token = readToken(request.body.token);
      if (token.expires * 1000 < Date.now())
        throw new ApiError('INVALID_FIELD_VALUE', ['(an expired reset link)', 'token']);
      const origin = originOf(request);
      const ok = await inTenant(db, { tenant: token.tenant, user: token.username }, async (tx) => {
        const credential = await credentialOf(tx, token.tenant, token.username, true);
        const user = await findOne(tx, userEntity, token.tenant, token.username, true);
        if (!credential?.password_hash || !user) return false;
        const expected = Buffer.from(signature(credential.password_hash, token.payload));
        const given = Buffer.from(token.sig);
        if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return false;
        const weakness = passwordWeakness(request.body.password, token.username);
        if (weakness) throw new ApiError('WEAK_PASSWORD', [weakness]);
        await setPassword(tx, token.tenant, token.username, request.body.password);
        await sql`UPDATE user_credential SET password_changed_at = now() WHERE tenant = ${token.tenant} AND username = ${token.username}`.execute(
          tx,
        );
        await sessions.revokeUser(tx, token.tenant, token.username);
        await recordAccess(tx, token.tenant, 'PASSWORD_RESET', token.username, origin, { by: 'reset link' });
        return true;
      });
      if (!ok) throw new ApiError('INVALID_FIELD_VALUE', ['(a reset link already used or not valid)', 'token']);
      return reply.code(200).send({ reset: true, username: token.username });
    },
  );
}
