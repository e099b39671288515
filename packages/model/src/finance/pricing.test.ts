import { describe, expect, it } from 'vitest';
import {
  applyTotalDiscount,
  discountFromPriceExclTax,
  discountFromPriceInclTax,
  linePrices,
  priceLine,
  pricingTotals,
  taxRateOf,
  type Tax,
} from './pricing.ts';

const taxes: Tax[] = [
  { code: 'VAT20', label: 'VAT 20 %', value: 0.2 },
  { code: 'VAT55', label: 'VAT 5.5 %', value: '0.055' },
  { code: 'EXEMPT', label: 'Exempt', value: 0 },
];

describe('pricing lines (spec 002 §5)', () => {
  it('priceExclTax = unitPrice × quantity × (1 - discount); priceInclTax = priceExclTax × (1 + tax rate)', () => {
    expect(linePrices({ unitPrice: 1000, quantity: 3, discount: 0.1, taxCode: 'VAT20' }, taxes)).toEqual({
      priceExclTax: 2700,
      priceInclTax: 3240,
    });
    expect(linePrices({ unitPrice: '19.99', quantity: 7, discount: '0.05', taxCode: 'VAT55' }, taxes)).toEqual({
      priceExclTax: 132.93,
      priceInclTax: 140.24,
    });
  });

  it('defaults quantity to 1 and discount to 0; no or unknown tax code is no tax', () => {
    expect(linePrices({ unitPrice: 100, taxCode: 'VAT20' }, taxes)).toEqual({ priceExclTax: 100, priceInclTax: 120 });
    expect(linePrices({ unitPrice: 100, quantity: null, discount: '' }, taxes)).toEqual({
      priceExclTax: 100,
      priceInclTax: 100,
    });
    expect(linePrices({ unitPrice: 100, taxCode: 'NOPE' }, taxes)).toEqual({ priceExclTax: 100, priceInclTax: 100 });
    expect(linePrices({}, taxes)).toEqual({ priceExclTax: 0, priceInclTax: 0 });
    expect(taxRateOf('VAT55', taxes).toNumber()).toBe(0.055);
  });

  it('rounds to the currency decimals, half away from zero', () => {
    expect(linePrices({ unitPrice: '0.125', taxCode: 'EXEMPT' }, taxes)).toEqual({
      priceExclTax: 0.13,
      priceInclTax: 0.13,
    });
    expect(linePrices({ unitPrice: '10.0005' }, taxes, 3)).toEqual({ priceExclTax: 10.001, priceInclTax: 10.001 });
    expect(linePrices({ unitPrice: '10.5' }, taxes, 0)).toEqual({ priceExclTax: 11, priceInclTax: 11 });
  });

  it('keeps the line and adds its prices', () => {
    expect(priceLine({ assetRegistration: 'AS1', unitPrice: 50, quantity: 2, taxCode: 'VAT20' }, taxes)).toEqual({
      assetRegistration: 'AS1',
      unitPrice: 50,
      quantity: 2,
      taxCode: 'VAT20',
      priceExclTax: 100,
      priceInclTax: 120,
    });
  });

  it('totals the lines; the total discount is 1 - excl. tax / Σ unit price × quantity, or 0', () => {
    const lines = [
      { unitPrice: 1000, quantity: 2, discount: 0.1, taxCode: 'VAT20' },
      { unitPrice: 500, quantity: 1, discount: 0, taxCode: 'VAT55' },
    ];
    expect(pricingTotals(lines, taxes)).toEqual({
      grossAmount: 2500,
      priceExclTax: 2300,
      priceInclTax: 2687.5,
      discount: 0.08,
    });
    expect(pricingTotals([], taxes)).toEqual({ grossAmount: 0, priceExclTax: 0, priceInclTax: 0, discount: 0 });
    expect(pricingTotals([{ unitPrice: 100, discount: 1 }], taxes).discount).toBe(0);
  });

  it('back-computes the discount from an edited net or gross price', () => {
    const line = { unitPrice: 1000, quantity: 2, taxCode: 'VAT20' };
    expect(discountFromPriceExclTax(line, 1500)).toBe(0.25);
    expect(discountFromPriceInclTax(line, 1800, taxes)).toBe(0.25);
    expect(discountFromPriceExclTax(line, 0)).toBe(1);
    expect(discountFromPriceExclTax({ unitPrice: 0 }, 10)).toBe(0);
    expect(discountFromPriceExclTax({ unitPrice: 3 }, 2)).toBe(0.3333333333);
    const priced = linePrices({ ...line, discount: discountFromPriceInclTax(line, 1799.99, taxes) }, taxes);
    expect(priced.priceInclTax).toBe(1799.99);
  });

  it('applies an edited total discount to every line', () => {
    const lines = applyTotalDiscount(
      [
        { unitPrice: 100, taxCode: 'VAT20' },
        { unitPrice: 200, quantity: 2 },
      ],
      0.1,
      taxes,
    );
    expect(lines.map((l) => [l.discount, l.priceExclTax, l.priceInclTax])).toEqual([
      [0.1, 90, 108],
      [0.1, 360, 360],
    ]);
    expect(pricingTotals(lines, taxes).discount).toBe(0.1);
  });
});
