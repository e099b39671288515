import type { Decimal } from 'decimal.js';
import { sql } from 'kysely';
import { postingEvent } from '@lbo/model/entities/accounting/posting-event.entity';
import { posting } from '@lbo/model/entities/accounting/posting.entity';
import { ApiError } from '@lbo/model/errors';
import { Dec } from '@lbo/model/finance/decimal';
import { currencyDecimals } from '@lbo/model/values/currencies';
import type { Tx } from '../db/database.ts';
import { createManyIn } from '../entities/bulk-writes.ts';
import { freeRegistrations, type Caller } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import { evaluate, ExpressionError, parseExpression, type Expression } from './expression.ts';
import { periodsOf, postingDateFor, type AccountingPeriods } from './periods.ts';
import { eventTypes, leaseKindOf, postingRulesOf, ruleFor, type EventType, type PostingRule } from './posting-rules.ts';

export const postingKind = posting;
export const postingEventKind = postingEvent;

/** The type of an event whose lines are given, not derived by rules: a manual entry (accounting/bookings.ts). */
export const MANUAL_ENTRY = 'MANUAL_ENTRY';

/** A business event as its domain describes it: what happened, when, for how much, to whom. */
export interface BusinessEvent {
  eventType: EventType;
  date: string;
  currency: string;
  /** The named amounts of its type (posting-rules.ts `eventTypes`), in major units. */
  amounts: Record<string, number>;
  name?: string;
  pr?: 'R' | 'P';
  financialProduct?: string;
  taxCode?: string;
  documentReference?: string;
  sourceEntity?: string;
  sourceRegistration?: string;
  organizationRegistration?: string;
  personRegistration?: string;
  invoiceRegistration?: string;
  contractRegistration?: string;
  cashflowRegistration?: string;
  assetRegistration?: string;
  creditLineRegistration?: string;
}

/** One posting line before it is written: amounts in minor units; `links` name its own person, contract or invoice (a manual entry's line). */
export interface PostingLine {
  account: string;
  secondaryAccount?: string;
  dc: 'D' | 'C';
  minor: number;
  label: string;
  analytics?: Record<string, string>;
  links?: Partial<Record<'personRegistration' | 'contractRegistration' | 'invoiceRegistration', string>>;
}

const postingTypes: Record<EventType | typeof MANUAL_ENTRY, string> = {
  MANUAL_ENTRY: 'MANUAL',
  INVOICE_ISSUED: 'INVOICE',
  CREDIT_NOTE: 'INVOICE',
  PAYMENT_RECEIVED: 'PAYMENT',
  PAYMENT_RETURNED: 'PAYMENT',
  REJECTION_FEE: 'INVOICE',
  LATE_INTEREST: 'INVOICE',
  ASSET_PURCHASE: 'INVOICE',
  CONTRACT_ACTIVATION: 'MANUAL',
  INTEREST_ACCRUAL: 'ACCRUAL',
  RENTAL_INCOME: 'ACCRUAL',
  DEPRECIATION: 'DEPRECIATION',
  TERMINATION: 'MANUAL',
  WRITE_OFF: 'PROVISION',
  CLAIM_SETTLEMENT: 'MANUAL',
};

const links = [
  'organizationRegistration',
  'personRegistration',
  'invoiceRegistration',
  'contractRegistration',
  'cashflowRegistration',
  'assetRegistration',
  'creditLineRegistration',
] as const;

/** Parsed expressions by their text: a run of postings parses each rule's few expressions once. */
const parsed = new Map<string, Expression>();
function expressionOf(text: string): Expression {
  let expression = parsed.get(text);
  if (!expression) {
    expression = parseExpression(text);
    if (parsed.size > 5000) parsed.clear();
    parsed.set(text, expression);
  }
  return expression;
}

/** The lines a rule gives for an event: each amount rounded to the currency, zero lines left out, a negative one on the other side. */
export function linesOf(rule: PostingRule, event: BusinessEvent): PostingLine[] {
  const decimals = currencyDecimals(event.currency || 'EUR');
  const amounts: Record<string, Decimal.Value> = {};
  for (const name of eventTypes[event.eventType]) amounts[name] = event.amounts[name] ?? 0;
  const axes: Record<string, string | undefined> = {
    product: event.financialProduct,
    organization: event.organizationRegistration,
    taxCode: event.taxCode,
    contract: event.contractRegistration,
  };
  const lines: PostingLine[] = [];
  for (const l of rule.lines) {
    let value: Decimal;
    try {
      value = evaluate(expressionOf(l.amount), amounts).toDecimalPlaces(decimals, Dec.ROUND_HALF_UP);
    } catch (e) {
      if (e instanceof ExpressionError)
        throw new ApiError('INVALID_FIELD_IN_CONFIG', [`postingRules ${rule.eventType} ${l.account}`, e.message]);
      throw e;
    }
    if (value.isZero()) continue;
    const minor = value.abs().times(new Dec(10).pow(decimals)).toNumber();
    const dc = value.isNegative() ? (l.dc === 'D' ? 'C' : 'D') : l.dc;
    const analytics = Object.fromEntries(
      (l.analytics ?? []).map((axis) => [axis, axes[axis]]).filter(([, v]) => v),
    ) as Record<string, string>;
    lines.push({
      account: l.account,
      ...(l.secondaryAccount ? { secondaryAccount: l.secondaryAccount } : {}),
      dc,
      minor,
      label: l.label ?? rule.eventType,
      ...(Object.keys(analytics).length ? { analytics } : {}),
    });
  }
  return lines;
}

/** Debit minus credit in minor units. */
export const imbalance = (lines: PostingLine[]) => lines.reduce((s, l) => s + (l.dc === 'D' ? l.minor : -l.minor), 0);

/** An event whose lines are given: a manual entry. */
export type EntryEvent = Omit<BusinessEvent, 'eventType'> & { eventType: typeof MANUAL_ENTRY };

interface Prepared {
  event: BusinessEvent | EntryEvent;
  rule?: PostingRule;
  lines: PostingLine[];
  postingDate: string;
  reversed?: string;
  journal?: string;
}

/**
 * Writes posting events and their postings in the caller's transaction, in a few statements
 * whatever their number: the events, their postings, one History row per event naming its
 * postings. Each event's postings balance per currency (checked here, then by the database: an
 * event whose postings of the statement do not net to zero is pending, and `posting_event_balanced`
 * is made immediate so that a refusal is answered here rather than at commit).
 */
async function writeEvents(tx: Tx, caller: Caller, prepared: Prepared[]): Promise<{ event: Doc; postings: Doc[] }[]> {
  if (!prepared.length) return [];
  for (const p of prepared) {
    const difference = imbalance(p.lines);
    if (difference !== 0)
      throw new ApiError('POSTING_UNBALANCED', [
        p.event.sourceRegistration ?? p.event.eventType,
        p.event.currency,
        `debit minus credit is ${difference} minor units`,
      ]);
  }
  const eventRegistrations = await freeRegistrations(tx, caller, postingEventKind, prepared.length);
  const postingRegistrations = await freeRegistrations(
    tx,
    caller,
    postingKind,
    prepared.reduce((n, p) => n + p.lines.length, 0),
  );
  let next = 0;
  const written = prepared.map((p, i) => {
    const { event } = p;
    const decimals = currencyDecimals(event.currency || 'EUR');
    const major = (minor: number) => minor / 10 ** decimals;
    const registration = eventRegistrations[i];
    const common: Doc = {
      eventType: event.eventType,
      currency: event.currency,
      documentReference: event.documentReference,
      auditTrailReference: registration,
    };
    for (const key of links) if (event[key]) common[key] = event[key];
    const postings = p.lines.map((l) => ({
      ...common,
      registration: postingRegistrations[next++],
      status: 'VALIDATED',
      type: p.reversed ? 'REVERSAL' : postingTypes[event.eventType],
      name: l.label,
      date: p.postingDate,
      ...(p.postingDate !== event.date ? { eventDate: event.date } : {}),
      dc: l.dc,
      account: l.account,
      ...(l.secondaryAccount ? { secondaryAccount: l.secondaryAccount } : {}),
      amount: major(l.minor),
      journal: p.journal ?? p.rule?.journal,
      postingEventRegistration: registration,
      ...(l.analytics ? { analytics: l.analytics } : {}),
      ...l.links,
    }));
    const debit = p.lines.reduce((s, l) => s + (l.dc === 'D' ? l.minor : 0), 0);
    const eventDoc: Doc = {
      ...common,
      registration,
      status: postings.length ? 'PROCESSED' : 'IGNORED',
      name: event.name ?? event.eventType,
      date: event.date,
      postingDate: p.postingDate,
      amount: major(debit),
      amounts: event.amounts,
      pr: event.pr,
      financialProduct: event.financialProduct,
      sourceEntity: event.sourceEntity,
      sourceRegistration: event.sourceRegistration,
      postingCount: postings.length,
      journal: p.journal ?? p.rule?.journal,
      ...(p.reversed ? { reversedEventRegistration: p.reversed } : {}),
      ...(p.rule || p.reversed ? {} : { ignoredBecause: 'no posting rule matches the event' }),
      account: postings[0]?.account,
      secondaryAccount: postings[1]?.account,
    };
    return { event: eventDoc, postings };
  });
  // Events and postings by the thousand (a month end, a billing run's invoices), built here and
  // balanced above: through the bulk writes (entities/bulk-writes.ts). One History row per event
  // names its postings; the postings have none of their own.
  await createManyIn(
    tx,
    caller,
    postingEventKind,
    written.map((w) => w.event as Doc & { registration: string }),
    {
      action: 'POST',
      historyOf: (_event, i) => ({ details: { postings: written[i].postings.map((p) => p.registration) } }),
    },
  );
  const postings = written.flatMap((w) => w.postings);
  try {
    if (postings.length) {
      await createManyIn(tx, caller, postingKind, postings, { recordHistory: false });
      await sql`SET CONSTRAINTS posting_event_balanced IMMEDIATE`.execute(tx);
      await sql`SET CONSTRAINTS posting_event_balanced DEFERRED`.execute(tx);
    }
  } catch (e) {
    booksError(e);
  }
  return written;
}

/** The database's refusals of the books (db/migrations/0006_books.ts) as the catalogue's errors. */
export function booksError(e: unknown): never {
  const error = e as { code?: string; message?: string };
  if (error?.code === 'LB002') throw new ApiError('POSTING_UNBALANCED', ['', '', error.message ?? '']);
  if (error?.code === 'LB001') throw new ApiError('RECORD_FROZEN', [postingKind.name, '', 'posted']);
  if (error?.code === 'LB003') throw new ApiError('INVALID_PERIOD', [error.message ?? '']);
  throw e;
}

export interface PostingContext {
  rules: PostingRule[];
  periods: AccountingPeriods;
}

export async function postingContextOf(tx: Tx, tenant: string): Promise<PostingContext> {
  return { rules: await postingRulesOf(tx, tenant), periods: await periodsOf(tx, tenant) };
}

export function prepare(context: PostingContext, event: BusinessEvent): Prepared {
  const rule = ruleFor(context.rules, {
    eventType: event.eventType,
    pr: event.pr,
    leaseKind: leaseKindOf(event.financialProduct),
  });
  return {
    event,
    rule,
    lines: rule ? linesOf(rule, event) : [],
    postingDate: postingDateFor(context.periods, event.organizationRegistration, event.date),
  };
}

/** Records business events and posts them at once by the tenant's rules (an event no rule matches is kept, IGNORED). */
export async function recordPostingEvents(tx: Tx, caller: Caller, events: BusinessEvent[], context?: PostingContext) {
  const ctx = context ?? (await postingContextOf(tx, caller.tenant));
  return writeEvents(
    tx,
    caller,
    events.map((event) => prepare(ctx, event)),
  );
}

export async function recordPostingEvent(tx: Tx, caller: Caller, event: BusinessEvent) {
  return (await recordPostingEvents(tx, caller, [event]))[0];
}

/**
 * Records an event whose lines are given (a manual entry), dated like any other (the first open
 * month when its own is closed), refused unless they balance.
 */
export async function recordEntry(tx: Tx, caller: Caller, event: EntryEvent, lines: PostingLine[], journal: string) {
  const periods = await periodsOf(tx, caller.tenant);
  const [written] = await writeEvents(tx, caller, [
    { event, lines, postingDate: postingDateFor(periods, event.organizationRegistration, event.date), journal },
  ]);
  return written;
}

/**
 * Reverses a posting event: a new event naming it, whose postings are the original's with the
 * sides swapped (its values, not today's rules), dated `date` (or the first open month after it).
 */
export async function reversePostingEvent(tx: Tx, caller: Caller, registration: string, date: string, name?: string) {
  const row = await storage.findOne(tx, postingEventKind, caller.tenant, registration, true);
  if (!row) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [postingEventKind.name, registration]);
  const original = storage.toDocument(row);
  if (original.reversedEventRegistration)
    throw new ApiError('TRANSITION_REJECTED', [
      'REVERSE',
      postingEventKind.name,
      row.registration,
      'a reversal is not reversed; post the event again',
    ]);
  const [reversal] = await storage.findWhere(
    tx,
    postingEventKind,
    caller.tenant,
    sql<boolean>`data ->> 'reversedEventRegistration' = ${row.registration}`,
    1,
  );
  if (reversal) throw new ApiError('POSTING_EVENT_ALREADY_REVERSED', [row.registration, reversal.registration]);
  const postings = (
    await storage.findWhere(
      tx,
      postingKind,
      caller.tenant,
      sql<boolean>`data ->> 'postingEventRegistration' = ${row.registration}`,
      10_000,
    )
  ).map(storage.toDocument);
  const currency = String(original.currency ?? 'EUR');
  const decimals = currencyDecimals(currency);
  const event: BusinessEvent = {
    eventType: original.eventType as EventType,
    date,
    currency,
    amounts: (original.amounts ?? {}) as Record<string, number>,
    name: name ?? `Reversal of ${row.registration}`,
    pr: original.pr as 'R' | 'P' | undefined,
    financialProduct: original.financialProduct as string | undefined,
    documentReference: original.documentReference as string | undefined,
    sourceEntity: original.sourceEntity as string | undefined,
    sourceRegistration: original.sourceRegistration as string | undefined,
  };
  for (const key of links) if (original[key]) event[key] = original[key] as string;
  const periods = await periodsOf(tx, caller.tenant);
  const lines: PostingLine[] = postings.map((p) => ({
    account: String(p.account),
    ...(p.secondaryAccount ? { secondaryAccount: String(p.secondaryAccount) } : {}),
    dc: p.dc === 'D' ? 'C' : 'D',
    minor: new Dec(Number(p.amount)).times(new Dec(10).pow(decimals)).toNumber(),
    label: `Reversal: ${String(p.name ?? '')}`,
    ...(p.analytics ? { analytics: p.analytics as Record<string, string> } : {}),
  }));
  const [written] = await writeEvents(tx, caller, [
    {
      event,
      lines,
      postingDate: postingDateFor(periods, event.organizationRegistration, date),
      reversed: row.registration,
      journal: postings[0]?.journal as string | undefined,
    },
  ]);
  return written;
}

/** The unreversed event of a source record and type (the allocation's payment, to reverse with it). */
export async function eventOfSource(
  tx: Tx,
  tenant: string,
  sourceRegistration: string,
  eventType: EventType,
): Promise<string | undefined> {
  const rows = await storage.findWhere(
    tx,
    postingEventKind,
    tenant,
    sql<boolean>`data ->> 'sourceRegistration' = ${sourceRegistration} AND data ->> 'eventType' = ${eventType}`,
    100,
  );
  const reversed = new Set(rows.map((r) => r.data.reversedEventRegistration).filter(Boolean));
  return rows.find((r) => !r.data.reversedEventRegistration && !reversed.has(r.registration))?.registration;
}
