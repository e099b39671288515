import { closestLocale, localeInfo } from '../i18n/locales.ts';

/**
 * Date values at the API edge. Dates (no time) are `YYYY-MM-DD`; datetimes are ISO strings in UTC.
 * Filters accept compact stamps (`YYYYMMDD`, `YYYYMMDDHHmmss`) and ISO strings.
 */
const compactDate = /^(\d{4})(\d{2})(\d{2})$/;
const compactStamp = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/;
const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;
const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

function validDay(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Offset in minutes of `timeZone` at `instant` (Europe/Paris in winter → 60). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60000);
}

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The instant of midnight starting `day` (YYYY-MM-DD) in `timeZone`. */
export function zonedMidnight(day: string, timeZone = 'UTC'): Date {
  const [y, m, d] = day.split('-').map(Number);
  const guess = new Date(Date.UTC(y, m - 1, d));
  const offset = zoneOffsetMinutes(guess, timeZone);
  const first = new Date(guess.getTime() - offset * 60000);
  // Re-read the offset at the found instant: correct across a DST change on that day.
  const second = zoneOffsetMinutes(first, timeZone);
  return second === offset ? first : new Date(guess.getTime() - second * 60000);
}

/** The calendar day (YYYY-MM-DD) of an instant in `timeZone`. */
export function dayIn(instant: Date, timeZone = 'UTC'): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
}

export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** A filter or field value as a day or an instant; undefined when it is not a date. */
export function parseDateValue(value: string): { day: string } | { instant: Date } | undefined {
  let m = compactDate.exec(value) ?? isoDate.exec(value);
  if (m) return validDay(+m[1], +m[2], +m[3]) ? { day: `${m[1]}-${m[2]}-${m[3]}` } : undefined;
  m = compactStamp.exec(value);
  if (m) {
    if (!validDay(+m[1], +m[2], +m[3]) || +m[4] > 23 || +m[5] > 59 || +m[6] > 59) return undefined;
    return { instant: new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6])) };
  }
  if (!isoDateTime.test(value)) return undefined;
  const [y, mo, d] = value.slice(0, 10).split('-').map(Number);
  const instant = new Date(value.length <= 16 || !/[Z+-]\d*:?\d*$/.test(value.slice(10)) ? `${value}Z` : value);
  return validDay(y, mo, d) && !Number.isNaN(instant.getTime()) ? { instant } : undefined;
}

/**
 * Spec 000 §5: a day typed with separators (`03/04/2025`, `3.4.2025`, `03-04-2025`). A 4-digit
 * last segment is day-month-year, or month-day-year where the locale writes months first (en-US),
 * so that segment order needs the locale: without one, an ambiguous day (both first segments ≤ 12
 * and different) is `MISSING_LOCALE`. A 4-digit first segment is year-month-day in every locale.
 * Undefined when the text is not such a day; INVALID_DATE when it names no day of the calendar.
 */
export function parseTypedDay(
  text: string,
  locale: string | undefined,
): { day: string } | { error: TypedDayError } | undefined {
  const s = text.trim();
  let m = /^(\d{4})[-/. ](\d{1,2})[-/. ](\d{1,2})$/.exec(s);
  if (m) return typedDay(+m[1], +m[2], +m[3]);
  m = /^(\d{1,2})[-/. ](\d{1,2})[-/. ](\d{4})$/.exec(s);
  if (!m) return undefined;
  const [first, second, year] = [+m[1], +m[2], +m[3]];
  if (!locale) {
    // Only a segment above 12 (a day) or two equal segments tell the order without a locale.
    if (first > 12) return typedDay(year, second, first);
    if (second > 12 || first === second) return typedDay(year, first, second);
    return { error: 'MISSING_LOCALE' };
  }
  const monthFirst = (localeInfo(locale) ?? localeInfo(closestLocale(locale)))?.dateFormat === 'MM-DD-YYYY';
  return monthFirst ? typedDay(year, first, second) : typedDay(year, second, first);
}
export type TypedDayError = 'INVALID_DATE' | 'MISSING_LOCALE';

const typedDay = (y: number, m: number, d: number): { day: string } | { error: TypedDayError } =>
  validDay(y, m, d)
    ? { day: `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}` }
    : { error: 'INVALID_DATE' };
