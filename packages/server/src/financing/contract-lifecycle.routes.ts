/**
 * Financing routes beyond the generic CRUD and workflows (docs/contract-lifecycle.md):
 *   GET   /api/financing/amendments/{registration}/preview   schedules before/after, settlement
 *   POST  /api/financing/amendments/preview                  the same for an amendment not saved
 *   PATCH /api/financing/contract-elements/{registration}/lines   lines invoiced or paid
 *   GET   /api/financing/contracts/{registration}/summary    outstanding, next due date, arrears, IRR
 *   POST  /api/financing/contracts/{registration}/indexation  index-linked elements revalued up to a date
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '@lbo/model/errors';
import { lineStatuses, type LineStatus } from '@lbo/model/finance/contract-schedule';
import { dayIn } from '@lbo/model/values/dates';
import { inTenant, readInTenant, scopeOf, type Db, type Tx } from '../db/database.ts';
import type { Entity } from '@lbo/model/entity';
import { amendment } from '@lbo/model/entities/financing/amendment.entity';
import { contractElement } from '@lbo/model/entities/financing/contract-element.entity';
import { contract } from '@lbo/model/entities/financing/contract.entity';
import { databaseError, mustFindRow } from '../entities/crud.operation.ts';
import type { Doc } from '../entities/storage.ts';
import { shownPreview } from '@lbo/model/finance/contract-amendment';
import { prepareAmendment } from './amendments.ts';
import { contractSummary, recordLineStatus } from './schedule-lines.ts';
import { indexContract } from './indexation.ts';

type PreHandler = (request: FastifyRequest) => Promise<void>;

const recordPath = z.object({ id: z.string().min(1).max(200) });
const amendmentBody = z.looseObject({
  contractRegistration: z.string().min(1).max(200),
  type: z.string().min(1).max(100),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'INVALID_DATE_FIELD' }),
  rate: z.number().min(0).max(10).optional(),
  duration: z.number().int().min(1).optional(),
  paymentDay: z.number().int().min(1).max(31).optional(),
  prepaymentAmount: z.number().min(0).optional(),
});
const indexationBody = z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'INVALID_DATE_FIELD' }) });
const linesBody = z.object({
  numbers: z.array(z.number().int().min(1)).min(1).max(10_000),
  status: z.enum(lineStatuses.filter((s) => s !== 'PLANNED') as ['INVOICED', 'PAID', 'CANCELLED']),
});

export async function contractLifecycleRoutes(
  app: FastifyInstance,
  { db, preHandler }: { db: Db; preHandler: PreHandler },
) {
  const inCallerTenant = <T>(request: FastifyRequest, work: (tx: Tx) => Promise<T>) =>
    inTenant(db, scopeOf(request.caller!), work);
  // Reads: one round trip per statement, no transaction block (db/database.ts readInTenant).
  const readingCallerTenant = <T>(request: FastifyRequest, work: (tx: Tx) => Promise<T>) =>
    readInTenant(db, scopeOf(request.caller!), work);
  const amendments: Entity = amendment,
    elements: Entity = contractElement,
    contracts: Entity = contract;
  const read = (entity: typeof amendments) => ({ entity: entity.name, permission: `read /api/${entity.route}` });
  const write = (entity: typeof amendments) => ({ entity: entity.name, permission: `write /api/${entity.route}` });

  app.get(
    '/api/financing/amendments/:id/preview',
    {
      preValidation: preHandler,
      config: read(amendments),
      schema: {
        tags: ['Amendment'],
        summary: 'The schedules before and after an amendment, and its settlement',
        params: recordPath,
      },
    },
    async (request) =>
      readingCallerTenant(request, async (tx) => {
        const row = await mustFindRow(tx, request.caller!, amendments, (request.params as { id: string }).id);
        return shownPreview(
          (await prepareAmendment(tx, request.caller!, { ...row.data, registration: row.registration })).preview,
        );
      }).catch((e) => databaseError(e, amendments)),
  );

  app.post(
    '/api/financing/amendments/preview',
    {
      preValidation: preHandler,
      config: read(amendments),
      schema: {
        tags: ['Amendment'],
        summary: 'The schedules before and after an amendment not saved yet',
        body: amendmentBody,
      },
    },
    async (request) =>
      readingCallerTenant(request, async (tx) =>
        shownPreview((await prepareAmendment(tx, request.caller!, request.body as Doc)).preview),
      ).catch((e) => databaseError(e, amendments)),
  );

  app.patch(
    '/api/financing/contract-elements/:id/lines',
    {
      preValidation: preHandler,
      config: write(elements),
      schema: {
        tags: ['ContractElement'],
        summary: 'Marks schedule lines invoiced, paid or cancelled',
        params: recordPath,
        body: linesBody,
      },
    },
    async (request) => {
      const { numbers, status } = request.body as { numbers: number[]; status: LineStatus };
      if (new Set(numbers).size !== numbers.length)
        throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(numbers), 'numbers (each line once)']);
      return inCallerTenant(request, (tx) =>
        recordLineStatus(tx, request.caller!, (request.params as { id: string }).id, numbers, status),
      ).catch((e) => databaseError(e, elements));
    },
  );

  app.post(
    '/api/financing/contracts/:id/indexation',
    {
      preValidation: preHandler,
      config: write(contracts),
      schema: {
        tags: ['Contract'],
        summary: 'Revalues the index-linked elements on the anniversaries up to a date',
        params: recordPath,
        body: indexationBody,
      },
    },
    async (request) =>
      inCallerTenant(request, (tx) =>
        indexContract(
          tx,
          request.caller!,
          (request.params as { id: string }).id,
          (request.body as { date: string }).date,
        ),
      ).catch((e) => databaseError(e, contracts)),
  );

  app.get(
    '/api/financing/contracts/:id/summary',
    {
      preValidation: preHandler,
      config: read(contracts),
      schema: {
        tags: ['Contract'],
        summary: 'Outstanding capital, next due date, arrears and IRR of a contract',
        params: recordPath,
      },
    },
    async (request) =>
      readingCallerTenant(request, (tx) =>
        contractSummary(
          tx,
          request.caller!,
          (request.params as { id: string }).id,
          dayIn(new Date(), request.caller!.timeZone ?? 'UTC'),
        ),
      ),
  );
}
