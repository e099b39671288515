/**
 * A returned direct debit entered by hand (docs/api.md "Returned debits"):
 *   POST /api/billing/payment-file-lines/{registration}/return   { reasonCode, date, amount? }
 * The line's invoice reopened, its fee charged, the mandate revoked when the reason says so and the
 * contract's collection case opened or updated, in one transaction (return-debit.ts). `amount`
 * defaults to the line's. Answers `{ case, feeInvoice? }`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParams, isoDay, moneyAmount } from '@lbo/model/schema/request-values';
import { inTenant, scopeOf, type Db } from '../../db/database.ts';
import type { ObjectStore } from '../../db/object-store.ts';
import { databaseError, mustFindRow } from '../../entities/crud.operation.ts';
import { typed } from '../../http/schemas.ts';
import { withTransitionResources } from '../../workflow/transition-resources.ts';
import { paymentFileLineKind, returnDebit } from './return-debit.ts';

type PreHandler = (request: FastifyRequest) => Promise<void>;

const returnBody = z.strictObject({
  reasonCode: z.string().min(1).max(10).describe('ISO 20022 reason code (list sepaReturnReason): AM04, MD01, AC04…'),
  date: isoDay.describe('The day the bank returned the debit'),
  amount: moneyAmount('positive').optional().describe('Returned amount; the line’s amount when absent'),
});

export async function returnRoutes(
  app: FastifyInstance,
  { db, preHandler, store }: { db: Db; preHandler: PreHandler; store: ObjectStore },
) {
  typed(app).post(
    '/api/billing/payment-file-lines/:id/return',
    {
      preValidation: preHandler,
      config: { entity: paymentFileLineKind.name, permission: `write /api/${paymentFileLineKind.route}` },
      schema: {
        tags: ['PaymentFileLine'],
        summary: 'A direct debit returned by the bank: invoice reopened, fee charged, mandate updated, collection case',
        params: idParams,
        body: returnBody,
      },
    },
    async (request) => {
      const caller = request.caller!;
      const { id } = request.params;
      const { body } = request;
      return withTransitionResources(store, () =>
        inTenant(db, scopeOf(caller), async (tx) => {
          const line = await mustFindRow(tx, caller, paymentFileLineKind, id, true);
          return returnDebit(tx, caller, {
            paymentFileLineRegistration: line.registration,
            reasonCode: body.reasonCode,
            date: body.date,
            amount: body.amount ?? Number(line.data.amount),
            currency: line.data.currency ?? 'EUR',
          });
        }),
      ).catch((e) => databaseError(e, paymentFileLineKind));
    },
  );
}
