/**
 * The invoices list's KPI block (spec 001 §2.4):
 *   GET /api/billing/invoices/kpis?{list filters}   per status, and for all: how many invoices, and the
 *       sums of amountInclTax and totalBalance (falling back to amountInclTax) per currency
 * The list's `breakdown` counts only; the sums are added by PostgreSQL in `numeric`, exact.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { Dec } from '@lbo/model/finance/decimal';
import { listQuerySchema } from '@lbo/model/schema/kind-schemas';
import { scopeOf, type Db } from '../db/database.ts';
import { readFromReplica } from '../db/read-replica.ts';
import { databaseError } from '../entities/crud.operation.ts';
import { compileListQuery } from '../entities/list-query.ts';
import { typed } from '../http/schemas.ts';
import { invoiceKind } from './billing-run.ts';

type PreHandler = (request: FastifyRequest) => Promise<void>;

/** Sums of one status in one currency, as decimal numbers of the currency's unit. */
export interface CurrencySums {
  amountInclTax: number;
  totalBalance: number;
}
export interface StatusFigures {
  count: number;
  amounts: Record<string, CurrencySums>;
}
export interface InvoiceKpis extends StatusFigures {
  statuses: Record<string, StatusFigures>;
}

/** The invoices the list query matches, counted and summed per status and currency. */
export async function invoiceKpis(
  db: Db,
  caller: { tenant: string; username: string; timeZone?: string },
  query: Record<string, string | string[] | undefined>,
): Promise<InvoiceKpis> {
  const q = compileListQuery(invoiceKind, query, caller.timeZone);
  const amount = (field: string) =>
    sql`CASE WHEN jsonb_typeof(data->${field}) = 'number' THEN (data->>${field})::numeric END`;
  const { rows } = await readFromReplica(db, scopeOf(caller), (tx) =>
    sql<{ status: string | null; currency: string | null; n: string; incl: string | null; balance: string | null }>`
    SELECT status, data->>'currency' AS currency, count(*) AS n,
      sum(${amount('amountInclTax')})::text AS incl, sum(coalesce(${amount('totalBalance')}, ${amount('amountInclTax')}))::text AS balance
    FROM ${sql.table(invoiceKind.table)} WHERE tenant = ${caller.tenant} AND ${q.where}
    GROUP BY 1, 2 ORDER BY 1, 2 LIMIT 1000`.execute(tx),
  ).catch((e) => databaseError(e, invoiceKind));
  const kpis: InvoiceKpis = { count: 0, amounts: {}, statuses: {} };
  const totals: Record<string, { incl: InstanceType<typeof Dec>; balance: InstanceType<typeof Dec> }> = {};
  for (const row of rows) {
    const status = row.status ?? '';
    const figures = (kpis.statuses[status] ??= { count: 0, amounts: {} });
    const n = Number(row.n);
    figures.count += n;
    kpis.count += n;
    // numeric text to the nearest double: a sum of cents prints back as written.
    const currency = row.currency ?? '';
    figures.amounts[currency] = { amountInclTax: Number(row.incl ?? 0), totalBalance: Number(row.balance ?? 0) };
    const total = (totals[currency] ??= { incl: new Dec(0), balance: new Dec(0) });
    total.incl = total.incl.plus(row.incl ?? 0);
    total.balance = total.balance.plus(row.balance ?? 0);
  }
  for (const [currency, total] of Object.entries(totals))
    kpis.amounts[currency] = { amountInclTax: total.incl.toNumber(), totalBalance: total.balance.toNumber() };
  return kpis;
}

export async function invoiceKpiRoutes(app: FastifyInstance, { db, preHandler }: { db: Db; preHandler: PreHandler }) {
  typed(app).get(
    '/api/billing/invoices/kpis',
    {
      preValidation: preHandler,
      config: { entity: invoiceKind.name, permission: `read /api/${invoiceKind.route}` },
      schema: {
        tags: ['Invoice'],
        summary:
          'Invoices matching the list filters, counted and summed (amount incl. tax, balance) per status and currency',
        querystring: listQuerySchema(invoiceKind),
      },
    },
    async (request) => invoiceKpis(db, request.caller!, request.query),
  );
}
