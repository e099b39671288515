import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatIsoDate, fromYmd } from './dates.ts';
import { frequencies, type PaymentPlanInput } from './payment-plan-terms.ts';
import { paymentPlan, type PaymentPlan } from './payment-plan.ts';

const monthly = (frequency: number) => frequency >= 30;

/** Random plans over the whole input space (within realistic amounts). */
const planInput: fc.Arbitrary<PaymentPlanInput> = fc
  .record({
    cents: fc.integer({ min: 100_00, max: 5_000_000_00 }),
    basisPoints: fc.integer({ min: 0, max: 2000 }),
    frequency: fc.constantFrom(...frequencies),
    duration: fc.integer({ min: 1, max: 120 }),
    timing: fc.constantFrom('arrears' as const, 'advance' as const),
    deferral: fc.integer({ min: 0, max: 3 }),
    deferralMode: fc.constantFrom('interest' as const, 'capitalised' as const),
    firstPaymentPercent: fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined }),
    residualValuePercent: fc.option(fc.integer({ min: 0, max: 50 }), { nil: undefined }),
    dayCount: fc.constantFrom('30/360' as const, 'ACT/360' as const, 'ACT/365' as const),
    start: fc.integer({ min: fromYmd(2000, 1, 1), max: fromYmd(2040, 12, 31) }),
    paymentDay: fc.option(fc.integer({ min: 1, max: 31 }), { nil: undefined }),
    taxPercent: fc.option(fc.integer({ min: 0, max: 25 }), { nil: undefined }),
    services: fc.array(
      fc.record({
        cents: fc.integer({ min: 0, max: 100_00 }),
        taxPercent: fc.option(fc.integer({ min: 0, max: 25 }), { nil: undefined }),
      }),
      { maxLength: 2 },
    ),
    feesPerMille: fc.option(fc.integer({ min: 0, max: 50 }), { nil: undefined }),
    businessDays: fc.boolean(),
    decimals: fc.constantFrom(0, 2, 2, 2, 3),
  })
  .map((r) => {
    const scale = 10 ** r.decimals;
    const duration = r.duration;
    const deferral = Math.min(r.deferral, duration - 1);
    return {
      // at least 10,000 minor units: below that the rounding of each line outweighs the instalment
      amount: r.decimals === 0 ? r.cents : r.cents / 100,
      rate: r.basisPoints / 10000,
      duration,
      frequency: r.frequency,
      timing: r.timing,
      deferral,
      deferralMode: r.deferralMode,
      firstPaymentPercent:
        duration - deferral >= 2 && r.firstPaymentPercent !== undefined ? r.firstPaymentPercent / 100 : undefined,
      residualValuePercent: r.residualValuePercent === undefined ? undefined : r.residualValuePercent / 100,
      dayCount: r.dayCount,
      startDate: formatIsoDate(r.start),
      paymentDay: monthly(r.frequency) ? r.paymentDay : undefined,
      taxRate: r.taxPercent === undefined ? undefined : r.taxPercent / 100,
      services: r.services.map((s, i) => ({
        code: `S${i}`,
        amount: Math.round((s.cents / 100) * scale) / scale,
        taxRate: s.taxPercent === undefined ? undefined : s.taxPercent / 100,
      })),
      fees: r.feesPerMille === undefined ? undefined : Math.floor((r.cents / 100) * r.feesPerMille) / 1000,
      calendar: r.businessDays ? { holidays: ['2025-12-25', '2030-01-01'] } : undefined,
      decimals: r.decimals,
    };
  });

/** The final balance of a plan's instalments compounded at an annual rate (no rounding). */
function finalBalance(plan: PaymentPlan, input: PaymentPlanInput, annualRate: number, extra = 0): number {
  const basis = input.dayCount === 'ACT/365' ? 365 : 360;
  let balance = plan.financedAmount;
  for (const line of plan.lines) {
    const i = (annualRate * line.days) / basis,
      rent = line.principal + line.interest + extra;
    balance = plan.timing === 'advance' ? (balance - rent) * (1 + i) : balance * (1 + i) - rent;
  }
  return balance;
}

/** The annual rate at which the plan's instalments leave exactly the residual value (bisection). */
function impliedRate(plan: PaymentPlan, input: PaymentPlanInput, extra = 0): number {
  let low = -0.5,
    high = 20;
  for (let k = 0; k < 80; k++) {
    const mid = (low + high) / 2;
    if (finalBalance(plan, input, mid, extra) > plan.residualValue) high = mid;
    else low = mid;
  }
  return (low + high) / 2;
}

describe('payment plan invariants', () => {
  it('hold to the minor unit over random plans', () => {
    fc.assert(
      fc.property(planInput, (input) => {
        const plan = paymentPlan(input);
        const scale = 10 ** (input.decimals ?? 2);
        const m = (x: number) => Math.round(x * scale);
        const sum = (pick: (l: (typeof plan.lines)[number]) => number) =>
          plan.lines.reduce((t, l) => t + m(pick(l)), 0);
        const lines = plan.lines;
        expect(lines).toHaveLength(input.duration);

        // principal parts sum to the financed amount minus the residual value, the balances chain
        expect(sum((l) => l.principal)).toBe(m(plan.financedAmount) - m(plan.residualValue));
        expect(lines[0].openingBalance).toBe(plan.financedAmount);
        expect(lines[lines.length - 1].closingBalance).toBe(plan.residualValue);
        lines.forEach((l, i) => {
          expect(m(l.closingBalance)).toBe(m(l.openingBalance) - m(l.principal));
          if (i > 0) expect(l.openingBalance).toBe(lines[i - 1].closingBalance);
          expect(m(l.instalmentExclTax)).toBe(m(l.principal) + m(l.interest) + m(l.services));
          expect(m(l.instalmentInclTax)).toBe(m(l.instalmentExclTax) + m(l.tax));
          if (i > 0) expect(l.dueDate >= lines[i - 1].dueDate).toBe(true);
          // no negative line: amounts, interest, tax and balances (principal is negative where an
          // instalment is less than its period's interest: see the property below)
          for (const value of [
            l.instalmentExclTax,
            l.instalmentInclTax,
            l.interest,
            l.tax,
            l.openingBalance,
            l.closingBalance,
          ])
            expect(value).toBeGreaterThanOrEqual(0);
        });

        // totals are the sums of the lines
        expect(m(plan.totals.principal)).toBe(sum((l) => l.principal));
        expect(m(plan.totals.interest)).toBe(sum((l) => l.interest));
        expect(m(plan.totals.tax)).toBe(sum((l) => l.tax));
        expect(m(plan.totals.services)).toBe(sum((l) => l.services));
        expect(m(plan.totals.instalmentExclTax)).toBe(sum((l) => l.instalmentExclTax));
        expect(m(plan.totals.instalmentInclTax)).toBe(sum((l) => l.instalmentInclTax));

        // equal instalments but for the first, the deferral and the last line, which absorbs the rounding
        const rents = lines.map((l) => m(l.principal) + m(l.interest));
        const first = (input.deferral ?? 0) + (plan.firstPayment === null ? 0 : 1);
        for (let i = first; i < lines.length - 1; i++) expect(rents[i]).toBe(m(plan.instalment));
        if (plan.firstPayment !== null) expect(rents[input.deferral ?? 0]).toBe(m(plan.firstPayment));

        // the rate recomputed from the instalments is the input rate, within the rounding of the
        // instalments: closer than what one minor unit more on every line would move it (unless
        // everything is paid at the start, when any rate fits)
        if (Math.abs(finalBalance(plan, input, 1) - finalBalance(plan, input, 0)) > 1e-9) {
          const implied = impliedRate(plan, input);
          const oneUnit = Math.abs(impliedRate(plan, input, 1 / scale) - implied);
          expect(Math.abs(implied - Number(input.rate))).toBeLessThanOrEqual(oneUnit + 1e-12);
        }

        // fees only make the credit dearer
        if (plan.effectiveRate !== null && plan.apr !== null)
          expect(plan.apr + 1e-12).toBeGreaterThanOrEqual(plan.effectiveRate);
      }),
      { numRuns: 300 },
    );
  });

  it('repay principal on every instalment of a regular monthly plan', () => {
    const regular = fc.record({
      cents: fc.integer({ min: 1000_00, max: 5_000_000_00 }),
      basisPoints: fc.integer({ min: 0, max: 2000 }),
      duration: fc.integer({ min: 1, max: 120 }),
      timing: fc.constantFrom('arrears' as const, 'advance' as const),
      residualPercent: fc.integer({ min: 0, max: 50 }),
      start: fc.integer({ min: fromYmd(2000, 1, 1), max: fromYmd(2040, 12, 31) }),
    });
    fc.assert(
      fc.property(regular, (r) => {
        const plan = paymentPlan({
          amount: r.cents / 100,
          rate: r.basisPoints / 10000,
          duration: r.duration,
          frequency: 30,
          timing: r.timing,
          residualValuePercent: r.residualPercent / 100,
          startDate: formatIsoDate(r.start),
        });
        for (const line of plan.lines) expect(line.principal).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 300 },
    );
  });
});
