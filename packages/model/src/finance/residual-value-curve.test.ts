import { describe, expect, it } from 'vitest';
import { ApiError } from '@lbo/model/errors';
import {
  curvePoints,
  followCurve,
  percentAt,
  percentFraction,
  residualAmount,
  termMonths,
} from './residual-value-curve.ts';

const curve = [
  { months: 12, percent: '80' },
  { months: 36, percent: '55.5' },
  { months: 60, percent: '38' },
];

describe('percentage of a curve at a term', () => {
  it('reads a point exactly at its month', () => {
    expect(percentAt(curve, 36)).toEqual({ percent: '55.5' });
    expect(percentAt(curve, 12)).toEqual({ percent: '80' });
    expect(percentAt(curve, 60)).toEqual({ percent: '38' });
  });

  it('reads between two points on the straight line, exactly', () => {
    // 80 + (55.5 − 80) · 12 / 24 = 67.75
    expect(percentAt(curve, 24)).toEqual({ percent: '67.75' });
    // 55.5 + (38 − 55.5) · 12 / 24 = 46.75
    expect(percentAt(curve, 48)).toEqual({ percent: '46.75' });
    // 80 − 24.5 · 1 / 24 = 78.979166666… → 78.979167 (six places, half away from zero)
    expect(percentAt(curve, 13)).toEqual({ percent: '78.979167' });
    // 55.5 − 17.5 · 5 / 24 = 51.854166666… → 51.854167
    expect(percentAt(curve, 41)).toEqual({ percent: '51.854167' });
  });

  it('takes the first point before the curve and the last after it, and says so', () => {
    expect(percentAt(curve, 6)).toEqual({ percent: '80', outside: 'before' });
    expect(percentAt(curve, 0)).toEqual({ percent: '80', outside: 'before' });
    expect(percentAt(curve, 72)).toEqual({ percent: '38', outside: 'after' });
  });

  it('reads a curve given out of order, and a curve of one point', () => {
    expect(percentAt([curve[2], curve[0], curve[1]], 24)).toEqual({ percent: '67.75' });
    expect(percentAt([{ months: 36, percent: '50' }], 36)).toEqual({ percent: '50' });
    expect(percentAt([{ months: 36, percent: '50' }], 48)).toEqual({ percent: '50', outside: 'after' });
  });

  it('refuses a curve it cannot read, naming the point', () => {
    const refusal = (points: { months: unknown; percent: unknown }[]) => {
      try {
        curvePoints(points);
      } catch (e) {
        return (e as ApiError).message;
      }
      return 'accepted';
    };
    expect(refusal([])).toBe('Invalid value [] for field residualValueCurve.points');
    expect(refusal([{ months: 1.5, percent: '50' }])).toBe(
      'Invalid value 1.5 for field residualValueCurve.points[0].months',
    );
    expect(refusal([{ months: 12, percent: 'much' }])).toBe(
      'Invalid value "much" for field residualValueCurve.points[0].percent',
    );
    expect(refusal([{ months: 12, percent: '101' }])).toBe(
      'Invalid value 101 for field residualValueCurve.points[0].percent',
    );
    expect(refusal([curve[0], { ...curve[1], months: 12 }])).toMatch(/points\.months \(twice\)$/);
    expect(() => percentAt(curve, -1)).toThrow(ApiError);
  });
});

describe('residual value amount', () => {
  it('is the percentage of the base rounded half away from zero to the currency', () => {
    expect(residualAmount(30000, '67.75', 2)).toBe('20325.00');
    // 24999.99 × 51.854167 % = 12963.536…
    expect(residualAmount('24999.99', '51.854167', 2)).toBe('12963.54');
    // 0.125 → 0.13 (half away from zero), not the float's 0.12
    expect(residualAmount('0.25', '50', 2)).toBe('0.13');
    expect(residualAmount(1000, '33.333333', 0)).toBe('333');
  });

  it('stores the percentage as the fraction of a percentage field', () => {
    expect(percentFraction('67.75')).toBe(0.6775);
    expect(percentFraction('51.854167')).toBe(0.51854167);
  });
});

describe('term in months', () => {
  it('counts the periods in months, weekly and daily ones rounded to whole months', () => {
    expect(termMonths(36, '30')).toBe(36);
    expect(termMonths(12, 90)).toBe(36);
    expect(termMonths(6, '180')).toBe(36);
    expect(termMonths(3, '360')).toBe(36);
    expect(termMonths(3, undefined)).toBe(3);
    // 104 weeks = 728 days = 23.93 months
    expect(termMonths(104, '7')).toBe(24);
    expect(() => termMonths(3, '45')).toThrow('Invalid value "45" for field frequency');
  });
});

describe('a saved quotation keeps to its curve', () => {
  const stored = {
    registration: 'Q1',
    duration: 24,
    frequency: '30',
    residualValue: 20325,
    residualValueSource: 'CATALOGUE',
    residualValuePercent: 0.6775,
    residualValueBase: 30000,
    residualValueCurve: { points: curve },
    residualValueDate: '2026-11-28T10:00:00.000Z',
  };

  it('reads a new term again on the stored curve', () => {
    expect(followCurve({ ...stored, duration: 48 }, stored, 2)).toMatchObject({
      residualValue: 14025,
      residualValuePercent: 0.4675,
      residualValueSource: 'CATALOGUE',
    });
    expect(followCurve({ ...stored, duration: 24, frequency: '90' }, stored, 2)).toMatchObject({
      residualValue: 11400,
      residualValuePercent: 0.38,
    });
  });

  it('gives way to a residual value typed over it, and leaves a manual one alone', () => {
    expect(followCurve({ ...stored, residualValue: 19000 }, stored, 2)).toMatchObject({
      residualValue: 19000,
      residualValueSource: 'MANUAL',
    });
    const manual = { ...stored, residualValueSource: 'MANUAL', duration: 48 };
    expect(followCurve(manual, stored, 2)).toBe(manual);
  });

  it('takes a new reading as it is', () => {
    const reading = { ...stored, residualValue: 21000, residualValueDate: '2026-11-29T10:00:00.000Z' };
    expect(followCurve(reading, stored, 2).residualValue).toBe(20325);
  });
});
