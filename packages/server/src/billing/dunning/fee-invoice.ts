/**
 * A fee charged to the payer of an invoice (a returned debit's rejection fee, a dunning level's
 * fee): a new receivable invoice of one line on the same contract, payer and payee, taxed by the
 * tenant's tax list in exact minor units, then issued through its workflow (number, PDF when the
 * transaction has an object store), in the caller's transaction.
 */
import { Dec } from '@lbo/model/finance/decimal';
import { factor, roundTimes } from '@lbo/model/finance/money';
import { addDays } from '@lbo/model/values/dates';
import { invoiceLine } from '@lbo/model/entities/billing/invoice-line.entity';
import { invoice as invoiceKind } from '@lbo/model/entities/billing/invoice.entity';
import { person } from '@lbo/model/entities/person/person.entity';
import { major, minor } from '@lbo/model/finance/amounts';
import type { RecordOf } from '@lbo/model/record-types';
import { personWith } from '@lbo/model/values/parties';
import type { Tx } from '../../db/database.ts';
import { createIn } from '../../entities/crud.operation.ts';
import * as storage from '../../entities/storage.ts';
import type { RowOf } from '../../entities/storage.ts';
import type { WorkflowCaller } from '../../workflow/permissions.ts';
import { runTransition } from '../../workflow/workflow.operation.ts';
import { taxTable } from '../billing-run.ts';
import { paymentTermsOf } from '../payment-terms.ts';

export interface Fee {
  /** The invoice the fee is charged about (its contract, payer, payee, currency, language). */
  source: RowOf<typeof invoiceKind>;
  /** The invoice's name and its line's label. */
  label: string;
  /** Excluding tax, in the source's currency. */
  amountExclTax: number;
  taxCode: string;
  /** Line type: FEE (a dunning fee), REJECTION_FEE (a returned debit's), LATE_INTEREST or PENALTY; the books post it by its type (accounting/business-events.ts). */
  lineType: 'FEE' | 'REJECTION_FEE' | 'LATE_INTEREST' | 'PENALTY';
  /** Issue date; due `dueDays` later. */
  date: string;
  dueDays: number;
}

/** Writes and issues the fee invoice; answers it as issued. */
export async function chargeFee(tx: Tx, caller: WorkflowCaller, fee: Fee): Promise<RecordOf<typeof invoiceKind>> {
  const source = fee.source.data;
  const currency = source.currency ?? 'EUR';
  const rate = (await taxTable(tx, caller)).get(fee.taxCode) ?? 0;
  const excl = minor(fee.amountExclTax, currency);
  const tax = roundTimes(excl, factor(new Dec(rate)));
  const [payerReg, payeeReg] = [personWith(source, 'PAYER'), personWith(source, 'PAYEE')];
  const persons = new Map(
    (
      await storage.findMany(
        tx,
        person,
        caller.tenant,
        [payerReg, payeeReg].filter((r): r is string => !!r),
      )
    ).map((r) => [r.registration, r]),
  );
  const dueDate = addDays(fee.date, fee.dueDays);
  const invoice = await createIn(
    tx,
    caller,
    invoiceKind,
    {
      status: 'DRAFT',
      type: 'INVOICE',
      name: fee.label,
      pr: 'R',
      contractRegistration: source.contractRegistration ?? null,
      persons: (source.persons ?? []).filter((p) => p.role === 'PAYER' || p.role === 'PAYEE'),
      organizationRegistration: source.organizationRegistration ?? null,
      organization: source.organization ?? null,
      amountExclTax: major(excl, currency),
      amountInclTax: major(excl + tax, currency),
      totalBalance: major(excl + tax, currency),
      currency,
      dueDate,
      generationDate: fee.date,
      issueDate: fee.date,
      internalReference: fee.source.registration,
      taxes: [{ taxCode: fee.taxCode, rate: Number(rate), base: major(excl, currency), tax: major(tax, currency) }],
      lineCount: 1,
      ...paymentTermsOf(payerReg ? persons.get(payerReg) : undefined, payeeReg ? persons.get(payeeReg) : undefined),
      ...(source.language ? { language: source.language } : {}),
    },
    { action: 'FEE', history: { sourceInvoice: fee.source.registration } },
  );
  const registration = invoice.registration;
  await createIn(
    tx,
    caller,
    invoiceLine,
    {
      status: 'DRAFT',
      type: fee.lineType,
      name: fee.label,
      invoiceRegistration: registration,
      contractRegistration: source.contractRegistration ?? null,
      dueDate,
      pr: 'R',
      label: fee.label,
      amountExclTax: major(excl, currency),
      taxCode: fee.taxCode,
      taxRate: Number(rate),
      tax: major(tax, currency),
      amountInclTax: major(excl + tax, currency),
      currency,
    },
    { action: 'FEE', registration: `${registration}-001` },
  );
  return (await runTransition(tx, caller, invoiceKind, registration, 'ISSUE')) as RecordOf<typeof invoiceKind>;
}
