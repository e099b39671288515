/**
 * The side effect `recordPostingEvent` (packages/model/src/workflow/workflow.ts): the business
 * event a transition makes, written with its postings in the transition's transaction.
 *   Invoice ISSUE                    INVOICE_ISSUED (or CREDIT_NOTE for a credit note), receivable or payable
 *   CashflowAllocation VALIDATE      PAYMENT_RECEIVED (a payment made when the cashflow is payable)
 *   CashflowAllocation REVERSE       the reversal of that payment's event
 *   Contract ACTIVATE                CONTRACT_ACTIVATION (finance or operating lease, from its product)
 */
import { sql } from 'kysely';
import { entityByName } from '@lbo/model/entity-registry';
import { Dec } from '@lbo/model/finance/decimal';
import type { Tx } from '../db/database.ts';
import type { Caller } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import type { SideEffectContext } from '../workflow/side-effects.ts';
import { eventOfSource, recordPostingEvent, reversePostingEvent, type BusinessEvent } from './posting-engine.ts';

const contractKind = entityByName('Contract')!;
const invoiceKind = entityByName('Invoice')!;
const invoiceLineKind = entityByName('InvoiceLine')!;

const personWith = (doc: Doc, role: string) =>
  ((doc.persons as { role?: string; personRegistration?: string }[] | undefined) ?? []).find((p) => p.role === role)?.personRegistration;
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
  const amountExclTax = sign * num(doc.amountExclTax), amountInclTax = sign * num(doc.amountInclTax);
  const { rows: [lines] } = await sql<{ rent: string | null }>`SELECT sum((data ->> 'amountExclTax')::numeric) AS rent FROM ${sql.table(invoiceLineKind.table)}
    WHERE tenant = ${caller.tenant} AND data ->> 'invoiceRegistration' = ${String(doc.registration)} AND type IN ('RENT', 'PRINCIPAL', 'INTEREST')`.execute(tx);
  const rent = new Dec(lines?.rent ?? 0).times(sign).toNumber();
  return {
    eventType: creditNote ? 'CREDIT_NOTE' : 'INVOICE_ISSUED', date: text(doc.issueDate) ?? today, currency: text(doc.currency) ?? 'EUR',
    amounts: { amountExclTax, amountInclTax, tax: new Dec(amountInclTax).minus(amountExclTax).toNumber(), rent, services: new Dec(amountExclTax).minus(rent).toNumber() },
    name: `${creditNote ? 'Credit note' : 'Invoice'} ${text(doc.invoiceNumber) ?? String(doc.registration)}`, pr,
    financialProduct: await productOf(tx, caller.tenant, doc.contractRegistration),
    taxCode: text((doc.taxes as { taxCode?: string }[] | undefined)?.[0]?.taxCode), documentReference: text(doc.invoiceNumber) ?? String(doc.registration),
    sourceEntity: invoiceKind.name, sourceRegistration: String(doc.registration), organizationRegistration: text(doc.organizationRegistration),
    personRegistration: personWith(doc, pr === 'R' ? 'PAYER' : 'PAYEE'), invoiceRegistration: String(doc.registration),
    contractRegistration: text(doc.contractRegistration),
  };
}

async function allocationEvent(tx: Tx, caller: Caller, doc: Doc, today: string): Promise<BusinessEvent> {
  const invoice = await storage.findOne(tx, invoiceKind, caller.tenant, String(doc.invoiceRegistration ?? ''));
  const pr = doc.pr === 'P' ? 'P' : 'R';
  return {
    eventType: 'PAYMENT_RECEIVED', date: text(doc.date) ?? today, currency: text(doc.currency) ?? 'EUR', amounts: { amount: num(doc.amount) },
    name: `Payment ${String(doc.cashflowRegistration)} on ${String(doc.invoiceRegistration)}`, pr,
    financialProduct: await productOf(tx, caller.tenant, doc.contractRegistration),
    documentReference: text(invoice?.data.invoiceNumber) ?? text(doc.invoiceRegistration), sourceEntity: 'CashflowAllocation', sourceRegistration: String(doc.registration),
    organizationRegistration: text(invoice?.data.organizationRegistration), personRegistration: invoice ? personWith(invoice.data, pr === 'R' ? 'PAYER' : 'PAYEE') : undefined,
    invoiceRegistration: text(doc.invoiceRegistration), contractRegistration: text(doc.contractRegistration), cashflowRegistration: text(doc.cashflowRegistration),
  };
}

function activationEvent(doc: Doc, today: string): BusinessEvent {
  return {
    eventType: 'CONTRACT_ACTIVATION', date: text(doc.activationDate) ?? today, currency: text(doc.currency) ?? 'EUR',
    amounts: { financedAmount: num(doc.financedAmountExclTax) }, name: `Activation of ${String(doc.registration)}`,
    financialProduct: text(doc.financialProduct), documentReference: String(doc.registration), sourceEntity: contractKind.name, sourceRegistration: String(doc.registration),
    organizationRegistration: personWith(doc, 'ORGANIZATION'), personRegistration: personWith(doc, 'CLIENT'), contractRegistration: String(doc.registration),
    creditLineRegistration: text(doc.creditLineRegistration),
  };
}

export async function recordPostingEventEffect({ entity, transition, tx, caller, doc, today }: SideEffectContext): Promise<Doc> {
  if (entity.name === 'Invoice') await recordPostingEvent(tx, caller, await invoiceEvent(tx, caller, doc, today));
  else if (entity.name === 'CashflowAllocation' && transition.code === 'REVERSE') {
    const event = await eventOfSource(tx, caller.tenant, String(doc.registration), 'PAYMENT_RECEIVED');
    if (event) await reversePostingEvent(tx, caller, event, text(doc.reversalDate) ?? today, `Reversal of payment ${String(doc.registration)}`);
  } else if (entity.name === 'CashflowAllocation') await recordPostingEvent(tx, caller, await allocationEvent(tx, caller, doc, today));
  else if (entity.name === 'Contract') await recordPostingEvent(tx, caller, activationEvent(doc, today));
  return doc;
}

export const accountingSideEffects = { recordPostingEvent: recordPostingEventEffect };
