/**
 * Payment file routes (docs/api.md "Payment files"), beyond the generic reads of PaymentFile and
 * PaymentFileLine:
 *   POST /api/billing/payment-files/generate   body { type, version?, scheme?, dueUntil, organizations?, leadDays? }:
 *        queues the generation as a batch (COLLECTION for debits, PAYMENT for transfers) and answers the batch
 *   GET  /api/billing/payment-files/{registration}/xml   the file's stored XML, inline
 * The XML is also the file's PAYMENT_FILE document (`…/documents`), downloadable like any other.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '@lbo/model/errors';
import { addDays } from '@lbo/model/values/dates';
import { idParams } from '@lbo/model/schema/request-values';
import { inTenant, scopeOf, type Db } from '../../db/database.ts';
import { databaseError, type Caller } from '../../entities/crud.operation.ts';
import * as storage from '../../entities/storage.ts';
import type { Doc } from '../../entities/storage.ts';
import { documentEntity } from '../../documents/documents.module.ts';
import type { ObjectStore } from '../../db/object-store.ts';
import { contentDisposition } from '../../http/downloads.ts';
import { typed } from '../../http/schemas.ts';
import { createBatch } from '../../jobs/batch-records.ts';
import type { BatchRunner, JobQueue } from '../../jobs/job-queue.ts';
import type { Tx } from '../../db/database.ts';
import { debitVersions, transferVersions } from './pain-xml.ts';
import {
  countPaymentFileCandidates,
  generatePaymentFiles,
  paymentFileKind,
  paymentFileParameters,
  type GenerationOutcome,
  type PaymentFileParameters,
} from './payment-file.operation.ts';

type PreHandler = (request: FastifyRequest) => Promise<void>;

const generateBody = z.strictObject({
  type: z
    .enum(['SEPA_DIRECT_DEBIT', 'SEPA_CREDIT_TRANSFER'])
    .describe('Direct debits of receivable invoices (pain.008) or transfers paying payable ones (pain.001)'),
  version: z
    .enum([...debitVersions, ...transferVersions])
    .optional()
    .describe('pain.008.001.02 or .08 for debits, pain.001.001.03 or .09 for transfers; the newest when absent'),
  scheme: z
    .enum(['CORE', 'B2B'])
    .optional()
    .describe('Direct debits: the SEPA scheme of the mandates taken (CORE when absent)'),
  dueUntil: z.string().max(40).describe('Invoices due on or before this day (YYYY-MM-DD)'),
  organizations: z
    .union([z.array(z.string().min(1).max(200)).max(1000), z.string().max(10_000)])
    .optional()
    .describe('Organization registrations (our side); all when absent'),
  leadDays: z
    .number()
    .int()
    .min(0)
    .max(30)
    .optional()
    .describe("Business days between the file and the first collection; the scheme's (1) when absent"),
});

export const batchTypeOf = (p: PaymentFileParameters) => (p.type === 'SEPA_DIRECT_DEBIT' ? 'COLLECTION' : 'PAYMENT');
const batchName = (p: PaymentFileParameters) =>
  `${p.type === 'SEPA_DIRECT_DEBIT' ? `Direct debits ${p.scheme}` : 'Credit transfers'} (${p.version}) due by ${p.dueUntil}`;

/** Queues a generation: a batch of its candidates, run by the job queue. */
export async function queuePaymentFiles(tx: Tx, caller: Caller, p: PaymentFileParameters): Promise<Doc> {
  return createBatch(tx, caller, {
    type: batchTypeOf(p),
    name: batchName(p),
    parameters: p as unknown as Doc,
    total: await countPaymentFileCandidates(tx, caller, p),
  });
}

/** The runners of both batch types: the whole generation in one chunk (one transaction, under the tenant's lock). */
export function paymentFileRunners(store: ObjectStore): Record<'COLLECTION' | 'PAYMENT', BatchRunner> {
  // The one chunk and the end of a generation happen in one process, one after the other.
  const ended = new Map<string, GenerationOutcome['skipped']>();
  const runner = (type: 'COLLECTION' | 'PAYMENT'): BatchRunner => ({
    chunk: async (tx, caller, batch) => {
      const p = batch.data.parameters as unknown as PaymentFileParameters;
      const { files, skipped } = await generatePaymentFiles(tx, caller, store, p, batch.registration);
      ended.set(String(batch.registration), skipped);
      const lines = files.reduce((s, f) => s + Number(f.count ?? 0), 0);
      const invalid = files.filter((f) => f.status !== 'GENERATED').map((f) => `${f.registration}: ${f.errorMessage}`);
      const message = [
        `${files.length} file(s), ${lines} line(s)${skipped.length ? `, ${skipped.length} invoice(s) left out` : ''}`,
        ...invalid,
        ...skipped.slice(0, 20).map((s) => `${s.invoiceRegistration} left out: ${s.reason}`),
      ].join('\n');
      return { done: lines + skipped.length, cursor: null, finished: true, message };
    },
    // What was left out, and why, is the run's result: counted by reason, the invoices named.
    finish: async (_caller, batch) => {
      const skipped = ended.get(String(batch.registration)) ?? [];
      ended.delete(String(batch.registration));
      if (!skipped.length) return { status: 'SUCCESS', message: 'Done' };
      const reasons: Record<string, number> = {};
      for (const s of skipped) reasons[s.reason] = (reasons[s.reason] ?? 0) + 1;
      return {
        status: 'WARNING',
        message: `${skipped.length} invoice(s) left out: ${Object.entries(reasons)
          .map(([reason, n]) => `${n} × ${reason}`)
          .join('; ')}`,
        result: { skipped: { count: skipped.length, reasons, invoices: skipped.slice(0, 100) } },
      };
    },
    // A scheduled run (cron parameters { type, version?, scheme?, daysAhead?, organizations? }): invoices due by the tick's day plus daysAhead.
    plan: async (tx, caller, parameters, day) => {
      const ahead = Number(parameters.daysAhead ?? 0);
      const p = paymentFileParameters(
        {
          ...parameters,
          type: type === 'COLLECTION' ? 'SEPA_DIRECT_DEBIT' : 'SEPA_CREDIT_TRANSFER',
          dueUntil: addDays(day, Number.isInteger(ahead) ? ahead : 0),
          today: day,
        },
        caller,
      );
      return {
        name: batchName(p),
        parameters: p as unknown as Doc,
        total: await countPaymentFileCandidates(tx, caller, p),
      };
    },
  });
  return { COLLECTION: runner('COLLECTION'), PAYMENT: runner('PAYMENT') };
}

export async function paymentFileRoutes(
  app: FastifyInstance,
  { db, preHandler, jobs, store }: { db: Db; preHandler: PreHandler; jobs: JobQueue; store: ObjectStore },
) {
  const api = typed(app);

  api.post(
    '/api/billing/payment-files/generate',
    {
      preValidation: preHandler,
      config: { entity: paymentFileKind.name, permission: `write /api/${paymentFileKind.route}` },
      schema: {
        tags: ['PaymentFile'],
        summary: 'Generates SEPA payment files from the invoices due, in the background; answers the batch',
        body: generateBody,
      },
    },
    async (request) => {
      const caller = request.caller!;
      const p = paymentFileParameters(request.body, caller);
      const batch = await inTenant(db, scopeOf(caller), (tx) => queuePaymentFiles(tx, caller, p)).catch((e) =>
        databaseError(e, paymentFileKind),
      );
      await jobs.enqueue(caller.tenant, String(batch.registration));
      return batch;
    },
  );

  api.get(
    '/api/billing/payment-files/:id/xml',
    {
      preValidation: preHandler,
      config: { entity: paymentFileKind.name, permission: `read /api/${paymentFileKind.route}` },
      schema: {
        tags: ['PaymentFile'],
        summary: "The payment file's XML as stored (application/xml, inline)",
        params: idParams,
      },
    },
    async (request, reply) => {
      const caller = request.caller!;
      const { id } = request.params;
      const document = await inTenant(db, scopeOf(caller), async (tx) => {
        const file = await storage.findOne(tx, paymentFileKind, caller.tenant, id);
        if (!file) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [paymentFileKind.name, id]);
        const registration = file.data.documentRegistration;
        const row =
          typeof registration === 'string'
            ? await storage.findOne(tx, documentEntity, caller.tenant, registration)
            : undefined;
        if (!row) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', ['Document of payment file', id]);
        return row;
      });
      const found = await store.get(String(document.data.storageKey));
      if (!found) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', ['Document content', document.registration]);
      reply.header('content-disposition', contentDisposition('inline', String(document.name)));
      reply.header('cache-control', 'private, no-store');
      return reply.type('application/xml; charset=utf-8').send(found.content);
    },
  );
}
