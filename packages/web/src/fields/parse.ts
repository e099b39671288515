import dayjs from 'dayjs';
import { parseTypedDay } from '@lbo/model/values/dates';
import { decimalInputText, latinDigits, parseDecimalInput } from '../i18n/decimal-input.ts';

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

/**
 * Sign, decimals and exponent as a user of the locale types them (its decimal symbol, group
 * separators and digits; i18n/decimal-input.ts): the exact decimal read, as a number.
 */
export function parseNumberInput(text: string, locale: string): number | undefined {
  const decimal = parseDecimalInput(text, locale);
  return decimal === undefined ? undefined : decimal === null ? Number.NaN : Number(decimal);
}

/** Currency input: symbols and codes around the amount are ignored. */
export function parseCurrencyInput(text: string, locale: string): number | undefined {
  return parseNumberInput(text.replace(/\p{Sc}|\b[A-Z]{3}\b/gu, ''), locale);
}

/** `5,25 %` → 0.0525: the input divided by 100, rounded to 10 digits. */
export function parsePercentageInput(text: string, locale: string): number | undefined {
  const n = parseNumberInput(text.trim().replace(/\s*[%\u066a]\p{Cf}*$/u, ''), locale);
  return n === undefined || Number.isNaN(n) ? n : Number((n / 100).toFixed(10));
}

/** A number as typed back into an input: no grouping, the locale's digits and decimal symbol. */
export function numberInputText(value: unknown, locale: string): string {
  if (typeof value !== 'number' || Number.isNaN(value)) return '';
  return decimalInputText(value, locale);
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
 * Accepted dates: relative keywords, 8- or 14-digit compact stamps, ISO strings, and days typed
 * with separators in the locale's order (model values/dates.ts: `03/04/2025` is 3 April in fr-FR,
 * 4 March in en-US), in Latin or Arabic-Indic digits.
 */
export function parseDateInput(text: string, locale: string, today = new Date()): string | InvalidInput | undefined {
  const s = latinDigits(text).trim().toLowerCase().replace(/\s+/g, ' ');
  if (s === '') return undefined;
  const keyword = keywords[s];
  if (keyword) return day(keyword(dayjs(today)));
  const m = /^(\d{4})(\d{2})(\d{2})(\d{6})?$/.exec(s);
  if (m) return validDay(+m[1], +m[2], +m[3]) ?? { invalidInput: text };
  const typed = parseTypedDay(s, locale);
  if (typed) return 'day' in typed ? typed.day : { invalidInput: text };
  if (/^\d{4}-\d{2}-\d{2}t\d{2}:\d{2}/.test(s)) {
    const d = dayjs(text.trim());
    if (d.isValid()) return day(d);
  }
  return { invalidInput: text };
}

/** A date as above, optionally followed by a time `HH:mm` (after a space, ` - ` or `T`). */
export function parseDateTimeInput(text: string, locale: string, now = new Date()): Date | InvalidInput | undefined {
  const s = latinDigits(text).trim();
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
