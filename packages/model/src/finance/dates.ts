/**
 * Calendar dates of the finance code as day numbers (days since 1970-01-01), free of time zones:
 * a due date is a calendar day, not an instant.
 */
import { financeFail } from './finance-errors.ts';

const MS_PER_DAY = 86_400_000;

/** A `YYYY-MM-DD` string (years 1000 to 9999) as a day number, or undefined if it is not a date. */
export function parseIsoDate(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const y = Number(match[1]), m = Number(match[2]), d = Number(match[3]);
  if (y < 1000 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return undefined;
  return fromYmd(y, m, d);
}

export function formatIsoDate(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

export function fromYmd(y: number, m: number, d: number): number {
  return Date.UTC(y, m - 1, d) / MS_PER_DAY;
}

export function toYmd(day: number): { y: number; m: number; d: number } {
  const date = new Date(day * MS_PER_DAY);
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
}

export function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** 0 for Sunday … 6 for Saturday (1970-01-01 was a Thursday). */
export function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/**
 * The date `months` months after (y, m) on the given day of the month. Spec 000 §9: a date whose
 * day falls before the payment day (the 31st overflowing a 30-day month) moves to the end of the
 * prior month, which is the same as keeping the payment day but at most the month's last day.
 */
export function monthDate(y: number, m: number, months: number, paymentDay: number): number {
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12), month = index - year * 12 + 1;
  return fromYmd(year, month, Math.min(paymentDay, daysInMonth(year, month)));
}

export const dayCounts = ['30/360', 'ACT/360', 'ACT/365'] as const;
export type DayCount = (typeof dayCounts)[number];

/** Days of a year in each day-count convention. */
export const dayCountBasis: Record<DayCount, number> = { '30/360': 360, 'ACT/360': 360, 'ACT/365': 365 };

/**
 * 30/360 days between two dates given with their nominal day of month (the payment day before
 * it was cut to a short month's end), each day capped at 30: every regular month counts 30 days,
 * February included.
 */
export function days360(from: number, fromDay: number, to: number, toDay: number): number {
  const a = toYmd(from), b = toYmd(to);
  return 360 * (b.y - a.y) + 30 * (b.m - a.m) + Math.min(toDay, 30) - Math.min(fromDay, 30);
}

/** Business days: weekends and holidays are not; a due date on one moves to the next that is. */
export interface BusinessCalendar {
  /** Holidays as `YYYY-MM-DD`. */
  holidays?: readonly string[];
  /** Days of the week that are not worked, 0 for Sunday … 6 for Saturday; Saturday and Sunday by default. */
  weekendDays?: readonly number[];
}

/** Spec 000 §8: DATE_NOT_FOUND after 1000 attempts at finding a business day. */
export const MAX_BUSINESS_DAY_ATTEMPTS = 1000;

/** A function moving a day to the first business day on or after it. */
export function businessDayAdjuster(calendar: BusinessCalendar): (day: number) => number {
  const holidays = new Set<number>();
  for (const text of calendar.holidays ?? []) {
    const day = parseIsoDate(text);
    if (day === undefined) financeFail('INVALID_DATES', `holiday ${String(text)} is not a YYYY-MM-DD date`);
    holidays.add(day);
  }
  const weekend = new Set(calendar.weekendDays ?? [0, 6]);
  return (day) => {
    let candidate = day;
    for (let attempt = 0; attempt < MAX_BUSINESS_DAY_ATTEMPTS; attempt++, candidate++) {
      if (!weekend.has(weekday(candidate)) && !holidays.has(candidate)) return candidate;
    }
    return financeFail('DATE_NOT_FOUND', MAX_BUSINESS_DAY_ATTEMPTS, formatIsoDate(day));
  };
}
