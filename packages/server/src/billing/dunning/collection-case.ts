/**
 * A contract's collection case (Case of type COLLECTION): opened at the first returned debit or
 * dunning level of one of its invoices, then updated by each one while it is open (NEW,
 * IN_PROGRESS, WAITING, ESCALATED). It keeps the amount overdue on the contract, the last contact
 * and action, the last return's reason, the highest dunning level reached, the late-payment
 * interest and recovery indemnities owed (the latest computed per invoice), and every action in
 * `actions`, each write with its History row. An invoice without a contract has its own case.
 */
import { sql } from 'kysely';
import { invoice as invoiceKind } from '@lbo/model/entities/billing/invoice.entity';
import { caseEntity as caseKind } from '@lbo/model/entities/case/case.entity';
import { contract as contractKind } from '@lbo/model/entities/financing/contract.entity';
import { invoiceBalance, leftToPay, major, minor } from '@lbo/model/finance/amounts';
import type { DataOf, RecordOf } from '@lbo/model/record-types';
import type { Tx } from '../../db/database.ts';
import { createIn, updateIn, type Caller } from '../../entities/crud.operation.ts';
import * as storage from '../../entities/storage.ts';
import type { RowOf } from '../../entities/storage.ts';

type InvoiceRow = RowOf<typeof invoiceKind>;
type Case = DataOf<typeof caseKind>;
/** One entry of a case's `actions`. */
type Action = NonNullable<Case['actions']>[number];
const openCaseStatuses = ['NEW', 'IN_PROGRESS', 'WAITING', 'ESCALATED'];

export interface CaseAction {
  date: string;
  /** DEBIT_RETURNED, DUNNING. */
  action: string;
  invoice: InvoiceRow;
  level?: string;
  /** The tenant's level codes, lowest first: the case keeps the highest its actions reached. */
  levelOrder?: string[];
  reasonCode?: string;
  communicationRegistration?: string;
  feeInvoiceRegistration?: string;
  /** Interest and indemnity owed on the invoice as of `date` (major units). */
  interest?: number;
  indemnity?: number;
}

/** What is overdue on the contract (or the invoice alone) by `date`, in minor units: its open receivable invoices due. */
async function overdue(tx: Tx, caller: Caller, invoice: InvoiceRow, date: string): Promise<number> {
  const contract = invoice.data.contractRegistration;
  const scope = contract
    ? sql<boolean>`data->>'contractRegistration' = ${contract}`
    : sql<boolean>`registration = ${invoice.registration}`;
  const rows = await storage.findWhere(
    tx,
    invoiceKind,
    caller.tenant,
    sql<boolean>`${scope} AND status IN ('ISSUED', 'PARTIALLY_PAID')
    AND COALESCE(data->>'pr', 'R') = 'R' AND COALESCE(type, '') <> 'CREDIT_NOTE' AND data->>'dueDate' <= ${date}`,
    10_000,
  );
  return rows.reduce((sum, r) => sum + invoiceBalance(r.data), 0);
}

/** The interest and indemnity owed: the latest of each invoice's actions that computed them, summed. */
function owed(actions: Action[], currency: unknown): { interestAmount: number; indemnityAmount: number } {
  const latest = new Map<string, Action>();
  for (const a of actions)
    if (typeof a.interest === 'number' || typeof a.indemnity === 'number') latest.set(String(a.invoiceRegistration), a);
  let interest = 0,
    indemnity = 0;
  for (const a of latest.values()) {
    interest += minor(a.interest, currency);
    indemnity += minor(a.indemnity, currency);
  }
  return { interestAmount: major(interest, currency), indemnityAmount: major(indemnity, currency) };
}

/** The highest level in `actions` by `order` (a level the order does not know ranks above those it knows). */
function highest(actions: Action[], order: string[]): string | undefined {
  const rank = (level: string) => (order.includes(level) ? order.indexOf(level) : order.length);
  return actions
    .map((a) => a.level)
    .filter((l): l is string => typeof l === 'string')
    .sort((a, b) => rank(a) - rank(b))
    .at(-1);
}

/** Opens the case of the invoice's contract, or updates the open one, with `action`; answers it. */
export async function recordCollectionAction(
  tx: Tx,
  caller: Caller,
  action: CaseAction,
): Promise<RecordOf<typeof caseKind>> {
  const invoice = action.invoice;
  const contract = invoice.data.contractRegistration || undefined;
  const key = contract
    ? sql<boolean>`data->>'contractRegistration' = ${contract}`
    : sql<boolean>`data->>'invoiceRegistration' = ${invoice.registration} AND data->>'contractRegistration' IS NULL`;
  // The contract locked first (after its invoices and elements, as payments lock), so that two writers never both open a case.
  if (contract) await storage.findOne(tx, contractKind, caller.tenant, contract, true);
  const [candidate] = await storage.findWhere(
    tx,
    caseKind,
    caller.tenant,
    sql<boolean>`type = 'COLLECTION' AND status IN ('NEW', 'IN_PROGRESS', 'WAITING', 'ESCALATED') AND ${key}`,
    1,
  );
  const found = candidate
    ? await storage.findOne(tx, caseKind, caller.tenant, candidate.registration, true)
    : undefined;
  const currency = invoice.data.currency ?? 'EUR';
  const entry: Action = {
    date: action.date,
    action: action.action,
    invoiceRegistration: invoice.registration,
    ...(action.level ? { level: action.level } : {}),
    ...(action.reasonCode ? { reasonCode: action.reasonCode } : {}),
    ...(action.communicationRegistration ? { communicationRegistration: action.communicationRegistration } : {}),
    ...(action.feeInvoiceRegistration ? { feeInvoiceRegistration: action.feeInvoiceRegistration } : {}),
    ...(action.interest !== undefined ? { interest: action.interest } : {}),
    ...(action.indemnity !== undefined ? { indemnity: action.indemnity } : {}),
    amount: leftToPay(invoice.data),
  };
  const amount = major(await overdue(tx, caller, invoice, action.date), currency);
  const label =
    action.action === 'DUNNING'
      ? `Dunning ${action.level ?? ''}`.trim()
      : `Direct debit returned (${action.reasonCode ?? ''})`;
  const common = (before: Case | undefined) => {
    const actions = [...(before?.actions ?? []), entry];
    return {
      ...before,
      invoiceRegistration: invoice.registration,
      amount,
      currency,
      lastContact: action.date,
      lastAction: label,
      ...(action.reasonCode ? { reasonCode: action.reasonCode } : {}),
      ...(action.level ? { dunningLevel: highest(actions, action.levelOrder ?? [action.level]) } : {}),
      ...owed(actions, currency),
      actions,
    };
  };
  if (found && openCaseStatuses.includes(String(found.status))) {
    return updateIn(
      tx,
      caller,
      caseKind,
      found,
      { ...common(found.data), name: found.name },
      { action: action.action, history: { details: { invoiceRegistration: invoice.registration } } },
    );
  }
  const payer = (invoice.data.persons ?? []).filter((p) => p.role === 'PAYER');
  return createIn(
    tx,
    caller,
    caseKind,
    {
      status: 'NEW',
      type: 'COLLECTION',
      name: `Collection ${contract ?? invoice.registration}`,
      date: action.date,
      ...(contract ? { contractRegistration: contract } : {}),
      persons: payer,
      ...common(undefined),
    },
    { history: { cause: action.action } },
  );
}
