import { describe, expect, it } from 'vitest';
import { depreciationSpreads, earnedIn, interestSpreads, rentalIncomeSpread } from './lessor.ts';

/**
 * The worked example, computed by hand:
 * a finance lease of 10,000.00 at 12% a year (1% a month), three monthly rents in arrears of
 * 3,400.22, 3,400.22 and 3,400.23 from 2026-01-15: interest 100.00 (15 Jan–15 Feb, 31 days),
 * 67.00 (15 Feb–15 Mar, 28 days), 33.67 (15 Mar–15 Apr, 31 days).
 *   January   100.00 × 17/31 = 54.84
 *   February  100.00 − 54.84 = 45.16, + 67.00 × 14/28 = 33.50 → 78.66
 *   March     67.00 − 33.50 = 33.50, + 33.67 × 17/31 = 18.46 → 51.96
 *   April     33.67 − 18.46 = 15.21
 * 200.67 in all, the schedule's interest; the net investment 10,000.00 + 200.67 − 10,200.67 rents = 0.
 * The same rents on an operating lease (3 × 1,000.00 excl. tax over the 90 days of the term):
 *   January 3,000 × 17/90 = 566.67; February 3,000 × 45/90 − 566.67 = 933.33; March 3,000 × 76/90 − 1,500 = 1,033.33; April 466.67.
 */
const lines = [
  { dueDate: '2026-02-15', interest: 100, amountExclTax: 1000 },
  { dueDate: '2026-03-15', interest: 67, amountExclTax: 1000 },
  { dueDate: '2026-04-15', interest: 33.67, amountExclTax: 1000 },
];
const months = ['2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05'];

describe('lessor accounting', () => {
  it('accrues a finance lease’s interest month by month by effective interest', () => {
    const spreads = interestSpreads('2026-01-15', lines, 2);
    expect(months.map((m) => earnedIn(spreads, m))).toEqual([0, 5484, 7866, 5196, 1521, 0]);
    expect(months.reduce((s, m) => s + earnedIn(spreads, m), 0)).toBe(20067);
    const rents = 340022 + 340022 + 340023;
    expect(1_000_000 + 20067 - rents).toBe(0);
  });

  it('recognises an operating lease’s rental income straight-line over the term', () => {
    const spread = rentalIncomeSpread('2026-01-15', '2026-04-15', lines, 2);
    expect(months.map((m) => earnedIn([spread], m))).toEqual([0, 56667, 93333, 103333, 46667, 0]);
  });

  it('spreads a fiscal year’s depreciation over its days; an advance line with no days is earned on its day', () => {
    const spreads = depreciationSpreads([{ startDate: '2026-01-01', endDate: '2026-12-31', depreciation: 3650 }], 2);
    expect(['2026-01', '2026-02', '2026-12'].map((m) => earnedIn(spreads, m))).toEqual([31000, 28000, 31000]);
    expect(
      earnedIn(
        interestSpreads(
          '2026-01-15',
          [
            { dueDate: '2026-01-15', interest: 0 },
            { dueDate: '2026-02-15', interest: 31 },
          ],
          2,
        ),
        '2026-01',
      ),
    ).toBe(1700);
  });
});
