/**
 * Cashflows settling invoices (docs/api.md "Payments and allocations"). An allocation names a
 * cashflow, an invoice and an amount; validating it (VALIDATE, side effect
 * `applyCashflowAllocation`) applies it and reversing it (REVERSE, `reverseCashflowAllocation`)
 * puts everything back, each in its transition's transaction with History rows:
 *   - the invoice's balance, and its status by its workflow (PAY_PARTIALLY, PAY; REVERSE_PAYMENT…),
 *   - the schedule lines of an invoice paid in full: PAID (back to INVOICED on reversal),
 *   - the cashflow's allocated and unallocated amounts and status (ALLOCATE_PARTIALLY, ALLOCATE; UNALLOCATE…),
 *   - the contract's arrears.
 * `allocateCashflow` (allocate.operation.ts) allocates a cashflow oldest-first or by hand.
 *
 * Never over-allocated: the cashflow is locked, then its invoices in registration order, before
 * any amount is read, so two allocations of one cashflow or to one invoice run one after the other
 * and the second sees what the first left. One lock order everywhere (allocation, cashflow,
 * invoices, schedule elements, contract) keeps them from deadlocking.
 */
import type { Entity } from '@lbo/model/entity';
import type { cashflowAllocation } from '@lbo/model/entities/billing/cashflow-allocation.entity';
import { cashflow as cashflowKind } from '@lbo/model/entities/billing/cashflow.entity';
import { invoiceLine } from '@lbo/model/entities/billing/invoice-line.entity';
import { invoice as invoiceKind } from '@lbo/model/entities/billing/invoice.entity';
import { contractElement } from '@lbo/model/entities/financing/contract-element.entity';
import { ApiError } from '@lbo/model/errors';
import { invoiceBalance, major, minor, mustBeAmount, openInvoiceStatuses } from '@lbo/model/finance/amounts';
import type { RecordOf } from '@lbo/model/record-types';
import type { Tx } from '../../db/database.ts';
import { mustFindRow, updateIn, type Caller } from '../../entities/crud.operation.ts';
import * as storage from '../../entities/storage.ts';
import type { Doc, RowOf } from '../../entities/storage.ts';
import { recordLineStatus } from '../../financing/financing.module.ts';
import type { SideEffectContext } from '../../workflow/side-effects.ts';
import { refreshArrearsOnTransition, refreshContractArrears } from './arrears.ts';

export type CashflowRow = RowOf<typeof cashflowKind>;
export type InvoiceRow = RowOf<typeof invoiceKind>;
/** The allocation a VALIDATE or REVERSE moves, as its side effects read it. */
type Allocation = RecordOf<typeof cashflowAllocation>;

/** Moves a record through its workflow in the transaction (the side effect context's `moveRecord`). */
type Move = (entity: Entity, registration: string, code: string) => Promise<Doc>;

export const allocatable = ['PENDING', 'PARTIALLY_ALLOCATED'];

export function refuseCashflow(cashflow: CashflowRow, reason: string): ApiError {
  return new ApiError('TRANSITION_REJECTED', ['ALLOCATE', cashflowKind.name, cashflow.registration, reason], {
    rejectionReason: reason,
    rejection: 'STATUS',
    transition: 'ALLOCATE',
    currentStatus: cashflow.status,
  });
}

export const cashflowState = (cashflow: CashflowRow) => {
  const amount = minor(cashflow.data.amount, cashflow.data.currency);
  const allocated = minor(cashflow.data.allocatedAmount, cashflow.data.currency);
  return { amount, allocated, unallocated: amount - allocated };
};

/** Why `invoice` cannot take a payment of `cashflow`, naming `field`; nothing when it can. */
export function invoiceProblem(invoice: InvoiceRow, cashflow: CashflowRow, field: string): ApiError | undefined {
  const why = (reason: string) => new ApiError('INVALID_FIELD_VALUE', [invoice.registration, `${field} (${reason})`]);
  if (!openInvoiceStatuses.includes(String(invoice.status)))
    return why(
      `invoice ${invoice.registration} is ${invoice.status}: only an ISSUED or PARTIALLY_PAID invoice is paid`,
    );
  if (invoice.data.currency !== cashflow.data.currency)
    return why(`invoice in ${String(invoice.data.currency)}, cashflow in ${String(cashflow.data.currency)}`);
  if ((invoice.data.pr ?? 'R') !== (cashflow.data.pr ?? 'R'))
    return why(
      `a ${invoice.data.pr === 'P' ? 'payable' : 'receivable'} invoice is not settled by a ${cashflow.data.pr === 'P' ? 'payment made' : 'payment received'}`,
    );
  return undefined;
}

/** The invoice's lines, by schedule element: the numbers of its lines in `status`. */
async function scheduleLinesOf(tx: Tx, caller: Caller, invoice: string): Promise<Map<string, number[]>> {
  const lines = await storage.findByField(tx, invoiceLine, caller.tenant, 'invoiceRegistration', invoice, 10_000);
  const byElement = new Map<string, number[]>();
  for (const line of lines) {
    const element = line.data.elementRegistration,
      number = line.data.lineNumber;
    if (typeof element !== 'string' || typeof number !== 'number') continue;
    byElement.set(element, [...(byElement.get(element) ?? []), number]);
  }
  return new Map([...byElement].sort(([a], [b]) => a.localeCompare(b)));
}

/** Moves the schedule lines the invoice billed from `from` to `to` (lines elsewhere are left alone). */
async function moveScheduleLines(
  tx: Tx,
  caller: Caller,
  invoice: string,
  from: string,
  to: 'PAID' | 'INVOICED',
): Promise<void> {
  for (const [element, numbers] of await scheduleLinesOf(tx, caller, invoice)) {
    const row = await storage.findOne(tx, contractElement, caller.tenant, element);
    const current = new Map((row?.data.lines ?? []).map((l) => [l.number, l.status]));
    const moving = numbers.filter((n) => current.get(n) === from);
    if (moving.length) await recordLineStatus(tx, caller, element, moving, to);
  }
}

/** The cashflow's amounts after `delta` minor units more (or fewer) are allocated, and its status by its workflow. */
async function moveCashflow(
  tx: Tx,
  caller: Caller,
  move: Move,
  cashflow: CashflowRow,
  delta: number,
  allocation: string,
): Promise<void> {
  const { amount, allocated } = cashflowState(cashflow);
  const now = allocated + delta;
  const currency = cashflow.data.currency;
  await updateIn(
    tx,
    caller,
    cashflowKind,
    cashflow,
    { ...cashflow.data, allocatedAmount: major(now, currency), unallocatedAmount: major(amount - now, currency) },
    {
      action: delta > 0 ? 'ALLOCATION' : 'ALLOCATION_REVERSAL',
      history: { details: { allocation, amount: major(Math.abs(delta), currency) } },
    },
  );
  const code =
    delta > 0
      ? now === amount
        ? 'ALLOCATE'
        : cashflow.status === 'PENDING'
          ? 'ALLOCATE_PARTIALLY'
          : undefined
      : now === 0
        ? 'UNALLOCATE'
        : cashflow.status === 'ALLOCATED'
          ? 'UNALLOCATE_PARTIALLY'
          : undefined;
  if (code) await move(cashflowKind, cashflow.registration, code);
}

/** VALIDATE of an allocation: the invoice paid by its amount, the cashflow allocated by as much. */
export async function applyCashflowAllocation({
  tx,
  caller,
  doc: record,
  today,
  moveRecord: move,
}: SideEffectContext): Promise<Doc> {
  const doc = record as Allocation;
  const cashflow = await mustFindRow(tx, caller, cashflowKind, doc.cashflowRegistration, true);
  if (!allocatable.includes(String(cashflow.status)))
    throw refuseCashflow(
      cashflow,
      `cashflow ${cashflow.registration} is ${cashflow.status}: only a PENDING or PARTIALLY_ALLOCATED cashflow is allocated`,
    );
  const invoice = await mustFindRow(tx, caller, invoiceKind, doc.invoiceRegistration, true);
  const problem = invoiceProblem(invoice, cashflow, 'invoiceRegistration');
  if (problem) throw problem;
  const currency = cashflow.data.currency;
  const amount = mustBeAmount(doc.amount, currency, 'amount');
  const balance = invoiceBalance(invoice.data);
  if (amount > balance)
    throw new ApiError('INVALID_FIELD_VALUE', [
      String(doc.amount),
      `amount (above the balance ${major(balance, currency)} of invoice ${invoice.registration})`,
    ]);
  const { unallocated } = cashflowState(cashflow);
  if (amount > unallocated)
    throw new ApiError('INVALID_FIELD_VALUE', [
      String(doc.amount),
      `amount (above the ${major(unallocated, currency)} left to allocate on cashflow ${cashflow.registration})`,
    ]);

  const left = balance - amount;
  const date = doc.date ?? today;
  await updateIn(
    tx,
    caller,
    invoiceKind,
    invoice,
    // Paid in full: on the allocation's day (a bank entry's value date), not the day it was recorded.
    { ...invoice.data, totalBalance: major(left, currency), ...(left === 0 ? { paymentDate: date } : {}) },
    { action: 'PAYMENT', history: { details: { allocation: doc.registration, amount: major(amount, currency) } } },
  );
  if (left === 0) {
    await move(invoiceKind, invoice.registration, 'PAY');
    await moveScheduleLines(tx, caller, invoice.registration, 'INVOICED', 'PAID');
  } else if (invoice.status === 'ISSUED') {
    await move(invoiceKind, invoice.registration, 'PAY_PARTIALLY');
  }
  await moveCashflow(tx, caller, move, cashflow, amount, doc.registration);
  await refreshContractArrears(tx, caller, invoice.data.contractRegistration, today);
  return {
    ...doc,
    type: doc.type ?? 'INVOICE',
    amount: major(amount, currency),
    currency,
    pr: cashflow.data.pr ?? 'R',
    contractRegistration: invoice.data.contractRegistration ?? null,
    date,
  };
}

/** REVERSE of an allocation: the invoice's balance, status and schedule lines, and the cashflow's amounts, back as before it. */
export async function reverseCashflowAllocation({
  tx,
  caller,
  doc: record,
  today,
  moveRecord: move,
}: SideEffectContext): Promise<Doc> {
  const doc = record as Allocation;
  const cashflow = await mustFindRow(tx, caller, cashflowKind, doc.cashflowRegistration, true);
  const invoice = await mustFindRow(tx, caller, invoiceKind, doc.invoiceRegistration, true);
  const currency = cashflow.data.currency;
  const amount = minor(doc.amount, currency);
  const total = minor(invoice.data.amountInclTax, currency);
  const restored = invoiceBalance(invoice.data) + amount;
  if (!['PAID', 'PARTIALLY_PAID'].includes(String(invoice.status)) || restored > total) {
    throw new ApiError('INVALID_FIELD_VALUE', [
      invoice.registration,
      `invoiceRegistration (invoice ${invoice.registration} is ${invoice.status} with ${major(invoiceBalance(invoice.data), currency)} left to pay: it cannot take ${major(amount, currency)} back)`,
    ]);
  }
  if (cashflowState(cashflow).allocated < amount) {
    throw new ApiError('INVALID_FIELD_VALUE', [
      cashflow.registration,
      `cashflowRegistration (cashflow ${cashflow.registration} has less than ${major(amount, currency)} allocated)`,
    ]);
  }
  const { paymentDate: _unpaid, ...unpaid } = invoice.data;
  const data = invoice.status === 'PAID' ? unpaid : invoice.data;
  await updateIn(
    tx,
    caller,
    invoiceKind,
    invoice,
    { ...data, totalBalance: major(restored, currency) },
    {
      action: 'PAYMENT_REVERSAL',
      history: { details: { allocation: doc.registration, amount: major(amount, currency) } },
    },
  );
  if (invoice.status === 'PAID') await moveScheduleLines(tx, caller, invoice.registration, 'PAID', 'INVOICED');
  if (restored === total) await move(invoiceKind, invoice.registration, 'REVERSE_PAYMENT');
  else if (invoice.status === 'PAID') await move(invoiceKind, invoice.registration, 'REVERSE_PAYMENT_PARTIALLY');
  await moveCashflow(tx, caller, move, cashflow, -amount, doc.registration);
  await refreshContractArrears(tx, caller, invoice.data.contractRegistration, today);
  return { ...doc, reversalDate: today };
}

export const cashflowSideEffects = {
  applyCashflowAllocation,
  reverseCashflowAllocation,
  refreshContractArrears: refreshArrearsOnTransition,
};
