/**
 * A quotation's residual value from the vehicle catalogue's curve (docs/residual-values.md):
 *   GET  /api/financing/{deals|contracts}/{registration}/quotations/{quotation}/residual-value
 *        the curve of the quotation's vehicle and the value it gives at the term, nothing stored
 *   POST /api/financing/{deals|contracts}/{registration}/quotations/{quotation}/residual-value
 *        the same, stored on the quotation and priced again by the finance engine; answers the record
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Entity } from '@lbo/model/entity';
import { contract } from '@lbo/model/entities/financing/contract.entity';
import { deal } from '@lbo/model/entities/financing/deal.entity';
import { refusedAs, registration } from '@lbo/model/schema/request-values';
import type { Db } from '../db/database.ts';
import { sendRecord } from '../entities/entity.routes.ts';
import { typed } from '../http/schemas.ts';
import { applyResidualValue, readResidualValue } from './residual-value.ts';

type PreHandler = (request: FastifyRequest) => Promise<void>;

const params = z.strictObject({
  id: registration.describe('registration (or _id) of the deal or contract'),
  quotation: z.string().min(1).max(50).describe("the quotation's registration on the record (Q1, Q2, …)"),
});
const name = z
  .string({ error: refusedAs('INVALID_STRING_FIELD') })
  .trim()
  .min(1)
  .max(200);
const vehicle = {
  modelName: name.optional().describe("the catalogue's model name; the asset's model by default"),
  manufacturerName: name.optional().describe("the catalogue's manufacturer name; the asset's manufacturer by default"),
  year: z
    .number({ error: refusedAs('INVALID_INTEGER_FIELD') })
    .int()
    .min(1900)
    .max(2200)
    .optional()
    .describe("the vehicle's year; the asset's model year (else its registration date's) by default"),
  usage: z
    .string({ error: refusedAs('INVALID_STRING_FIELD') })
    .regex(/^[A-Za-z_]{1,20}$/)
    .optional()
    .describe("the usage class of the curve (LOW, NORMAL, HIGH); the asset's usage by default"),
  assetRegistration: registration.optional().describe('the asset line meant; the first financed line by default'),
};
const query = z.strictObject({
  ...vehicle,
  year: z
    .string()
    .regex(/^\d{4}$/)
    .optional()
    .describe(vehicle.year.description ?? ''),
});
const body = z
  .strictObject({
    ...vehicle,
    _version: z.number().int().min(1).optional().describe('the version of the record the user saw (409 if changed)'),
  })
  .optional();

export async function residualValueRoutes(
  app: FastifyInstance,
  { db, preHandler }: { db: Db; preHandler: PreHandler },
) {
  const api = typed(app);
  for (const entity of [deal, contract] as Entity[]) {
    const path = `/api/${entity.route}/:id/quotations/:quotation/residual-value`;
    api.get(
      path,
      {
        preValidation: preHandler,
        config: { entity: entity.name, permission: `read /api/${entity.route}` },
        schema: {
          tags: [entity.name],
          summary: "A quotation's residual value read on the vehicle catalogue's curve at its term, nothing stored",
          params,
          querystring: query,
        },
      },
      async (request) => {
        const { year, ...rest } = request.query;
        return readResidualValue(db, request.caller!, entity, request.params.id, request.params.quotation, {
          ...rest,
          ...(year ? { year: Number(year) } : {}),
        });
      },
    );
    api.post(
      path,
      {
        preValidation: preHandler,
        config: { entity: entity.name, permission: `write /api/${entity.route}` },
        schema: {
          tags: [entity.name],
          summary:
            "Stores on a quotation the residual value read on the vehicle catalogue's curve, with the curve and its date, and prices it again",
          params,
          body,
        },
      },
      async (request, reply) => {
        const { record } = await applyResidualValue(
          db,
          request.caller!,
          entity,
          request.params.id,
          request.params.quotation,
          request.body ?? {},
        );
        return sendRecord(reply, record);
      },
    );
  }
}
