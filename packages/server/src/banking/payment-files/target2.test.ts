import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  collectionDate,
  easterSunday,
  isTarget2BusinessDay,
  nextBusinessDay,
  target2Holidays,
} from './target2.ts';

describe('TARGET2 calendar', () => {
  it('finds Easter Sunday', () => {
    expect(['2024', '2025', '2026', '2027', '2038'].map((y) => easterSunday(Number(y)))).toEqual([
      '2024-03-31',
      '2025-04-20',
      '2026-04-05',
      '2027-03-28',
      '2038-04-25',
    ]);
  });

  it('closes on weekends, 1 January, Good Friday, Easter Monday, 1 May, 25 and 26 December', () => {
    expect([...target2Holidays(2026)].sort()).toEqual([
      '2026-01-01',
      '2026-04-03',
      '2026-04-06',
      '2026-05-01',
      '2026-12-25',
      '2026-12-26',
    ]);
    for (const day of [
      '2026-01-01',
      '2026-04-03',
      '2026-04-06',
      '2026-05-01',
      '2026-12-25',
      '2026-12-26',
      '2026-03-07',
      '2026-03-08',
    ])
      expect(isTarget2BusinessDay(day), day).toBe(false);
    // Ascension, Whit Monday, 14 July, Christmas Eve: national holidays, TARGET2 open.
    for (const day of ['2026-05-14', '2026-05-25', '2026-07-14', '2026-12-24', '2026-03-09'])
      expect(isTarget2BusinessDay(day), day).toBe(true);
  });

  it('moves to the next business day and counts business days', () => {
    expect(nextBusinessDay('2026-04-03')).toBe('2026-04-07');
    expect(nextBusinessDay('2026-03-09')).toBe('2026-03-09');
    expect(nextBusinessDay('2026-12-25')).toBe('2026-12-28');
    expect(addBusinessDays('2026-03-06', 1)).toBe('2026-03-09');
    expect(addBusinessDays('2026-03-07', 1)).toBe('2026-03-10');
    expect(addBusinessDays('2026-12-24', 1)).toBe('2026-12-28');
    expect(addBusinessDays('2026-12-31', 1)).toBe('2027-01-04');
  });

  it('collects on the due date when the lead time allows it, else on the first possible business day', () => {
    expect(collectionDate('2026-03-20', '2026-03-02', 1)).toBe('2026-03-20');
    expect(collectionDate('2026-03-21', '2026-03-02', 1)).toBe('2026-03-23');
    expect(collectionDate('2026-03-02', '2026-03-02', 1)).toBe('2026-03-03');
    expect(collectionDate('2026-01-15', '2026-04-02', 1)).toBe('2026-04-07');
    expect(collectionDate('2026-04-02', '2026-04-02', 5)).toBe('2026-04-13');
  });
});
