import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { privateEquityAsset } from '@lbo/model/entities/private-equity/private-equity-asset.entity';
import { errorSchema } from '@lbo/model/schema/kind-schemas';
import { isoDay, registration } from '@lbo/model/schema/request-values';
import { readInTenant, scopeOf, type Db } from '../db/database.ts';
import type { Caller } from '../entities/crud.operation.ts';
import { typed } from '../http/schemas.ts';
import { assetPerformance, fundPerformanceOf } from './private-equity.operation.ts';

export interface PrivateEquityRouteOptions {
  db: Db;
  preHandler: (request: FastifyRequest) => Promise<void>;
}

const money = z.number();
const ratio = z.number().nullable();
const figures = {
  asOf: z.string().nullable().describe('the date of the figures (YYYY-MM-DD)'),
  invested: money.describe('cost: the sum of investments and follow-ons'),
  realised: money.describe('proceeds of exits and dividends'),
  unrealised: money.describe(
    'the latest valuation of the stake held (per share when shares moved since), else its cost',
  ),
  totalValue: money,
  gain: money,
  multiple: ratio.describe('TVPI = (realised + unrealised) / invested, 4 decimals'),
  dpi: ratio.describe('DPI = realised / invested, 4 decimals'),
  irr: ratio.describe('XIRR of the flows with the unrealised value on the as-of date, as a fraction, 6 decimals'),
  flows: z.array(z.object({ date: z.string(), amount: money })),
};
const holding = z.object({
  registration: z.string(),
  name: z.string(),
  sharesHeld: z.number(),
  valuation: z.object({ date: z.string(), amount: money, registration: z.string() }).nullable(),
  ...figures,
});
const asOfQuery = z.strictObject({
  date: isoDay.optional().describe('the date of the figures; the latest operation when absent'),
});

/**
 * The performance of a holding and of a fund (docs/private-equity.md), computed from the counted
 * operations; both read under the holdings' read permission, in the caller's tenant only.
 */
export async function privateEquityRoutes(app: FastifyInstance, { db, preHandler }: PrivateEquityRouteOptions) {
  const api = typed(app);
  const base = `/api/private-equity`;
  const tags = [privateEquityAsset.name];
  const reading = { preValidation: preHandler, config: { entity: privateEquityAsset.name } };
  const refusals = { 400: errorSchema, 403: errorSchema, 404: errorSchema };
  const caller = (request: FastifyRequest) => request.caller! as Caller;

  api.get(
    `${base}/assets/:registration/performance`,
    {
      ...reading,
      schema: {
        tags,
        summary: "A holding's shares held, cost, proceeds, value, multiple (TVPI) and IRR",
        params: z.strictObject({ registration: registration.describe('registration of the holding') }),
        querystring: asOfQuery,
        response: {
          200: holding.extend({ fund: z.string().nullable(), currency: z.string().nullable() }),
          ...refusals,
        },
      },
    },
    async (request) =>
      readInTenant(db, scopeOf(caller(request)), (tx) =>
        assetPerformance(tx, caller(request).tenant, request.params.registration, request.query.date),
      ),
  );

  api.get(
    `${base}/funds/:fund/performance`,
    {
      ...reading,
      schema: {
        tags,
        summary: "A fund's holdings and its cost, proceeds, value, multiple (TVPI) and IRR, in its one currency",
        params: z.strictObject({ fund: z.string().min(1).max(100).describe('the fund named by its holdings') }),
        querystring: asOfQuery,
        response: {
          200: z.object({
            fund: z.string(),
            currency: z.string().nullable(),
            ...figures,
            holdings: z.array(holding),
          }),
          ...refusals,
        },
      },
    },
    async (request) =>
      readInTenant(db, scopeOf(caller(request)), (tx) =>
        fundPerformanceOf(tx, caller(request).tenant, request.params.fund, request.query.date),
      ),
  );
}
