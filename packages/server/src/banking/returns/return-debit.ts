/**
 * A returned or rejected direct debit (an R-transaction: the bank's RtrInf with its ISO reason
 * code, or a manual return), in the caller's transaction:
 *   1. the collected invoice found through its payment-file line (by EndToEndId or registration),
 *      or named directly;
 *   2. the allocations that collection made reversed (each marked with the reason and date, so its
 *      REVERSE posts PAYMENT_RETURNED rather than a correction's reversal: invoice
 *      reopened, schedule lines back to INVOICED, arrears), the collection's allocations first
 *      (its cashflow's bankReference is the EndToEndId), then the newest; an allocation larger
 *      than what came back is reversed whole and its rest allocated again. A cashflow left with
 *      nothing allocated whose whole amount came back is cancelled: that money is gone;
 *   3. the payment-file line REJECTED with the reason and date;
 *   4. the payer's mandate REVOKED when the reason says so (tenant configuration `debitReturns`,
 *      MD01 and AC04 by default), with a History row on the person;
 *   5. the tenant's rejection fee charged as a new issued receivable invoice (its line REJECTION_FEE,
 *      so the books post it as REJECTION_FEE and not as a generic invoice);
 *   6. the contract's collection case opened or updated.
 * The bank's return is the decision behind the reversal, so it does not need the approver's
 * permission that a reversal by hand needs.
 */
import { sql } from 'kysely';
import { cashflowAllocation as allocationKind } from '@lbo/model/entities/billing/cashflow-allocation.entity';
import { cashflow as cashflowKind } from '@lbo/model/entities/billing/cashflow.entity';
import { invoice as invoiceKind } from '@lbo/model/entities/billing/invoice.entity';
import { paymentFileLine } from '@lbo/model/entities/billing/payment-file-line.entity';
import type { caseEntity } from '@lbo/model/entities/case/case.entity';
import { person as personKind } from '@lbo/model/entities/person/person.entity';
import type { RecordOf } from '@lbo/model/record-types';
import { ApiError } from '@lbo/model/errors';
import { major, minor, mustBeAmount } from '@lbo/model/finance/amounts';
import { referenceLists } from '@lbo/model/reference-lists';
import { personWith } from '@lbo/model/values/parties';
import type { Tx } from '../../db/database.ts';
import { mustFindRow, updateIn } from '../../entities/crud.operation.ts';
import * as storage from '../../entities/storage.ts';
import type { RowOf } from '../../entities/storage.ts';
import type { WorkflowCaller } from '../../workflow/permissions.ts';
import { todayIn } from '../../workflow/side-effects.ts';
import { runTransition } from '../../workflow/workflow.operation.ts';
import {
  allocateCashflow,
  chargeFee,
  debitReturnSettingsOf,
  recordCollectionAction,
} from '../../billing/billing.module.ts';

export const paymentFileLineKind = paymentFileLine;
type LineRow = RowOf<typeof paymentFileLine>;
type InvoiceRow = RowOf<typeof invoiceKind>;
type AllocationRow = RowOf<typeof allocationKind>;

export interface DebitReturn {
  endToEndId?: string;
  paymentFileLineRegistration?: string;
  invoiceRegistration?: string;
  amount: number;
  currency: string;
  reasonCode: string;
  /** The day the bank returned the debit (its booking date). */
  date: string;
  bankTransactionRegistration?: string;
  /** The day the return is processed, in the caller's time zone (today when absent): the fee is issued that day. */
  today?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (d: unknown): d is string =>
  typeof d === 'string' && DAY.test(d) && new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d;

/** The reason codes of the `sepaReturnReason` list. */
export const returnReasonCodes = () => (referenceLists.sepaReturnReason ?? []).map((item) => item.value);

function checkInput(input: DebitReturn): void {
  if (typeof input.reasonCode !== 'string' || !returnReasonCodes().includes(input.reasonCode)) {
    throw new ApiError('INVALID_FIELD_VALUE', [
      String(input.reasonCode),
      'reasonCode (an ISO reason code of the sepaReturnReason list)',
    ]);
  }
  if (!isDay(input.date)) throw new ApiError('INVALID_DATE_FIELD', ['date']);
  if (input.today !== undefined && !isDay(input.today)) throw new ApiError('INVALID_DATE_FIELD', ['today']);
  if (!input.endToEndId && !input.paymentFileLineRegistration && !input.invoiceRegistration)
    throw new ApiError('MISSING_FIELD_IN_BODY', ['endToEndId']);
}

/** The payment-file line the return names, locked; none when only the invoice is named. */
async function lineOf(tx: Tx, caller: WorkflowCaller, input: DebitReturn): Promise<LineRow | undefined> {
  if (input.paymentFileLineRegistration)
    return mustFindRow(tx, caller, paymentFileLine, input.paymentFileLineRegistration, true);
  if (!input.endToEndId) return undefined;
  const [found] = await storage.findByField(tx, paymentFileLine, caller.tenant, 'endToEndId', input.endToEndId, 1);
  if (!found) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [paymentFileLine.name, input.endToEndId]);
  return mustFindRow(tx, caller, paymentFileLine, found.registration, true);
}

/** Reverses the invoice's allocations down by `amount` minor units (the collection's first); answers what was reversed. */
async function reverseCollected(
  tx: Tx,
  caller: WorkflowCaller,
  invoice: InvoiceRow,
  amount: number,
  endToEndId: string | undefined,
  date: string,
  reasonCode: string,
): Promise<number> {
  const allocations = await storage.findWhere(
    tx,
    allocationKind,
    caller.tenant,
    sql<boolean>`data->>'invoiceRegistration' = ${invoice.registration} AND status IN ('VALIDATED', 'EXPORTED')`,
    1000,
  );
  if (!allocations.length) return 0;
  const cashflows = new Map(
    (
      await storage.findMany(tx, cashflowKind, caller.tenant, [
        ...new Set(allocations.map((a) => a.data.cashflowRegistration)),
      ])
    ).map((c) => [c.registration, c]),
  );
  // A collection's cashflow keeps its EndToEndId as its bank reference (banking/statements/matching.ts).
  const collected = (a: AllocationRow) =>
    !!endToEndId && cashflows.get(a.data.cashflowRegistration)?.data.bankReference === endToEndId;
  const order = [...allocations].sort(
    (a, b) => Number(collected(b)) - Number(collected(a)) || b.registration.localeCompare(a.registration),
  );
  // The bank's return decides the reversal (see above).
  const bank: WorkflowCaller = { ...caller, isAdmin: true };
  const currency = invoice.data.currency;
  let reversed = 0;
  for (const allocation of order) {
    if (reversed >= amount) break;
    const value = minor(allocation.data.amount, currency);
    // Marked as returned by the bank, its reversal is posted as the money going back (PAYMENT_RETURNED), not as a correction.
    await updateIn(
      tx,
      caller,
      allocationKind,
      allocation,
      {
        ...allocation.data,
        name: allocation.name,
        type: allocation.type,
        returnReasonCode: reasonCode,
        returnDate: date,
      },
      { action: 'DEBIT_RETURN', history: { details: { reasonCode } } },
    );
    await runTransition(tx, bank, allocationKind, allocation.registration, 'REVERSE');
    const cashflow = allocation.data.cashflowRegistration;
    const excess = reversed + value - amount;
    if (excess > 0) {
      await allocateCashflow(tx, caller, cashflow, {
        allocations: [{ invoiceRegistration: invoice.registration, amount: major(excess, currency) }],
        date,
      });
      reversed = amount;
    } else {
      reversed += value;
    }
    const after = await mustFindRow(tx, caller, cashflowKind, cashflow, true);
    if (
      after.status === 'PENDING' &&
      minor(after.data.allocatedAmount, currency) === 0 &&
      minor(after.data.amount, currency) === value &&
      excess <= 0
    ) {
      await runTransition(tx, caller, cashflowKind, cashflow, 'CANCEL');
    }
  }
  return reversed;
}

/** Revokes the payer's mandate `reference` (any bank account holding it), with a History row on the person. */
async function revokeMandate(
  tx: Tx,
  caller: WorkflowCaller,
  payer: string | undefined,
  reference: unknown,
  input: DebitReturn,
): Promise<boolean> {
  if (!payer) return false;
  const person = await storage.findOne(tx, personKind, caller.tenant, payer, true);
  if (!person) return false;
  let revoked = false;
  const bankAccounts = (person.data.bankAccounts ?? []).map((account) => ({
    ...account,
    ...(Array.isArray(account.sepaMandates)
      ? {
          sepaMandates: account.sepaMandates.map((m) => {
            const hit = m.rumStatus !== 'REVOKED' && (reference ? m.rumReference === reference : true);
            if (!hit) return m;
            revoked = true;
            return { ...m, rumStatus: 'REVOKED' };
          }),
        }
      : {}),
  }));
  if (!revoked) return false;
  await updateIn(
    tx,
    caller,
    personKind,
    person,
    { ...person.data, bankAccounts, name: person.name, type: person.type },
    {
      action: 'MANDATE_REVOKED',
      history: {
        details: { mandateReference: reference ?? null, reasonCode: input.reasonCode, returnDate: input.date },
      },
    },
  );
  return true;
}

/**
 * Handles a returned direct debit (see above) in the caller's transaction; answers the collection
 * case and the rejection fee's invoice (none when the tenant charges no fee).
 */
export async function returnDebit(
  tx: Tx,
  caller: WorkflowCaller,
  input: DebitReturn,
): Promise<{ case: RecordOf<typeof caseEntity>; feeInvoice?: RecordOf<typeof invoiceKind> }> {
  checkInput(input);
  const line = await lineOf(tx, caller, input);
  const invoiceRegistration = input.invoiceRegistration ?? line?.data.invoiceRegistration;
  if (!invoiceRegistration)
    throw new ApiError('INVALID_FIELD_VALUE', [
      String(line?.registration),
      'paymentFileLineRegistration (the line names no invoice)',
    ]);
  // Read, not locked yet: the reversals lock allocation, cashflow, then invoice, the one order payments keep.
  const invoice = await storage.findOne(tx, invoiceKind, caller.tenant, invoiceRegistration);
  if (!invoice) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [invoiceKind.name, invoiceRegistration]);
  if ((invoice.data.pr ?? 'R') !== 'R')
    throw new ApiError('INVALID_FIELD_VALUE', [
      invoice.registration,
      'invoiceRegistration (a payable invoice is not collected by direct debit)',
    ]);
  if (input.currency !== invoice.data.currency)
    throw new ApiError('INVALID_FIELD_VALUE', [
      String(input.currency),
      `currency (invoice ${invoice.registration} is in ${String(invoice.data.currency)})`,
    ]);
  const amount = mustBeAmount(input.amount, input.currency, 'amount');
  if (amount > minor(invoice.data.amountInclTax, input.currency)) {
    throw new ApiError('INVALID_FIELD_VALUE', [
      String(input.amount),
      `amount (above the ${major(minor(invoice.data.amountInclTax, input.currency), input.currency)} of invoice ${invoice.registration})`,
    ]);
  }
  const endToEndId = input.endToEndId ?? line?.data.endToEndId ?? undefined;

  // The line first: a line already rejected (or never sent) refuses the whole return.
  if (line) {
    await updateIn(
      tx,
      caller,
      paymentFileLine,
      line,
      {
        ...line.data,
        name: line.name,
        type: line.type,
        returnReasonCode: input.reasonCode,
        returnDate: input.date,
        ...(input.bankTransactionRegistration
          ? { bankTransactionRegistration: input.bankTransactionRegistration }
          : {}),
      },
      { action: 'DEBIT_RETURN', history: { details: { reasonCode: input.reasonCode } } },
    );
    await runTransition(tx, caller, paymentFileLine, line.registration, 'REJECT');
  }
  await reverseCollected(tx, caller, invoice, amount, endToEndId, input.date, input.reasonCode);

  const settings = await debitReturnSettingsOf(tx, caller.tenant);
  if (settings.revokeMandateOn.includes(input.reasonCode)) {
    await revokeMandate(
      tx,
      caller,
      personWith(invoice.data, 'PAYER'),
      line?.data.mandateReference ?? invoice.data.mandateReference,
      input,
    );
  }
  const reopened = await mustFindRow(tx, caller, invoiceKind, invoice.registration, true);
  const feeInvoice =
    settings.fee > 0
      ? await chargeFee(tx, caller, {
          source: reopened,
          label: `Direct debit rejection fee (${input.reasonCode}) for ${String(reopened.data.invoiceNumber ?? reopened.registration)}`,
          amountExclTax: settings.fee,
          taxCode: settings.taxCode,
          lineType: 'REJECTION_FEE',
          // Charged, so issued and numbered, on the day the return is processed, not on the bank's return date
          // (a return dated 31 December processed on 2 January is a fee of the new year).
          date: input.today ?? todayIn(caller.timeZone),
          dueDays: settings.dueDays,
        })
      : undefined;
  const collectionCase = await recordCollectionAction(tx, caller, {
    date: input.date,
    action: 'DEBIT_RETURNED',
    invoice: reopened,
    reasonCode: input.reasonCode,
    ...(feeInvoice ? { feeInvoiceRegistration: String(feeInvoice.registration) } : {}),
  });
  return { case: collectionCase, ...(feeInvoice ? { feeInvoice } : {}) };
}
