import { describe, expect, it } from 'vitest';
import {
  businessDayAdjuster,
  days360,
  daysInMonth,
  formatIsoDate,
  fromYmd,
  monthDate,
  parseIsoDate,
  weekday,
} from './dates.ts';

const day = (text: string) => parseIsoDate(text)!;

describe('dates', () => {
  it('parses and formats YYYY-MM-DD', () => {
    expect(parseIsoDate('1970-01-01')).toBe(0);
    expect(formatIsoDate(day('2024-02-29'))).toBe('2024-02-29');
    expect(parseIsoDate('2023-02-29')).toBeUndefined();
    expect(parseIsoDate('2024-13-01')).toBeUndefined();
    expect(parseIsoDate('2024-1-01')).toBeUndefined();
    expect(parseIsoDate('0999-01-01')).toBeUndefined();
    expect(parseIsoDate(20240101)).toBeUndefined();
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(weekday(day('2024-01-01'))).toBe(1);
    expect(fromYmd(2000, 3, 1) - fromYmd(2000, 2, 28)).toBe(2);
  });

  it('moves a payment day past the end of a short month to its last day (spec 000 §9)', () => {
    expect(formatIsoDate(monthDate(2024, 1, 1, 31))).toBe('2024-02-29');
    expect(formatIsoDate(monthDate(2023, 1, 1, 31))).toBe('2023-02-28');
    expect(formatIsoDate(monthDate(2024, 1, 2, 31))).toBe('2024-03-31');
    expect(formatIsoDate(monthDate(2024, 1, 3, 31))).toBe('2024-04-30');
    expect(formatIsoDate(monthDate(2024, 11, 3, 15))).toBe('2025-02-15');
    expect(formatIsoDate(monthDate(2024, 3, -1, 30))).toBe('2024-02-29');
  });

  it('counts 30/360 on the nominal payment day: every regular month is 30 days', () => {
    expect(days360(day('2024-01-31'), 31, day('2024-02-29'), 31)).toBe(30);
    expect(days360(day('2024-02-29'), 31, day('2024-03-31'), 31)).toBe(30);
    expect(days360(day('2023-01-28'), 28, day('2023-02-28'), 28)).toBe(30);
    expect(days360(day('2024-01-15'), 15, day('2024-04-15'), 15)).toBe(90);
    expect(days360(day('2024-01-31'), 31, day('2024-02-01'), 1)).toBe(1);
    expect(days360(day('2024-01-10'), 10, day('2024-02-05'), 5)).toBe(25);
  });

  it('moves due dates to the next business day', () => {
    const adjust = businessDayAdjuster({ holidays: ['2024-12-25', '2024-12-26'] });
    expect(formatIsoDate(adjust(day('2024-06-01')))).toBe('2024-06-03'); // Saturday
    expect(formatIsoDate(adjust(day('2024-06-04')))).toBe('2024-06-04');
    expect(formatIsoDate(adjust(day('2024-12-25')))).toBe('2024-12-27');
    const fridays = businessDayAdjuster({ weekendDays: [0, 1, 2, 3, 4, 6] });
    expect(weekday(fridays(day('2024-06-01')))).toBe(5);
  });

  it('answers DATE_NOT_FOUND after 1000 attempts, INVALID_DATES for a bad holiday', () => {
    const never = businessDayAdjuster({ weekendDays: [0, 1, 2, 3, 4, 5, 6] });
    expect(() => never(day('2024-06-01'))).toThrow(
      expect.objectContaining({
        code: 'DATE_NOT_FOUND',
        reference: '400|DATE_NOT_FOUND|No business day found after 1000 attempts from 2024-06-01',
      }),
    );
    const holidays = Array.from({ length: 1000 }, (_, i) => formatIsoDate(day('2024-01-01') + i));
    expect(() => businessDayAdjuster({ holidays, weekendDays: [] })(day('2024-01-01'))).toThrow(
      expect.objectContaining({ code: 'DATE_NOT_FOUND' }),
    );
    expect(
      formatIsoDate(businessDayAdjuster({ holidays: holidays.slice(0, 999), weekendDays: [] })(day('2024-01-01'))),
    ).toBe(holidays[999]);
    expect(() => businessDayAdjuster({ holidays: ['2024-02-30'] })).toThrow(
      expect.objectContaining({ code: 'INVALID_DATES' }),
    );
  });
});
