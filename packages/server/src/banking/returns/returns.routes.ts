/**
 * A returned direct debit entered by hand (docs/api.md "Returned debits"):
 *   POST /api/billing/payment-file-lines/{registration}/return   { reasonCode, date, amount? }
 * The line's invoice reopened, its fee charged, the mandate revoked when the reason says so and the
 * contract's collection case opened or updated, in one transaction (return-debit.ts). `amount`
 * defaults to the line's. Answers `{ case, feeInvoice? }`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { inTenant, scopeOf, type Db } from '../../db/database.ts';
import type { ObjectStore } from '../../db/object-store.ts';
import { databaseError } from '../../entities/crud.operation.ts';
import { withTransitionResources } from '../../workflow/transition-resources.ts';
import { lockRecord } from '../../billing/cashflows/billing-records.ts';
import { paymentFileLineKind, returnDebit } from './return-debit.ts';

type PreHandler = (request: FastifyRequest) => Promise<void>;

const linePath = z.object({ id: z.string().min(1).max(200) });
const returnBody = z.object({
  reasonCode: z.string().min(1).max(10).describe('ISO 20022 reason code (list sepaReturnReason): AM04, MD01, AC04…'),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'INVALID_DATE_FIELD' })
    .refine(
      (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d,
      { error: 'INVALID_DATE_FIELD' },
    )
    .describe('The day the bank returned the debit'),
  amount: z.number().optional().describe('Returned amount; the line’s amount when absent'),
});

export async function returnRoutes(
  app: FastifyInstance,
  { db, preHandler, store }: { db: Db; preHandler: PreHandler; store: ObjectStore },
) {
  app.post(
    '/api/billing/payment-file-lines/:id/return',
    {
      preValidation: preHandler,
      config: { entity: paymentFileLineKind.name, permission: `write /api/${paymentFileLineKind.route}` },
      schema: {
        tags: ['PaymentFileLine'],
        summary: 'A direct debit returned by the bank: invoice reopened, fee charged, mandate updated, collection case',
        params: linePath,
        body: returnBody,
      },
    },
    async (request) => {
      const caller = request.caller!;
      const { id } = request.params as { id: string };
      const body = request.body as z.infer<typeof returnBody>;
      return withTransitionResources(store, () =>
        inTenant(db, scopeOf(caller), async (tx) => {
          const line = await lockRecord(tx, caller, paymentFileLineKind, id);
          return returnDebit(tx, caller, {
            paymentFileLineRegistration: line.registration,
            reasonCode: body.reasonCode,
            date: body.date,
            amount: body.amount ?? Number(line.data.amount),
            currency: String(line.data.currency ?? 'EUR'),
          });
        }),
      ).catch((e) => databaseError(e, paymentFileLineKind));
    },
  );
}
