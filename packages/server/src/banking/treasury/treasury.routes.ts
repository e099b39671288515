/**
 * The tenant's own treasury operations (docs/api.md "Treasury"), each in one transaction:
 *   POST /api/bank/move-money     { fromAccount, toAccount, amount, valueDate?, reason? }  → the EXECUTED MOVE operation
 *   POST /api/bank/arbitration    { accounts?, target?, valueDate?, reason? }             → { operations, accounts }
 *   POST /api/bank/set-overdraft  { account, overdraftLimit, reason }                     → { operation, account }
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { refusing } from '@lbo/model/schema/refusals';
import { isoDay, moneyAmount, refusedAs } from '@lbo/model/schema/request-values';
import { inTenant, scopeOf, type Db } from '../../db/database.ts';
import { databaseError } from '../../entities/crud.operation.ts';
import { typed } from '../../http/schemas.ts';
import { arbitrate, bankOperationKind, moveMoney, setOverdraft } from './treasury.ts';

type PreHandler = (request: FastifyRequest) => Promise<void>;

// The operations check what the schemas cannot: accounts that exist, are ACTIVE and share a currency,
// amounts within their currency's decimals; an empty account or reason is missing there.
const account = z
  .string({ error: refusedAs('INVALID_FIELD_VALUE') })
  .max(200, { error: refusing('INVALID_FIELD_VALUE') });
const valueDate = z
  .union([isoDay, z.literal(''), z.null()])
  .optional()
  .describe('YYYY-MM-DD; today when absent');
const reason = z
  .string({ error: refusedAs('INVALID_FIELD_VALUE') })
  .max(500, { error: refusing('INVALID_FIELD_VALUE') });
const moveBody = z.strictObject({
  fromAccount: account.describe('Registration of the account debited'),
  toAccount: account.describe('Registration of the account credited (same currency)'),
  amount: moneyAmount('positive').describe('Positive amount in the accounts’ currency, at most its decimals'),
  valueDate,
  reason: reason.nullish(),
});
const arbitrationBody = z
  .strictObject({
    accounts: z
      .array(account, { error: refusedAs('INVALID_FIELD_VALUE') })
      .min(1, { error: refusing('INVALID_FIELD_VALUE') })
      .max(1000, { error: refusing('INVALID_FIELD_VALUE') })
      .nullish()
      .describe('Registrations of the accounts arbitrated; every ACTIVE account when absent'),
    target: moneyAmount('zeroOrMore').nullish().describe('Balance every account should reach at least; 0 when absent'),
    valueDate,
    reason: reason.nullish(),
  })
  .optional();
const overdraftBody = z.strictObject({
  account: account.describe('Registration of the account'),
  overdraftLimit: moneyAmount('zeroOrMore').describe('New overdraft limit, zero or more'),
  reason: reason.describe('Why the limit changes'),
});

export async function treasuryRoutes(app: FastifyInstance, { db, preHandler }: { db: Db; preHandler: PreHandler }) {
  const api = typed(app);
  const config = { entity: bankOperationKind.name, permission: `write /api/${bankOperationKind.route}` };
  const tags = [bankOperationKind.name];
  api.post(
    '/api/bank/move-money',
    {
      preValidation: preHandler,
      config,
      schema: { tags, summary: 'Moves money between two of the tenant’s own accounts', body: moveBody },
    },
    async (request) => {
      const caller = request.caller!;
      return inTenant(db, scopeOf(caller), (tx) => moveMoney(tx, caller, request.body)).catch((e) =>
        databaseError(e, bankOperationKind),
      );
    },
  );
  api.post(
    '/api/bank/arbitration',
    {
      preValidation: preHandler,
      config,
      schema: {
        tags,
        summary: 'Brings every account of an organization to at least a target balance from the richest',
        body: arbitrationBody,
      },
    },
    async (request) => {
      const caller = request.caller!;
      return inTenant(db, scopeOf(caller), (tx) => arbitrate(tx, caller, request.body ?? {})).catch((e) =>
        databaseError(e, bankOperationKind),
      );
    },
  );
  api.post(
    '/api/bank/set-overdraft',
    {
      preValidation: preHandler,
      config,
      schema: { tags, summary: 'Changes an account’s overdraft limit', body: overdraftBody },
    },
    async (request) => {
      const caller = request.caller!;
      return inTenant(db, scopeOf(caller), (tx) => setOverdraft(tx, caller, request.body)).catch((e) =>
        databaseError(e, bankOperationKind),
      );
    },
  );
}
