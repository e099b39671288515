import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ApiError } from '@lbo/model/errors';
import { entityByName } from '@lbo/model/entity-registry';
import { inTenant, type Db } from '../db/database.ts';
import { findOne, toDocument } from '../entities/storage.ts';
import { checkPassword } from './passwords.ts';
import type { SessionService } from './sessions.ts';
import { authenticate } from '../http/request-context.ts';

/** Consecutive failures after which a user is locked until an admin unlocks it. */
export const MAX_FAILED_ATTEMPTS = 5;

/** Which tenant a username signs in to: `name@tenant` names it; an email is looked up. */
async function tenantOf(db: Db, username: string): Promise<string | undefined> {
  const { rows } = await sql<{ tenant: string }>`SELECT login_tenants AS tenant FROM login_tenants(${username})`.execute(db);
  const suffix = username.slice(username.lastIndexOf('@') + 1).toLowerCase();
  return rows.find((r) => r.tenant === suffix)?.tenant ?? rows[0]?.tenant;
}

export async function loginRoutes(app: FastifyInstance, { db, sessions }: { db: Db; sessions: SessionService }) {
  const userEntity = entityByName('User')!;

  app.post('/api/core/auth/login', async (request, reply) => {
    const body = request.body as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object' || Object.keys(body).length === 0) throw new ApiError('MISSING_BODY_PAYLOAD');
    const { username, password } = body;
    if (typeof username !== 'string' || !username.trim()) throw new ApiError('INVALID_NON_EMPTY_STRING_FIELD', ['username']);
    if (typeof password !== 'string' || !password) throw new ApiError('INVALID_NON_EMPTY_STRING_FIELD', ['password']);
    const name = username.trim().toLowerCase();
    const tenant = await tenantOf(db, name);
    if (!tenant) {
      await checkPassword(undefined, password);
      throw new ApiError('INVALID_CREDENTIALS');
    }
    const outcome = await inTenant(db, { tenant, user: name }, async (tx) => {
      const { rows: [cred] } = await sql<{ password_hash: string | null; failed_attempts: number }>`SELECT password_hash, failed_attempts
        FROM user_credential WHERE tenant = ${tenant} AND lower(username) = ${name} FOR UPDATE`.execute(tx);
      const user = await findOne(tx, userEntity, tenant, name);
      const locked = user?.data.isLocked === true;
      const ok = (await checkPassword(cred?.password_hash, password)) && !!user && !locked;
      if (!ok) {
        if (cred && user && !locked) {
          const failures = cred.failed_attempts + 1;
          await sql`UPDATE user_credential SET failed_attempts = ${failures} WHERE tenant = ${tenant} AND lower(username) = ${name}`.execute(tx);
          if (failures >= MAX_FAILED_ATTEMPTS) {
            await sql`UPDATE "user" SET data = data || '{"isLocked": true}'::jsonb, _version = _version + 1 WHERE tenant = ${tenant} AND registration = ${user.registration}`.execute(tx);
          }
        }
        return undefined;
      }
      await sql`UPDATE user_credential SET failed_attempts = 0 WHERE tenant = ${tenant} AND lower(username) = ${name}`.execute(tx);
      const doc = toDocument(user!);
      const isAdmin = doc.isAdmin === true || doc.isMainAdmin === true || doc.isSuperAdmin === true;
      const token = await sessions.open(tx, tenant, user!.registration, isAdmin);
      await sql`UPDATE "user" SET data = data || jsonb_build_object('lastLoginDate', ${new Date().toISOString()}::text) WHERE tenant = ${tenant} AND _id = ${user!._id}::uuid`.execute(tx);
      return { token, user: { ...doc, tenant } };
    });
    if (!outcome) throw new ApiError('INVALID_CREDENTIALS');
    reply.header('authorization', `Bearer ${outcome.token}`);
    return outcome.user;
  });

  app.get('/api/core/auth/logout', { preHandler: authenticate(sessions) }, async (request, reply) => {
    await sessions.revoke(request.caller!);
    reply.header('authorization', '');
    return { ok: true };
  });
}
