/**
 * Calendar dates of the finance code as day numbers (days since 1970-01-01), free of time zones:
 * a due date is a calendar day, not an instant.
 */
import { financeFail } from './finance-errors.ts';

/** A `YYYY-MM-DD` string (years 1000 to 9999) as a day number, or undefined if it is not a date. */
export function parseIsoDate(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const y = Number(match[1]),
    m = Number(match[2]),
    d = Number(match[3]);
  if (y < 1000 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return undefined;
  return fromYmd(y, m, d);
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);

export function formatIsoDate(day: number): string {
  const { y, m, d } = toYmd(day);
  return `${String(y).padStart(4, '0')}-${pad2(m)}-${pad2(d)}`;
}

// Civil calendar arithmetic on day numbers (H. Hinnant's algorithms): no Date objects, which
// cost more than the rest of a payment plan's line put together.

export function fromYmd(y: number, m: number, d: number): number {
  const year = m <= 2 ? y - 1 : y;
  const era = Math.floor(year / 400),
    yearOfEra = year - era * 400;
  const dayOfYear = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

export function toYmd(day: number): { y: number; m: number; d: number } {
  const z = day + 719468,
    era = Math.floor(z / 146097),
    dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const m = mp < 10 ? mp + 3 : mp - 9;
  return { y: yearOfEra + era * 400 + (m <= 2 ? 1 : 0), m, d: dayOfYear - Math.floor((153 * mp + 2) / 5) + 1 };
}

const monthLengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(y: number, m: number): number {
  if (m !== 2) return monthLengths[m - 1];
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
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
  const year = Math.floor(index / 12),
    month = index - year * 12 + 1;
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
  const a = toYmd(from),
    b = toYmd(to);
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
