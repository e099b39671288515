/**
 * The tenant's recurring jobs (jobs/crons.ts, the `/crons` screen):
 *   GET  /api/core/crons               its crons with their next and last run
 *   POST /api/core/crons/{name}/run    runs one now: answers its Batch
 * The list itself is the `cron-list` tenant configuration (PUT /api/core/tenant-configuration/cron-list).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { noBody } from '@lbo/model/schema/request-values';
import { inTenant, scopeOf, type Db } from '../db/database.ts';
import { typed } from '../http/schemas.ts';
import * as storage from '../entities/storage.ts';
import { batchKind } from './batch-records.ts';
import { cronViews, runCronNow } from './crons.ts';
import type { JobQueue } from './job-queue.ts';

type PreHandler = (request: FastifyRequest) => Promise<void>;

const tags = ['Batch'];
const nameParam = z.strictObject({ name: z.string().max(64).describe("The cron's name in the tenant's cron-list") });

export async function cronRoutes(
  app: FastifyInstance,
  { db, preHandler, jobs }: { db: Db; preHandler: PreHandler; jobs: JobQueue },
) {
  const api = typed(app);
  api.get(
    '/api/core/crons',
    {
      preValidation: preHandler,
      config: { permission: 'read /api/script/batches' },
      schema: { tags, summary: "The tenant's recurring jobs, with their next run and their last batch" },
    },
    async (request) => {
      const caller = request.caller!;
      return inTenant(db, scopeOf(caller), async (tx) => {
        const views = await cronViews(tx, caller.tenant);
        const batches = new Map(
          (
            await storage.findMany(
              tx,
              batchKind,
              caller.tenant,
              views.flatMap((v) => (v.lastBatchRegistration ? [v.lastBatchRegistration] : [])),
            )
          ).map((row) => [row.registration, row]),
        );
        return views.map((v) => ({
          ...v,
          lastBatchStatus: (v.lastBatchRegistration && batches.get(v.lastBatchRegistration)?.status) || null,
        }));
      });
    },
  );

  api.post(
    '/api/core/crons/:name/run',
    {
      preValidation: preHandler,
      config: { permission: 'write /api/core/tenant-configuration' },
      schema: { tags, summary: 'Runs a recurring job now, outside its schedule', params: nameParam, body: noBody },
    },
    async (request, reply) => {
      const caller = request.caller!;
      const { name } = request.params;
      const registration = await inTenant(db, scopeOf(caller), (tx) => runCronNow(tx, caller, jobs, name));
      await jobs.enqueue(caller.tenant, registration);
      const batch = await inTenant(db, scopeOf(caller), (tx) =>
        storage.findOne(tx, batchKind, caller.tenant, registration),
      );
      return reply.code(201).send(storage.toDocument(batch!));
    },
  );
}
