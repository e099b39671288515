/**
 * Payment routes beyond the generic CRUD of cashflows and allocations (docs/api.md "Payments and allocations"):
 *   POST /api/billing/cashflows/{registration}/allocate              oldest-first, or the allocations given
 *   POST /api/billing/cashflow-allocations/{registration}/reverse    the allocation undone (its REVERSE transition)
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { inTenant, scopeOf, type Db } from '../../db/database.ts';
import { databaseError } from '../../entities/crud.operation.ts';
import { allocateCashflow, reverseAllocation, type AllocationRequest } from './allocate.operation.ts';
import { allocationKind, cashflowKind } from './billing-records.ts';

type PreHandler = (request: FastifyRequest) => Promise<void>;

const recordPath = z.object({ id: z.string().min(1).max(200) });
const allocateBody = z.object({
  allocations: z
    .array(
      z.object({
        invoiceRegistration: z.string().min(1).max(200),
        amount: z
          .number()
          .describe('In the cashflow’s currency, at most its decimals; above 0, at most the invoice’s balance'),
      }),
    )
    .max(1000)
    .optional()
    .describe(
      'By hand; absent or empty: oldest-first over the open invoices of the cashflow’s payer (payee for a payment made)',
    ),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'INVALID_DATE_FIELD' })
    .refine((d) => new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d, { error: 'INVALID_DATE_FIELD' })
    .optional()
    .describe('The allocations’ date; today when absent'),
});

export async function cashflowRoutes(app: FastifyInstance, { db, preHandler }: { db: Db; preHandler: PreHandler }) {
  app.post(
    '/api/billing/cashflows/:id/allocate',
    {
      preValidation: preHandler,
      config: { entity: allocationKind.name, permission: `write /api/${allocationKind.route}` },
      schema: {
        tags: ['Cashflow'],
        summary: 'Allocates a cashflow to invoices, oldest-first or as given',
        params: recordPath,
        body: allocateBody,
      },
    },
    async (request) => {
      const caller = request.caller!;
      return inTenant(db, scopeOf(caller), (tx) =>
        allocateCashflow(tx, caller, (request.params as { id: string }).id, (request.body ?? {}) as AllocationRequest),
      ).catch((e) => databaseError(e, cashflowKind));
    },
  );

  app.post(
    '/api/billing/cashflow-allocations/:id/reverse',
    {
      preValidation: preHandler,
      config: { entity: allocationKind.name, permission: `write /api/${allocationKind.route}` },
      schema: {
        tags: ['CashflowAllocation'],
        summary: 'Reverses an allocation: invoice, schedule lines and cashflow back as before it',
        params: recordPath,
      },
    },
    async (request) => {
      const caller = request.caller!;
      return inTenant(db, scopeOf(caller), (tx) =>
        reverseAllocation(tx, caller, (request.params as { id: string }).id),
      ).catch((e) => databaseError(e, allocationKind));
    },
  );
}
