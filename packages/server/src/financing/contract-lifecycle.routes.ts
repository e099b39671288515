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
import { lineStatuses } from '@lbo/model/finance/contract-schedule';
import { bodySchema } from '@lbo/model/schema/kind-schemas';
import { idParams, isoDay, moneyAmount } from '@lbo/model/schema/request-values';
import { dayIn } from '@lbo/model/values/dates';
import { inTenant, readInTenant, scopeOf, type Db, type Tx } from '../db/database.ts';
import type { Entity } from '@lbo/model/entity';
import { amendment } from '@lbo/model/entities/financing/amendment.entity';
import { contractElement } from '@lbo/model/entities/financing/contract-element.entity';
import { contract } from '@lbo/model/entities/financing/contract.entity';
import { databaseError, mustFindRow } from '../entities/crud.operation.ts';
import { typed } from '../http/schemas.ts';
import { shownPreview } from '@lbo/model/finance/contract-amendment';
import { prepareAmendment } from './amendments.ts';
import { contractSummary, recordLineStatus } from './schedule-lines.ts';
import { indexContract } from './indexation.ts';

type PreHandler = (request: FastifyRequest) => Promise<void>;

const recordPath = idParams;
/** An amendment not saved: the Amendment declaration's fields (no other), these ones required or bounded. */
const amendmentBody = z.strictObject({
  ...(bodySchema(amendment, 'merge') as z.ZodObject).shape,
  contractRegistration: z.string().min(1).max(200),
  type: z.string().min(1).max(100),
  date: isoDay,
  rate: z.number().min(0).max(10).optional(),
  duration: z.number().int().min(1).optional(),
  paymentDay: z.number().int().min(1).max(31).optional(),
  prepaymentAmount: moneyAmount('zeroOrMore').optional(),
});
const indexationBody = z.strictObject({ date: isoDay });
const linesBody = z.strictObject({
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
  const api = typed(app);

  api.get(
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
        const row = await mustFindRow(tx, request.caller!, amendments, request.params.id);
        return shownPreview(
          (await prepareAmendment(tx, request.caller!, { ...row.data, registration: row.registration })).preview,
        );
      }).catch((e) => databaseError(e, amendments)),
  );

  api.post(
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
        shownPreview((await prepareAmendment(tx, request.caller!, request.body)).preview),
      ).catch((e) => databaseError(e, amendments)),
  );

  api.patch(
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
      const { numbers, status } = request.body;
      if (new Set(numbers).size !== numbers.length)
        throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(numbers), 'numbers (each line once)']);
      return inCallerTenant(request, (tx) =>
        recordLineStatus(tx, request.caller!, request.params.id, numbers, status),
      ).catch((e) => databaseError(e, elements));
    },
  );

  api.post(
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
      inCallerTenant(request, (tx) => indexContract(tx, request.caller!, request.params.id, request.body.date)).catch(
        (e) => databaseError(e, contracts),
      ),
  );

  api.get(
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
        contractSummary(tx, request.caller!, request.params.id, dayIn(new Date(), request.caller!.timeZone ?? 'UTC')),
      ),
  );
}
