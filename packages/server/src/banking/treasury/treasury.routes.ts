/**
 * The tenant's own treasury operations (docs/api.md "Treasury"), each in one transaction:
 *   POST /api/bank/move-money     { fromAccount, toAccount, amount, valueDate?, reason? }  → the EXECUTED MOVE operation
 *   POST /api/bank/arbitration    { accounts?, target?, valueDate?, reason? }             → { operations, accounts }
 *   POST /api/bank/set-overdraft  { account, overdraftLimit, reason }                     → { operation, account }
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { inTenant, scopeOf, type Db } from '../../db/database.ts';
import { databaseError } from '../../entities/crud.operation.ts';
import { arbitrate, bankOperationKind, moveMoney, setOverdraft } from './treasury.ts';

type PreHandler = (request: FastifyRequest) => Promise<void>;

// Shapes are checked by the operations, which answer the catalogue's errors naming each field.
const moveBody = z.object({
  fromAccount: z.unknown().describe('Registration of the account debited'),
  toAccount: z.unknown().describe('Registration of the account credited (same currency)'),
  amount: z.unknown().describe('Positive amount in the accounts’ currency'),
  valueDate: z.unknown().optional().describe('YYYY-MM-DD; today when absent'),
  reason: z.unknown().optional(),
});
const arbitrationBody = z.object({
  accounts: z
    .unknown()
    .optional()
    .describe('Registrations of the accounts arbitrated; every ACTIVE account when absent'),
  target: z.unknown().optional().describe('Balance every account should reach at least; 0 when absent'),
  valueDate: z.unknown().optional(),
  reason: z.unknown().optional(),
});
const overdraftBody = z.object({
  account: z.unknown().describe('Registration of the account'),
  overdraftLimit: z.unknown().describe('New overdraft limit, zero or more'),
  reason: z.unknown().describe('Why the limit changes'),
});

export async function treasuryRoutes(app: FastifyInstance, { db, preHandler }: { db: Db; preHandler: PreHandler }) {
  const config = { entity: bankOperationKind.name, permission: `write /api/${bankOperationKind.route}` };
  const tags = [bankOperationKind.name];
  app.post(
    '/api/bank/move-money',
    {
      preValidation: preHandler,
      config,
      schema: { tags, summary: 'Moves money between two of the tenant’s own accounts', body: moveBody },
    },
    async (request) => {
      const caller = request.caller!;
      return inTenant(db, scopeOf(caller), (tx) => moveMoney(tx, caller, (request.body ?? {}) as object)).catch((e) =>
        databaseError(e, bankOperationKind),
      );
    },
  );
  app.post(
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
      return inTenant(db, scopeOf(caller), (tx) => arbitrate(tx, caller, (request.body ?? {}) as object)).catch((e) =>
        databaseError(e, bankOperationKind),
      );
    },
  );
  app.post(
    '/api/bank/set-overdraft',
    {
      preValidation: preHandler,
      config,
      schema: { tags, summary: 'Changes an account’s overdraft limit', body: overdraftBody },
    },
    async (request) => {
      const caller = request.caller!;
      return inTenant(db, scopeOf(caller), (tx) => setOverdraft(tx, caller, (request.body ?? {}) as object)).catch(
        (e) => databaseError(e, bankOperationKind),
      );
    },
  );
}
