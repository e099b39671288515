import type { Entity } from '@lbo/model/entity';
import { dayIn } from '@lbo/model/values/dates';
import type { SideEffectName, Transition } from '@lbo/model/workflow/workflow';
import type { Tx } from '../db/database.ts';
import type { Doc } from '../entities/storage.ts';
import type { WorkflowCaller } from './permissions.ts';
import { financingSideEffects } from '../financing/financing-side-effects.ts';
import { billingSideEffects } from '../billing/billing-side-effects.ts';
import { invoicePdfSideEffects } from '../billing/invoice-pdf/invoice-pdf.operation.ts';
import { cashflowSideEffects } from '../billing/cashflows/allocations.ts';
import { paymentFileSideEffects } from '../banking/payment-files/payment-file-side-effects.ts';
import { accountingSideEffects } from '../accounting/business-events.ts';
import { bookingSideEffects } from '../accounting/bookings.ts';
import { inventorySideEffects } from '../accounting/inventories.ts';

/**
 * The functions behind the side-effect names a transition may list. Each runs in the
 * transition's transaction, after the checks and before the record is written, and answers
 * the document to store: whatever it does commits with the status change or not at all.
 */
export interface SideEffectContext {
  entity: Entity;
  transition: Transition;
  caller: WorkflowCaller;
  tx: Tx;
  /** The document as it will be stored (status already set). */
  doc: Doc;
  /** Today in the caller's time zone (`YYYY-MM-DD`) and now (ISO instant). */
  today: string;
  now: string;
  /** Moves another record through its own workflow, in this transaction (a credit note issued by a cancellation). */
  moveRecord(entity: Entity, id: string, code: string): Promise<Doc>;
}

export type SideEffect = (context: SideEffectContext) => Doc | Promise<Doc>;

/** Writes today into `field` (an instant when the field is declared datetime); `keep` leaves a value already given. */
const stamp =
  (field: string, keep = false) =>
  ({ entity, doc, today, now }: SideEffectContext): Doc => {
    if (keep && doc[field] !== undefined && doc[field] !== null && doc[field] !== '') return doc;
    return { ...doc, [field]: entity.fields[field]?.type === 'datetime' ? now : today };
  };

export const sideEffects: Record<SideEffectName, SideEffect> = {
  stampSubmitDate: stamp('submitDate'),
  clearSubmitDate: ({ doc }) => {
    const { submitDate: _cleared, ...rest } = doc;
    return rest;
  },
  stampAcceptDate: stamp('acceptDate'),
  stampValidationDate: stamp('validationDate'),
  stampApprovalDate: stamp('approvalDate'),
  stampActivationDate: stamp('activationDate'),
  stampTerminationDate: stamp('terminationDate'),
  stampCancellationDate: stamp('cancellationDate'),
  stampClosingDate: stamp('closingDate'),
  // Delivery, return and issue dates are often typed in by the user beforehand: keep theirs.
  stampDeliveryDate: stamp('deliveryDate', true),
  stampReturnDate: stamp('returnDate', true),
  stampIssueDate: stamp('issueDate', true),
  /** Paid in full: nothing left to pay; the payment date is today unless one was entered. */
  markInvoicePaid: (context) => ({ ...stamp('paymentDate', true)(context), totalBalance: 0 }),
  /** How many times a request was reopened after being resolved (or done). */
  countReopening: ({ doc }) => ({
    ...doc,
    reopenCount: (typeof doc.reopenCount === 'number' ? doc.reopenCount : 0) + 1,
  }),
  ...financingSideEffects,
  ...billingSideEffects,
  ...invoicePdfSideEffects,
  ...cashflowSideEffects,
  ...paymentFileSideEffects,
  ...accountingSideEffects,
  ...bookingSideEffects,
  ...inventorySideEffects,
};

/** Runs the named side effects in order, each on the previous one's document. */
export async function runSideEffects(
  names: SideEffectName[],
  context: Omit<SideEffectContext, 'doc'>,
  doc: Doc,
): Promise<Doc> {
  let current = doc;
  for (const name of names) current = await sideEffects[name]({ ...context, doc: current });
  return current;
}

export const todayIn = (timeZone: string | undefined, instant = new Date()) => dayIn(instant, timeZone ?? 'UTC');
