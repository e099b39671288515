/**
 * The public self-registration of a partner (docs/mail.md), reached by the link of the onboarding
 * mail (financing/partner-onboarding.ts), no sign-in:
 *   GET  /api/mail/become-partner?tenant&prospect&token   who the link was sent to (to fill the form)
 *   POST /api/mail/become-partner {tenant, prospect, token, name, …}
 *        creates the partner as a Person (role PARTNER) from the form, marks the prospect CONVERTED
 *        and the link used, in one transaction; a link already used, unknown or of another
 *        prospect is refused. Throttled per client address like the sign-in routes.
 */
import crypto from 'node:crypto';
import { communication as communicationKind } from '@lbo/model/entities/communication/communication.entity';
import { person as personKind } from '@lbo/model/entities/person/person.entity';
import { prospect as prospectKind } from '@lbo/model/entities/person/prospect.entity';
import { ApiError } from '@lbo/model/errors';
import { nonEmptyText } from '@lbo/model/schema/refusals';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { inTenant, type Db, type Tx } from '../db/database.ts';
import { type Caller, type Operations, updateIn } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import { throttleSignIn } from '../auth/throttle.ts';
import { typed } from '../http/schemas.ts';

const link = {
  tenant: nonEmptyText(100),
  prospect: nonEmptyText(100),
  token: nonEmptyText(200),
};
const form = z.strictObject({
  ...link,
  name: nonEmptyText(200).describe("the company's name"),
  firstName: z.string().max(100).optional(),
  lastName: z.string().max(100).optional(),
  phone: z.string().max(40).optional(),
  siret: z.string().max(40).optional(),
  website: z.string().max(200).optional(),
  addressLine: z.string().max(200).optional(),
  zipcode: z.string().max(20).optional(),
  city: z.string().max(100).optional(),
  country: z.string().max(2).optional(),
});
const tags = ['Partners'];
const refused = () => new ApiError('INVALID_FIELD_VALUE', ['(a link already used or not valid)', 'token']);
const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** The onboarding communication the link belongs to, locked when `forUpdate`; refused when used or unknown. */
async function linkOf(tx: Tx, tenant: string, prospect: string, token: string, forUpdate: boolean) {
  const { rows } = await sql<
    storage.RowOf<typeof communicationKind>
  >`SELECT _id, registration, status, name, data, _version, _insert_date, _insert_user, _update_date, _update_user
    FROM ${sql.table(communicationKind.table)}
    WHERE tenant = ${tenant} AND data->>'accessTokenHash' = ${hashOf(token)}
      AND data->'persons'->0->>'personRegistration' = ${prospect}
    LIMIT 1 ${forUpdate ? sql`FOR UPDATE` : sql``}`.execute(tx);
  const row = rows[0];
  if (!row || row.data.accessTokenUsedDate) throw refused();
  const found = await storage.findOne(tx, prospectKind, tenant, prospect, forUpdate);
  if (!found) throw refused();
  return { communication: row, prospect: found };
}

export async function becomePartnerRoutes(
  app: FastifyInstance,
  { db, operations }: { db: Db; operations: Operations },
) {
  const api = typed(app);

  api.get(
    '/api/mail/become-partner',
    { schema: { tags, summary: 'Who a self-registration link was sent to', querystring: z.strictObject(link) } },
    async (request, reply) => {
      await throttleSignIn(db, request, reply);
      const { tenant, prospect, token } = request.query;
      const found = await inTenant(db, { tenant, user: 'system' }, (tx) => linkOf(tx, tenant, prospect, token, false));
      const data = found.prospect.data;
      return {
        name: found.prospect.name ?? data.name,
        email: data.email ?? null,
        language: data.preferredLanguage ?? null,
      };
    },
  );

  api.post(
    '/api/mail/become-partner',
    { schema: { tags, summary: 'A partner completes its self-registration', body: form } },
    async (request, reply) => {
      await throttleSignIn(db, request, reply);
      const { tenant, prospect, token, addressLine, zipcode, city, country, ...fields } = request.body;
      const caller: Caller = { tenant, username: 'system' };
      // Checked first for a clear refusal; checked again, locked, in the creating transaction.
      const found = await inTenant(db, { tenant, user: 'system' }, (tx) => linkOf(tx, tenant, prospect, token, false));
      const email = found.prospect.data.email;
      const body = {
        type: 'C',
        ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== '')),
        ...(typeof email === 'string' ? { email } : {}),
        ...(typeof found.prospect.data.preferredLanguage === 'string'
          ? { preferredLanguage: found.prospect.data.preferredLanguage }
          : {}),
        roles: [{ role: 'PARTNER' }],
        ...(addressLine || city
          ? { addresses: [{ type: 'MAIN', addressLine, zipcode, city, ...(country ? { country } : {}) }] }
          : {}),
      };
      const person = await operations.create(caller, personKind, body, {
        withAnswer: async (tx, _status, doc) => {
          const locked = await linkOf(tx, tenant, prospect, token, true);
          const now = new Date().toISOString();
          await updateIn(
            tx,
            caller,
            communicationKind,
            locked.communication,
            { ...locked.communication.data, accessTokenUsedDate: now } as never,
            { action: 'LINK_USED' },
          );
          await updateIn(
            tx,
            caller,
            prospectKind,
            locked.prospect,
            { ...locked.prospect.data, status: 'CONVERTED' } as never,
            { action: 'SELF_REGISTRATION', history: { details: { person: doc.registration } } },
          );
        },
      });
      return reply.code(201).send({ registration: person.registration, name: person.name });
    },
  );
}
