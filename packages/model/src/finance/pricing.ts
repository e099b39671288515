/**
 * Pricing lines of spec 002 §5 (asset lines, contract asset lines): the same functions on the
 * server and in the web app.
 *   priceExclTax = unitPrice × quantity × (1 - discount), rounded to the currency's decimals
 *   priceInclTax = priceExclTax × (1 + tax rate), the tax rate found by taxCode in the tax list
 * Quantity defaults to 1, discount to 0. Discounts and tax rates are fractions (0.2 for 20 %).
 */
import type { Decimal } from 'decimal.js';
import { Dec, ONE, ZERO, type Num } from './decimal.ts';

/** A tax of the tax list (GET /api/core/taxes): value is the rate as a fraction. */
export interface Tax {
  code: string;
  label?: string;
  value: Num;
}

export interface PricingLine {
  unitPrice?: Num | null;
  quantity?: Num | null;
  discount?: Num | null;
  taxCode?: string | null;
}

export interface LinePrices {
  priceExclTax: number;
  priceInclTax: number;
}

export interface PricingTotals extends LinePrices {
  /** Σ unitPrice × quantity, before discounts. */
  grossAmount: number;
  /** 1 - priceExclTax / grossAmount, or 0 if either is 0. */
  discount: number;
}

/** Spec 000 §9: percentages are rounded to 10 decimals. */
const DISCOUNT_DECIMALS = 10;

/** A number field of a line; empty, null or not numeric counts as absent. */
function value(v: Num | null | undefined, fallback: Decimal): Decimal {
  if (v === undefined || v === null || v === '') return fallback;
  try {
    const d = new Dec(v);
    return d.isFinite() ? d : fallback;
  } catch {
    return fallback;
  }
}

/** The rate of a tax code in the tax list; 0 when the line has no tax code or the list lacks it. */
export function taxRateOf(taxCode: string | null | undefined, taxes: readonly Tax[]): Decimal {
  if (!taxCode) return ZERO;
  const tax = taxes.find((t) => t.code === taxCode);
  return tax ? value(tax.value, ZERO) : ZERO;
}

function grossOf(line: PricingLine): Decimal {
  return value(line.unitPrice, ZERO).times(value(line.quantity, ONE));
}

/** priceExclTax and priceInclTax of one line. */
export function linePrices(line: PricingLine, taxes: readonly Tax[], decimals = 2): LinePrices {
  const exclTax = grossOf(line)
    .times(ONE.minus(value(line.discount, ZERO)))
    .toDecimalPlaces(decimals);
  const inclTax = exclTax.times(taxRateOf(line.taxCode, taxes).plus(1)).toDecimalPlaces(decimals);
  return { priceExclTax: exclTax.toNumber(), priceInclTax: inclTax.toNumber() };
}

/** The line with its prices computed. */
export function priceLine<L extends PricingLine>(line: L, taxes: readonly Tax[], decimals = 2): L & LinePrices {
  return { ...line, ...linePrices(line, taxes, decimals) };
}

/** The totals row: sums of the lines' rounded prices and the overall discount. */
export function pricingTotals(lines: readonly PricingLine[], taxes: readonly Tax[], decimals = 2): PricingTotals {
  let gross = ZERO,
    exclTax = ZERO,
    inclTax = ZERO;
  for (const line of lines) {
    const prices = linePrices(line, taxes, decimals);
    gross = gross.plus(grossOf(line));
    exclTax = exclTax.plus(prices.priceExclTax);
    inclTax = inclTax.plus(prices.priceInclTax);
  }
  return {
    grossAmount: gross.toDecimalPlaces(decimals).toNumber(),
    priceExclTax: exclTax.toNumber(),
    priceInclTax: inclTax.toNumber(),
    discount: exclTax.isZero() ? 0 : discountOf(exclTax, gross),
  };
}

/** 1 - net / gross to 10 decimals, or 0 without a gross amount. */
function discountOf(net: Decimal, gross: Decimal): number {
  if (gross.isZero()) return 0;
  return ONE.minus(net.div(gross)).toDecimalPlaces(DISCOUNT_DECIMALS).toNumber() + 0;
}

/** The discount that gives this priceExclTax, when the net price is edited. */
export function discountFromPriceExclTax(line: PricingLine, priceExclTax: Num): number {
  return discountOf(value(priceExclTax, ZERO), grossOf(line));
}

/** The discount that gives this priceInclTax, when the gross price is edited. */
export function discountFromPriceInclTax(line: PricingLine, priceInclTax: Num, taxes: readonly Tax[]): number {
  const net = value(priceInclTax, ZERO).div(taxRateOf(line.taxCode, taxes).plus(1));
  return discountOf(net, grossOf(line));
}

/** Editing the total discount applies it to every line (spec 002 §5). */
export function applyTotalDiscount<L extends PricingLine>(
  lines: readonly L[],
  discount: Num,
  taxes: readonly Tax[],
  decimals = 2,
): (L & { discount: Num } & LinePrices)[] {
  return lines.map((line) => priceLine({ ...line, discount }, taxes, decimals));
}
