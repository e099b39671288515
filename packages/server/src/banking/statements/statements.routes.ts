/**
 * Bank statement routes (docs/api.md "Bank statements"):
 *   POST /api/billing/camts/import                              a camt.053/.054 file (multipart `file`): the Camt record and its counts
 *                                                               (202 and its CAMT_IMPORT batch for a large file)
 *   POST /api/bank/bank-transactions/rematch                    matching again of the waiting transactions (all, or those named)
 *   GET  /api/bank/bank-transactions/{registration}/candidates  the open invoices proposed for one, ranked
 *   POST /api/bank/bank-transactions/{registration}/match       matched by hand to one or several invoices, amounts split
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '@lbo/model/errors';
import { idParams, moneyAmount, noBody, registration } from '@lbo/model/schema/request-values';
import { inTenant, scopeOf, type Db, type Tx } from '../../db/database.ts';
import { databaseError } from '../../entities/crud.operation.ts';
import { typed } from '../../http/schemas.ts';
import { multipartRefusal } from '../../http/input-guards.ts';
import type { Doc } from '../../entities/storage.ts';
import type { ObjectStore } from '../../db/object-store.ts';
import { createBatch } from '../../jobs/batch-records.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { WorkflowCaller } from '../../workflow/permissions.ts';
import { camtKind, importCamt, type ReadCamt } from './camt-import.operation.ts';
import { CAMT_IMPORT, type ReadFiles } from './camt-import-job.ts';
import { candidatesOf, matchByHand, rematch } from './reconciliation.operation.ts';
import { transactionKind } from './matching.ts';

type PreHandler = (request: FastifyRequest) => Promise<void>;

/** Files of more transactions are imported, then matched, by background batches. */
export const CAMT_BACKGROUND_TRANSACTIONS = 2000;
/** The largest camt file taken (a statement of 100,000 entries is about 60 MB). */
const MAX_FILE = 512 * 1024 * 1024;

const matchBody = z.strictObject({
  allocations: z
    .array(
      z.strictObject({
        invoiceRegistration: registration,
        amount: moneyAmount().describe(
          'In the transaction’s currency, at most its decimals; at most the invoice’s balance',
        ),
      }),
    )
    .min(1)
    .max(100)
    .describe('The invoices the transaction pays and how much of it goes to each (their sum at most its amount)'),
});
const rematchQuery = z.strictObject({
  registrations: z
    .string()
    .max(20_000)
    .optional()
    .describe('These transactions (comma separated); all the waiting ones when absent'),
});

export interface StatementRouteOptions {
  db: Db;
  store: ObjectStore;
  jobs: JobQueue;
  preHandler: PreHandler;
  backgroundThreshold?: number;
  /** Where a file queued for the background is left, as read, for this process's batch. */
  readFiles?: ReadFiles;
}

export async function statementRoutes(
  app: FastifyInstance,
  { db, store, jobs, preHandler, backgroundThreshold, readFiles }: StatementRouteOptions,
) {
  await app.register(multipart, { limits: { files: 1, fields: 5, fieldSize: 1000, fileSize: MAX_FILE } });
  const api = typed(app);
  const write = (entity: { name: string; route: string }) => ({
    entity: entity.name,
    permission: `write /api/${entity.route}`,
  });

  const background = async (tx: Tx, caller: WorkflowCaller, camt: Doc, total: number) => {
    const batch = await createBatch(tx, caller, {
      type: CAMT_IMPORT,
      name: `Import of ${String(camt.name)}`,
      parameters: { camtRegistration: camt.registration },
      total,
    });
    // Queued once the Camt record commits: a job that starts before would not see it.
    pendingQueues.set(String(camt.registration), { tenant: caller.tenant, batch: String(batch.registration) });
    return String(batch.registration);
  };
  const pendingQueues = new Map<string, { tenant: string; batch: string }>();

  // The file is multipart (read by @fastify/multipart), so the body has no schema; the route reads no query.
  api.post(
    '/api/billing/camts/import',
    {
      preValidation: preHandler,
      config: write(camtKind),
      schema: {
        tags: ['Camt'],
        summary: 'Imports a camt.053 or camt.054 file (.02, .04, .08): statements, transactions, matching',
        description:
          'multipart/form-data with the file as `file`. 201 with the Camt record and its counts; 200 with the earlier Camt when every statement of the file was imported before (nothing added). A file of more than 2,000 transactions: 202 with the Camt record IMPORTING and its `batchRegistration` (a CAMT_IMPORT batch: done of total transactions), then PROCESSING with the matching batch, then PROCESSED with its counts. A file not well-formed or not valid against its schema: 400 INVALID_XML, nothing written.',
      },
    },
    async (request, reply) => {
      const caller = request.caller!;
      if (!request.isMultipart())
        throw new ApiError('INVALID_FIELD_VALUE', [
          String(request.headers['content-type'] ?? ''),
          'content-type (multipart/form-data with the file as `file`)',
        ]);
      // Read whole before anything is written: a body the parser refuses is the client's error.
      const { content, fileName } = await request
        .file()
        .then(async (part) => {
          if (!part) throw new ApiError('MISSING_FIELD_IN_BODY', ['file']);
          return { content: await part.toBuffer(), fileName: part.filename };
        })
        .catch((error) => {
          throw multipartRefusal(error);
        });
      const result = await importCamt(
        db,
        caller,
        { content, fileName: fileName || 'statement.xml' },
        {
          store,
          background,
          backgroundThreshold: backgroundThreshold ?? CAMT_BACKGROUND_TRANSACTIONS,
          ...(readFiles ? { keep: (key: string, file: ReadCamt) => readFiles.keep(key, file) } : {}),
        },
      ).catch((e) => databaseError(e, camtKind));
      const queued = pendingQueues.get(String(result.camt.registration));
      if (queued) {
        pendingQueues.delete(String(result.camt.registration));
        await jobs.enqueue(queued.tenant, queued.batch);
      }
      return reply.code(result.queued ? 202 : result.created ? 201 : 200).send(result.camt);
    },
  );

  api.post(
    '/api/bank/bank-transactions/rematch',
    {
      preValidation: preHandler,
      config: write(transactionKind),
      schema: {
        tags: ['BankTransaction'],
        summary: 'Matches the waiting transactions again (after new invoices)',
        querystring: rematchQuery,
        body: noBody,
      },
    },
    async (request) => {
      const caller = request.caller!;
      const named = request.query.registrations
        ?.split(',')
        .map((r) => r.trim())
        .filter(Boolean);
      return inTenant(db, scopeOf(caller), (tx) => rematch(tx, caller, named), 120_000).catch((e) =>
        databaseError(e, transactionKind),
      );
    },
  );

  api.get(
    '/api/bank/bank-transactions/:id/candidates',
    {
      preValidation: preHandler,
      config: { entity: transactionKind.name, permission: `read /api/${transactionKind.route}` },
      schema: {
        tags: ['BankTransaction'],
        summary: 'The open invoices proposed for a transaction, best first',
        params: idParams,
      },
    },
    async (request) => {
      const caller = request.caller!;
      return inTenant(db, scopeOf(caller), (tx) => candidatesOf(tx, caller, request.params.id)).catch((e) =>
        databaseError(e, transactionKind),
      );
    },
  );

  api.post(
    '/api/bank/bank-transactions/:id/match',
    {
      preValidation: preHandler,
      config: write(transactionKind),
      schema: {
        tags: ['BankTransaction'],
        summary: 'Matches a transaction by hand to one or several invoices',
        params: idParams,
        body: matchBody,
      },
    },
    async (request) => {
      const caller = request.caller!;
      const { allocations } = request.body;
      return inTenant(db, scopeOf(caller), (tx) => matchByHand(tx, caller, request.params.id, allocations)).catch((e) =>
        databaseError(e, transactionKind),
      );
    },
  );
}
