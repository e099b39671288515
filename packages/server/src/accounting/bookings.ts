/**
 * Manual entries (Booking, packages/model/src/entities/accounting/booking.entity.ts): an
 * accountant's journal voucher, its lines checked and totalled on every write, requested, then
 * posted by an approver as one MANUAL_ENTRY posting event whose postings are its lines, and
 * reversed by the reversal of that event. Posting goes through the engine like every event: the
 * period rule dates it, the database refuses it unbalanced, History records it.
 */
import { ApiError } from '@lbo/model/errors';
import { fromMinorUnits, toMinorUnits } from '@lbo/model/finance/contract-schedule';
import { currencyDecimals } from '@lbo/model/values/currencies';
import type { WriteHooks } from '../entities/crud.operation.ts';
import type { Doc } from '../entities/storage.ts';
import type { SideEffect } from '../workflow/side-effects.ts';
import { MANUAL_ENTRY, recordEntry, reversePostingEvent, type PostingLine } from './posting-engine.ts';

const DEFAULT_JOURNAL = 'OD';
type BookingLine = {
  account?: unknown;
  secondaryAccount?: unknown;
  dc?: unknown;
  amount?: unknown;
  label?: unknown;
  personRegistration?: unknown;
  contractRegistration?: unknown;
  invoiceRegistration?: unknown;
};

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const linesOf = (doc: Doc) => (Array.isArray(doc.entryLines) ? (doc.entryLines as BookingLine[]) : []);

/** The entry's lines in minor units, each checked: an account, a side, an amount above zero with its currency's decimals. */
export function entryLines(doc: Doc): PostingLine[] {
  const currency = text(doc.currency) ?? 'EUR';
  const decimals = currencyDecimals(currency);
  return linesOf(doc).map((line, i) => {
    const account = text(line.account);
    if (!account) throw new ApiError('INVALID_FIELD_VALUE', [String(line.account ?? ''), `entryLines[${i}].account`]);
    if (line.dc !== 'D' && line.dc !== 'C')
      throw new ApiError('INVALID_FIELD_VALUE', [String(line.dc ?? ''), `entryLines[${i}].dc (D or C)`]);
    const amount = line.amount;
    if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0)
      throw new ApiError('INVALID_FIELD_VALUE', [
        String(amount ?? ''),
        `entryLines[${i}].amount (above zero: a credit is written on the C side)`,
      ]);
    const minor = toMinorUnits(amount, decimals);
    if (fromMinorUnits(minor, decimals) !== amount)
      throw new ApiError('INVALID_FIELD_VALUE', [
        String(amount),
        `entryLines[${i}].amount (at most ${decimals} decimals in ${currency})`,
      ]);
    const links = Object.fromEntries(
      (['personRegistration', 'contractRegistration', 'invoiceRegistration'] as const)
        .map((key) => [key, text(line[key])])
        .filter(([, v]) => v),
    ) as PostingLine['links'];
    return {
      account,
      ...(text(line.secondaryAccount) ? { secondaryAccount: text(line.secondaryAccount) } : {}),
      dc: line.dc,
      minor,
      label: text(line.label) ?? text(doc.name) ?? 'Manual entry',
      ...(links && Object.keys(links).length ? { links } : {}),
    };
  });
}

/** The entry's totals per side, written on every save so that a list shows whether a draft balances. */
function withTotals(doc: Doc): Doc {
  const currency = text(doc.currency) ?? 'EUR';
  const decimals = currencyDecimals(currency);
  const lines = entryLines(doc);
  const sum = (dc: 'D' | 'C') =>
    fromMinorUnits(
      lines.filter((l) => l.dc === dc).reduce((s, l) => s + l.minor, 0),
      decimals,
    );
  return {
    ...doc,
    currency,
    journal: text(doc.journal) ?? DEFAULT_JOURNAL,
    totalDebit: sum('D'),
    totalCredit: sum('C'),
  };
}

export const bookingWriteHooks: Record<string, WriteHooks> = {
  booking: {
    beforeCreate: async (_tx, _caller, _entity, doc) => withTotals(doc),
    beforeUpdate: async (_tx, _caller, _entity, doc) => withTotals(doc),
  },
};

/** A requested or posted entry has two lines or more and balances. */
function mustBalance(doc: Doc): PostingLine[] {
  const lines = entryLines(doc);
  if (lines.length < 2)
    throw new ApiError('INVALID_FIELD_VALUE', [
      String(lines.length),
      'entryLines (an entry has a debit and a credit line at least)',
    ]);
  const difference = lines.reduce((s, l) => s + (l.dc === 'D' ? l.minor : -l.minor), 0);
  if (difference !== 0) {
    const currency = text(doc.currency) ?? 'EUR';
    throw new ApiError('POSTING_UNBALANCED', [
      String(doc.registration),
      currency,
      `debit minus credit is ${fromMinorUnits(difference, currencyDecimals(currency))}`,
    ]);
  }
  return lines;
}

const checkBooking: SideEffect = ({ doc }) => {
  mustBalance(doc);
  return withTotals(doc);
};

/** Posts the entry: one MANUAL_ENTRY event, its postings the entry's lines, in the transition's transaction. */
const postBooking: SideEffect = async ({ tx, caller, doc }) => {
  const lines = mustBalance(doc);
  const written = await recordEntry(
    tx,
    caller,
    {
      eventType: MANUAL_ENTRY,
      date: String(doc.date),
      currency: text(doc.currency) ?? 'EUR',
      amounts: {},
      name: text(doc.name) ?? `Manual entry ${String(doc.registration)}`,
      documentReference: String(doc.registration),
      sourceEntity: 'Booking',
      sourceRegistration: String(doc.registration),
      organizationRegistration: text(doc.organizationRegistration),
    },
    lines,
    text(doc.journal) ?? DEFAULT_JOURNAL,
  );
  return {
    ...withTotals(doc),
    postingEventRegistration: written.event.registration,
    postingDate: written.event.postingDate,
  };
};

/** Reverses the entry's event (the reversal dated today, or the first open month after). */
const reverseBooking: SideEffect = async ({ tx, caller, doc, today }) => {
  const event = text(doc.postingEventRegistration);
  if (!event)
    throw new ApiError('TRANSITION_REJECTED', ['REVERSE', 'Booking', String(doc.registration), 'it was never posted']);
  const reversal = await reversePostingEvent(
    tx,
    caller,
    event,
    today,
    `Reversal of ${text(doc.name) ?? String(doc.registration)}`,
  );
  return { ...doc, reversalEventRegistration: reversal.event.registration };
};

export const bookingSideEffects = { checkBooking, postBooking, reverseBooking };
