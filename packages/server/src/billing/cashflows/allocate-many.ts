/**
 * Receipts allocated set-wise (a bank statement's confident matches, a chunk at a time): each a new
 * cashflow paying one invoice, with the outcome of creating it and allocating it through
 * allocateCashflow one by one (allocate.operation.ts, allocations.ts) — the cashflow ALLOCATED (or
 * PARTIALLY_ALLOCATED), its allocation VALIDATED with its posting event, the invoice's balance,
 * payment date and status (PAY, PAY_PARTIALLY), the schedule lines of an invoice paid in full
 * PAID, the contracts' arrears — but in a few statements for the whole chunk, each record with
 * its History row.
 *
 * The same rules hold: the invoices are locked in registration order before any balance is read
 * (then schedule elements, then contracts: the order every allocation takes), an invoice takes no
 * more than its balance, only open invoices of the cashflow's currency and direction are paid.
 * A receipt these refuse is answered `undefined`, for the caller to allocate it one by one, which
 * says why. The whole is answered `undefined` (nothing written) when the tenant's workflows are
 * not the ones this writes the outcome of: a transition replaced, guarded or given side effects
 * other than those known here; the allocation's own side effects other than applying it (its
 * validation date, its posting event) run for each allocation as its VALIDATE runs them.
 */
import { sql } from 'kysely';
import type { Entity } from '@lbo/model/entity';
import { cashflowAllocation } from '@lbo/model/entities/billing/cashflow-allocation.entity';
import { cashflow as cashflowKind } from '@lbo/model/entities/billing/cashflow.entity';
import { invoiceLine } from '@lbo/model/entities/billing/invoice-line.entity';
import { invoice as invoiceKind } from '@lbo/model/entities/billing/invoice.entity';
import { contractElement } from '@lbo/model/entities/financing/contract-element.entity';
import { invoiceBalance, major, minor, mustBeAmount } from '@lbo/model/finance/amounts';
import type { Transition } from '@lbo/model/workflow/workflow';
import type { Tx } from '../../db/database.ts';
import { createManyIn, updateManyIn } from '../../entities/bulk-writes.ts';
import { freeRegistrations } from '../../entities/crud.operation.ts';
import * as storage from '../../entities/storage.ts';
import type { Doc, RowOf } from '../../entities/storage.ts';
import { recordLinesStatus } from '../../financing/financing.module.ts';
import { canRun, type WorkflowCaller } from '../../workflow/permissions.ts';
import { runSideEffectsOnMany, todayIn } from '../../workflow/side-effects.ts';
import { loadWorkflow } from '../../workflow/workflow-config.ts';
import { runTransition } from '../../workflow/workflow.operation.ts';
import { refreshContractArrears } from './arrears.ts';
import { invoiceProblem, type CashflowRow, type InvoiceRow } from './allocations.ts';

/** One receipt: the cashflow to create (its document as `settle` builds it, PENDING) and the invoice it pays. */
export interface Receipt {
  cashflow: Doc & { amount: number; currency: string; pr: string };
  /** Added to the cashflow's History row (the bank transaction it comes from). */
  history?: Doc;
  invoiceRegistration: string;
  /** Major units; at most the invoice's balance and the cashflow's amount. */
  amount: number;
  /** The allocation's date (the money's value date); today when absent. */
  date?: string;
}

export interface AllocatedReceipt {
  cashflowRegistration: string;
  allocationRegistration: string;
}

const OPEN = ['ISSUED', 'PARTIALLY_PAID'];

/** The transitions whose outcome this writes, as the tenant's workflows have them; undefined when one is not as known. */
async function knownTransitions(tx: Tx, caller: WorkflowCaller) {
  const plain = (tr: Transition | undefined, from: string[], to: string, effects: string[]) =>
    !!tr &&
    from.every((s) => tr.from.includes(s)) &&
    tr.to === to &&
    !tr.featureFlag &&
    !tr.types &&
    !tr.requiredFields.length &&
    canRun(caller, tr) &&
    (tr.sideEffects ?? []).every((e) => effects.includes(e));
  const find = async (entity: Entity, code: string) =>
    (await loadWorkflow(tx, caller.tenant, entity)).workflow.transitions.find((tr) => tr.code === code);
  const validate = await find(cashflowAllocation, 'VALIDATE');
  const pay = await find(invoiceKind, 'PAY');
  const payPartially = await find(invoiceKind, 'PAY_PARTIALLY');
  const allocate = await find(cashflowKind, 'ALLOCATE');
  const allocatePartially = await find(cashflowKind, 'ALLOCATE_PARTIALLY');
  const fits =
    plain(pay, OPEN, 'PAID', ['markInvoicePaid', 'refreshContractArrears']) &&
    plain(payPartially, ['ISSUED'], 'PARTIALLY_PAID', ['refreshContractArrears']) &&
    plain(allocate, ['PENDING'], 'ALLOCATED', []) &&
    plain(allocatePartially, ['PENDING'], 'PARTIALLY_ALLOCATED', []) &&
    !!validate &&
    validate.from.includes('DRAFT') &&
    validate.to === 'VALIDATED' &&
    !validate.featureFlag &&
    !validate.types &&
    !validate.requiredFields.length &&
    canRun(caller, validate) &&
    (validate.sideEffects ?? []).includes('applyCashflowAllocation');
  return fits ? { validate: validate! } : undefined;
}

/**
 * Creates and allocates `receipts` in `tx` (see above). Answers, per receipt, what was written, or
 * undefined for one to allocate one by one; undefined for all when the workflows are not as known.
 */
export async function allocateReceipts(
  tx: Tx,
  caller: WorkflowCaller,
  receipts: Receipt[],
): Promise<(AllocatedReceipt | undefined)[] | undefined> {
  if (!receipts.length) return [];
  const known = await knownTransitions(tx, caller);
  if (!known) return undefined;
  const today = caller.asOf ?? todayIn(caller.timeZone);
  const now = new Date().toISOString();

  // The invoices locked in registration order, then each receipt checked against what the ones before it left.
  const invoices = new Map(
    (
      await storage.findMany(
        tx,
        invoiceKind,
        caller.tenant,
        [...new Set(receipts.map((r) => r.invoiceRegistration))],
        true,
      )
    ).map((row) => [row.registration, { row, balance: invoiceBalance(row.data), status: String(row.status) }]),
  );
  const taken: { receipt: Receipt; index: number; amount: number; invoice: InvoiceRow }[] = [];
  receipts.forEach((receipt, index) => {
    const invoice = invoices.get(receipt.invoiceRegistration);
    if (!invoice) return;
    const currency = receipt.cashflow.currency;
    const asCashflow = { data: receipt.cashflow } as unknown as CashflowRow;
    if (invoiceProblem({ ...invoice.row, status: invoice.status }, asCashflow, 'invoiceRegistration')) return;
    let amount: number;
    try {
      amount = mustBeAmount(receipt.amount, currency, 'amount');
    } catch {
      return;
    }
    if (amount <= 0 || amount > invoice.balance || amount > minor(receipt.cashflow.amount, currency)) return;
    invoice.balance -= amount;
    invoice.status = invoice.balance === 0 ? 'PAID' : 'PARTIALLY_PAID';
    taken.push({ receipt, index, amount, invoice: invoice.row });
  });
  if (!taken.length) return receipts.map(() => undefined);

  const cashflowRegs = await freeRegistrations(tx, caller, cashflowKind, taken.length);
  const allocationRegs = await freeRegistrations(tx, caller, cashflowAllocation, taken.length);
  const context = {
    entity: cashflowAllocation,
    transition: known.validate,
    caller,
    tx,
    today,
    now,
    moveRecord: (entity: Entity, id: string, code: string) => runTransition(tx, caller, entity, id, code),
  };
  // The allocation's other side effects (validation date, posting event), as its VALIDATE runs them around applying it.
  const others = (known.validate.sideEffects ?? []).filter((e) => e !== 'applyCashflowAllocation');
  const cashflows: (Doc & { registration: string })[] = [];
  const drafts: Doc[] = [];
  for (const [i, { receipt, amount, invoice }] of taken.entries()) {
    const currency = receipt.cashflow.currency;
    const total = minor(receipt.cashflow.amount, currency);
    cashflows.push({
      ...receipt.cashflow,
      registration: cashflowRegs[i],
      status: amount === total ? 'ALLOCATED' : 'PARTIALLY_ALLOCATED',
      allocatedAmount: major(amount, currency),
      unallocatedAmount: major(total - amount, currency),
    });
    const doc: Doc = {
      registration: allocationRegs[i],
      status: 'VALIDATED',
      type: 'INVOICE',
      name: `${cashflowRegs[i]} → ${invoice.registration}`,
      cashflowRegistration: cashflowRegs[i],
      invoiceRegistration: invoice.registration,
      amount: major(amount, currency),
      currency,
      pr: receipt.cashflow.pr ?? 'R',
      contractRegistration: invoice.data.contractRegistration ?? null,
      date: receipt.date ?? today,
    };
    drafts.push(doc);
  }
  // Run on the chunk's allocations together: their posting events are written at once.
  const allocations = (await runSideEffectsOnMany(others, context, drafts)).map(
    (doc, i): Doc & { registration: string } => ({ ...doc, registration: allocationRegs[i] }),
  );
  await createManyIn(tx, caller, cashflowKind, cashflows, {
    historyOf: (_doc, i) => ({
      ...taken[i].receipt.history,
      details: { allocation: allocationRegs[i], amount: allocations[i].amount },
      transition: cashflows[i].status === 'ALLOCATED' ? 'ALLOCATE' : 'ALLOCATE_PARTIALLY',
    }),
  });
  await createManyIn(tx, caller, cashflowAllocation, allocations, {
    historyOf: () => ({ transition: 'VALIDATE' }),
  });

  // Each invoice written once, with what all its receipts of the chunk paid.
  const paidBy = new Map<string, { row: InvoiceRow; amount: number; allocations: string[]; date: string }>();
  taken.forEach(({ receipt, amount, invoice }, i) => {
    const entry = paidBy.get(invoice.registration) ?? { row: invoice, amount: 0, allocations: [], date: '' };
    entry.amount += amount;
    entry.allocations.push(allocationRegs[i]);
    entry.date = String(allocations[i].date ?? receipt.date ?? today);
    paidBy.set(invoice.registration, entry);
  });
  const paidInFull: string[] = [];
  await updateManyIn(
    tx,
    caller,
    invoiceKind,
    [...paidBy.values()].map(({ row, amount, allocations: regs, date }) => {
      const currency = row.data.currency;
      const left = invoiceBalance(row.data) - amount;
      if (left === 0) paidInFull.push(row.registration);
      const status = left === 0 ? 'PAID' : 'PARTIALLY_PAID';
      return {
        row,
        // Paid in full: on the allocation's day (a bank entry's value date), not the day it was recorded.
        data: {
          ...row.data,
          totalBalance: major(left, currency),
          ...(left === 0 ? { paymentDate: date } : {}),
          status,
        },
        history: {
          details: { allocations: regs, amount: major(amount, currency) },
          ...(status !== row.status ? { transition: left === 0 ? 'PAY' : 'PAY_PARTIALLY' } : {}),
        },
      };
    }),
    { action: 'PAYMENT' },
  );
  await payScheduleLines(tx, caller, paidInFull);
  const contracts = [
    ...new Set([...paidBy.values()].map(({ row }) => row.data.contractRegistration).filter((c): c is string => !!c)),
  ].sort();
  for (const contract of contracts) await refreshContractArrears(tx, caller, contract, today);

  const out: (AllocatedReceipt | undefined)[] = receipts.map(() => undefined);
  taken.forEach(({ index }, i) => {
    out[index] = { cashflowRegistration: cashflowRegs[i], allocationRegistration: allocationRegs[i] };
  });
  return out;
}

/** The schedule lines the invoices billed, INVOICED, moved to PAID: their elements locked in registration order, one write. */
async function payScheduleLines(tx: Tx, caller: WorkflowCaller, invoices: string[]): Promise<void> {
  if (!invoices.length) return;
  const lines = await storage.findWhere(
    tx,
    invoiceLine,
    caller.tenant,
    sql<boolean>`data->>'invoiceRegistration' = ANY(${invoices}::text[])`,
    1_000_000,
  );
  const byElement = new Map<string, number[]>();
  for (const line of lines) {
    const element = line.data.elementRegistration,
      number = line.data.lineNumber;
    if (typeof element !== 'string' || typeof number !== 'number') continue;
    byElement.set(element, [...(byElement.get(element) ?? []), number]);
  }
  if (!byElement.size) return;
  const elements = await storage.findMany(tx, contractElement, caller.tenant, [...byElement.keys()], true);
  const changes = elements
    .map((element: RowOf<typeof contractElement>) => {
      const current = new Map((element.data.lines ?? []).map((l) => [l.number, l.status]));
      return {
        element,
        numbers: (byElement.get(element.registration) ?? []).filter((n) => current.get(n) === 'INVOICED'),
      };
    })
    .filter((c) => c.numbers.length);
  if (changes.length) await recordLinesStatus(tx, caller, changes, 'PAID');
}
