import { ApiError } from '@lbo/model/errors';
import type { Tx } from '../db/database.ts';
import { readConfiguration, writeConfiguration } from '../db/configuration.ts';
import type { Caller } from '../entities/crud.operation.ts';
import { insertHistory } from '../entities/history.ts';

/**
 * Accounting periods are months, open unless closed, per organization (the lessor person, or
 * `*` for all). Kept in the tenant configuration `accountingPeriods` (`{ closed: { ORG: ['2026-10'] } }`),
 * written only by the close and reopen routes, each with its History row. The database refuses a
 * posting dated in a closed month (db/migrations/0006_books.ts), so a closed month's balances
 * never move; the engine dates such a posting on the first day of the first open month after it.
 */
export const ACCOUNTING_PERIODS = 'accountingPeriods';
export const ALL_ORGANIZATIONS = '*';

export interface AccountingPeriods {
  closed: Record<string, string[]>;
}

export async function periodsOf(tx: Tx, tenant: string): Promise<AccountingPeriods> {
  const stored = await readConfiguration<AccountingPeriods>(tx, tenant, ACCOUNTING_PERIODS);
  return { closed: stored?.closed ?? {} };
}

export const monthOf = (date: string) => date.slice(0, 7);

export function isClosed(periods: AccountingPeriods, organization: string | undefined, month: string): boolean {
  return (
    (periods.closed[organization || ALL_ORGANIZATIONS] ?? []).includes(month) ||
    (periods.closed[ALL_ORGANIZATIONS] ?? []).includes(month)
  );
}

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** The date a posting takes: its own when its month is open, else the 1st of the first open month after it. */
export function postingDateFor(periods: AccountingPeriods, organization: string | undefined, date: string): string {
  let month = monthOf(date);
  if (!isClosed(periods, organization, month)) return date;
  for (let i = 0; i < 1200 && isClosed(periods, organization, month); i++) month = nextMonth(month);
  return `${month}-01`;
}

const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Closes (or reopens) a month for an organization (or all), audited. */
export async function setPeriod(
  tx: Tx,
  caller: Caller,
  month: string,
  organization: string | undefined,
  close: boolean,
): Promise<AccountingPeriods> {
  if (typeof month !== 'string' || !monthPattern.test(month)) throw new ApiError('INVALID_PERIOD', [String(month)]);
  await tx
    .selectFrom('tenant_configuration')
    .select('name')
    .where('tenant', '=', caller.tenant)
    .where('name', '=', ACCOUNTING_PERIODS)
    .forUpdate()
    .execute();
  const periods = await periodsOf(tx, caller.tenant);
  const key = organization || ALL_ORGANIZATIONS;
  const months = new Set(periods.closed[key] ?? []);
  const before = { month, organization: key, closed: months.has(month) };
  if (close) months.add(month);
  else months.delete(month);
  const after: AccountingPeriods = { closed: { ...periods.closed, [key]: [...months].sort() } };
  if (!after.closed[key].length) delete after.closed[key];
  await writeConfiguration(tx, caller.tenant, ACCOUNTING_PERIODS, after, caller.username);
  await insertHistory(tx, caller, {
    entityName: 'AccountingPeriod',
    entityRegistration: `${key}:${month}`,
    action: close ? 'CLOSE' : 'REOPEN',
    before: { status: before.closed ? 'CLOSED' : 'OPEN' },
    after: { status: close ? 'CLOSED' : 'OPEN' },
  });
  return after;
}

/** Closes, for all organizations, every month with postings up to `month` (the demo's months before the last two). */
export async function closeThrough(tx: Tx, caller: Caller, month: string): Promise<string[]> {
  const months = await tx
    .selectFrom('account_balance')
    .select('month')
    .distinct()
    .where('tenant', '=', caller.tenant)
    .where('month', '<=', month)
    .orderBy('month')
    .execute();
  for (const { month: m } of months) await setPeriod(tx, caller, m, undefined, true);
  return months.map((m) => m.month);
}
