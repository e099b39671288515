/**
 * Matching bank transactions to what was expected, in this order of trust:
 * 1. EndToEndId → the payment-file line that carried it → its invoice;
 * 2. mandate reference and amount → the one open invoice collected on that mandate for that amount;
 * 3. invoice number, or ISO 11649 creditor reference (mod-97 checked), in the remittance information;
 * 4. payer IBAN and amount → the one open invoice of that IBAN for that amount.
 * A confident match creates the cashflow and allocates it (billing/cashflows) with the transaction
 * marked MATCHED, in the caller's transaction: a chunk's confident matches together
 * (allocateReceipts), under a savepoint; what the set refuses one by one, each under its own
 * savepoint (a refused allocation leaves the transaction unmatched with the reason, nothing else).
 * The rest stay NEW with their ranked candidates.
 */
import { sql } from 'kysely';
import { bankTransaction } from '@lbo/model/entities/banking/bank-transaction.entity';
import { cashflow as cashflowKind } from '@lbo/model/entities/billing/cashflow.entity';
import { invoice as invoiceKind } from '@lbo/model/entities/billing/invoice.entity';
import { paymentFileLine as lineKind } from '@lbo/model/entities/billing/payment-file-line.entity';
import { ApiError } from '@lbo/model/errors';
import { invoiceBalance, major, minor, openInvoiceStatuses } from '@lbo/model/finance/amounts';
import type { DataOf, RecordOf } from '@lbo/model/record-types';
import { creditorReferencesIn, referenceBody } from '@lbo/model/values/creditor-reference';
import { personWith } from '@lbo/model/values/parties';
import type { Tx } from '../../db/database.ts';
import { updateManyIn } from '../../entities/bulk-writes.ts';
import { createIn, updateIn } from '../../entities/crud.operation.ts';
import * as storage from '../../entities/storage.ts';
import type { RowOf } from '../../entities/storage.ts';
import type { WorkflowCaller } from '../../workflow/permissions.ts';
import { allocateCashflow, allocateReceipts, type Receipt } from '../../billing/billing.module.ts';
import { returnDebit } from '../returns/return-debit.ts';

export const transactionKind = bankTransaction;
export type TransactionRow = RowOf<typeof bankTransaction>;
type Transaction = DataOf<typeof bankTransaction>;
type InvoiceRow = RowOf<typeof invoiceKind>;
type LineRow = RowOf<typeof lineKind>;

const withoutReason = ({ unmatchedReason: _reason, ...t }: Transaction) => t;

export type MatchMethod = 'END_TO_END_ID' | 'MANDATE' | 'REFERENCE' | 'IBAN_AMOUNT' | 'MANUAL' | 'RETURN';

/** A proposed invoice: why, how sure (0–100), its balance. */
export interface Candidate {
  invoiceRegistration: string;
  score: number;
  reason: string;
  balance: number;
}

const scores: Record<Exclude<MatchMethod, 'MANUAL' | 'RETURN'>, number> = {
  END_TO_END_ID: 100,
  REFERENCE: 90,
  MANDATE: 80,
  IBAN_AMOUNT: 60,
};
const SAME_AMOUNT = 10;
const AMOUNT_ONLY = 30;
const MAX_CANDIDATES = 5;

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
const prOf = (t: Transaction) => (t.creditDebit === 'DBIT' ? 'P' : 'R');
/**
 * Why a transaction cannot be matched at all, whatever the invoices: a bank entry read without an
 * amount or a currency (a file or a record missing them). Such a one is left waiting with this reason.
 */
export function unmatchable(t: Transaction): string | undefined {
  if (typeof t.amount !== 'number' || !Number.isFinite(t.amount) || t.amount <= 0)
    return `no amount (${t.amount === undefined || t.amount === null ? 'none given' : String(t.amount)}): nothing to match`;
  if (!str(t.currency)) return 'no currency: nothing to match';
  return undefined;
}

/** The day the money moved: the entry's value date, its booking date when the bank gave none. */
const paidOn = (t: Transaction) => str(t.valueDate) ?? str(t.bookingDate);

/** Words of a remittance text that may be an invoice number or registration. */
const tokensOf = (text: string) => [
  ...new Set(
    text
      .toUpperCase()
      .split(/[\s,;:()]+/)
      .map((w) => w.replace(/^[^A-Z0-9]+|[^A-Z0-9]+$/g, ''))
      .filter((w) => w.length >= 5 && /\d/.test(w)),
  ),
];

/** Open invoices (any of `conditions`), in the tenant, not credit notes. */
async function openInvoices(
  tx: Tx,
  tenant: string,
  condition: ReturnType<typeof sql<boolean>>,
  limit = 5000,
): Promise<InvoiceRow[]> {
  return storage.findWhere(
    tx,
    invoiceKind,
    tenant,
    sql<boolean>`status IN (${sql.join(openInvoiceStatuses)}) AND COALESCE(type, '') <> 'CREDIT_NOTE' AND (${condition})`,
    limit,
  );
}

/** What the lookups of a chunk found, shared by its transactions. */
interface Found {
  lines: Map<string, LineRow>;
  invoices: Map<string, InvoiceRow>;
  byNumber: Map<string, InvoiceRow>;
  byBody: Map<string, InvoiceRow>;
  byMandate: Map<string, InvoiceRow[]>;
  byIban: Map<string, InvoiceRow[]>;
}

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/** The payment-file lines, invoices and open invoices that the chunk's transactions name, in a few statements. */
async function lookUp(tx: Tx, tenant: string, transactions: Transaction[]): Promise<Found> {
  const e2e = [...new Set(transactions.map((t) => str(t.endToEndId)).filter((v): v is string => !!v))];
  const mandates = [...new Set(transactions.map((t) => str(t.mandateReference)).filter((v): v is string => !!v))];
  const ibans = [
    ...new Set(
      transactions
        .map((t) => str(t.counterpartyIban)?.replace(/\s/g, '').toUpperCase())
        .filter((v): v is string => !!v),
    ),
  ];
  const texts = transactions.map((t) => `${str(t.remittanceInformation) ?? ''} ${str(t.creditorReference) ?? ''}`);
  const tokens = [...new Set(texts.flatMap(tokensOf))];
  const bodies = [...new Set(texts.flatMap(creditorReferencesIn))];
  const found: Found = {
    lines: new Map(),
    invoices: new Map(),
    byNumber: new Map(),
    byBody: new Map(),
    byMandate: new Map(),
    byIban: new Map(),
  };
  if (e2e.length) {
    for (const line of await storage.findWhere(
      tx,
      lineKind,
      tenant,
      sql<boolean>`data->>'endToEndId' = ANY(${e2e}::text[])`,
      e2e.length + 100,
    )) {
      found.lines.set(String(line.data.endToEndId), line);
    }
    const invoiceRegs = [
      ...new Set([...found.lines.values()].map((l) => str(l.data.invoiceRegistration)).filter((v): v is string => !!v)),
    ];
    for (const invoice of await storage.findMany(tx, invoiceKind, tenant, invoiceRegs))
      found.invoices.set(invoice.registration, invoice);
  }
  if (tokens.length || bodies.length) {
    const rows = await storage.findWhere(
      tx,
      invoiceKind,
      tenant,
      sql<boolean>`(upper(data->>'invoiceNumber') = ANY(${tokens}::text[]) OR registration = ANY(${tokens}::text[])
      OR regexp_replace(upper(data->>'invoiceNumber'), '[^A-Z0-9]', '', 'g') = ANY(${bodies}::text[]))`,
      tokens.length + bodies.length + 100,
    );
    for (const invoice of rows) {
      found.invoices.set(invoice.registration, invoice);
      found.byNumber.set(invoice.registration, invoice);
      if (str(invoice.data.invoiceNumber)) {
        found.byNumber.set(String(invoice.data.invoiceNumber).toUpperCase(), invoice);
        found.byBody.set(referenceBody(String(invoice.data.invoiceNumber)), invoice);
      }
    }
  }
  if (mandates.length) {
    for (const invoice of await openInvoices(
      tx,
      tenant,
      sql<boolean>`data->>'mandateReference' = ANY(${mandates}::text[])`,
    )) {
      found.invoices.set(invoice.registration, invoice);
      push(found.byMandate, String(invoice.data.mandateReference), invoice);
    }
  }
  if (ibans.length) {
    for (const invoice of await openInvoices(
      tx,
      tenant,
      sql<boolean>`upper(replace(data->>'iban', ' ', '')) = ANY(${ibans}::text[])`,
    )) {
      found.invoices.set(invoice.registration, invoice);
      push(found.byIban, String(invoice.data.iban).replace(/\s/g, '').toUpperCase(), invoice);
    }
  }
  return found;
}

const isOpen = (invoice: InvoiceRow | undefined, pr: string) =>
  !!invoice &&
  openInvoiceStatuses.includes(String(invoice.status)) &&
  String(invoice.data.pr ?? 'R') === pr &&
  invoice.type !== 'CREDIT_NOTE';

/** The confident match of a transaction, if any, and its ranked candidates. */
/** A confident match: how, which invoice, how much (minor units). */
type Match = { method: MatchMethod; invoice: InvoiceRow; amount: number };

function decide(
  t: Transaction,
  found: Found,
  balances: Map<string, number>,
): { match?: Match; candidates: Candidate[] } {
  const pr = prOf(t);
  const amount = minor(t.amount, t.currency);
  const balanceOf = (invoice: InvoiceRow) => balances.get(invoice.registration) ?? invoiceBalance(invoice.data);
  const usable = (invoice: InvoiceRow | undefined): invoice is InvoiceRow =>
    isOpen(invoice, pr) && invoice!.data.currency === t.currency && balanceOf(invoice!) > 0;
  const ranked = new Map<string, Candidate>();
  const propose = (invoice: InvoiceRow, method: keyof typeof scores) => {
    if (!usable(invoice)) return;
    const score = scores[method] + (balanceOf(invoice) === amount ? SAME_AMOUNT : 0);
    const known = ranked.get(invoice.registration);
    if (!known || known.score < score)
      ranked.set(invoice.registration, {
        invoiceRegistration: invoice.registration,
        score,
        reason: method,
        balance: major(balanceOf(invoice), invoice.data.currency),
      });
  };
  let match: { method: MatchMethod; invoice: InvoiceRow; amount: number } | undefined;
  const take = (method: MatchMethod, invoice: InvoiceRow) => {
    match ??= { method, invoice, amount: Math.min(amount, balanceOf(invoice)) };
  };

  // 1. EndToEndId: the line names its invoice.
  const line = str(t.endToEndId) ? found.lines.get(String(t.endToEndId)) : undefined;
  const lineInvoice = line ? found.invoices.get(String(line.data.invoiceRegistration)) : undefined;
  if (lineInvoice && usable(lineInvoice)) {
    propose(lineInvoice, 'END_TO_END_ID');
    take('END_TO_END_ID', lineInvoice);
  }
  // 2. Mandate reference and amount.
  const onMandate = (found.byMandate.get(String(t.mandateReference ?? '')) ?? []).filter(usable);
  onMandate.forEach((i) => propose(i, 'MANDATE'));
  const mandateExact = onMandate.filter((i) => balanceOf(i) === amount);
  if (mandateExact.length === 1) take('MANDATE', mandateExact[0]);
  // 3. Invoice number or creditor reference in the remittance information.
  const text = `${str(t.remittanceInformation) ?? ''} ${str(t.creditorReference) ?? ''}`;
  const named = [
    ...new Set([
      ...tokensOf(text).map((w) => found.byNumber.get(w)),
      ...creditorReferencesIn(text).map((b) => found.byBody.get(b)),
    ]),
  ].filter(usable);
  named.forEach((i) => propose(i, 'REFERENCE'));
  if (named.length === 1 && amount <= balanceOf(named[0])) take('REFERENCE', named[0]);
  // 4. Payer IBAN and amount.
  const ofIban = (
    found.byIban.get(
      String(t.counterpartyIban ?? '')
        .replace(/\s/g, '')
        .toUpperCase(),
    ) ?? []
  ).filter(usable);
  ofIban.forEach((i) => propose(i, 'IBAN_AMOUNT'));
  const ibanExact = ofIban.filter((i) => balanceOf(i) === amount);
  if (ibanExact.length === 1) take('IBAN_AMOUNT', ibanExact[0]);

  const candidates = [...ranked.values()]
    .sort((a, b) => b.score - a.score || a.invoiceRegistration.localeCompare(b.invoiceRegistration))
    .slice(0, MAX_CANDIDATES);
  return { match, candidates };
}

/** Open invoices of the same amount, currency and direction, for the transactions nothing else points to: a few per amount, in one statement. */
async function sameAmount(tx: Tx, tenant: string, transactions: Transaction[]): Promise<Map<string, Candidate[]>> {
  const keyOf = (currency: unknown, pr: string, amount: string) => `${String(currency)}|${pr}|${amount}`;
  const keys = [...new Set(transactions.map((t) => keyOf(t.currency, prOf(t), String(t.amount))))];
  const out = new Map<string, Candidate[]>();
  if (!keys.length) return out;
  const { rows } = await sql<{
    registration: string;
    data: DataOf<typeof invoiceKind>;
    key: string;
  }>`SELECT registration, data, key FROM (
      SELECT registration, data, (data->>'currency') || '|' || COALESCE(data->>'pr', 'R') || '|' || (numeric_value(COALESCE(data->>'totalBalance', data->>'amountInclTax')))::float8::text AS key,
        row_number() OVER (PARTITION BY data->>'currency', COALESCE(data->>'pr', 'R'), numeric_value(COALESCE(data->>'totalBalance', data->>'amountInclTax')) ORDER BY data->>'dueDate', registration) AS n
      FROM ${sql.table(invoiceKind.table)}
      WHERE tenant = ${tenant} AND status IN (${sql.join(openInvoiceStatuses)}) AND COALESCE(type, '') <> 'CREDIT_NOTE'
        AND numeric_value(COALESCE(data->>'totalBalance', data->>'amountInclTax')) = ANY(${[...new Set(transactions.map((t) => String(t.amount)))]}::numeric[])) AS o
    WHERE n <= ${MAX_CANDIDATES}`.execute(tx);
  for (const r of rows)
    push(out, r.key, {
      invoiceRegistration: r.registration,
      score: AMOUNT_ONLY,
      reason: 'AMOUNT',
      balance: major(invoiceBalance(r.data), r.data.currency),
    });
  return new Map(
    transactions.map((t) => [
      keyOf(t.currency, prOf(t), String(t.amount)),
      out.get(keyOf(t.currency, prOf(t), String(t.amount))) ?? [],
    ]),
  );
}

/** The cashflow a matched transaction makes (its counterparty the first invoice's payer, or payee for money out), PENDING. */
function cashflowDoc(row: TransactionRow, allocations: { invoice: InvoiceRow; amount: number }[], method: MatchMethod) {
  const t = row.data;
  const pr = prOf(t);
  const first = allocations[0].invoice;
  const role = pr === 'R' ? 'PAYER' : 'PAYEE';
  const person = personWith(first.data, role);
  const contracts = [...new Set(allocations.map((a) => str(a.invoice.data.contractRegistration)))];
  return {
    status: 'PENDING',
    type: pr === 'R' ? 'RECEIPT' : 'DISBURSEMENT',
    name: `${String(t.counterpartyName ?? 'Bank')} ${String(t.bookingDate ?? '')}`.trim(),
    pr,
    paymentMode:
      method === 'MANDATE' || (method === 'END_TO_END_ID' && str(t.mandateReference))
        ? 'SEPA_DIRECT_DEBIT'
        : 'TRANSFER',
    amount: t.amount ?? undefined,
    currency: t.currency ?? undefined,
    valueDate: paidOn(t) ?? new Date().toISOString().slice(0, 10),
    persons: person ? [{ role, personRegistration: person }] : [],
    bankReference: str(t.endToEndId) ?? str(t.accountServicerReference) ?? str(t.entryReference) ?? row.registration,
    ...(contracts.length === 1 && contracts[0] ? { contractRegistration: contracts[0] } : {}),
    allocatedAmount: 0,
    unallocatedAmount: t.amount,
  };
}

/** The transaction's document once matched to its cashflow. */
function matchedData(
  row: TransactionRow,
  cashflowRegistration: string,
  allocations: { invoice: InvoiceRow; amount: number }[],
  method: MatchMethod,
  candidates: Candidate[],
  status: string,
): Transaction {
  const t = row.data;
  return {
    ...withoutReason(t),
    status,
    matchMethod: method,
    matchDate: new Date().toISOString().slice(0, 10),
    cashflowRegistration,
    invoices: allocations.map((a) => ({
      invoiceRegistration: a.invoice.registration,
      amount: major(a.amount, t.currency),
    })),
    candidates,
    ...(method === 'END_TO_END_ID' ? { paymentFileLineRegistration: t.paymentFileLineRegistration } : {}),
  } as Transaction;
}

/**
 * Creates the transaction's cashflow (its counterparty the first invoice's payer, or payee for
 * money out), allocates it as given (minor units) and marks the transaction MATCHED, with History.
 */
export async function settle(
  tx: Tx,
  caller: WorkflowCaller,
  row: TransactionRow,
  allocations: { invoice: InvoiceRow; amount: number }[],
  method: MatchMethod,
  candidates: Candidate[] = [],
  status = 'MATCHED',
): Promise<RecordOf<typeof bankTransaction>> {
  const t = row.data;
  const cashflow = await createIn(tx, caller, cashflowKind, cashflowDoc(row, allocations, method), {
    history: { bankTransactionRegistration: row.registration },
  });
  const registration = cashflow.registration;
  await allocateCashflow(tx, caller, registration, {
    allocations: allocations.map((a) => ({
      invoiceRegistration: a.invoice.registration,
      amount: major(a.amount, t.currency),
    })),
    // The money arrived on its value date: the allocation, its posting and the invoice's payment date say so.
    ...(paidOn(t) ? { date: paidOn(t) } : {}),
  });
  return updateIn(
    tx,
    caller,
    bankTransaction,
    row,
    matchedData(row, registration, allocations, method, candidates, status),
    { action: status === 'MATCHED' ? 'MATCH' : 'MATCH_PARTIALLY', history: { matchMethod: method } },
  );
}

/**
 * A returned or rejected debit (RtrInf with its ISO reason code): handed to the returns
 * (banking/returns), which reverse the collection, charge the fee and open the case; the
 * transaction is then MATCHED by RETURN. One the returns refuse (no such EndToEndId, a reason
 * not in the list) stays waiting, under a savepoint that undoes what was begun.
 */
async function settleReturn(
  tx: Tx,
  caller: WorkflowCaller,
  row: TransactionRow,
  today?: string,
): Promise<true | string> {
  const t = row.data;
  if (!str(t.returnReason)) return 'a returned debit without its reason code';
  if (!str(t.endToEndId) && !str(t.mandateReference)) return 'a returned debit naming no EndToEndId nor mandate';
  // A return answers its collection: the collection's credit still waiting (read after it, or in a later chunk) is settled first,
  // or it would pay the invoice again once the return has reopened it.
  if (str(t.endToEndId)) {
    const credits = await newTransactions(
      tx,
      caller.tenant,
      sql<boolean>`type = 'CREDIT' AND data->>'endToEndId' = ${String(t.endToEndId)}`,
      '',
      10,
    );
    if (credits.length) await matchTransactions(tx, caller, credits, today);
  }
  await sql`SAVEPOINT bank_return`.execute(tx);
  try {
    const result = await returnDebit(tx, caller, {
      endToEndId: str(t.endToEndId),
      amount: Number(t.amount),
      currency: String(t.currency),
      reasonCode: String(t.returnReason),
      date: str(t.bookingDate) ?? str(t.valueDate) ?? new Date().toISOString().slice(0, 10),
      bankTransactionRegistration: row.registration,
      ...(today ? { today } : {}),
    });
    const [line] = str(t.endToEndId)
      ? await storage.findByField(tx, lineKind, caller.tenant, 'endToEndId', String(t.endToEndId), 1)
      : [];
    await updateIn(
      tx,
      caller,
      bankTransaction,
      row,
      {
        ...withoutReason(t),
        status: 'MATCHED',
        matchMethod: 'RETURN',
        matchDate: new Date().toISOString().slice(0, 10),
        caseRegistration: result.case.registration,
        ...(line ? { paymentFileLineRegistration: line.registration } : {}),
        ...(result.feeInvoice
          ? {
              invoices: [
                { invoiceRegistration: result.feeInvoice.registration, amount: result.feeInvoice.amountInclTax },
              ],
            }
          : {}),
      },
      { action: 'MATCH', history: { matchMethod: 'RETURN' } },
    );
    await sql`RELEASE SAVEPOINT bank_return`.execute(tx);
    return true;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    await sql`ROLLBACK TO SAVEPOINT bank_return`.execute(tx);
    return error.message;
  }
}

export interface MatchOutcome {
  matched: number;
  unmatched: number;
  /** Why transactions could not be matched at all (no amount, a return refused…), and how many. */
  reasons: Record<string, number>;
}

/**
 * Matches the NEW transactions `rows` (money in or out, not returns): each confident one settled
 * under its own savepoint, the others given their candidates.
 */
export async function matchTransactions(
  tx: Tx,
  caller: WorkflowCaller,
  rows: TransactionRow[],
  /** The day of processing (a returned debit's fee is charged that day); today when absent. */
  today?: string,
): Promise<MatchOutcome> {
  const outcome: MatchOutcome = { matched: 0, unmatched: 0, reasons: {} };
  if (!rows.length) return outcome;
  const found = await lookUp(
    tx,
    caller.tenant,
    rows.map((r) => r.data),
  );
  const balances = new Map<string, number>();
  const pending: { row: TransactionRow; data: Transaction }[] = [];
  const waiting: { row: TransactionRow; candidates: Candidate[]; reason?: string }[] = [];
  const leave = (row: TransactionRow, reason: string) => {
    outcome.unmatched++;
    outcome.reasons[reason] = (outcome.reasons[reason] ?? 0) + 1;
    if (row.data.unmatchedReason !== reason || (row.data.candidates ?? []).length)
      pending.push({ row, data: { ...row.data, candidates: [], unmatchedReason: reason } });
  };
  // Returns after the rest: a statement books a collection's credit before the debit that takes it back.
  const ordered = [
    ...rows.filter((r) => r.data.type !== 'DIRECT_DEBIT_RETURN'),
    ...rows.filter((r) => r.data.type === 'DIRECT_DEBIT_RETURN'),
  ];
  // The confident matches of the chunk, allocated together (billing's allocateReceipts) before any return is looked at.
  const confident: { row: TransactionRow; match: Match; candidates: Candidate[] }[] = [];
  const settleConfident = async () => {
    const items = confident.splice(0);
    if (!items.length) return;
    const allocationsOf = (item: (typeof items)[number]) => [
      { invoice: item.match.invoice, amount: item.match.amount },
    ];
    let done: Awaited<ReturnType<typeof allocateReceipts>>;
    await sql`SAVEPOINT bank_match_many`.execute(tx);
    try {
      done = await allocateReceipts(
        tx,
        caller,
        items.map((item) => {
          const t = item.row.data;
          return {
            cashflow: cashflowDoc(item.row, allocationsOf(item), item.match.method) as Receipt['cashflow'],
            history: { bankTransactionRegistration: item.row.registration },
            invoiceRegistration: item.match.invoice.registration,
            amount: major(item.match.amount, t.currency),
            ...(paidOn(t) ? { date: paidOn(t) } : {}),
          };
        }),
      );
      await updateManyIn(
        tx,
        caller,
        bankTransaction,
        items.flatMap((item, k) => {
          const written = done?.[k];
          return written
            ? [
                {
                  row: item.row,
                  data: matchedData(
                    item.row,
                    written.cashflowRegistration,
                    allocationsOf(item),
                    item.match.method,
                    item.candidates,
                    'MATCHED',
                  ),
                  history: { matchMethod: item.match.method },
                },
              ]
            : [];
        }),
        { action: 'MATCH' },
      );
      await sql`RELEASE SAVEPOINT bank_match_many`.execute(tx);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      await sql`ROLLBACK TO SAVEPOINT bank_match_many`.execute(tx);
      done = undefined;
    }
    // What could not go together goes one by one, each under its savepoint, saying why it is refused.
    for (const [k, { row, match, candidates }] of items.entries()) {
      if (done?.[k]) {
        outcome.matched++;
        continue;
      }
      await sql`SAVEPOINT bank_match`.execute(tx);
      try {
        await settle(tx, caller, row, allocationsOf({ row, match, candidates }), match.method, candidates);
        await sql`RELEASE SAVEPOINT bank_match`.execute(tx);
        outcome.matched++;
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        await sql`ROLLBACK TO SAVEPOINT bank_match`.execute(tx);
        outcome.unmatched++;
        waiting.push({ row, candidates, reason: error.message });
      }
    }
  };
  for (const row of ordered) {
    const t = row.data;
    const problem = unmatchable(t);
    if (problem) {
      leave(row, problem);
      continue;
    }
    if (t.type === 'DIRECT_DEBIT_RETURN') {
      await settleConfident();
      const settled = await settleReturn(tx, caller, row, today);
      if (settled === true) outcome.matched++;
      else leave(row, settled);
      continue;
    }
    const { match, candidates } = decide(t, found, balances);
    if (match && match.amount > 0) {
      const line = match.method === 'END_TO_END_ID' ? found.lines.get(String(t.endToEndId)) : undefined;
      confident.push({
        row: { ...row, data: { ...t, ...(line ? { paymentFileLineRegistration: line.registration } : {}) } },
        match,
        candidates,
      });
      balances.set(
        match.invoice.registration,
        (balances.get(match.invoice.registration) ?? invoiceBalance(match.invoice.data)) - match.amount,
      );
      continue;
    }
    outcome.unmatched++;
    waiting.push({ row, candidates });
  }
  await settleConfident();
  const byAmount = await sameAmount(
    tx,
    caller.tenant,
    waiting.filter((w) => !w.candidates.length).map((w) => w.row.data),
  );
  for (const { row, candidates, reason } of waiting) {
    const t = row.data;
    const ranked = candidates.length
      ? candidates
      : (byAmount.get(`${String(t.currency)}|${prOf(t)}|${String(t.amount)}`) ?? []);
    if (JSON.stringify(ranked) !== JSON.stringify(t.candidates ?? []) || reason !== t.unmatchedReason)
      pending.push({
        row,
        data: { ...withoutReason(t), candidates: ranked, ...(reason ? { unmatchedReason: reason } : {}) },
      });
  }
  // Candidates are a proposal, recomputed at each run: written in bulk, without a History row of their own.
  await updateManyIn(tx, caller, bankTransaction, pending, { recordHistory: false });
  return outcome;
}

/**
 * The NEW transactions to match after `after` (an `_id`; '' to start), locked, in `_id` order.
 * `alongKey` (a batch going through a large file, or all the waiting ones): walked along the
 * primary key from `after`, so that going through 100,000 transactions chunk by chunk reads each
 * once. Without statistics (a table just written, or PGlite, which never gathers them) the planner
 * would rather take the camt's or the status's index and sort every transaction left at each
 * chunk, on disk past a few thousand; sorting is refused for that one statement.
 */
export async function newTransactions(
  tx: Tx,
  tenant: string,
  condition: ReturnType<typeof sql<boolean>>,
  after: string,
  limit: number,
  { alongKey = false } = {},
): Promise<TransactionRow[]> {
  const from = after || '00000000-0000-0000-0000-000000000000';
  if (alongKey)
    await sql`SELECT set_config('enable_sort', 'off', true), set_config('enable_incremental_sort', 'off', true)`.execute(
      tx,
    );
  const { rows } =
    await sql<TransactionRow>`SELECT _id, registration, status, name, type, data, _insert_date, _insert_user, _update_date, _update_user, _version
    FROM ${sql.table(transactionKind.table)} WHERE tenant = ${tenant} AND _id > ${from}::uuid AND status = 'NEW' AND (${condition})
    ORDER BY tenant, _id LIMIT ${limit} FOR UPDATE SKIP LOCKED`.execute(tx);
  // Set for the transaction (undone with it on a failure): back to the session's values for what follows.
  if (alongKey) {
    await sql`RESET enable_sort`.execute(tx);
    await sql`RESET enable_incremental_sort`.execute(tx);
  }
  return rows;
}

/** The ranked candidates of one transaction, computed now (after new invoices). */
export async function proposals(tx: Tx, caller: WorkflowCaller, row: TransactionRow): Promise<Candidate[]> {
  // Nothing is proposed for what cannot be matched (no amount, no currency): its reason is on the transaction.
  if (unmatchable(row.data)) return [];
  const { candidates } = decide(row.data, await lookUp(tx, caller.tenant, [row.data]), new Map());
  return candidates.length ? candidates : ([...(await sameAmount(tx, caller.tenant, [row.data])).values()][0] ?? []);
}
