/**
 * Dunning runs (docs/api.md "Dunning"), always as a background batch of type DUNNING so that a
 * book of any size is walked chunk by chunk and a cron can start one (its `plan`):
 *   POST /api/billing/dunning/run   { date? }   → { batchRegistration, nbTotal }
 * `date` is the day the levels are counted to (today in the caller's zone when absent).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isoDay } from '@lbo/model/schema/request-values';
import { inTenant, scopeOf, type Db } from '../../db/database.ts';
import type { ObjectStore } from '../../db/object-store.ts';
import { databaseError } from '../../entities/crud.operation.ts';
import { typed } from '../../http/schemas.ts';
import type { Doc } from '../../entities/storage.ts';
import { createBatch } from '../../jobs/batch-records.ts';
import type { BatchRunner, JobQueue } from '../../jobs/job-queue.ts';
import { todayIn } from '../../workflow/side-effects.ts';
import { invoice as invoiceKind } from '@lbo/model/entities/billing/invoice.entity';
import { countDunningCandidates, dunChunk } from './dunning.operation.ts';

type PreHandler = (request: FastifyRequest) => Promise<void>;

const runBody = z
  .strictObject({ date: isoDay.optional().describe('The day days late are counted to; today when absent') })
  .optional();

/** The DUNNING batch runner: one chunk of invoices per step; a cron's run counts to its tick's day. */
export const dunningRunner = (store?: ObjectStore): BatchRunner => ({
  plan: async (tx, caller, _parameters, day) => ({
    name: `Dunning on ${day}`,
    parameters: { date: day },
    total: await countDunningCandidates(tx, caller.tenant, day),
  }),
  chunk: async (tx, caller, batch, cursor) => {
    const { date } = (batch.data.parameters ?? {}) as Doc;
    const result = await dunChunk(tx, caller, String(date), typeof cursor === 'string' ? cursor : null, store);
    return {
      done: result.examined,
      cursor: result.cursor,
      finished: result.finished,
      ...(result.dunned.length
        ? {
            message: `${result.dunned.length} invoice(s) dunned: ${result.dunned.map((d) => `${d.invoiceRegistration} ${d.level}`).join(', ')}`,
          }
        : {}),
    };
  },
});

export async function dunningRoutes(
  app: FastifyInstance,
  { db, preHandler, jobs, store }: { db: Db; preHandler: PreHandler; jobs: JobQueue; store: ObjectStore },
) {
  typed(app).post(
    '/api/billing/dunning/run',
    {
      preValidation: preHandler,
      config: { entity: invoiceKind.name, permission: `write /api/${invoiceKind.route}` },
      schema: { tags: ['Invoice'], summary: 'Starts a dunning run (a DUNNING batch) up to a day', body: runBody },
    },
    async (request) => {
      const caller = request.caller!;
      const date = request.body?.date ?? todayIn(caller.timeZone);
      const batch = await inTenant(db, scopeOf(caller), async (tx) =>
        createBatch(tx, caller, {
          type: 'DUNNING',
          name: `Dunning on ${date}`,
          parameters: { date },
          total: await countDunningCandidates(tx, caller.tenant, date),
        }),
      ).catch((e) => databaseError(e, invoiceKind));
      await jobs.enqueue(caller.tenant, String(batch.registration));
      return { batchRegistration: batch.registration, nbTotal: batch.total ?? 0 };
    },
  );
}
