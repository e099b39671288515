import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { generateSecret, generateURI } from 'otplib';
import { z } from 'zod';
import { ApiError } from '@lbo/model/errors';
import { noBody } from '@lbo/model/schema/request-values';
import { inTenant, scopeOf, type Db } from '../db/database.ts';
import { originOf, recordAccess } from './access-log.ts';
import { setUserFlags } from './users.operation.ts';
import { checkTotp, codeOf, credentialOf, TOTP_ISSUER } from './totp.ts';
import { typed } from '../http/schemas.ts';

type PreHandler = (request: FastifyRequest) => Promise<void>;

/**
 * Enrolment of the signed-in user: `POST /api/core/auth/totp/enrol` answers a new secret and its
 * otpauth URI (for an authenticator app); `POST /api/core/auth/totp/activate` with a code from
 * the app turns the second factor on (`hasActivatedMfa`). From then on sign-in asks for a code.
 */
export async function totpRoutes(app: FastifyInstance, { db, preHandler }: { db: Db; preHandler: PreHandler }) {
  // Signed in before the request is validated: a stranger learns nothing of the body's rules.
  const signedIn = { preValidation: preHandler, config: { permission: null } };
  const tags = ['Sign-in'];
  const api = typed(app);

  api.post(
    '/api/core/auth/totp/enrol',
    { ...signedIn, schema: { tags, summary: 'A new second-factor secret for the signed-in user', body: noBody } },
    async (request) => {
      const caller = request.caller!;
      if (caller.impersonatingTenant) throw new ApiError('FORBIDDEN', ['own account']);
      const secret = generateSecret();
      await inTenant(db, scopeOf(caller), async (tx) => {
        await sql`INSERT INTO user_credential (tenant, username, totp_pending_secret) VALUES (${caller.tenant}, ${caller.username}, ${secret})
        ON CONFLICT (tenant, username) DO UPDATE SET totp_pending_secret = excluded.totp_pending_secret`.execute(tx);
      });
      return { secret, otpauthUri: generateURI({ issuer: TOTP_ISSUER, label: caller.username, secret }) };
    },
  );

  // The code's form (six digits, as text or a number) is checked by `codeOf`, naming it.
  const activateBody = z.strictObject({ code: z.unknown().describe('the 6-digit code of the authenticator app') });
  api.post(
    '/api/core/auth/totp/activate',
    { ...signedIn, schema: { tags, summary: 'Turns the second factor on with a code', body: activateBody } },
    async (request) => {
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
    },
  );
}
