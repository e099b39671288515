import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatIsoDate, fromYmd } from './dates.ts';
import { decliningCoefficient, depreciationSchedule, type DepreciationInput } from './depreciation.ts';
import { FinanceError } from './finance-errors.ts';

const amounts = (input: DepreciationInput) => depreciationSchedule(input).lines.map((line) => line.depreciation);

describe('straight-line depreciation (linéaire)', () => {
  it('takes the first year pro rata of its days on a 360-day year and puts the complement on one more line', () => {
    // 10,000 over 5 years, in service on 1 April: 270 days the first year (9 months × 30).
    const schedule = depreciationSchedule({ method: 'LINEAR', base: 10000, duration: 5, startDate: '2024-04-01' });
    expect(schedule.lines.map((l) => [l.fiscalYear, l.depreciation, l.prorata])).toEqual([
      [2024, 1500, 0.75],
      [2025, 2000, 1],
      [2026, 2000, 1],
      [2027, 2000, 1],
      [2028, 2000, 1],
      [2029, 500, 0.25],
    ]);
    expect(schedule.lines[0]).toMatchObject({
      startDate: '2024-04-01',
      endDate: '2024-12-31',
      rate: 0.2,
      openingValue: 10000,
      closingValue: 8500,
    });
    expect(schedule.lines[5]).toMatchObject({
      startDate: '2029-01-01',
      endDate: '2029-03-31',
      accumulated: 10000,
      closingValue: 0,
    });
    expect(schedule.total).toBe(10000);
  });

  it('counts days from a date within the month, the last line absorbing the rounding', () => {
    // 15 April: 16 days in April and 8 months of 30 = 256 days; 12,000 / 7 = 1,714.2857… a year.
    expect(amounts({ method: 'LINEAR', base: 12000, duration: 7, startDate: '2024-04-15' })).toEqual([
      1219.05, 1714.29, 1714.29, 1714.29, 1714.29, 1714.29, 1714.29, 495.21,
    ]);
  });

  it('has exactly the duration in lines from the first day of the fiscal year, or without pro rata', () => {
    expect(amounts({ method: 'LINEAR', base: 1000, duration: 3, startDate: '2024-01-01' })).toEqual([
      333.33, 333.33, 333.34,
    ]);
    expect(amounts({ method: 'LINEAR', base: 1000, duration: 3, startDate: '2024-07-01', prorata: false })).toEqual([
      333.33, 333.33, 333.34,
    ]);
    // A fiscal year ending in June: in service on 1 January is half a year.
    expect(
      depreciationSchedule({
        method: 'LINEAR',
        base: 1000,
        duration: 2,
        startDate: '2024-01-01',
        fiscalYearEndMonth: 6,
      }).lines.map((l) => [l.endDate, l.depreciation]),
    ).toEqual([
      ['2024-06-30', 250],
      ['2025-06-30', 500],
      ['2025-12-31', 250],
    ]);
  });
});

describe('declining-balance depreciation (dégressif)', () => {
  it('uses the French coefficients by useful life', () => {
    expect([3, 4, 5, 6, 7, 10].map((n) => decliningCoefficient(n).toNumber())).toEqual([
      1.25, 1.25, 1.75, 1.75, 2.25, 2.25,
    ]);
    expect(() => decliningCoefficient(2)).toThrow(FinanceError);
  });

  it('takes whole months the first year and switches to straight-line when it is larger', () => {
    // 10,000 over 5 years acquired 10 April: rate 20 % × 1.75 = 35 %, 9 months the first year.
    // 2025: 35 % > 1/4; 2026: 35 % > 1/3; 2027: 1/2 > 35 %, so the net value is spread over 2 years.
    const schedule = depreciationSchedule({
      method: 'DECLINING_BALANCE',
      base: 10000,
      duration: 5,
      startDate: '2024-04-10',
    });
    expect(schedule.coefficient).toBe(1.75);
    expect(schedule.lines.map((l) => [l.fiscalYear, l.depreciation, l.closingValue])).toEqual([
      [2024, 2625, 7375],
      [2025, 2581.25, 4793.75],
      [2026, 1677.81, 3115.94],
      [2027, 1557.97, 1557.97],
      [2028, 1557.97, 0],
    ]);
    expect(schedule.lines.map((l) => l.rate)).toEqual([0.35, 0.35, 0.35, 0.5, 0.5]);
    expect(schedule.lines[0].prorata).toBe(0.75);
    expect(schedule.total).toBe(10000);
  });

  it('applies the 1.25 and 2.25 coefficients and a given one', () => {
    // 3 years: 41.67 %; from the second year 1/2 > 41.67 %.
    expect(amounts({ method: 'DECLINING_BALANCE', base: 9000, duration: 3, startDate: '2024-01-01' })).toEqual([
      3750, 2625, 2625,
    ]);
    // 8 years: 28.125 %; the switch comes when 1/remaining reaches it (4 years left: 25 % < 28.125 %, 3 left: 33 %).
    const eight = amounts({ method: 'DECLINING_BALANCE', base: 100000, duration: 8, startDate: '2024-01-01' });
    expect(eight.slice(0, 3)).toEqual([28125, 20214.84, 14529.42]);
    expect(eight.reduce((a, b) => a + b, 0)).toBeCloseTo(100000, 6);
    expect(
      depreciationSchedule({
        method: 'DECLINING_BALANCE',
        base: 1000,
        duration: 4,
        startDate: '2024-01-01',
        coefficient: 2,
      }).lines[0].depreciation,
    ).toBe(500);
  });
});

describe('bad input', () => {
  const base: DepreciationInput = { method: 'LINEAR', base: 1000, duration: 5, startDate: '2024-01-01' };
  const code = (input: Partial<DepreciationInput>) => {
    try {
      depreciationSchedule({ ...base, ...input });
      return 'none';
    } catch (error) {
      return (error as FinanceError).message;
    }
  };
  it('names the argument', () => {
    expect(code({ method: 'SUM_OF_YEARS' })).toBe(
      'Argument method is out of range: must be one of LINEAR, DECLINING_BALANCE',
    );
    expect(code({ base: 0 })).toMatch(/^Argument base is out of range/);
    expect(code({ base: 'x' })).toBe('Argument base is out of range: x is not a number');
    expect(code({ duration: 0 })).toBe('Argument duration is out of range: must be an integer from 1 to 100');
    expect(code({ startDate: '2024-02-30' })).toBe('Invalid dates: startDate 2024-02-30 is not a YYYY-MM-DD date');
    expect(code({ fiscalYearEndMonth: 13 })).toMatch(/^Argument fiscalYearEndMonth/);
    expect(code({ method: 'DECLINING_BALANCE', duration: 2 })).toMatch(
      /^Argument duration is out of range: declining balance/,
    );
    expect(code({ method: 'DECLINING_BALANCE', coefficient: 0.5 })).toMatch(/^Argument coefficient/);
  });
});

describe('properties', () => {
  const input = fc
    .record({
      method: fc.constantFrom('LINEAR', 'DECLINING_BALANCE'),
      cents: fc.integer({ min: 1, max: 1_000_000_000_00 }),
      duration: fc.integer({ min: 3, max: 40 }),
      start: fc.integer({ min: fromYmd(2000, 1, 1), max: fromYmd(2040, 12, 31) }),
      fiscalYearEndMonth: fc.integer({ min: 1, max: 12 }),
      prorata: fc.boolean(),
      decimals: fc.constantFrom(0, 2, 3),
    })
    .map(
      (r): DepreciationInput => ({
        method: r.method,
        base: r.cents / 10 ** r.decimals || 1,
        duration: r.duration,
        startDate: formatIsoDate(r.start),
        fiscalYearEndMonth: r.fiscalYearEndMonth,
        prorata: r.prorata,
        decimals: r.decimals,
      }),
    );

  it('sum to the base to the minor unit, with no negative line and consecutive fiscal years', () => {
    fc.assert(
      fc.property(input, (i) => {
        const schedule = depreciationSchedule(i);
        const scale = 10 ** (i.decimals ?? 2);
        const minor = schedule.lines.map((line) => Math.round(line.depreciation * scale));
        expect(minor.reduce((a, b) => a + b, 0)).toBe(Math.round(schedule.base * scale));
        for (const [k, line] of schedule.lines.entries()) {
          expect(line.depreciation).toBeGreaterThanOrEqual(0);
          expect(line.closingValue).toBeGreaterThanOrEqual(0);
          if (k > 0) expect(line.openingValue).toBe(schedule.lines[k - 1].closingValue);
        }
        expect(schedule.lines[schedule.lines.length - 1].closingValue).toBe(0);
        expect(schedule.lines.length).toBeGreaterThanOrEqual(i.duration);
        expect(schedule.lines.length).toBeLessThanOrEqual(i.duration + 1);
      }),
      { numRuns: 500 },
    );
  });

  it('straight-line lines stay within a minor unit of the exact annuity share', () => {
    fc.assert(
      fc.property(
        input.filter((i) => i.method === 'LINEAR'),
        (i) => {
          const schedule = depreciationSchedule(i);
          const scale = 10 ** (i.decimals ?? 2);
          for (const line of schedule.lines.slice(0, -1)) {
            // the answered prorata is rounded to 10 decimals: up to half of 1e-10 of the annuity off
            const annuity = schedule.base / i.duration;
            const exact = annuity * line.prorata;
            expect(Math.abs(line.depreciation - exact) * scale).toBeLessThanOrEqual(1 + annuity * scale * 5e-11);
          }
        },
      ),
      {
        numRuns: 300,
        // a large base with a short first period: the prorata's rounding weighs more than a minor unit
        examples: [
          [
            {
              method: 'LINEAR',
              base: 62_820_484_301,
              duration: 3,
              startDate: '2037-09-29',
              fiscalYearEndMonth: 9,
              prorata: true,
              decimals: 0,
            },
          ],
        ],
      },
    );
  });
});
