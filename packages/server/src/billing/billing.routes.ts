/**
 * Billing routes (docs/billing.md):
 *   GET /api/script/runs/run-billing?date=&organizations=   the billing run (spec 001 §7): the
 *       invoices created, or { nbTotal, batchRegistration } when the run went to the background
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { addDays } from '@lbo/model/values/dates';
import { inTenant, scopeOf, type Db } from '../db/database.ts';
import { databaseError } from '../entities/crud.operation.ts';
import { typed } from '../http/schemas.ts';
import type { Doc } from '../entities/storage.ts';
import { createBatch } from '../jobs/batch-records.ts';
import type { BatchRunner, JobQueue } from '../jobs/job-queue.ts';
import { refreshDueArrears } from './cashflows/arrears.ts';
import {
  billChunk,
  countDueElements,
  invoiceKind,
  runParameters,
  skippedSummary,
  type RunCursor,
  type RunParameters,
  type SkippedContract,
} from './billing-run.ts';

type PreHandler = (request: FastifyRequest) => Promise<void>;

export interface BillingRouteOptions {
  db: Db;
  preHandler: PreHandler;
  jobs: JobQueue;
  /** Elements to bill past which the run goes to the background (BILLING_BACKGROUND_ELEMENTS). */
  backgroundThreshold?: number;
}

export const BILLING_BACKGROUND_ELEMENTS = 500;

const runQuery = z.strictObject({
  date: z.string().max(40).optional().describe('Lines due on or before this day (YYYY-MM-DD or an ISO time)'),
  organizations: z
    .string()
    .max(10_000)
    .optional()
    .describe('Organization registrations, comma separated; all when absent'),
});

/** Where a background run is: after this contract, with the contracts it skipped so far (kept with the cursor, so a resumed run still reports them). */
type BillingCursor = (NonNullable<RunCursor> & { skipped?: SkippedContract[] }) | null;

/** What a run skipped, as its batch's last log line and result say it. */
export function skippedReport(skipped: SkippedContract[]): { message: string; result: Doc } {
  const summary = skippedSummary(skipped);
  return {
    message: `${summary.count} contract(s) skipped: ${Object.entries(summary.reasons)
      .map(([reason, n]) => `${n} × ${reason}`)
      .join('; ')}`,
    result: { skipped: { ...summary, contracts: skipped.slice(0, 100) } },
  };
}

/** The billing run as a background job: chunk after chunk from the batch's cursor; its end says what it skipped and why. */
export const billingRunner = (): BatchRunner => {
  // The last chunk and the end of a run happen in one process, one after the other.
  const ended = new Map<string, SkippedContract[]>();
  return {
    chunk: async (tx, caller, batch, cursor) => {
      const at = cursor as BillingCursor;
      const result = await billChunk(
        tx,
        caller,
        batch.data.parameters as unknown as RunParameters,
        at ? { contract: at.contract } : null,
        { batchRegistration: batch.registration },
      );
      const skipped = [...(at?.skipped ?? []), ...result.skipped];
      if (result.finished) ended.set(String(batch.registration), skipped);
      return {
        done: result.elements + result.skipped.reduce((n, s) => n + s.elements, 0),
        cursor: result.cursor ? { contract: result.cursor.contract, skipped } : at,
        finished: result.finished,
        ...(result.invoices.length || result.skipped.length
          ? {
              message: [
                `${result.invoices.length} invoice(s) created`,
                ...result.skipped.map((s) => `${s.contractRegistration} skipped: ${s.reason}`),
              ].join('\n'),
            }
          : {}),
      };
    },
    finish: async (_caller, batch) => {
      const skipped = ended.get(String(batch.registration)) ?? [];
      ended.delete(String(batch.registration));
      return skipped.length ? { status: 'WARNING', ...skippedReport(skipped) } : { status: 'SUCCESS', message: 'Done' };
    },
    // A scheduled billing bills what is due by the tick's day, plus `daysAhead` (lines billed ahead of their due date).
    plan: async (tx, caller, cronParameters, day) => {
      const ahead = Number(cronParameters.daysAhead ?? 0);
      const parameters = runParameters({
        date: addDays(day, Number.isInteger(ahead) ? ahead : 0),
        organizations: cronParameters.organizations,
      });
      return {
        name: `Billing up to ${parameters.date}`,
        parameters: parameters as unknown as Doc,
        total: await countDueElements(tx, caller, parameters, 10_000_000),
      };
    },
  };
};

/** Arrears brought up to date as days pass (billing/cashflows/arrears.ts), run daily by the tenant's cron. */
export const arrearsRunner = (): BatchRunner => ({
  plan: async (_tx, _caller, _parameters, day) => ({
    name: `Arrears on ${day}`,
    parameters: { date: day },
    total: 0,
  }),
  chunk: async (tx, caller, batch) => {
    const changed = await refreshDueArrears(tx, caller, String((batch.data.parameters as Doc).date));
    return { done: changed, cursor: null, finished: true, message: `${changed} contract(s) with new arrears` };
  },
});

/** BILLING_BACKGROUND_ELEMENTS, read at each run so that an operator may change it without a restart. */
const thresholdFromEnvironment = () => {
  const value = Number(process.env.BILLING_BACKGROUND_ELEMENTS);
  return process.env.BILLING_BACKGROUND_ELEMENTS && Number.isInteger(value) && value >= 0
    ? value
    : BILLING_BACKGROUND_ELEMENTS;
};

export async function billingRoutes(
  app: FastifyInstance,
  { db, preHandler, jobs, backgroundThreshold }: BillingRouteOptions,
) {
  typed(app).get(
    '/api/script/runs/run-billing',
    {
      preValidation: preHandler,
      config: { entity: invoiceKind.name, permission: `write /api/${invoiceKind.route}` },
      schema: { tags: ['Invoice'], summary: 'Bill every schedule line due up to a date', querystring: runQuery },
    },
    async (request, reply) => {
      const caller = request.caller!;
      const parameters = runParameters(request.query);
      const threshold = backgroundThreshold ?? thresholdFromEnvironment();
      const due = await inTenant(db, scopeOf(caller), (tx) =>
        countDueElements(tx, caller, parameters, threshold + 1),
      ).catch((e) => databaseError(e, invoiceKind));
      if (due > threshold) {
        const total = await inTenant(db, scopeOf(caller), (tx) => countDueElements(tx, caller, parameters, 10_000_000));
        const batch = await inTenant(db, scopeOf(caller), (tx) =>
          createBatch(tx, caller, {
            type: 'BILLING',
            name: `Billing up to ${parameters.date}`,
            parameters: parameters as unknown as Doc,
            total,
          }),
        );
        await jobs.enqueue(caller.tenant, String(batch.registration));
        return { nbTotal: total, batchRegistration: batch.registration };
      }
      // A small run answers its invoices (spec 001 §7); each chunk still commits on its own. What it
      // skipped is said beside them, in headers: how many contracts, and each with its reason.
      const invoices: Doc[] = [];
      const skipped: SkippedContract[] = [];
      let cursor: RunCursor = null;
      for (;;) {
        const chunk = await inTenant(
          db,
          scopeOf(caller),
          (tx) => billChunk(tx, caller, parameters, cursor),
          60_000,
        ).catch((e) => databaseError(e, invoiceKind));
        invoices.push(...chunk.invoices);
        skipped.push(...chunk.skipped);
        cursor = chunk.cursor;
        if (chunk.finished) break;
      }
      reply.header('x-skipped-count', String(skipped.length));
      if (skipped.length)
        reply.header(
          'x-skipped',
          encodeURIComponent(
            JSON.stringify(
              skipped.slice(0, 50).map((s) => ({ contractRegistration: s.contractRegistration, reason: s.reason })),
            ),
          ),
        );
      return invoices;
    },
  );
}
