import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorSchema, recordSchema } from '@lbo/model/schema/kind-schemas';
import { idParams, noBody } from '@lbo/model/schema/request-values';
import { inTenant, readInTenant, scopeOf, type Db } from '../db/database.ts';
import { typed } from '../http/schemas.ts';
import { checklistFor, followUps, inspectionKind, openFollowUp, type FollowUp } from './inspection-actions.ts';

export interface FieldRouteOptions {
  db: Db;
  preHandler: (request: FastifyRequest) => Promise<void>;
}

const answerSchema = z.object({
  question: z.string(),
  answerType: z.string(),
  mandatory: z.boolean(),
});

/**
 * Field work's own routes (docs/field-work.md), beside the generic ones of its kinds:
 * the checklist an inspection of an asset starts with, and the follow-ups a failed inspection
 * opens (a maintenance, a claim), linked both ways and audited.
 */
export async function fieldRoutes(app: FastifyInstance, { db, preHandler }: FieldRouteOptions) {
  const api = typed(app);
  const base = `/api/${inspectionKind.route}`;
  const tags = [inspectionKind.name];
  const refusals = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

  api.get(
    `${base}/checklist/:id`,
    {
      preValidation: preHandler,
      config: { entity: inspectionKind.name },
      schema: {
        tags,
        summary: "The checklist an inspection of the asset `id` starts with: the tenant's template for its type",
        params: idParams,
        response: {
          200: z.object({ template: z.string().nullable(), answers: z.array(answerSchema) }),
          ...refusals,
        },
      },
    },
    async (request) =>
      readInTenant(db, scopeOf(request.caller!), (tx) => checklistFor(tx, request.caller!, request.params.id)),
  );

  for (const what of Object.keys(followUps) as FollowUp[]) {
    const { kind } = followUps[what];
    api.post(
      `${base}/:id/${what}`,
      {
        preValidation: preHandler,
        config: { permission: `write /api/${kind.route}` },
        schema: {
          tags,
          summary: `Open a ${kind.name} from a FAILED or ACTION_REQUIRED inspection, linked both ways (once)`,
          params: idParams,
          body: noBody,
          response: {
            201: z.object({ inspection: recordSchema(inspectionKind), [what]: recordSchema(kind) }),
            ...refusals,
          },
        },
      },
      async (request, reply) => {
        const answer = await inTenant(db, scopeOf(request.caller!), (tx) =>
          openFollowUp(tx, request.caller!, request.params.id, what),
        );
        return reply.code(201).send(answer);
      },
    );
  }
}
