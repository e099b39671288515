/**
 * TARGET2 business days (the ECB's settlement calendar, used by SEPA clearing): every weekday but
 * 1 January, Good Friday, Easter Monday, 1 May, 25 and 26 December. A direct debit is collected on
 * such a day, at least the scheme's lead time (in business days) after the file is sent.
 */

const DAY = 86_400_000;
const toTime = (day: string) => Date.parse(`${day}T00:00:00Z`);
const toDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Easter Sunday of `year` (Gregorian calendar, anonymous algorithm of Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19,
    b = Math.floor(year / 100),
    c = year % 100,
    d = Math.floor(b / 4),
    e = b % 4;
  const f = Math.floor((b + 8) / 25),
    g = Math.floor((b - f + 1) / 3),
    h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4),
    k = c % 4,
    l = (32 + 2 * e + 2 * i - h - k) % 7,
    m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31),
    day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const holidays = new Map<number, Set<string>>();

/** The TARGET2 closing days of `year`. */
export function target2Holidays(year: number): Set<string> {
  let days = holidays.get(year);
  if (!days) {
    const easter = toTime(easterSunday(year));
    days = new Set([
      `${year}-01-01`,
      toDay(easter - 2 * DAY),
      toDay(easter + DAY),
      `${year}-05-01`,
      `${year}-12-25`,
      `${year}-12-26`,
    ]);
    holidays.set(year, days);
  }
  return days;
}

/** Whether `day` (YYYY-MM-DD) is a TARGET2 business day. */
export function isTarget2BusinessDay(day: string): boolean {
  const weekday = new Date(toTime(day)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !target2Holidays(Number(day.slice(0, 4))).has(day);
}

/** `day` itself when it is a business day, else the next one. */
export function nextBusinessDay(day: string): string {
  let time = toTime(day);
  while (!isTarget2BusinessDay(toDay(time))) time += DAY;
  return toDay(time);
}

/** The business day `n` business days after `day` (n ≥ 0; 0 is `day` moved to a business day). */
export function addBusinessDays(day: string, n: number): string {
  let current = nextBusinessDay(day);
  for (let i = 0; i < n; i++) current = nextBusinessDay(toDay(toTime(current) + DAY));
  return current;
}

/** Lead time of each scheme in business days (EPC rulebooks since 2016: D-1 for CORE and B2B alike). */
export const SCHEME_LEAD_DAYS: Record<string, number> = { CORE: 1, B2B: 1 };

/**
 * The collection date of a debit due on `dueDate`, for a file sent on `today`: its due date, or
 * the first possible day when that is sooner than the lead time allows, on a business day.
 */
export function collectionDate(dueDate: string, today: string, leadDays: number): string {
  const earliest = addBusinessDays(today, leadDays);
  return nextBusinessDay(dueDate > earliest ? dueDate : earliest);
}
