/**
 * Amounts of records (currency fields, stored as JSON numbers in their currency's decimals) read
 * and written in integer minor units, the domains' arithmetic (money.ts), and the share of an
 * invoice still to pay.
 */
import { ApiError } from '../errors.ts';
import { currencyDecimals } from '../values/currencies.ts';
import { moneyLimits } from '../values/limits.ts';
import { fromMinorUnits, toMinorUnits } from './contract-schedule.ts';

/** The decimals of a record's currency; EUR's when it names none. */
export const decimalsOf = (currency: unknown) =>
  currencyDecimals(typeof currency === 'string' && currency ? currency : 'EUR');

/** A record's amount in minor units of `currency` (an absent amount is none). */
export const minor = (value: unknown, currency: unknown) =>
  toMinorUnits(typeof value === 'number' ? value : 0, decimalsOf(currency));

/** An amount in minor units as a record stores it, in its currency's decimals. */
export const major = (value: number, currency: unknown) => fromMinorUnits(value, decimalsOf(currency));

/** An amount given by a client: positive, with no more decimals than its currency has; answered in minor units. */
export function mustBeAmount(value: unknown, currency: unknown, field: string): number {
  const decimals = decimalsOf(currency);
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
    throw new ApiError('INVALID_POSITIVE_NUMBER_FIELD', [field]);
  if (value > moneyLimits.maxAmount)
    throw new ApiError('INVALID_FIELD_VALUE', [String(value), `${field} (at most ${moneyLimits.maxAmount})`]);
  const units = toMinorUnits(value, decimals);
  if (Math.abs(value * 10 ** decimals - units) > 1e-6)
    throw new ApiError('INVALID_FIELD_VALUE', [
      String(value),
      `${field} (at most ${decimals} decimals in ${String(currency)})`,
    ]);
  return units;
}

/** The amounts of an invoice that say what is left to pay on it. */
export interface InvoiceAmounts {
  totalBalance?: number | null;
  amountInclTax?: number | null;
  currency?: string | null;
}

/** What is left to pay on an invoice, in minor units: its balance, else its total while nothing is paid. */
export const invoiceBalance = (invoice: InvoiceAmounts | Record<string, unknown>) =>
  minor(typeof invoice.totalBalance === 'number' ? invoice.totalBalance : invoice.amountInclTax, invoice.currency);

/** What is left to pay on an invoice as it stores it, in its currency: its balance, else its total while nothing is paid. */
export function leftToPay(invoice: InvoiceAmounts | Record<string, unknown>): number | undefined {
  const value = invoice.totalBalance ?? invoice.amountInclTax;
  return typeof value === 'number' ? value : undefined;
}

/** The statuses of an invoice still to pay. */
export const openInvoiceStatuses = ['ISSUED', 'PARTIALLY_PAID'];

/** Minor units of an amount that may be negative (a balance), exact; an absent one is none. */
const signedMinor = (value: unknown, currency: unknown) => {
  const v = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  return v < 0 ? -minor(-v, currency) : minor(v, currency);
};

/**
 * What a bank account can still pay out (spec "Treasury": available = balance + overdraftLimit),
 * in its currency: an unset limit is none. One computation for the server that keeps the field
 * and every screen that shows it, whatever a record was stored with.
 */
export function accountAvailable(account: { balance?: unknown; overdraftLimit?: unknown; currency?: unknown }): number {
  const units = signedMinor(account.balance, account.currency) + signedMinor(account.overdraftLimit, account.currency);
  return units < 0 ? -major(-units, account.currency) : major(units, account.currency);
}
