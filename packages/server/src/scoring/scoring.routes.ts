import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { score as scoreKind } from '@lbo/model/entities/scoring/score.entity';
import { errorSchema, recordSchema } from '@lbo/model/schema/kind-schemas';
import { dayIn } from '@lbo/model/values/dates';
import { inTenant, scopeOf, type Db } from '../db/database.ts';
import { sendRecord } from '../entities/entity.routes.ts';
import { typed } from '../http/schemas.ts';
import { computeOnDemand } from './scoring.operation.ts';

export interface ScoringRouteOptions {
  db: Db;
  preHandler: (request: FastifyRequest) => Promise<void>;
}

const registration = z.string().trim().min(1).max(200);

const computeBody = z.strictObject({
  dealRegistration: registration
    .optional()
    .describe('the deal whose client is scored; the deal then carries the score'),
  personRegistration: registration.optional().describe('the person scored (the deal’s client when a deal is named)'),
  cardRegistration: registration.optional().describe("the score card to use; the tenant's default card when absent"),
});

/**
 * `POST /api/scoring/scores/compute` (docs/scoring.md): scores a deal's client or a person now, on
 * the default card or the one named, and answers the stored Score with its explanation. Asks
 * `write /api/scoring/scores`.
 */
export async function scoringRoutes(app: FastifyInstance, { db, preHandler }: ScoringRouteOptions) {
  const api = typed(app);
  const base = `/api/${scoreKind.route}`;
  api.post(
    `${base}/compute`,
    {
      preValidation: preHandler,
      config: { permission: `write ${base}` },
      schema: {
        tags: [scoreKind.name],
        summary: "Score a deal's client or a person now and keep the score (with its explanation)",
        body: computeBody,
        response: { 201: recordSchema(scoreKind), 400: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const caller = request.caller!;
      const today = dayIn(new Date(), caller.timeZone ?? 'UTC');
      const stored = await inTenant(db, scopeOf(caller), (tx) => computeOnDemand(tx, caller, today, request.body));
      return sendRecord(reply, stored, 201);
    },
  );
}
