/**
 * Partners' agreements and the product catalogue (spec 001 §2.8, §5, §7):
 *   GET  /api/financing/agreements/current-for-person/{registration}  a partner's agreement in force today
 *   GET  /api/financing/agreements/products-catalog                  the products a partner may sell (?partnerRegistration=)
 *   GET  /api/financing/products-schema                              the product's fields, as the paste mode reads them
 *   POST /api/financing/products                                     one product, or pasted rows (an array): all or none
 *   POST /api/financing/agreements/onboard-partner                   a new partner and its self-registration email
 */
import { agreement } from '@lbo/model/entities/financing/agreement.entity';
import { product } from '@lbo/model/entities/financing/product.entity';
import { prospect } from '@lbo/model/entities/person/prospect.entity';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { ApiError } from '@lbo/model/errors';
import { validateFields, isObject } from '@lbo/model/values/validate';
import { dayIn } from '@lbo/model/values/dates';
import { bodySchema } from '@lbo/model/schema/kind-schemas';
import { registration } from '@lbo/model/schema/request-values';
import { inTenant, scopeOf, type Db, type Tx } from '../db/database.ts';
import { databaseError, type Operations, createIn } from '../entities/crud.operation.ts';
import { sendRecord } from '../entities/entity.routes.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import { tenantRulesOf } from '../entities/tenant-rules.ts';
import { schemaOf } from '../person/person.module.ts';
import { hostSettingsOf } from '../http/host-settings.ts';
import { typed } from '../http/schemas.ts';
import { onboardPartner } from './partner-onboarding.ts';

type PreHandler = (request: FastifyRequest) => Promise<void>;

const MAX_ROWS = 1000;
const onboardingBody = z.strictObject({
  email: z.string().min(3).max(320),
  name: z.string().trim().min(1).max(200),
  language: z.string().min(2).max(20).optional(),
});
const systemFields = new Set([
  '_id',
  'registration',
  'status',
  '_version',
  '_insertDate',
  '_insertUser',
  '_updateDate',
  '_updateUser',
]);

/** The partner's agreements in force on `today`, the latest started first. */
async function agreementsInForce(tx: Tx, tenant: string, partner: string, today: string): Promise<Doc[]> {
  const rows = await storage.findWhere(
    tx,
    agreement,
    tenant,
    sql<boolean>`data->>'partnerRegistration' = ${partner} AND status = 'ACTIVE'`,
    100,
  );
  return rows
    .map(storage.toDocument)
    .filter((a) => (!a.startDate || String(a.startDate) <= today) && (!a.endDate || String(a.endDate) >= today))
    .sort((a, b) => String(b.startDate ?? '').localeCompare(String(a.startDate ?? '')));
}

export async function catalogueRoutes(
  app: FastifyInstance,
  { db, operations, preHandler }: { db: Db; operations: Operations; preHandler: PreHandler },
) {
  const agreements = agreement,
    products = product;
  const inCallerTenant = <T>(request: FastifyRequest, work: (tx: Tx) => Promise<T>) =>
    inTenant(db, scopeOf(request.caller!), work);
  const today = (request: FastifyRequest) => dayIn(new Date(), request.caller!.timeZone ?? 'UTC');
  const readAgreements = { entity: agreements.name, permission: `read /api/${agreements.route}` };
  const readProducts = { entity: products.name, permission: `read /api/${products.route}` };
  const api = typed(app);
  /** One product (as every kind's create), or pasted rows, each checked below and refused together. */
  const productsBody = z.union([
    bodySchema(products, 'create'),
    z.array(z.unknown()).describe('pasted rows, each a product (its registration and audit fields left out)'),
  ]);

  api.get(
    '/api/financing/agreements/current-for-person/:registration',
    {
      preValidation: preHandler,
      config: readAgreements,
      schema: {
        tags: ['Agreement'],
        summary: "A partner's agreement in force today",
        params: z.strictObject({ registration }),
      },
    },
    async (request, reply) => {
      const { registration } = request.params;
      const found = await inCallerTenant(request, (tx) =>
        agreementsInForce(tx, request.caller!.tenant, registration, today(request)),
      );
      if (!found.length) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', ['Agreement', registration]);
      return sendRecord(reply, found[0]);
    },
  );

  api.get(
    '/api/financing/agreements/products-catalog',
    {
      preValidation: preHandler,
      config: readProducts,
      schema: {
        tags: ['Agreement'],
        summary:
          'The active products a partner may sell under its agreements in force (all active products without a partner)',
        querystring: z.strictObject({ partnerRegistration: registration.optional() }),
      },
    },
    async (request) =>
      inCallerTenant(request, async (tx) => {
        const partner = request.query.partnerRegistration;
        const active = (
          await storage.findWhere(tx, products, request.caller!.tenant, sql<boolean>`status = 'ACTIVE'`, 1000)
        ).map(storage.toDocument);
        if (!partner) return active;
        const allowed = new Set(
          (await agreementsInForce(tx, request.caller!.tenant, partner, today(request))).flatMap((a) =>
            ((a.products as { productRegistration?: string }[] | undefined) ?? []).map((p) => p.productRegistration),
          ),
        );
        return active.filter((p) => allowed.has(String(p.registration)));
      }),
  );

  api.post(
    '/api/financing/agreements/onboard-partner',
    {
      preValidation: preHandler,
      config: { entity: 'Prospect', permission: `write /api/${prospect.route}` },
      schema: {
        tags: ['Agreement'],
        summary: 'Records a new partner (a prospect of role PARTNER) and its self-registration email',
        body: onboardingBody,
      },
    },
    async (request, reply) => {
      const flow =
        hostSettingsOf(request.hostname).becomePartnerFlowUrl ?? `${request.protocol}://${request.host}/become-partner`;
      return reply.code(201).send(await onboardPartner(operations, request.caller!, request.body, flow));
    },
  );

  api.get(
    '/api/financing/products-schema',
    {
      preValidation: preHandler,
      config: readProducts,
      schema: { tags: ['Product'], summary: "The product's fields, as pasted rows are read" },
    },
    async () => ({ schema: schemaOf(products.fields) }),
  );

  api.post(
    '/api/financing/products',
    {
      preValidation: preHandler,
      config: { entity: products.name, permission: `write /api/${products.route}` },
      schema: {
        tags: ['Product'],
        summary: 'Creates a product, or the products of pasted rows (an array): all of them or none',
        body: productsBody,
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (!Array.isArray(body)) {
        const doc = await operations.create(request.caller!, products, body);
        return sendRecord(reply, doc, 201);
      }
      if (!body.length) throw new ApiError('EMPTY_BODY_ARRAY', ['products']);
      if (body.length > MAX_ROWS)
        throw new ApiError('INVALID_FIELD_VALUE', [`${body.length} rows (at most ${MAX_ROWS})`, 'products']);
      const created = await inCallerTenant(request, async (tx) => {
        const rules = await tenantRulesOf(tx, request.caller!.tenant, products);
        const errors: { row: number; error: string }[] = [];
        const rows: Doc[] = [];
        for (const [i, row] of body.entries()) {
          try {
            if (!isObject(row)) throw new ApiError('INVALID_NON_EMPTY_OBJECT_FIELD', [`[${i}]`]);
            // A copied row carries its registration and audit fields: the new product takes its own.
            const pasted = Object.fromEntries(Object.entries(row).filter(([key]) => !systemFields.has(key)));
            const doc = validateFields(pasted, products.fields, '', {
              ...rules,
              requireMandatory: true,
              refuseUnknown: true,
              timeZone: request.caller!.timeZone,
            });
            await products.check?.(doc);
            rows.push(doc);
          } catch (error) {
            if (!(error instanceof ApiError)) throw error;
            errors.push({ row: i, error: error.message });
          }
        }
        // Spec 001 §5: pasted rows with invalid data are refused together, each reason given.
        if (errors.length)
          throw new ApiError(
            'INVALID_FIELD_VALUE',
            ['Invalid data', `products[${errors[0].row}] (${errors[0].error})`],
            { errors, warning: 'Invalid data' },
          );
        const out: Doc[] = [];
        for (const doc of rows)
          out.push(await createIn(tx, request.caller!, products, { ...doc, status: products.statuses[0] }));
        return out;
      }).catch((e) => databaseError(e, products));
      return reply.code(201).send(created);
    },
  );
}
