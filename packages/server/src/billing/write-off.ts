/**
 * Writing off an unpaid receivable (the Invoice's WRITE_OFF transition, side effect
 * `writeOffInvoice`): the invoice keeps its balance as the claim it still is in law, and records
 * when it was judged lost and for how much. It leaves the contract's arrears and dunning (neither
 * counts a WRITTEN_OFF invoice); the books post the loss (accounting WRITE_OFF) in the same
 * transaction. A payable or a credit note is not written off.
 */
import type { invoice } from '@lbo/model/entities/billing/invoice.entity';
import { ApiError } from '@lbo/model/errors';
import { invoiceBalance, major } from '@lbo/model/finance/amounts';
import type { RecordOf } from '@lbo/model/record-types';
import type { SideEffectContext } from '../workflow/side-effects.ts';

export function writeOffInvoice({ doc: record, today, entity }: SideEffectContext): RecordOf<typeof invoice> {
  const doc = record as RecordOf<typeof invoice>;
  const refuse = (why: string) =>
    new ApiError('TRANSITION_REJECTED', ['WRITE_OFF', entity.name, doc.registration, why]);
  if (doc.pr === 'P') throw refuse('only a receivable invoice is written off');
  if (doc.type === 'CREDIT_NOTE') throw refuse('a credit note is not written off');
  const balance = invoiceBalance(doc);
  if (balance <= 0) throw refuse('nothing is left to pay on it');
  return { ...doc, writeOffDate: today, writeOffAmount: major(balance, doc.currency) };
}
