/**
 * Allocating a cashflow (docs/api.md "Payments and allocations"): by hand or oldest-first, each
 * allocation a CashflowAllocation created and validated (its VALIDATE applies it, allocations.ts).
 * The operation a bank statement import calls for each of its cashflows.
 */
import { sql } from 'kysely';
import { cashflowAllocation } from '@lbo/model/entities/billing/cashflow-allocation.entity';
import { cashflow as cashflowKind } from '@lbo/model/entities/billing/cashflow.entity';
import { invoice as invoiceKind } from '@lbo/model/entities/billing/invoice.entity';
import { ApiError } from '@lbo/model/errors';
import { invoiceBalance, major, mustBeAmount } from '@lbo/model/finance/amounts';
import type { RecordOf } from '@lbo/model/record-types';
import { personWith } from '@lbo/model/values/parties';
import type { Tx } from '../../db/database.ts';
import { createIn, mustFindRow, type Caller } from '../../entities/crud.operation.ts';
import * as storage from '../../entities/storage.ts';
import type { WorkflowCaller } from '../../workflow/permissions.ts';
import { runTransition } from '../../workflow/workflow.operation.ts';
import {
  allocatable,
  cashflowState,
  invoiceProblem,
  refuseCashflow,
  type CashflowRow,
  type InvoiceRow,
} from './allocations.ts';

type Allocation = RecordOf<typeof cashflowAllocation>;

export interface AllocationRequest {
  /** By hand: these invoices, these amounts. Absent or empty: oldest-first over the counterparty's open invoices. */
  allocations?: { invoiceRegistration: string; amount: number }[];
  /** The allocations' date; today when absent. */
  date?: string;
}

/** The open invoices a cashflow settles oldest-first: its counterparty's (and its contract's when it names one), locked. */
async function oldestFirst(tx: Tx, caller: Caller, cashflow: CashflowRow): Promise<InvoiceRow[]> {
  const pr = cashflow.data.pr === 'P' ? 'P' : 'R';
  const role = pr === 'R' ? 'PAYER' : 'PAYEE';
  const person = personWith(cashflow.data, role);
  const contract = cashflow.data.contractRegistration || undefined;
  if (!person && !contract)
    throw new ApiError('INVALID_FIELD_VALUE', [
      '(none)',
      `persons (the cashflow names no ${role.toLowerCase()} nor contract whose invoices it would pay)`,
    ]);
  const conditions = [
    sql<boolean>`status IN ('ISSUED', 'PARTIALLY_PAID')`,
    sql<boolean>`COALESCE(data->>'pr', 'R') = ${pr}`,
    sql<boolean>`data->>'currency' = ${cashflow.data.currency}`,
    sql<boolean>`COALESCE(type, '') <> 'CREDIT_NOTE'`,
    ...(person
      ? [sql<boolean>`data->'persons' @> ${JSON.stringify([{ role, personRegistration: person }])}::jsonb`]
      : []),
    ...(contract ? [sql<boolean>`data->>'contractRegistration' = ${contract}`] : []),
  ];
  // Locked in registration order (as every allocation locks invoices), then taken by due date.
  const { rows } =
    await sql<InvoiceRow>`SELECT _id, registration, status, name, type, data, _insert_date, _insert_user, _update_date, _update_user, _version
    FROM ${sql.table(invoiceKind.table)} WHERE tenant = ${caller.tenant} AND ${sql.join(conditions, sql` AND `)}
    ORDER BY registration LIMIT 1000 FOR UPDATE`.execute(tx);
  const key = (r: InvoiceRow) => `${r.data.dueDate ?? '9999'}|${r.data.invoiceNumber ?? ''}|${r.registration}`;
  return rows.sort((a, b) => key(a).localeCompare(key(b)));
}

/**
 * Allocates cashflow `registration`: by hand (each invoice and amount checked against its
 * balance and what is left on the cashflow, naming the field) or oldest-first (each invoice paid
 * as far as the cashflow goes; what is left stays unallocated). Each allocation is a
 * CashflowAllocation created and validated. Answers the cashflow and the allocations made.
 */
export async function allocateCashflow(
  tx: Tx,
  caller: WorkflowCaller,
  registration: string,
  request: AllocationRequest = {},
): Promise<{ cashflow: RecordOf<typeof cashflowKind>; allocations: Allocation[] }> {
  const cashflow = await mustFindRow(tx, caller, cashflowKind, registration, true);
  if (!allocatable.includes(String(cashflow.status)))
    throw refuseCashflow(
      cashflow,
      `cashflow ${cashflow.registration} is ${cashflow.status}: only a PENDING or PARTIALLY_ALLOCATED cashflow is allocated`,
    );
  const currency = cashflow.data.currency;
  let left = cashflowState(cashflow).unallocated;
  const planned: { invoice: string; amount: number }[] = [];
  const byHand = request.allocations ?? [];
  if (byHand.length) {
    byHand.forEach((a, i) => {
      if (byHand.findIndex((b) => b.invoiceRegistration === a.invoiceRegistration) !== i)
        throw new ApiError('INVALID_FIELD_VALUE', [
          a.invoiceRegistration,
          `allocations[${i}].invoiceRegistration (given twice)`,
        ]);
    });
    const order = byHand
      .map((a, i) => ({ ...a, i }))
      .sort((a, b) => a.invoiceRegistration.localeCompare(b.invoiceRegistration));
    const invoices = new Map<string, InvoiceRow>();
    for (const a of order)
      invoices.set(a.invoiceRegistration, await mustFindRow(tx, caller, invoiceKind, a.invoiceRegistration, true));
    byHand.forEach((a, i) => {
      const invoice = invoices.get(a.invoiceRegistration)!;
      const problem = invoiceProblem(invoice, cashflow, `allocations[${i}].invoiceRegistration`);
      if (problem) throw problem;
      const amount = mustBeAmount(a.amount, currency, `allocations[${i}].amount`);
      const balance = invoiceBalance(invoice.data);
      if (amount > balance)
        throw new ApiError('INVALID_FIELD_VALUE', [
          String(a.amount),
          `allocations[${i}].amount (above the balance ${major(balance, currency)} of invoice ${invoice.registration})`,
        ]);
      if (amount > left)
        throw new ApiError('INVALID_FIELD_VALUE', [
          String(a.amount),
          `allocations[${i}].amount (above the ${major(left, currency)} left to allocate on cashflow ${cashflow.registration})`,
        ]);
      left -= amount;
      planned.push({ invoice: invoice.registration, amount });
    });
  } else {
    for (const invoice of await oldestFirst(tx, caller, cashflow)) {
      if (left === 0) break;
      const amount = Math.min(left, invoiceBalance(invoice.data));
      if (amount <= 0) continue;
      left -= amount;
      planned.push({ invoice: invoice.registration, amount });
    }
  }
  const allocations: Allocation[] = [];
  for (const p of planned) {
    const draft = await createIn(tx, caller, cashflowAllocation, {
      status: 'DRAFT',
      type: 'INVOICE',
      name: `${cashflow.registration} → ${p.invoice}`,
      cashflowRegistration: cashflow.registration,
      invoiceRegistration: p.invoice,
      amount: major(p.amount, currency),
      currency,
      ...(request.date ? { date: request.date } : {}),
    });
    // The workflow answers the record it moved, a generic document.
    allocations.push(
      (await runTransition(tx, caller, cashflowAllocation, draft.registration, 'VALIDATE')) as Allocation,
    );
  }
  return {
    cashflow: storage.toDocument(await mustFindRow(tx, caller, cashflowKind, cashflow.registration, true)),
    allocations,
  };
}

/** Reverses allocation `registration` by its REVERSE transition (the approver's decision); answers it. */
export async function reverseAllocation(tx: Tx, caller: WorkflowCaller, registration: string): Promise<Allocation> {
  return (await runTransition(tx, caller, cashflowAllocation, registration, 'REVERSE')) as Allocation;
}
