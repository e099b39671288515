/**
 * The side effect `recordPostingEvent` (packages/model/src/workflow/workflow.ts): the business
 * event a transition makes, written with its postings in the transition's transaction, once.
 *   Invoice ISSUE                    by what it bills, one event for the whole invoice:
 *                                    REJECTION_FEE (its lines REJECTION_FEE: a returned debit's fee),
 *                                    LATE_INTEREST (its lines LATE_INTEREST: dunning's interest),
 *                                    ASSET_PURCHASE (a payable whose lines bill the contract's ASSET_PURCHASE element),
 *                                    else INVOICE_ISSUED, receivable or payable; a credit note CREDIT_NOTE
 *   Invoice WRITE_OFF                WRITE_OFF of its balance (tax in the invoice's own proportion)
 *   CashflowAllocation VALIDATE      PAYMENT_RECEIVED (a payment made when the cashflow is payable)
 *   CashflowAllocation REVERSE       PAYMENT_RETURNED when the bank returned the debit (banking/returns
 *                                    marks it), else the reversal of that payment's event (a correction)
 *   Contract ACTIVATE                CONTRACT_ACTIVATION (finance or operating lease, from its product)
 *   Contract TERMINATE, END_TERM     TERMINATION: the finance lease's net investment still carried
 *   Amendment APPLY                  TERMINATION for an early termination (with its indemnity)
 *   Claim SETTLE                     CLAIM_SETTLEMENT: the indemnity owed (field work)
 * The month-end job (lessor.ts) posts INTEREST_ACCRUAL, RENTAL_INCOME and DEPRECIATION.
 */
import { leftToPay } from '@lbo/model/finance/amounts';
import { sql } from 'kysely';
import { invoiceLine } from '@lbo/model/entities/billing/invoice-line.entity';
import { invoice } from '@lbo/model/entities/billing/invoice.entity';
import { contractElement } from '@lbo/model/entities/financing/contract-element.entity';
import { contract } from '@lbo/model/entities/financing/contract.entity';
import { Dec } from '@lbo/model/finance/decimal';
import { personWith } from '@lbo/model/values/parties';
import { currencyDecimals } from '@lbo/model/values/currencies';
import type { Tx } from '../db/database.ts';
import type { Caller } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import type { SideEffectContext } from '../workflow/side-effects.ts';
import { netInvestmentOf } from './lessor.ts';
import {
  eventOfSource,
  recordPostingEvent,
  recordPostingEvents,
  reversePostingEvent,
  type BusinessEvent,
} from './posting-engine.ts';
import { leaseKindOf, type EventType } from './posting-rules.ts';

const contractKind = contract;
const invoiceKind = invoice;
const invoiceLineKind = invoiceLine;
const elementKind = contractElement;

/** An invoice all of whose lines are of one of these kinds is that event, not a generic INVOICE_ISSUED. */
const lineEvents: Record<string, EventType> = { REJECTION_FEE: 'REJECTION_FEE', LATE_INTEREST: 'LATE_INTEREST' };
const elementEvents: Record<string, EventType> = { ASSET_PURCHASE: 'ASSET_PURCHASE' };

const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

async function productOf(tx: Tx, tenant: string, contractRegistration: unknown): Promise<string | undefined> {
  if (!text(contractRegistration)) return undefined;
  const contract = await storage.findOne(tx, contractKind, tenant, String(contractRegistration));
  return text(contract?.data.financialProduct);
}

/** An issued invoice or credit note as its business event; a credit note's amounts are given positive. */
export async function invoiceEvent(tx: Tx, caller: Caller, doc: Doc, today: string): Promise<BusinessEvent> {
  const creditNote = doc.type === 'CREDIT_NOTE';
  const sign = creditNote ? -1 : 1;
  const pr = doc.pr === 'P' ? 'P' : 'R';
  const amountExclTax = sign * num(doc.amountExclTax),
    amountInclTax = sign * num(doc.amountInclTax);
  const tax = new Dec(amountInclTax).minus(amountExclTax).toNumber();
  const { rows: kinds } = await sql<{
    line: string | null;
    element: string | null;
    amount: string | null;
  }>`SELECT l.type AS line, e.type AS element,
    sum((l.data ->> 'amountExclTax')::numeric) AS amount FROM ${sql.table(invoiceLineKind.table)} l
    LEFT JOIN ${sql.table(elementKind.table)} e ON e.tenant = l.tenant AND e.registration = l.data ->> 'elementRegistration'
    WHERE l.tenant = ${caller.tenant} AND l.data ->> 'invoiceRegistration' = ${String(doc.registration)} GROUP BY 1, 2`.execute(
    tx,
  );
  const rent = kinds
    .filter((k) => ['RENT', 'PRINCIPAL', 'INTEREST'].includes(k.line ?? ''))
    .reduce((s, k) => s.plus(k.amount ?? 0), new Dec(0))
    .times(sign)
    .toNumber();
  const specials = kinds.map((k) => elementEvents[k.element ?? ''] ?? lineEvents[k.line ?? '']);
  const special = specials.length && specials.every((e) => e && e === specials[0]) ? specials[0] : undefined;
  const eventType: EventType = creditNote ? 'CREDIT_NOTE' : (special ?? 'INVOICE_ISSUED');
  const amounts: Record<string, number> =
    eventType === 'INVOICE_ISSUED' || eventType === 'CREDIT_NOTE'
      ? { amountExclTax, amountInclTax, tax, rent, services: new Dec(amountExclTax).minus(rent).toNumber() }
      : eventType === 'ASSET_PURCHASE'
        ? { amountExclTax, tax, amountInclTax }
        : { amount: amountInclTax, amountExclTax, tax, amountInclTax };
  return {
    eventType,
    date: text(doc.issueDate) ?? today,
    currency: text(doc.currency) ?? 'EUR',
    amounts,
    name: `${creditNote ? 'Credit note' : 'Invoice'} ${text(doc.invoiceNumber) ?? String(doc.registration)}`,
    pr,
    financialProduct: await productOf(tx, caller.tenant, doc.contractRegistration),
    taxCode: text((doc.taxes as { taxCode?: string }[] | undefined)?.[0]?.taxCode),
    documentReference: text(doc.invoiceNumber) ?? String(doc.registration),
    sourceEntity: invoiceKind.name,
    sourceRegistration: String(doc.registration),
    organizationRegistration: text(doc.organizationRegistration),
    personRegistration: personWith(doc, pr === 'R' ? 'PAYER' : 'PAYEE'),
    invoiceRegistration: String(doc.registration),
    contractRegistration: text(doc.contractRegistration),
  };
}

/** A receivable written off: its balance, split into its part excluding tax and its tax as the invoice's own totals are. */
async function writeOffEvent(tx: Tx, caller: Caller, doc: Doc, today: string): Promise<BusinessEvent> {
  const currency = text(doc.currency) ?? 'EUR';
  const amount = num(doc.writeOffAmount ?? leftToPay(doc));
  const inclTax = num(doc.amountInclTax);
  const decimals = currencyDecimals(currency);
  const tax = inclTax
    ? new Dec(amount)
        .times(new Dec(inclTax).minus(num(doc.amountExclTax)))
        .dividedBy(inclTax)
        .toDecimalPlaces(decimals, Dec.ROUND_HALF_UP)
    : new Dec(0);
  return {
    eventType: 'WRITE_OFF',
    date: text(doc.writeOffDate) ?? today,
    currency,
    amounts: { amount, amountExclTax: new Dec(amount).minus(tax).toNumber(), tax: tax.toNumber() },
    name: `Write-off of invoice ${text(doc.invoiceNumber) ?? String(doc.registration)}`,
    pr: 'R',
    financialProduct: await productOf(tx, caller.tenant, doc.contractRegistration),
    taxCode: text((doc.taxes as { taxCode?: string }[] | undefined)?.[0]?.taxCode),
    documentReference: text(doc.invoiceNumber) ?? String(doc.registration),
    sourceEntity: invoiceKind.name,
    sourceRegistration: String(doc.registration),
    organizationRegistration: text(doc.organizationRegistration),
    personRegistration: personWith(doc, 'PAYER'),
    invoiceRegistration: String(doc.registration),
    contractRegistration: text(doc.contractRegistration),
  };
}

/**
 * Where a payment's event reads the invoice it pays and its contract's financial product: a query
 * each, or what was read for many payments at once (`readAtOnce`).
 */
interface PaymentSources {
  invoice(registration: string): Promise<storage.RowOf<typeof invoiceKind> | undefined>;
  product(contractRegistration: unknown): Promise<string | undefined>;
}

const queried = (tx: Tx, tenant: string): PaymentSources => ({
  invoice: (registration) => storage.findOne(tx, invoiceKind, tenant, registration),
  product: (contractRegistration) => productOf(tx, tenant, contractRegistration),
});

/** The invoices and contracts `docs` (payments) name, read in two statements. */
async function readAtOnce(tx: Tx, tenant: string, docs: Doc[]): Promise<PaymentSources> {
  const names = (field: string) => [...new Set(docs.map((d) => text(d[field])).filter((r): r is string => !!r))];
  const invoices = new Map(
    (await storage.findMany(tx, invoiceKind, tenant, names('invoiceRegistration'))).map((r) => [r.registration, r]),
  );
  const products = new Map(
    (await storage.findMany(tx, contractKind, tenant, names('contractRegistration'))).map((r) => [
      r.registration,
      text(r.data.financialProduct),
    ]),
  );
  return {
    invoice: async (registration) => invoices.get(registration),
    product: async (contractRegistration) => products.get(text(contractRegistration) ?? ''),
  };
}

async function allocationEvent(
  tx: Tx,
  caller: Caller,
  doc: Doc,
  today: string,
  sources = queried(tx, caller.tenant),
): Promise<BusinessEvent> {
  const invoice = await sources.invoice(String(doc.invoiceRegistration ?? ''));
  const pr = doc.pr === 'P' ? 'P' : 'R';
  return {
    eventType: 'PAYMENT_RECEIVED',
    date: text(doc.date) ?? today,
    currency: text(doc.currency) ?? 'EUR',
    amounts: { amount: num(doc.amount) },
    name: `Payment ${String(doc.cashflowRegistration)} on ${String(doc.invoiceRegistration)}`,
    pr,
    financialProduct: await sources.product(doc.contractRegistration),
    documentReference: text(invoice?.data.invoiceNumber) ?? text(doc.invoiceRegistration),
    sourceEntity: 'CashflowAllocation',
    sourceRegistration: String(doc.registration),
    organizationRegistration: text(invoice?.data.organizationRegistration),
    personRegistration: invoice ? personWith(invoice.data, pr === 'R' ? 'PAYER' : 'PAYEE') : undefined,
    invoiceRegistration: text(doc.invoiceRegistration),
    contractRegistration: text(doc.contractRegistration),
    cashflowRegistration: text(doc.cashflowRegistration),
  };
}

/** A collected payment the bank returned (the allocation marked by banking/returns): the money going back out. */
async function returnedEvent(
  tx: Tx,
  caller: Caller,
  doc: Doc,
  today: string,
  sources?: PaymentSources,
): Promise<BusinessEvent> {
  const paid = await allocationEvent(tx, caller, doc, today, sources);
  return {
    ...paid,
    eventType: 'PAYMENT_RETURNED',
    date: text(doc.returnDate) ?? today,
    name: `Direct debit returned (${String(doc.returnReasonCode)}) on ${String(doc.invoiceRegistration)}`,
  };
}

/** A contract ended (terminated, at the end of its term, or early by an amendment): the finance lease's net investment leaves the books. */
async function terminationEvent(
  tx: Tx,
  caller: Caller,
  contract: Doc,
  date: string,
  indemnity: number,
  source: { entity: string; registration: string },
): Promise<BusinessEvent> {
  const currency = text(contract.currency) ?? 'EUR';
  const outstanding =
    leaseKindOf(contract.financialProduct) === 'FINANCE'
      ? (await netInvestmentOf(tx, caller.tenant, String(contract.registration), currency)) /
        10 ** currencyDecimals(currency)
      : 0;
  return {
    eventType: 'TERMINATION',
    date,
    currency,
    amounts: { outstanding, indemnity },
    name: `Termination of ${String(contract.registration)}`,
    financialProduct: text(contract.financialProduct),
    documentReference: String(contract.registration),
    sourceEntity: source.entity,
    sourceRegistration: source.registration,
    organizationRegistration: personWith(contract, 'ORGANIZATION'),
    personRegistration: personWith(contract, 'CLIENT'),
    contractRegistration: String(contract.registration),
    creditLineRegistration: text(contract.creditLineRegistration),
  };
}

/** A lease is recognised at its commencement, its start date, whenever it was activated in the product (the month end accrues from it too). */
function activationEvent(doc: Doc, today: string): BusinessEvent {
  return {
    eventType: 'CONTRACT_ACTIVATION',
    date: text(doc.startDate) ?? text(doc.activationDate) ?? today,
    currency: text(doc.currency) ?? 'EUR',
    amounts: { financedAmount: num(doc.financedAmountExclTax) },
    name: `Activation of ${String(doc.registration)}`,
    financialProduct: text(doc.financialProduct),
    documentReference: String(doc.registration),
    sourceEntity: contractKind.name,
    sourceRegistration: String(doc.registration),
    organizationRegistration: personWith(doc, 'ORGANIZATION'),
    personRegistration: personWith(doc, 'CLIENT'),
    contractRegistration: String(doc.registration),
    creditLineRegistration: text(doc.creditLineRegistration),
  };
}

/** A settled claim: the indemnity owed, at its settlement date. */
function claimSettlementEvent(doc: Doc, today: string): BusinessEvent {
  return {
    eventType: 'CLAIM_SETTLEMENT',
    date: text(doc.settlementDate) ?? today,
    currency: text(doc.currency) ?? 'EUR',
    amounts: { amount: num(doc.amount) },
    name: `Claim ${String(doc.registration)} settled`,
    documentReference: String(doc.registration),
    sourceEntity: 'Claim',
    sourceRegistration: String(doc.registration),
    organizationRegistration: personWith(doc, 'ORGANIZATION'),
    assetRegistration: text(doc.assetRegistration),
  };
}

/** What a transition posts: an event to record, a reversal of an earlier one, or nothing. */
type Posting = { event: BusinessEvent } | { reverse: () => Promise<unknown> } | undefined;

async function postingOf(
  { entity, transition, tx, caller, doc, today }: SideEffectContext,
  sources?: PaymentSources,
): Promise<Posting> {
  if (entity.name === 'Invoice' && transition.code === 'WRITE_OFF')
    return { event: await writeOffEvent(tx, caller, doc, today) };
  if (entity.name === 'Invoice') return { event: await invoiceEvent(tx, caller, doc, today) };
  if (entity.name === 'CashflowAllocation' && transition.code === 'REVERSE' && doc.returnReasonCode)
    return { event: await returnedEvent(tx, caller, doc, today, sources) };
  if (entity.name === 'CashflowAllocation' && transition.code === 'REVERSE') {
    const event = await eventOfSource(tx, caller.tenant, String(doc.registration), 'PAYMENT_RECEIVED');
    return event
      ? {
          reverse: () =>
            reversePostingEvent(
              tx,
              caller,
              event,
              text(doc.reversalDate) ?? today,
              `Reversal of payment ${String(doc.registration)}`,
            ),
        }
      : undefined;
  }
  if (entity.name === 'CashflowAllocation') return { event: await allocationEvent(tx, caller, doc, today, sources) };
  if (entity.name === 'Contract' && transition.code === 'ACTIVATE') return { event: activationEvent(doc, today) };
  if (entity.name === 'Contract' && (transition.code === 'TERMINATE' || transition.code === 'END_TERM'))
    return {
      event: await terminationEvent(tx, caller, doc, text(doc.terminationDate) ?? today, 0, {
        entity: contractKind.name,
        registration: String(doc.registration),
      }),
    };
  if (entity.name === 'Claim') return { event: claimSettlementEvent(doc, today) };
  if (entity.name === 'Amendment' && doc.type === 'EARLY_TERMINATION') {
    // applyAmendment ran before: the contract is ended, its settlement written.
    const contract = await storage.findOne(tx, contractKind, caller.tenant, String(doc.contractRegistration));
    const settlement = (doc.preview as { settlement?: { date?: string; indemnity?: number } } | undefined)?.settlement;
    if (contract)
      return {
        event: await terminationEvent(
          tx,
          caller,
          storage.toDocument(contract),
          settlement?.date ?? today,
          num(settlement?.indemnity),
          { entity: entity.name, registration: String(doc.registration) },
        ),
      };
  }
  return undefined;
}

export async function recordPostingEventEffect(context: SideEffectContext): Promise<Doc> {
  const posting = await postingOf(context);
  if (posting && 'event' in posting) await recordPostingEvent(context.tx, context.caller, posting.event);
  else if (posting) await posting.reverse();
  return context.doc;
}

/**
 * The same for many records of one transition: their events recorded and posted together (one
 * write of events, entries and lines for a bank statement's allocations, not one per allocation),
 * reversals in their turn after the events before them.
 */
async function recordPostingEventsEffect(contexts: SideEffectContext[]): Promise<Doc[]> {
  if (!contexts.length) return [];
  const { tx, caller, entity } = contexts[0];
  const sources =
    entity.name === 'CashflowAllocation'
      ? await readAtOnce(
          tx,
          caller.tenant,
          contexts.map((c) => c.doc),
        )
      : undefined;
  let events: BusinessEvent[] = [];
  const flush = async () => {
    if (events.length) await recordPostingEvents(tx, caller, events);
    events = [];
  };
  for (const context of contexts) {
    const posting = await postingOf(context, sources);
    if (posting && 'event' in posting) events.push(posting.event);
    else if (posting) {
      await flush();
      await posting.reverse();
    }
  }
  await flush();
  return contexts.map((c) => c.doc);
}

export const accountingSideEffects = {
  recordPostingEvent: { run: recordPostingEventEffect, runOnMany: recordPostingEventsEffect },
};
