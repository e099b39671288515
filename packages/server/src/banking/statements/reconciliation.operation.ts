/**
 * What a person does on the reconciliation screen: sees the candidates of a waiting transaction,
 * matches it to one or several invoices (amounts split), or leaves it (its IGNORE transition);
 * and matching run again over the waiting transactions once new invoices are issued.
 */
import { sql } from 'kysely';
import { invoice as invoiceKind } from '@lbo/model/entities/billing/invoice.entity';
import { ApiError } from '@lbo/model/errors';
import { minor, mustBeAmount } from '@lbo/model/finance/amounts';
import type { RecordOf } from '@lbo/model/record-types';
import type { Tx } from '../../db/database.ts';
import { mustFindRow } from '../../entities/crud.operation.ts';
import * as storage from '../../entities/storage.ts';
import type { RowOf } from '../../entities/storage.ts';
import type { WorkflowCaller } from '../../workflow/permissions.ts';
import {
  matchTransactions,
  newTransactions,
  proposals,
  settle,
  transactionKind,
  type Candidate,
  type TransactionRow,
} from './matching.ts';

const waiting = ['NEW'];

async function waitingTransaction(tx: Tx, caller: WorkflowCaller, id: string): Promise<TransactionRow> {
  const row = await mustFindRow(tx, caller, transactionKind, id, true);
  if (!waiting.includes(String(row.status)))
    throw new ApiError('TRANSITION_REJECTED', [
      'MATCH',
      transactionKind.name,
      row.registration,
      `it is ${String(row.status)}: only a NEW transaction is matched`,
    ]);
  return row;
}

/** The transaction and its candidates, ranked now. */
export async function candidatesOf(
  tx: Tx,
  caller: WorkflowCaller,
  id: string,
): Promise<{ transaction: RecordOf<typeof transactionKind>; candidates: Candidate[] }> {
  const row = await mustFindRow(tx, caller, transactionKind, id, true);
  return {
    transaction: storage.toDocument(row),
    candidates: waiting.includes(String(row.status)) ? await proposals(tx, caller, row) : [],
  };
}

/** Matches a waiting transaction by hand: a cashflow of its amount allocated to these invoices (their sum at most its amount). */
export async function matchByHand(
  tx: Tx,
  caller: WorkflowCaller,
  id: string,
  allocations: { invoiceRegistration: string; amount: number }[],
): Promise<RecordOf<typeof transactionKind>> {
  const row = await waitingTransaction(tx, caller, id);
  const currency = row.data.currency;
  if (row.data.type === 'DIRECT_DEBIT_RETURN')
    throw new ApiError('INVALID_FIELD_VALUE', [
      row.registration,
      'registration (a returned debit is not matched to invoices)',
    ]);
  const amounts = allocations.map((a, i) => mustBeAmount(a.amount, currency, `allocations[${i}].amount`));
  const total = amounts.reduce((s, a) => s + a, 0);
  const available = minor(row.data.amount, currency);
  if (total > available)
    throw new ApiError('INVALID_FIELD_VALUE', [
      String(total / 100),
      `allocations (their sum is above the transaction's ${String(row.data.amount)} ${String(currency)})`,
    ]);
  const invoices: RowOf<typeof invoiceKind>[] = [];
  for (const [i, a] of allocations.entries()) {
    const invoice = await storage.findOne(tx, invoiceKind, caller.tenant, a.invoiceRegistration);
    if (!invoice) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [invoiceKind.name, a.invoiceRegistration]);
    if (allocations.findIndex((b) => b.invoiceRegistration === a.invoiceRegistration) !== i)
      throw new ApiError('INVALID_FIELD_VALUE', [
        a.invoiceRegistration,
        `allocations[${i}].invoiceRegistration (given twice)`,
      ]);
    invoices.push(invoice);
  }
  const candidates = Array.isArray(row.data.candidates) ? (row.data.candidates as Candidate[]) : [];
  return settle(
    tx,
    caller,
    row,
    invoices.map((invoice, i) => ({ invoice, amount: amounts[i] })),
    'MANUAL',
    candidates,
    total === available ? 'MATCHED' : 'PARTIALLY_MATCHED',
  );
}

/** Matches again the waiting transactions (those named, or all of the tenant, 500 at a time up to 20,000). */
export async function rematch(
  tx: Tx,
  caller: WorkflowCaller,
  registrations?: string[],
): Promise<{ matched: number; unmatched: number }> {
  const total = { matched: 0, unmatched: 0 };
  const condition = registrations?.length
    ? sql<boolean>`registration = ANY(${registrations}::text[])`
    : sql<boolean>`true`;
  let after = '';
  for (let round = 0; round < 40; round++) {
    const rows = await newTransactions(tx, caller.tenant, condition, after, 500);
    if (!rows.length) break;
    const outcome = await matchTransactions(tx, caller, rows);
    total.matched += outcome.matched;
    total.unmatched += outcome.unmatched;
    after = rows[rows.length - 1]._id;
  }
  return total;
}
