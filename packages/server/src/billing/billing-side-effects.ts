/** The billing side effects a workflow may name (packages/model/src/workflow/workflow.ts `sideEffectNames`). */
import { cancelInvoice, issueInvoiceLines } from './credit-notes.ts';
import { assignInvoiceNumber } from './invoice-numbering.ts';
import { writeOffInvoice } from './write-off.ts';

export const billingSideEffects = { assignInvoiceNumber, issueInvoiceLines, cancelInvoice, writeOffInvoice };
