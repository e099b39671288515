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
import type { DataOf, InputOf, RecordOf } from '@lbo/model/record-types';
import type { Tx } from '../../db/database.ts';
import { createManyIn, updateManyIn } from '../../entities/bulk-writes.ts';
import { freeRegistrations, type Caller } from '../../entities/crud.operation.ts';
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

/** The case an action belongs to: its invoice's contract, or the invoice alone. */
const keyOf = (invoice: InvoiceRow) =>
  invoice.data.contractRegistration ? `C|${invoice.data.contractRegistration}` : `I|${invoice.registration}`;

/**
 * What is overdue by `date` on each contract (or invoice alone) of `invoices`, in minor units: its
 * open receivable invoices due, read in one statement per day.
 */
async function overdue(tx: Tx, caller: Caller, actions: CaseAction[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const date of [...new Set(actions.map((a) => a.date))]) {
    const on = actions.filter((a) => a.date === date).map((a) => a.invoice);
    const contracts = [...new Set(on.map((i) => i.data.contractRegistration).filter((c): c is string => !!c))];
    const alone = [...new Set(on.filter((i) => !i.data.contractRegistration).map((i) => i.registration))];
    const rows = await storage.findWhere(
      tx,
      invoiceKind,
      caller.tenant,
      sql<boolean>`(data->>'contractRegistration' = ANY(${contracts}::text[]) OR registration = ANY(${alone}::text[]))
      AND status IN ('ISSUED', 'PARTIALLY_PAID') AND COALESCE(data->>'pr', 'R') = 'R' AND COALESCE(type, '') <> 'CREDIT_NOTE'
      AND data->>'dueDate' <= ${date}`,
      10_000_000,
    );
    const sums = new Map<string, number>();
    for (const r of rows) {
      const contract = r.data.contractRegistration;
      for (const key of [
        ...(contract && contracts.includes(contract) ? [`C|${contract}`] : []),
        ...(alone.includes(r.registration) ? [`I|${r.registration}`] : []),
      ])
        sums.set(key, (sums.get(key) ?? 0) + invoiceBalance(r.data));
    }
    for (const i of on) out.set(`${date}|${keyOf(i)}`, sums.get(keyOf(i)) ?? 0);
  }
  return out;
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
  return (await recordCollectionActions(tx, caller, [action]))[0];
}

/**
 * Records `actions` in order, as recordCollectionAction would one after the other, in a few
 * statements: the contracts locked in registration order (after their invoices, as payments lock),
 * then their open cases; each case opened or updated once with all its actions, with one History
 * row. Answers, for each action, its case as written.
 */
export async function recordCollectionActions(
  tx: Tx,
  caller: Caller,
  actions: CaseAction[],
): Promise<RecordOf<typeof caseKind>[]> {
  if (!actions.length) return [];
  const contracts = [
    ...new Set(actions.map((a) => a.invoice.data.contractRegistration).filter((c): c is string => !!c)),
  ];
  const alone = [
    ...new Set(actions.filter((a) => !a.invoice.data.contractRegistration).map((a) => a.invoice.registration)),
  ];
  // The contracts locked first, so that two writers never both open a case.
  await storage.findMany(tx, contractKind, caller.tenant, contracts, true);
  const open = await storage.findWhere(
    tx,
    caseKind,
    caller.tenant,
    sql<boolean>`type = 'COLLECTION' AND status IN ('NEW', 'IN_PROGRESS', 'WAITING', 'ESCALATED') AND (
      data->>'contractRegistration' = ANY(${contracts}::text[])
      OR (data->>'invoiceRegistration' = ANY(${alone}::text[]) AND data->>'contractRegistration' IS NULL))`,
    10_000_000,
  );
  // The oldest open case of each contract (or invoice alone), locked.
  const oldest = new Map<string, string>();
  for (const row of open) {
    const key = row.data.contractRegistration
      ? `C|${row.data.contractRegistration}`
      : `I|${String(row.data.invoiceRegistration)}`;
    if (!oldest.has(key)) oldest.set(key, row.registration);
  }
  const locked = new Map(
    (await storage.findMany(tx, caseKind, caller.tenant, [...new Set(oldest.values())], true)).map((r) => [
      r.registration,
      r,
    ]),
  );
  const amounts = await overdue(tx, caller, actions);
  type Written = { row?: RowOf<typeof caseKind>; data: Case & { name?: string }; causes: string[]; invoices: string[] };
  const byKey = new Map<string, Written>();
  const keys: string[] = [];
  for (const action of actions) {
    const invoice = action.invoice;
    const contract = invoice.data.contractRegistration || undefined;
    const key = keyOf(invoice);
    keys.push(key);
    let written = byKey.get(key);
    if (!written) {
      const found = oldest.has(key) ? locked.get(oldest.get(key)!) : undefined;
      written =
        found && openCaseStatuses.includes(String(found.status))
          ? { row: found, data: { ...found.data, name: found.name ?? undefined }, causes: [], invoices: [] }
          : {
              data: {
                status: 'NEW',
                type: 'COLLECTION',
                name: `Collection ${contract ?? invoice.registration}`,
                date: action.date,
                ...(contract ? { contractRegistration: contract } : {}),
                persons: (invoice.data.persons ?? []).filter((p) => p.role === 'PAYER'),
              } as Case & { name?: string },
              causes: [],
              invoices: [],
            };
      byKey.set(key, written);
    }
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
    const label =
      action.action === 'DUNNING'
        ? `Dunning ${action.level ?? ''}`.trim()
        : `Direct debit returned (${action.reasonCode ?? ''})`;
    const list = [...(written.data.actions ?? []), entry];
    written.data = {
      ...written.data,
      invoiceRegistration: invoice.registration,
      amount: major(amounts.get(`${action.date}|${key}`) ?? 0, currency),
      currency,
      lastContact: action.date,
      lastAction: label,
      ...(action.reasonCode ? { reasonCode: action.reasonCode } : {}),
      ...(action.level ? { dunningLevel: highest(list, action.levelOrder ?? [action.level]) } : {}),
      ...owed(list, currency),
      actions: list,
    };
    if (!written.causes.includes(action.action)) written.causes.push(action.action);
    written.invoices.push(invoice.registration);
  }
  const all = [...byKey.values()];
  const updated = all.filter((w) => w.row);
  const created = all.filter((w) => !w.row);
  const registrations = await freeRegistrations(tx, caller, caseKind, created.length);
  const docs = created.map((w, i) => ({ ...w.data, registration: registrations[i] }));
  await createManyIn(tx, caller, caseKind, docs as (InputOf<typeof caseKind> & { registration: string })[], {
    historyOf: (_doc, i) => ({ cause: created[i].causes.join(', '), details: { invoices: created[i].invoices } }),
  });
  const rows = await updateManyIn(
    tx,
    caller,
    caseKind,
    updated.map((w) => ({
      row: w.row!,
      data: w.data as InputOf<typeof caseKind>,
      history: { details: { invoiceRegistrations: w.invoices } },
    })),
    { action: [...new Set(updated.flatMap((w) => w.causes))].join(', ') || 'UPDATE' },
  );
  const answer = new Map<Written, RecordOf<typeof caseKind>>();
  const byId = new Map(rows.map((row) => [row._id, row]));
  for (const w of updated) answer.set(w, storage.toDocument(byId.get(w.row!._id)!) as RecordOf<typeof caseKind>);
  const made = new Map(
    (await storage.findMany(tx, caseKind, caller.tenant, registrations)).map((r) => [r.registration, r]),
  );
  created.forEach((w, i) =>
    answer.set(w, storage.toDocument(made.get(registrations[i])!) as RecordOf<typeof caseKind>),
  );
  return keys.map((key) => answer.get(byKey.get(key)!)!);
}
