import { describe, expect, it } from 'vitest';
import { termsOfRecord } from './record-terms.ts';

describe('the payment-plan terms of a contract or deal', () => {
  it('come from the first quotation, the rate and residual value in percent', () => {
    const terms = termsOfRecord({
      startDate: '2026-01-15',
      financedAmountExclTax: 1,
      quotations: [
        { financedAmountExclTax: 30000, rate: 0.0425, duration: 36, frequency: '30', residualValue: 3000 },
        { financedAmountExclTax: 5 },
      ],
    })!;
    expect(terms).toMatchObject({
      amount: 30000,
      ratePercent: 4.25,
      duration: 36,
      frequency: 30,
      residualValuePercent: 10,
    });
    expect(terms.startDate!.format('YYYY-MM-DD')).toBe('2026-01-15');
  });

  it('come from the chosen quotation, with its payment timing', () => {
    const terms = termsOfRecord({
      quotations: [
        { financedAmountExclTax: 30000, rate: 0.05, duration: 36, frequency: '30', timing: 'arrears' },
        { financedAmountExclTax: 24000, rate: 0.052, duration: 24, frequency: '30', timing: 'advance', isChosen: true },
      ],
    })!;
    expect(terms).toEqual({ amount: 24000, ratePercent: 5.2, duration: 24, frequency: 30, timing: 'advance' });
  });

  it('fall back on the record’s own fields', () => {
    expect(termsOfRecord({ financedAmountExclTax: 12000, duration: 24, frequency: '90' })).toEqual({
      amount: 12000,
      duration: 24,
      frequency: 90,
    });
  });

  it('are none without an amount or a whole duration, and ignore unknown frequencies and bad dates', () => {
    expect(termsOfRecord({ duration: 24 })).toBeUndefined();
    expect(termsOfRecord({ financedAmountExclTax: 1000, duration: 2.5 })).toBeUndefined();
    expect(termsOfRecord({ financedAmountExclTax: -5, duration: 12 })).toBeUndefined();
    expect(termsOfRecord({ financedAmountExclTax: 1000, duration: 12, frequency: '45', startDate: 'soon' })).toEqual({
      amount: 1000,
      duration: 12,
    });
  });
});
