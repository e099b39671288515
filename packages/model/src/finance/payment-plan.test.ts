import { describe, expect, it } from 'vitest';
import { pmt } from './calculators.ts';
import { FinanceError } from './finance-errors.ts';
import { paymentPlan, type PaymentPlanInput, type PaymentPlanLine } from './payment-plan.ts';

/** The money columns of a line, as the golden tables list them. */
const row = (l: PaymentPlanLine) => [
  l.number,
  l.dueDate,
  l.openingBalance,
  l.instalmentExclTax,
  l.interest,
  l.principal,
  l.tax,
  l.instalmentInclTax,
  l.closingBalance,
];

function code(input: PaymentPlanInput): string {
  try {
    paymentPlan(input);
  } catch (error) {
    expect(error).toBeInstanceOf(FinanceError);
    return (error as FinanceError).code;
  }
  throw new Error('no error thrown');
}

/*
 * Golden schedules: the expected figures come from an independent implementation in Python's
 * decimal module (instalment solved at 50 digits, each amount rounded half up to the cent),
 * and the rates from mpmath.
 */
describe('golden schedules', () => {
  it('36-month lease in advance with a 10 % residual value', () => {
    const plan = paymentPlan({
      amount: 30000,
      rate: 0.06,
      duration: 36,
      frequency: 30,
      timing: 'advance',
      residualValuePercent: 0.1,
      startDate: '2024-01-15',
    });
    // the instalment is Excel's PMT(0.5 %, 36, -30000, 3000, 1), rounded
    expect(plan.instalment).toBe(pmt(0.005, 36, -30000, 3000, 1).toDecimalPlaces(2).toNumber());
    expect(plan.instalment).toBe(832.23);
    expect(plan.residualValue).toBe(3000);
    expect(plan.endDate).toBe('2027-01-15');
    expect(plan.totals).toEqual({
      instalmentExclTax: 29960.36,
      instalmentInclTax: 29960.36,
      interest: 2960.36,
      principal: 27000,
      services: 0,
      tax: 0,
    });
    expect(plan.lines.slice(0, 3).map(row)).toEqual([
      [1, '2024-01-15', 30000, 832.23, 145.84, 686.39, 0, 832.23, 29313.61],
      [2, '2024-02-15', 29313.61, 832.23, 142.41, 689.82, 0, 832.23, 28623.79],
      [3, '2024-03-15', 28623.79, 832.23, 138.96, 693.27, 0, 832.23, 27930.52],
    ]);
    expect(plan.lines.slice(-2).map(row)).toEqual([
      [35, '2026-11-15', 4630.62, 832.23, 18.99, 813.24, 0, 832.23, 3817.38],
      [36, '2026-12-15', 3817.38, 832.31, 14.93, 817.38, 0, 832.31, 3000],
    ]);
    expect(plan.effectiveRate).toBeCloseTo(0.06165382567520068, 12);
    expect(plan.apr).toBe(plan.effectiveRate);
  });

  it('60-month loan in arrears', () => {
    const plan = paymentPlan({ amount: 25000, rate: 0.045, duration: 60, frequency: 30, startDate: '2024-02-29' });
    expect(plan.instalment).toBe(
      pmt(0.045 / 12, 60, -25000)
        .toDecimalPlaces(2)
        .toNumber(),
    );
    expect(plan.instalment).toBe(466.08);
    expect(plan.totals).toEqual({
      instalmentExclTax: 27964.46,
      instalmentInclTax: 27964.46,
      interest: 2964.46,
      principal: 25000,
      services: 0,
      tax: 0,
    });
    expect(plan.lines.slice(0, 3).map(row)).toEqual([
      [1, '2024-03-29', 25000, 466.08, 93.75, 372.33, 0, 466.08, 24627.67],
      [2, '2024-04-29', 24627.67, 466.08, 92.35, 373.73, 0, 466.08, 24253.94],
      [3, '2024-05-29', 24253.94, 466.08, 90.95, 375.13, 0, 466.08, 23878.81],
    ]);
    expect(plan.lines[11].dueDate).toBe('2025-02-28');
    expect(plan.lines[12].dueDate).toBe('2025-03-29');
    expect(plan.lines.slice(-2).map(row)).toEqual([
      [59, '2029-01-29', 926.61, 466.08, 3.47, 462.61, 0, 466.08, 464],
      [60, '2029-02-28', 464, 465.74, 1.74, 464, 0, 465.74, 0],
    ]);
    expect(plan.endDate).toBe('2029-02-28');
    expect(plan.effectiveRate).toBeCloseTo(0.04595336141035566, 12);
  });

  it('quarterly lease with a larger first rent and a 3-month deferral, tax, insurance and fees', () => {
    const plan = paymentPlan({
      amount: 100000,
      rate: 0.05,
      duration: 13,
      frequency: 90,
      timing: 'advance',
      firstPaymentPercent: 0.2,
      residualValuePercent: 0.05,
      deferral: 1,
      deferralMode: 'capitalised',
      startDate: '2024-03-31',
      taxRate: 0.2,
      services: [{ code: 'INSURANCE', amount: 45, taxRate: 0 }],
      fees: 500,
    });
    expect([plan.instalment, plan.firstPayment, plan.residualValue, plan.fees]).toEqual([7530.23, 20000, 5000, 500]);
    expect(plan.totals).toEqual({
      instalmentExclTax: 103417.59,
      instalmentInclTax: 123984.15,
      interest: 7832.59,
      principal: 95000,
      services: 585,
      tax: 20566.56,
    });
    expect(plan.lines.map(row)).toEqual([
      [1, '2024-03-31', 100000, 45, 1250, -1250, 0, 45, 101250],
      [2, '2024-06-30', 101250, 20045, 1015.63, 18984.37, 4000, 24045, 82265.63],
      [3, '2024-09-30', 82265.63, 7575.23, 934.19, 6596.04, 1506.05, 9081.28, 75669.59],
      [4, '2024-12-31', 75669.59, 7575.23, 851.74, 6678.49, 1506.05, 9081.28, 68991.1],
      [5, '2025-03-31', 68991.1, 7575.23, 768.26, 6761.97, 1506.05, 9081.28, 62229.13],
      [6, '2025-06-30', 62229.13, 7575.23, 683.74, 6846.49, 1506.05, 9081.28, 55382.64],
      [7, '2025-09-30', 55382.64, 7575.23, 598.16, 6932.07, 1506.05, 9081.28, 48450.57],
      [8, '2025-12-31', 48450.57, 7575.23, 511.5, 7018.73, 1506.05, 9081.28, 41431.84],
      [9, '2026-03-31', 41431.84, 7575.23, 423.77, 7106.46, 1506.05, 9081.28, 34325.38],
      [10, '2026-06-30', 34325.38, 7575.23, 334.94, 7195.29, 1506.05, 9081.28, 27130.09],
      [11, '2026-09-30', 27130.09, 7575.23, 245, 7285.23, 1506.05, 9081.28, 19844.86],
      [12, '2026-12-31', 19844.86, 7575.23, 153.93, 7376.3, 1506.05, 9081.28, 12468.56],
      [13, '2027-03-31', 12468.56, 7575.29, 61.73, 7468.56, 1506.06, 9081.35, 5000],
    ]);
    expect(plan.lines[0].kind).toBe('deferral');
    expect(plan.lines.every((l) => l.days === 90)).toBe(true);
    expect(plan.endDate).toBe('2027-06-30');
    expect(plan.effectiveRate).toBeCloseTo(0.0509195791147835, 12);
    expect(plan.apr).toBeCloseTo(0.05445363396635582, 12);
  });
});

describe('schedule features', () => {
  const base = { amount: 12000, rate: 0.06, duration: 12, frequency: 30, startDate: '2024-01-10' } as const;

  it('deferral with the interest paid, in arrears and in advance', () => {
    const arrears = paymentPlan({ ...base, deferral: 3 });
    expect(
      arrears.lines.slice(0, 3).map((l) => [l.kind, l.instalmentExclTax, l.interest, l.principal, l.closingBalance]),
    ).toEqual([
      ['deferral', 60, 60, 0, 12000],
      ['deferral', 60, 60, 0, 12000],
      ['deferral', 60, 60, 0, 12000],
    ]);
    expect(arrears.instalment).toBe(pmt(0.005, 9, -12000).toDecimalPlaces(2).toNumber());
    const advance = paymentPlan({ ...base, deferral: 2, timing: 'advance' });
    // interest paid at the start of the period on the balance: 12000 × 0.005 / 1.005
    expect(advance.lines[0].interest).toBe(59.7);
    expect(advance.lines[0].principal).toBe(0);
  });

  it('a payment day: a broken first period counted on its days', () => {
    const plan = paymentPlan({ ...base, paymentDay: 5 });
    expect(plan.lines.slice(0, 2).map((l) => [l.dueDate, l.days])).toEqual([
      ['2024-02-05', 25],
      ['2024-03-05', 30],
    ]);
    expect(plan.lines[0].interest).toBe(50); // 12000 × 6 % × 25 / 360
    const monthEnd = paymentPlan({ ...base, paymentDay: 31 });
    expect(monthEnd.lines.slice(0, 4).map((l) => l.dueDate)).toEqual([
      '2024-02-29',
      '2024-03-31',
      '2024-04-30',
      '2024-05-31',
    ]);
  });

  it('ACT/360 and ACT/365 count actual days', () => {
    const act365 = paymentPlan({ ...base, dayCount: 'ACT/365' });
    expect(act365.lines.slice(0, 3).map((l) => l.days)).toEqual([31, 29, 31]);
    expect(act365.lines[0].interest).toBe(61.15); // 12000 × 6 % × 31 / 365 = 61.150…
    const act360 = paymentPlan({ ...base, dayCount: 'ACT/360' });
    expect(act360.lines[0].interest).toBe(62);
    expect(act360.totals.principal).toBe(12000);
  });

  it('business days move the due dates, not the interest', () => {
    const plain = paymentPlan({ ...base, startDate: '2024-06-01' });
    const worked = paymentPlan({
      ...base,
      startDate: '2024-06-01',
      calendar: { holidays: ['2024-07-01', '2024-07-02'] },
    });
    expect(plain.lines[0].dueDate).toBe('2024-07-01');
    expect(worked.lines[0].dueDate).toBe('2024-07-03');
    expect(worked.lines[1].dueDate).toBe('2024-08-01');
    expect(plain.lines[2].dueDate).toBe('2024-09-01'); // a Sunday
    expect(worked.lines[2].dueDate).toBe('2024-09-02');
    expect(worked.lines.map((l) => l.interest)).toEqual(plain.lines.map((l) => l.interest));
  });

  it('tax on the rent and services, per line', () => {
    const plan = paymentPlan({
      ...base,
      taxCode: 'VAT21',
      taxes: [{ code: 'VAT21', value: 0.21 }],
      services: [
        { code: 'INSURANCE', amount: 10, taxRate: 0 },
        { code: 'MAINTENANCE', amount: 20.5 },
      ],
    });
    const line = plan.lines[0];
    expect(line.services).toBe(30.5);
    expect(line.tax).toBe(Math.round(plan.instalment * 21) / 100 + 4.31); // 20.5 × 21 % = 4.305
    expect(line.instalmentExclTax).toBe(+(plan.instalment + 30.5).toFixed(2));
    expect(line.instalmentInclTax).toBe(+(line.instalmentExclTax + line.tax).toFixed(2));
  });

  it('daily and weekly frequencies, other currency decimals', () => {
    const daily = paymentPlan({
      amount: 1000,
      rate: 0.1,
      duration: 30,
      frequency: 1,
      startDate: '2024-01-01',
      dayCount: 'ACT/365',
    });
    expect(daily.lines[29].dueDate).toBe('2024-01-31');
    expect(daily.totals.principal).toBe(1000);
    const weekly = paymentPlan({
      amount: 1000,
      rate: 0.1,
      duration: 52,
      frequency: 7,
      startDate: '2024-01-01',
      dayCount: 'ACT/365',
    });
    expect(weekly.lines[1].dueDate).toBe('2024-01-15');
    const xpf = paymentPlan({ ...base, amount: 1234567, decimals: 0 });
    expect(xpf.lines.every((l) => Number.isInteger(l.interest) && Number.isInteger(l.instalmentExclTax))).toBe(true);
    const tnd = paymentPlan({ ...base, amount: '1000.125', decimals: 3 });
    expect(tnd.financedAmount).toBe(1000.125);
    expect(tnd.totals.principal).toBe(1000.125);
  });

  it('a zero rate repays the amount in equal parts', () => {
    const plan = paymentPlan({ ...base, rate: 0, amount: 1000, duration: 3 });
    expect(plan.lines.map((l) => l.instalmentExclTax)).toEqual([333.33, 333.33, 333.34]);
    expect(plan.effectiveRate).toBe(0);
  });

  it('rounds the instalment down when rounding it up would overshoot the residual value', () => {
    // 0.50 to repay over 60 months: 0.01 a month would repay 0.59 before the last line
    const plan = paymentPlan({
      amount: 100,
      rate: 0,
      duration: 60,
      frequency: 30,
      startDate: '2024-01-01',
      residualValueAmount: 99.5,
    });
    expect(plan.instalment).toBe(0);
    expect(plan.lines[59].instalmentExclTax).toBe(0.5);
    expect(plan.lines.every((l) => l.instalmentExclTax >= 0)).toBe(true);
  });

  it('moves the instalment when the rounding of many lines outweighs the last one', () => {
    // 0.42 XPF of daily interest rounds to nothing on every line: the instalment comes down by one
    const plan = paymentPlan({
      amount: 10000,
      rate: 0.0217,
      duration: 116,
      frequency: 1,
      deferral: 3,
      firstPaymentPercent: 0.3,
      residualValuePercent: 0.48,
      startDate: '2000-01-01',
      decimals: 0,
    });
    expect(plan.lines.every((l) => l.instalmentExclTax >= 0)).toBe(true);
    expect(plan.totals.principal).toBe(10000 - 4800);
    expect(plan.instalment).toBe(19);
  });

  it('has no rate when every flow falls on one day', () => {
    const plan = paymentPlan({ ...base, duration: 1, timing: 'advance' });
    expect(plan.lines[0].instalmentExclTax).toBe(12000);
    expect(plan.effectiveRate).toBeNull();
  });
});

describe('errors', () => {
  const base: PaymentPlanInput = { amount: 10000, rate: 0.05, duration: 24, frequency: 30, startDate: '2024-01-01' };

  it('ARGUMENT_OUT_OF_RANGE names the argument', () => {
    const cases: [Partial<PaymentPlanInput> & Record<string, unknown>, string][] = [
      [{ amount: 0 }, 'amount'],
      [{ amount: 'ten' }, 'amount'],
      [{ rate: -0.01 }, 'rate'],
      [{ duration: 0 }, 'duration'],
      [{ duration: 1.5 }, 'duration'],
      [{ frequency: 45 as 30 }, 'frequency'],
      [{ deferral: 24 }, 'deferral'],
      [{ firstPaymentAmount: 100, firstPaymentPercent: 0.1 }, 'firstPayment'],
      [{ firstPaymentAmount: 10000 }, 'firstPayment'],
      [{ residualValuePercent: 1.5 }, 'residualValuePercent'],
      [{ residualValueAmount: 10001 }, 'residualValueAmount'],
      [{ fees: 10000 }, 'fees'],
      [{ fees: -1 }, 'fees'],
      [{ paymentDay: 32 }, 'paymentDay'],
      [{ frequency: 7, paymentDay: 5 }, 'paymentDay'],
      [{ dayCount: '30E/360' as '30/360' }, 'dayCount'],
      [{ timing: 'later' as 'advance' }, 'timing'],
      [{ decimals: 5 }, 'decimals'],
      [{ deferralMode: 'paid' as 'interest' }, 'deferralMode'],
      [{ services: [{ code: 'X', amount: -1 }] }, 'services[0].amount'],
      [{ duration: 2, deferral: 1, firstPaymentAmount: 10 }, 'firstPayment'],
    ];
    for (const [change, argument] of cases) {
      expect(() => paymentPlan({ ...base, ...change } as PaymentPlanInput), JSON.stringify(change)).toThrow(
        expect.objectContaining({ code: 'ARGUMENT_OUT_OF_RANGE', args: expect.arrayContaining([argument]) }),
      );
    }
  });

  it('INVALID_DATES and DATE_NOT_FOUND', () => {
    expect(code({ ...base, startDate: '2024-02-30' })).toBe('INVALID_DATES');
    expect(code({ ...base, calendar: { holidays: ['tomorrow'] } })).toBe('INVALID_DATES');
    expect(code({ ...base, calendar: { weekendDays: [0, 1, 2, 3, 4, 5, 6] } })).toBe('DATE_NOT_FOUND');
  });
});
