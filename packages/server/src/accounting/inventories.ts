/**
 * Inventories of the books (Inventory, packages/model/src/entities/accounting/inventory.entity.ts):
 * the balance of every account and currency at the end of a day, of one organization or all. The
 * months before the day's month come from `account_balance` (one row per account and month, so the
 * cost does not grow with the postings), the day's own month from its postings up to the day.
 */
import { sql } from 'kysely';
import { Dec } from '@lbo/model/finance/decimal';
import type { Tx } from '../db/database.ts';
import type { SideEffect } from '../workflow/side-effects.ts';
import { postingKind } from './posting-engine.ts';
import { chartOf } from './reports.ts';

export interface BalanceLine {
  account: string;
  label: string;
  currency: string;
  debit: number;
  credit: number;
  balance: number;
}

export async function balancesAt(tx: Tx, tenant: string, date: string, organization?: string): Promise<BalanceLine[]> {
  const month = date.slice(0, 7);
  const byOrganization = (column: string) => (organization ? sql`AND ${sql.raw(column)} = ${organization}` : sql``);
  const { rows } = await sql<{ account: string; currency: string; debit: string; credit: string }>`
    SELECT account, currency, sum(debit) AS debit, sum(credit) AS credit FROM (
      SELECT account, currency, debit, credit FROM account_balance WHERE tenant = ${tenant} AND month < ${month} ${byOrganization('organization')}
      UNION ALL
      SELECT data ->> 'account', coalesce(data ->> 'currency', ''),
        CASE WHEN data ->> 'dc' = 'D' THEN (data ->> 'amount')::numeric ELSE 0 END, CASE WHEN data ->> 'dc' = 'C' THEN (data ->> 'amount')::numeric ELSE 0 END
      FROM ${sql.table(postingKind.table)} WHERE tenant = ${tenant} AND data ->> 'amount' IS NOT NULL
        AND data ->> 'date' >= ${`${month}-01`} AND data ->> 'date' <= ${date} ${byOrganization("coalesce(data ->> 'organizationRegistration', '')")}
    ) moves GROUP BY account, currency HAVING sum(debit) <> 0 OR sum(credit) <> 0 ORDER BY currency, account`.execute(
    tx,
  );
  const chart = await chartOf(tx, tenant);
  return rows.map((r) => ({
    account: r.account,
    label: chart.get(r.account)?.label ?? r.account,
    currency: r.currency,
    debit: new Dec(r.debit).toNumber(),
    credit: new Dec(r.credit).toNumber(),
    balance: new Dec(r.debit).minus(r.credit).toNumber(),
  }));
}

/** Takes the inventory's snapshot (on START and again on COMPLETE): its lines and totals as the books stand now. */
const snapshotBalances: SideEffect = async ({ tx, caller, doc, now }) => {
  const organization =
    typeof doc.organizationRegistration === 'string' && doc.organizationRegistration
      ? doc.organizationRegistration
      : undefined;
  const all = await balancesAt(tx, caller.tenant, String(doc.date), organization);
  const currency = typeof doc.currency === 'string' && doc.currency ? doc.currency : undefined;
  const lines = currency ? all.filter((l) => l.currency === currency) : all;
  const total = (side: 'debit' | 'credit') => lines.reduce((s, l) => s.plus(l[side]), new Dec(0)).toNumber();
  return {
    ...doc,
    balances: lines,
    totalDebit: total('debit'),
    totalCredit: total('credit'),
    accountCount: lines.length,
    takenAt: now,
  };
};

export const inventorySideEffects = { snapshotBalances };
