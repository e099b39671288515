/**
 * A fee charged to the payer of an invoice (a returned debit's rejection fee, a dunning level's
 * fee): a new receivable invoice of one line on the same contract, payer and payee, taxed by the
 * tenant's tax list in exact minor units, then issued through its workflow (number, PDF when the
 * transaction has an object store), in the caller's transaction.
 */
import { Dec } from '@lbo/model/finance/decimal';
import { factor, roundTimes } from '@lbo/model/finance/money';
import { addDays } from '@lbo/model/values/dates';
import type { Tx } from '../../db/database.ts';
import { freeRegistration } from '../../entities/crud.operation.ts';
import { insertHistories } from '../../entities/history.ts';
import * as storage from '../../entities/storage.ts';
import type { Doc, Row } from '../../entities/storage.ts';
import type { WorkflowCaller } from '../../workflow/permissions.ts';
import { runTransition } from '../../workflow/workflow.operation.ts';
import { taxTable } from '../billing-run.ts';
import { invoiceKind, invoiceLineKind, major, minor, personOf } from '../cashflows/billing-records.ts';
import { entityByName } from '@lbo/model/entity-registry';
import { paymentTermsOf } from '../payment-terms.ts';

const personKind = entityByName('Person')!;

export interface Fee {
  /** The invoice the fee is charged about (its contract, payer, payee, currency, language). */
  source: Row;
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
export async function chargeFee(tx: Tx, caller: WorkflowCaller, fee: Fee): Promise<Doc> {
  const source = fee.source.data;
  const currency = String(source.currency ?? 'EUR');
  const rate = (await taxTable(tx, caller)).get(fee.taxCode) ?? 0;
  const excl = minor(fee.amountExclTax, currency);
  const tax = roundTimes(excl, factor(new Dec(rate)));
  const [payerReg, payeeReg] = [personOf(source, 'PAYER'), personOf(source, 'PAYEE')];
  const persons = new Map(
    (
      await storage.findMany(
        tx,
        personKind,
        caller.tenant,
        [payerReg, payeeReg].filter((r): r is string => !!r),
      )
    ).map((r) => [r.registration, r]),
  );
  const registration = await freeRegistration(tx, caller, invoiceKind);
  const dueDate = addDays(fee.date, fee.dueDays);
  const invoice: Doc = {
    registration,
    status: 'DRAFT',
    type: 'INVOICE',
    name: fee.label,
    pr: 'R',
    contractRegistration: source.contractRegistration ?? null,
    persons: ((source.persons as Doc[] | undefined) ?? []).filter((p) => p.role === 'PAYER' || p.role === 'PAYEE'),
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
  };
  const line: Doc = {
    registration: `${registration}-001`,
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
  };
  await storage.insertRow(tx, invoiceKind, caller.tenant, caller.username, invoice);
  await storage.insertRow(tx, invoiceLineKind, caller.tenant, caller.username, line);
  await insertHistories(tx, caller, [
    {
      entityName: invoiceKind.name,
      entityRegistration: registration,
      action: 'FEE',
      after: invoice,
      extra: { sourceInvoice: fee.source.registration },
    },
    { entityName: invoiceLineKind.name, entityRegistration: String(line.registration), action: 'FEE', after: line },
  ]);
  return runTransition(tx, caller, invoiceKind, registration, 'ISSUE');
}
