/**
 * Invoices drafted from due schedule lines (pure): lines grouped by contract, direction (pr),
 * payer, payee, due date, currency and the element's groupKey; each line's tax from the tenant's
 * Tax list, rounded half away from zero in minor units; the breakdown per rate sums the lines,
 * so that Σ lines = totals to the cent.
 */
import { Dec } from '@lbo/model/finance/decimal';
import { factor, roundTimes } from '@lbo/model/finance/money';
import { fromMinorUnits, toMinorUnits } from '@lbo/model/finance/contract-schedule';
import { currencyDecimals } from '@lbo/model/values/currencies';

export interface DueLine {
  elementRegistration: string;
  elementType: string | null;
  elementCode: string;
  contractRegistration: string;
  pr: 'R' | 'P';
  payerRegistration: string;
  payeeRegistration: string;
  groupKey: string;
  currency: string;
  number: number;
  dueDate: string;
  amountExclTax: number;
  taxCode?: string;
}

export interface DraftLine extends DueLine {
  taxRate: number;
  tax: number;
  amountInclTax: number;
}

export interface TaxBreakdown {
  taxCode?: string;
  rate: number;
  base: number;
  tax: number;
}

export interface InvoiceDraft {
  key: string;
  contractRegistration: string;
  pr: 'R' | 'P';
  payerRegistration: string;
  payeeRegistration: string;
  groupKey: string;
  currency: string;
  dueDate: string;
  lines: DraftLine[];
  amountExclTax: number;
  amountInclTax: number;
  taxes: TaxBreakdown[];
}

/** Rates by tax code (decimal strings or numbers: 0.2 for 20 %). */
export type TaxTable = ReadonlyMap<string, string | number>;

export const groupKeyOf = (l: DueLine) =>
  [l.contractRegistration, l.pr, l.payerRegistration, l.payeeRegistration, l.dueDate, l.currency, l.groupKey].join('|');

/** Drafts the invoices of `lines`, in the order of their first line; a tax code missing from `taxes` is refused. */
export function draftInvoices(lines: readonly DueLine[], taxes: TaxTable): InvoiceDraft[] {
  const groups = new Map<string, DueLine[]>();
  for (const l of lines) {
    const key = groupKeyOf(l);
    const group = groups.get(key);
    if (group) group.push(l);
    else groups.set(key, [l]);
  }
  return [...groups].map(([key, group]) => {
    const first = group[0];
    const decimals = currencyDecimals(first.currency);
    const byRate = new Map<string, { rate: number; base: number; tax: number }>();
    let exclTotal = 0,
      taxTotal = 0;
    const drafted = group.map((l): DraftLine => {
      // Lines without a tax code make a breakdown entry of their own, with no code.
      const code = l.taxCode ?? '';
      const rateValue = l.taxCode ? taxes.get(l.taxCode) : 0;
      if (rateValue === undefined)
        throw new Error(`Tax code ${l.taxCode} of ${l.elementRegistration} line ${l.number} is not in the tax list`);
      const rate = new Dec(rateValue);
      const excl = toMinorUnits(l.amountExclTax, decimals);
      const tax = roundTimes(excl, factor(rate));
      const entry = byRate.get(code) ?? { rate: rate.toNumber(), base: 0, tax: 0 };
      entry.base += excl;
      entry.tax += tax;
      byRate.set(code, entry);
      exclTotal += excl;
      taxTotal += tax;
      return {
        ...l,
        taxRate: rate.toNumber(),
        tax: fromMinorUnits(tax, decimals),
        amountInclTax: fromMinorUnits(excl + tax, decimals),
      };
    });
    return {
      key,
      contractRegistration: first.contractRegistration,
      pr: first.pr,
      payerRegistration: first.payerRegistration,
      payeeRegistration: first.payeeRegistration,
      groupKey: first.groupKey,
      currency: first.currency,
      dueDate: first.dueDate,
      lines: drafted,
      amountExclTax: fromMinorUnits(exclTotal, decimals),
      amountInclTax: fromMinorUnits(exclTotal + taxTotal, decimals),
      taxes: [...byRate].map(([taxCode, e]) => ({
        ...(taxCode ? { taxCode } : {}),
        rate: e.rate,
        base: fromMinorUnits(e.base, decimals),
        tax: fromMinorUnits(e.tax, decimals),
      })),
    };
  });
}
