/**
 * A contract's arrears: the sum of the balances of its receivable invoices that are issued or
 * partially paid and due on or before today. Kept on the contract (`arrears`) and recomputed in
 * the same transaction as every change that moves it: an allocation applied or reversed, and every
 * invoice transition (issue, pay, cancel, a payment reversed) through the `refreshContractArrears`
 * side effect. Days passing make invoices due without any write: `refreshDueArrears` (run daily by
 * the scheduler) brings every contract of the tenant whose figure changed up to date.
 */
import { sql } from 'kysely';
import { invoice as invoiceKind } from '@lbo/model/entities/billing/invoice.entity';
import { contract as contractKind } from '@lbo/model/entities/financing/contract.entity';
import { invoiceBalance, major, minor, openInvoiceStatuses } from '@lbo/model/finance/amounts';
import type { RecordOf } from '@lbo/model/record-types';
import type { Tx } from '../../db/database.ts';
import { updateIn, type Caller } from '../../entities/crud.operation.ts';
import * as storage from '../../entities/storage.ts';
import type { Doc } from '../../entities/storage.ts';
import type { SideEffectContext } from '../../workflow/side-effects.ts';

/** An invoice as a transition's side effect sees it, about to be written. */
type Invoice = Partial<RecordOf<typeof invoiceKind>>;

const balance = sql`COALESCE((data->>'totalBalance')::numeric, (data->>'amountInclTax')::numeric, 0)`;
const inArrears = (today: string) =>
  sql<boolean>`status IN ('ISSUED', 'PARTIALLY_PAID') AND data->>'pr' = 'R' AND data->>'dueDate' <= ${today}`;

const counts = (invoice: Invoice, today: string) =>
  openInvoiceStatuses.includes(String(invoice.status)) &&
  invoice.pr === 'R' &&
  typeof invoice.dueDate === 'string' &&
  invoice.dueDate <= today;

/**
 * The arrears of contract `registration` as of `today`, in minor units. `pending` is an invoice
 * about to be written (a transition's side effect runs before its write): it counts as given.
 */
async function arrearsOf(
  tx: Tx,
  caller: Caller,
  registration: string,
  currency: unknown,
  today: string,
  pending?: Invoice,
): Promise<number> {
  const others = pending ? sql<boolean>`registration <> ${String(pending.registration)}` : sql<boolean>`true`;
  // numeric sums the stored decimals exactly.
  const { rows } = await sql<{
    total: string | null;
  }>`SELECT sum(${balance})::text AS total FROM ${sql.table(invoiceKind.table)}
    WHERE tenant = ${caller.tenant} AND data->>'contractRegistration' = ${registration} AND ${inArrears(today)} AND ${others}`.execute(
    tx,
  );
  const stored = minor(Number(rows[0]?.total ?? 0), currency);
  return stored + (pending && counts(pending, today) ? invoiceBalance(pending) : 0);
}

/** Recomputes the arrears of contract `registration` (a contract the tenant does not have is left alone); writes only a change. */
export async function refreshContractArrears(
  tx: Tx,
  caller: Caller,
  registration: unknown,
  today: string,
  pending?: Invoice,
): Promise<void> {
  if (typeof registration !== 'string' || !registration) return;
  const contract = await storage.findOne(tx, contractKind, caller.tenant, registration, true);
  if (!contract) return;
  const arrears = major(
    await arrearsOf(tx, caller, registration, contract.data.currency, today, pending),
    contract.data.currency,
  );
  if (contract.data.arrears === arrears || (contract.data.arrears === undefined && arrears === 0)) return;
  await updateIn(
    tx,
    caller,
    contractKind,
    contract,
    { ...contract.data, arrears },
    { action: 'ARREARS', history: { details: { today } } },
  );
}

/** Side effect of the invoice transitions: the contract's arrears with the invoice as it will be stored. */
export async function refreshArrearsOnTransition({ tx, caller, doc, today }: SideEffectContext): Promise<Doc> {
  const invoice = doc as Invoice;
  await refreshContractArrears(tx, caller, invoice.contractRegistration, today, invoice);
  return doc;
}

/**
 * Every contract of the tenant whose stored arrears differ from its invoices' as of `today`
 * (invoices fallen due since, or a figure never computed): recomputed and written. Answers how many.
 */
export async function refreshDueArrears(tx: Tx, caller: Caller, today: string): Promise<number> {
  const { rows } = await sql<{ registration: string }>`
    WITH due AS (SELECT data->>'contractRegistration' AS contract, sum(${balance}) AS total FROM ${sql.table(invoiceKind.table)}
      WHERE tenant = ${caller.tenant} AND ${inArrears(today)} GROUP BY 1)
    SELECT c.registration FROM ${sql.table(contractKind.table)} c LEFT JOIN due ON due.contract = c.registration
    WHERE c.tenant = ${caller.tenant} AND (due.total IS NOT NULL OR c.data ? 'arrears')
      AND COALESCE((c.data->>'arrears')::numeric, 0) <> COALESCE(due.total, 0)
    ORDER BY c.registration`.execute(tx);
  for (const { registration } of rows) await refreshContractArrears(tx, caller, registration, today);
  return rows.length;
}
