/**
 * Payment routes beyond the generic CRUD of cashflows and allocations (docs/api.md "Payments and allocations"):
 *   POST /api/billing/cashflows/{registration}/allocate              oldest-first, or the allocations given
 *   POST /api/billing/cashflow-allocations/{registration}/reverse    the allocation undone (its REVERSE transition)
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParams, isoDay, moneyAmount, noBody, registration } from '@lbo/model/schema/request-values';
import { inTenant, scopeOf, type Db } from '../../db/database.ts';
import { databaseError } from '../../entities/crud.operation.ts';
import { typed } from '../../http/schemas.ts';
import { allocateCashflow, reverseAllocation } from './allocate.operation.ts';
import { cashflowAllocation as allocationKind } from '@lbo/model/entities/billing/cashflow-allocation.entity';
import { cashflow as cashflowKind } from '@lbo/model/entities/billing/cashflow.entity';

type PreHandler = (request: FastifyRequest) => Promise<void>;

const allocateBody = z.strictObject({
  allocations: z
    .array(
      z.strictObject({
        invoiceRegistration: registration,
        // Above 0 and within the cashflow's currency decimals: the operation says so naming the field.
        amount: moneyAmount().describe(
          'In the cashflow’s currency, at most its decimals; above 0, at most the invoice’s balance',
        ),
      }),
    )
    .max(1000)
    .optional()
    .describe(
      'By hand; absent or empty: oldest-first over the open invoices of the cashflow’s payer (payee for a payment made)',
    ),
  date: isoDay.optional().describe('The allocations’ date; today when absent'),
});

export async function cashflowRoutes(app: FastifyInstance, { db, preHandler }: { db: Db; preHandler: PreHandler }) {
  const api = typed(app);
  api.post(
    '/api/billing/cashflows/:id/allocate',
    {
      preValidation: preHandler,
      config: { entity: allocationKind.name, permission: `write /api/${allocationKind.route}` },
      schema: {
        tags: ['Cashflow'],
        summary: 'Allocates a cashflow to invoices, oldest-first or as given',
        params: idParams,
        body: allocateBody,
      },
    },
    async (request) => {
      const caller = request.caller!;
      return inTenant(db, scopeOf(caller), (tx) => allocateCashflow(tx, caller, request.params.id, request.body)).catch(
        (e) => databaseError(e, cashflowKind),
      );
    },
  );

  api.post(
    '/api/billing/cashflow-allocations/:id/reverse',
    {
      preValidation: preHandler,
      config: { entity: allocationKind.name, permission: `write /api/${allocationKind.route}` },
      schema: {
        tags: ['CashflowAllocation'],
        summary: 'Reverses an allocation: invoice, schedule lines and cashflow back as before it',
        params: idParams,
        body: noBody,
      },
    },
    async (request) => {
      const caller = request.caller!;
      return inTenant(db, scopeOf(caller), (tx) => reverseAllocation(tx, caller, request.params.id)).catch((e) =>
        databaseError(e, allocationKind),
      );
    },
  );
}
