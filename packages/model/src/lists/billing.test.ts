import { describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { billingLists, percent, taxRates } from './billing.ts';

describe('tax code labels', () => {
  it('give the rate times 100, exactly as decimal.js does', () => {
    for (const rate of ['0.2', '0.085', '0.055', '0.021', '0', '0.00', '1', '1.05', '12.5', '0.0001'])
      expect(percent(rate)).toBe(new Decimal(rate).times(100).toString());
  });

  it('name each code with its rate', () => {
    expect(billingLists.taxCode.map((item) => item.label)).toContainEqual({ en: 'VAT 8.5%', fr: 'TVA 8,5 %' });
    expect(billingLists.taxCode).toHaveLength(Object.keys(taxRates).length);
  });
});
