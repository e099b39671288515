/**
 * Cancelling an invoice (its CANCEL transition, side effect `cancelInvoice`). A draft has no legal
 * existence: its schedule lines are simply planned again. An issued invoice is never edited or
 * deleted: a credit note is issued against it (type CREDIT_NOTE, the same lines with opposite
 * signs, its own number from the invoices' gap-free sequence), the invoice names it, and both are
 * settled against each other. Either way the billed schedule lines go back to PLANNED, to be billed
 * again by the next run, all in the transition's transaction.
 *
 * An invoice already (partly) paid is not cancelled: its payments are reversed first, so that no
 * money is left allocated to a cancelled invoice.
 */
import { leftToPay } from '@lbo/model/finance/amounts';
import { invoiceLine as invoiceLineKind } from '@lbo/model/entities/billing/invoice-line.entity';
import { invoice as invoiceKind } from '@lbo/model/entities/billing/invoice.entity';
import { ApiError } from '@lbo/model/errors';
import { fromMinorUnits, toMinorUnits } from '@lbo/model/finance/contract-schedule';
import type { RecordOf } from '@lbo/model/record-types';
import { currencyDecimals } from '@lbo/model/values/currencies';
import type { Tx } from '../db/database.ts';
import { createManyIn, updateManyIn } from '../entities/bulk-writes.ts';
import { createIn, type Caller, type WriteHooks } from '../entities/crud.operation.ts';
import { insertHistories } from '../entities/history.ts';
import * as storage from '../entities/storage.ts';
import type { Doc, RowOf } from '../entities/storage.ts';
import { recordLineStatus } from '../financing/financing.module.ts';
import type { SideEffectContext } from '../workflow/side-effects.ts';

type InvoiceLineRow = RowOf<typeof invoiceLineKind>;
type Invoice = RecordOf<typeof invoiceKind>;

/** The lines of an invoice, in their order. */
export async function invoiceLines(tx: Tx, caller: Caller, invoiceRegistration: string): Promise<InvoiceLineRow[]> {
  return storage.findByField(tx, invoiceLineKind, caller.tenant, 'invoiceRegistration', invoiceRegistration, 10_000);
}

/** `amount` with the opposite sign, exact in the currency's minor units. */
const opposite = (amount: unknown, decimals: number) =>
  fromMinorUnits(-toMinorUnits(Number(amount ?? 0), decimals), decimals);

/** Puts the schedule lines billed by `lines` back to PLANNED, element by element. */
async function planAgain(tx: Tx, caller: Caller, lines: InvoiceLineRow[]): Promise<void> {
  const byElement = new Map<string, number[]>();
  for (const l of lines) {
    const element = l.data.elementRegistration ?? '';
    if (!element || typeof l.data.lineNumber !== 'number') continue;
    byElement.set(element, [...(byElement.get(element) ?? []), l.data.lineNumber]);
  }
  for (const [element, numbers] of byElement) await recordLineStatus(tx, caller, element, numbers, 'PLANNED');
}

/**
 * Moves invoice lines to `status` with their History rows (they are frozen for the generic writes),
 * through the bulk writes: an invoice has up to thousands of lines, which billing wrote itself.
 */
async function setLinesStatus(
  tx: Tx,
  caller: Caller,
  lines: InvoiceLineRow[],
  status: string,
  action: string,
): Promise<void> {
  await updateManyIn(
    tx,
    caller,
    invoiceLineKind,
    lines.map((row) => ({ row, data: { ...row.data, status } })),
    { action },
  );
}

/** The `cancelInvoice` side effect of the invoice's CANCEL transition. */
export async function cancelInvoice(context: SideEffectContext): Promise<Doc> {
  const { tx, caller } = context;
  const doc = context.doc as Invoice;
  const registration = doc.registration;
  const lines = await invoiceLines(tx, caller, registration);
  const issued = Boolean(doc.invoiceNumber);
  if (issued && doc.type === 'CREDIT_NOTE')
    throw new ApiError('TRANSITION_REJECTED', [
      'CANCEL',
      invoiceKind.name,
      registration,
      'a credit note is not cancelled; issue an invoice instead',
    ]);
  const decimals = currencyDecimals(doc.currency ?? 'EUR');
  const total = toMinorUnits(doc.amountInclTax ?? 0, decimals);
  const balance = toMinorUnits(leftToPay(doc) ?? 0, decimals);
  if (issued && balance !== total) {
    throw new ApiError('TRANSITION_REJECTED', [
      'CANCEL',
      invoiceKind.name,
      registration,
      `${fromMinorUnits(total - balance, decimals)} ${doc.currency} of it is paid; reverse its payments first`,
    ]);
  }
  await planAgain(tx, caller, lines);
  await setLinesStatus(tx, caller, lines, 'CANCELLED', 'CANCEL');
  if (!issued) return { ...doc, totalBalance: 0 };
  const note = await issueCreditNote(context, lines, decimals);
  const notes = doc.creditNoteRegistrations ?? [];
  return { ...doc, totalBalance: 0, creditNoteRegistrations: [...notes, { registration: note.registration }] };
}

/** Writes the credit note of `context.doc` with its lines, then issues it (number, document) and settles it. */
async function issueCreditNote(context: SideEffectContext, lines: InvoiceLineRow[], decimals: number): Promise<Doc> {
  const { tx, caller, today } = context;
  const doc = context.doc as Invoice;
  const {
    invoiceNumber: _n,
    issueDate: _i,
    paymentDate: _p,
    creditNoteRegistrations: _c,
    cancellationDate: _d,
    batchRegistration: _b,
    ...kept
  } = context.doc as Invoice & { cancellationDate?: string };
  const note = await createIn(
    tx,
    caller,
    invoiceKind,
    {
      ...kept,
      status: 'DRAFT',
      type: 'CREDIT_NOTE',
      name: `Credit note for ${doc.invoiceNumber}`,
      creditedInvoiceRegistration: doc.registration,
      generationDate: today,
      dueDate: today,
      amountExclTax: opposite(doc.amountExclTax, decimals),
      amountInclTax: opposite(doc.amountInclTax, decimals),
      totalBalance: 0,
      taxes: (doc.taxes ?? []).map((t) => ({
        ...t,
        base: opposite(t.base, decimals),
        tax: opposite(t.tax, decimals),
      })),
    },
    { action: 'CREDIT_NOTE' },
  );
  const registration = note.registration;
  const noteLines = lines.map((l, i) => ({
    ...l.data,
    registration: `${registration}-${String(i + 1).padStart(3, '0')}`,
    status: 'DRAFT',
    invoiceRegistration: registration,
    amountExclTax: opposite(l.data.amountExclTax, decimals),
    tax: opposite(l.data.tax, decimals),
    amountInclTax: opposite(l.data.amountInclTax, decimals),
  }));
  // The invoice's lines with opposite signs: through the bulk writes (entities/bulk-writes.ts), as billing wrote them.
  await createManyIn(tx, caller, invoiceLineKind, noteLines, { action: 'CREDIT_NOTE' });
  // Through its own workflow: the number (and whatever else issuing does), then settled against the invoice.
  await context.moveRecord(invoiceKind, registration, 'ISSUE');
  return context.moveRecord(invoiceKind, registration, 'PAY');
}

/** The `issueInvoiceLines` side effect of ISSUE: the invoice's lines are issued with it. */
export async function issueInvoiceLines({ tx, caller, doc }: SideEffectContext): Promise<Doc> {
  await setLinesStatus(tx, caller, await invoiceLines(tx, caller, String(doc.registration)), 'ISSUED', 'ISSUE');
  return doc;
}

/** A draft invoice deleted by the generic route: its schedule lines are planned again, its lines go with it. */
async function releaseDraftLines(tx: Tx, caller: Caller, _entity: unknown, invoice: Doc): Promise<void> {
  const lines = await invoiceLines(tx, caller, String(invoice.registration));
  await planAgain(tx, caller, lines);
  for (const line of lines) await storage.deleteRow(tx, invoiceLineKind, caller.tenant, line._id);
  await insertHistories(
    tx,
    caller,
    lines.map((l) => ({
      entityName: invoiceLineKind.name,
      entityRegistration: l.registration,
      action: 'DELETE',
      before: storage.toDocument(l),
    })),
  );
}

/** The write hooks invoices name (`writeHooks: 'invoices'`). */
export const invoiceWriteHooks: Record<string, WriteHooks> = { invoices: { beforeDelete: releaseDraftLines } };
