import dayjs from 'dayjs';
import { intlLocale } from '../i18n/locale.ts';

/**
 * Typed input → stored value (spec 000 §5). Empty input is undefined; unparsable numbers are
 * NaN; an unparsable date is kept as an InvalidInput so the field can say "Invalid date".
 */
export interface InvalidInput {
  invalidInput: string;
}
export const isInvalidInput = (v: unknown): v is InvalidInput =>
  typeof v === 'object' && v !== null && 'invalidInput' in v;

/** Today as `YYYY-MM-DD` in the browser's zone. */
export function localDay(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function separators(locale: string) {
  const parts = new Intl.NumberFormat(intlLocale(locale)).formatToParts(12345.6);
  return {
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
}

const numberPattern = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** Sign, decimals and exponent; the locale's decimal symbol and group separators are accepted. */
export function parseNumberInput(text: string, locale: string): number | undefined {
  let s = text.trim().replace(/[\s\u00a0\u202f']/g, '');
  if (s === '') return undefined;
  const { group, decimal } = separators(locale);
  if (group === '.' || group === ',') s = s.split(group).join('');
  if (decimal !== '.') s = s.replace(decimal, '.');
  return numberPattern.test(s) ? Number(s) : Number.NaN;
}

/** Currency input: symbols and codes around the amount are ignored. */
export function parseCurrencyInput(text: string, locale: string): number | undefined {
  return parseNumberInput(text.replace(/[€$£¥]|\b[A-Z]{3}\b/g, ''), locale);
}

/** `5,25 %` → 0.0525: the input divided by 100, rounded to 10 digits. */
export function parsePercentageInput(text: string, locale: string): number | undefined {
  const n = parseNumberInput(text.trim().replace(/%$/, ''), locale);
  return n === undefined || Number.isNaN(n) ? n : Number((n / 100).toFixed(10));
}

/** A number as typed back into an input: no grouping, the locale's decimal symbol. */
export function numberInputText(value: unknown, locale: string): string {
  if (typeof value !== 'number' || Number.isNaN(value)) return '';
  return String(value).replace('.', separators(locale).decimal);
}

const day = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');
const keywords: Record<string, (today: dayjs.Dayjs) => dayjs.Dayjs> = {
  today: (d) => d,
  "aujourd'hui": (d) => d,
  yesterday: (d) => d.subtract(1, 'day'),
  hier: (d) => d.subtract(1, 'day'),
  tomorrow: (d) => d.add(1, 'day'),
  demain: (d) => d.add(1, 'day'),
  'first day of month': (d) => d.startOf('month'),
  'last day of month': (d) => d.endOf('month'),
  'first day of next month': (d) => d.add(1, 'month').startOf('month'),
  'first day of previous month': (d) => d.subtract(1, 'month').startOf('month'),
  'first day of year': (d) => d.startOf('year'),
  'last day of year': (d) => d.endOf('year'),
};

function validDay(y: number, m: number, d: number): string | undefined {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * Accepted dates: relative keywords, 8- or 14-digit compact stamps, ISO strings, and
 * separated day-month-year (month-day-year for a US locale) with a 4-digit year.
 */
export function parseDateInput(text: string, locale: string, today = new Date()): string | InvalidInput | undefined {
  const s = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (s === '') return undefined;
  const keyword = keywords[s];
  if (keyword) return day(keyword(dayjs(today)));
  let m = /^(\d{4})(\d{2})(\d{2})(\d{6})?$/.exec(s);
  if (m) return validDay(+m[1], +m[2], +m[3]) ?? { invalidInput: text };
  m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(s);
  if (m) return validDay(+m[1], +m[2], +m[3]) ?? { invalidInput: text };
  m = /^(\d{1,2})[-/. ](\d{1,2})[-/. ](\d{4})$/.exec(s);
  if (m) {
    const us = /^en-US$/i.test(locale);
    return (us ? validDay(+m[3], +m[1], +m[2]) : validDay(+m[3], +m[2], +m[1])) ?? { invalidInput: text };
  }
  if (/^\d{4}-\d{2}-\d{2}t\d{2}:\d{2}/.test(s)) {
    const d = dayjs(text.trim());
    if (d.isValid()) return day(d);
  }
  return { invalidInput: text };
}

/** A date as above, optionally followed by a time `HH:mm` (after a space, ` - ` or `T`). */
export function parseDateTimeInput(text: string, locale: string, now = new Date()): Date | InvalidInput | undefined {
  const s = text.trim();
  if (s === '') return undefined;
  if (/^now$|^maintenant$/i.test(s)) return now;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(s)) {
    const d = new Date(s);
    return Number.isNaN(d.getTime()) ? { invalidInput: text } : d;
  }
  const m = /^(.*?)(?:\s+-\s+|\s+|T)(\d{1,2}):(\d{2})$/.exec(s);
  const datePart = parseDateInput(m ? m[1] : s, locale, now);
  if (datePart === undefined || isInvalidInput(datePart)) return { invalidInput: text };
  const [h, min] = m ? [+m[2], +m[3]] : [0, 0];
  if (h > 23 || min > 59) return { invalidInput: text };
  const [y, mo, d] = datePart.split('-').map(Number);
  return new Date(y, mo - 1, d, h, min);
}
