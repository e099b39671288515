import { transitionVocabulary } from './vocabulary.ts';

/**
 * Workflows as data (spec 000 §3 "Transition item", §4): per entity kind, the statuses of its
 * status list and the transitions between them. A status never changes by a direct write: it
 * moves by running one of these transitions.
 */

/** Spec 000 §4: the states of a background process (batch, import). */
export const processStatuses = ['DRAFT', 'FETCHING', 'PROCESSING', 'STOPPED', 'ERROR', 'WARNING', 'SUCCESS'] as const;
export type ProcessStatus = (typeof processStatuses)[number];

/**
 * Spec 000 §4: what a transition does to the lifecycle. DO moves forward, UNDO steps back,
 * CONTINUE resumes from a pause, COMPLETE reaches a successful end, RESET goes back to the start.
 */
export const workflowActions = ['DO', 'UNDO', 'CONTINUE', 'COMPLETE', 'RESET'] as const;
export type WorkflowAction = (typeof workflowActions)[number];

/**
 * Named side effects a transition may run, in its transaction, after the status is set. The
 * server holds one function per name (`Record<SideEffectName, …>`); a tenant configuration may
 * name only these.
 */
export const sideEffectNames = [
  'stampSubmitDate',
  'clearSubmitDate',
  'stampAcceptDate',
  'stampValidationDate',
  'stampApprovalDate',
  'stampActivationDate',
  'stampTerminationDate',
  'stampCancellationDate',
  'stampClosingDate',
  'stampDeliveryDate',
  'stampReturnDate',
  'stampIssueDate',
  'markInvoicePaid',
  'countReopening',
  // Tasks (server/src/tasks): `done` follows the status.
  'markTaskDone',
  'markTaskOpen',
  // Support desk (server/src/support): a ticket's resolution and closing stamped, its service levels kept.
  'resolveTicket',
  'reopenTicket',
  'closeTicket',
  // Financing (server/src/financing): a won deal becomes a contract, activation freezes its
  // schedules, amendments change them, credit lines follow their contracts.
  'createContractFromDeal',
  'activateContract',
  'endContractTerm',
  'previewAmendment',
  'applyAmendment',
  'reserveCreditLine',
  'refreshCreditLine',
  'cedeContractLot',
  // Billing (server/src/billing): an issued invoice takes the next legal number and its lines
  // follow; cancelling an issued one issues its credit note.
  'assignInvoiceNumber',
  'issueInvoiceLines',
  'cancelInvoice',
  // An unpaid receivable written off (passage en perte): its date and the balance lost kept on it.
  'writeOffInvoice',
  // Payments (server/src/billing/cashflows): an allocation applied and reversed, the contract's arrears kept.
  'applyCashflowAllocation',
  'reverseCashflowAllocation',
  'refreshContractArrears',
  // Invoice PDFs (server/src/billing/invoice-pdf): an issued invoice's PDF kept as its INVOICE document.
  'storeInvoicePdf',
  // Mail (server/src/mail): an issued invoice mailed with its PDF to the payer's billing contact.
  'mailIssuedInvoice',
  // Payment files (server/src/banking/payment-files): a file's lines follow it when it is sent or cancelled.
  'sendPaymentFileLines',
  'cancelPaymentFileLines',
  // Accounting (server/src/accounting): the business event's PostingEvent and its postings, in its transaction.
  'recordPostingEvent',
  // Manual entries are checked, posted as one balanced event and reversed; inventories snapshot the balances.
  'checkBooking',
  'postBooking',
  'reverseBooking',
  'snapshotBalances',
  // Tenants (server/src/tenants): a suspended or closed tenant's sessions end with the transition.
  'endTenantSessions',
  // Committees (server/src/committees): a closed voting counts its votes and moves the record voted on.
  'tallyVoting',
  // Scoring (server/src/scoring): a submitted deal is scored; its APPROVE follows the score's decision.
  'scoreDeal',
  'checkScoreDecision',
  // Field work (server/src/field): a claim's settlement date; an asset's expenses total without a cancelled expense.
  'stampSettlementDate',
  'refreshAssetExpenses',
] as const;
export type SideEffectName = (typeof sideEffectNames)[number];

/** One transition (spec 000 §3: code, label, icon, hidden, props.pullRight, order index). */
export interface Transition {
  /** Identifies the transition in its workflow and in `…/transitions/{code}`. */
  code: string;
  label: string;
  /** Icon name of the web's icon set (`SendOutlined`). */
  icon?: string;
  /** Statuses the record must be in. */
  from: string[];
  to: string;
  action: WorkflowAction;
  /** Position in menus; `pullRight` items come after all others. */
  orderIndex: number;
  /** Shown apart, at the end (exits such as cancel and reject). */
  pullRight: boolean;
  /** Run by the system or by scripts; kept out of menus but still runnable. */
  hidden: boolean;
  /** Permission name the user must hold (admins always may). */
  permission?: string;
  /** Document paths (`persons`, `quotations.financedAmountExclTax`) that must be filled before it runs. */
  requiredFields: string[];
  sideEffects: SideEffectName[];
  /** Only for records of these types (`type`); every type when absent. */
  types?: string[];
  /**
   * Asked before it runs (an irreversible step: a document issued, a loss booked): the question,
   * with `{field}` of the record; per status left when only some of them need asking.
   */
  confirm?: string | Record<string, string>;
  /** The feature flag that must be on for the caller: off, it is hidden and refused (403 FEATURE_DISABLED). */
  featureFlag?: string;
}

export interface WorkflowDefinition {
  /** Entity kind (`Contract`). */
  entity: string;
  /** Reference list of its statuses (`contractStatus`). */
  statusList: string;
  /** Statuses in lifecycle order; the first is the one a new record takes. */
  statuses: string[];
  transitions: Transition[];
}

/** What a declaration may leave out: label, icon, action and pullRight default from the code's vocabulary. */
export type TransitionInput = Omit<
  Transition,
  'label' | 'action' | 'orderIndex' | 'pullRight' | 'hidden' | 'requiredFields' | 'sideEffects' | 'from'
> & {
  from: string | string[];
  label?: string;
  action?: WorkflowAction;
  orderIndex?: number;
  pullRight?: boolean;
  hidden?: boolean;
  requiredFields?: string[];
  sideEffects?: SideEffectName[];
};

/** `MARK_AS_SENT` → `Mark as sent`: the label of a code nobody worded. */
export const humanise = (code: string): string => {
  const words = code.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Completes one transition from its vocabulary; `position` gives the default order index. */
export function completeTransition(input: TransitionInput, position: number): Transition {
  const wording = Object.hasOwn(transitionVocabulary, input.code) ? transitionVocabulary[input.code] : undefined;
  const transition: Transition = {
    code: input.code,
    label: input.label ?? wording?.label ?? humanise(input.code),
    from: typeof input.from === 'string' ? [input.from] : [...input.from],
    to: input.to,
    action: input.action ?? wording?.action ?? 'DO',
    orderIndex: input.orderIndex ?? (position + 1) * 10,
    pullRight: input.pullRight ?? wording?.pullRight ?? false,
    hidden: input.hidden ?? false,
    requiredFields: input.requiredFields ?? [],
    sideEffects: input.sideEffects ?? [],
  };
  const icon = input.icon ?? wording?.icon;
  if (icon) transition.icon = icon;
  if (input.permission) transition.permission = input.permission;
  if (input.types) transition.types = [...input.types];
  if (input.confirm) transition.confirm = input.confirm;
  if (input.featureFlag) transition.featureFlag = input.featureFlag;
  return transition;
}

/** `t('SUBMIT', 'DRAFT', 'SUBMITTED', { requiredFields: ['persons'] })`: one transition of a declaration. */
export const t = (
  code: string,
  from: string | string[],
  to: string,
  more: Partial<TransitionInput> = {},
): TransitionInput => ({ code, from, to, ...more });

/** Declares the default workflow of a kind: its statuses are those of `statuses`, in order. */
export function defineWorkflow(
  entity: string,
  statusList: string,
  statuses: readonly string[],
  transitions: TransitionInput[],
): WorkflowDefinition {
  return { entity, statusList, statuses: [...statuses], transitions: transitions.map(completeTransition) };
}

/** Transitions of `definition` that a record in `status` (of `type`) may take. */
export function transitionsFrom(
  definition: WorkflowDefinition,
  status: string | null | undefined,
  type?: string | null,
): Transition[] {
  return definition.transitions.filter(
    (tr) => status != null && tr.from.includes(status) && (!tr.types || (type != null && tr.types.includes(type))),
  );
}

/** Menu order: by order index, `pullRight` items after all others (spec 001 §4). */
export function sortTransitions<T extends { orderIndex: number; pullRight?: boolean; props?: { pullRight?: boolean } }>(
  items: T[],
): T[] {
  const right = (i: T) => (i.pullRight ?? i.props?.pullRight) === true;
  return [...items].sort((a, b) => Number(right(a)) - Number(right(b)) || a.orderIndex - b.orderIndex);
}

/**
 * Permission to take decisions on a kind: `approve /api/financing/contracts`. Not a read or write
 * name, so "write all" does not grant it: approving stays a separate right (four eyes).
 */
export const approver = (kind: { route: string }): string => `approve /api/${kind.route}`;
