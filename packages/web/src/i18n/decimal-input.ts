import { intlLocale } from './locale.ts';

/**
 * Amounts and numbers as a user of a locale types them (spec 000 §5), read into an exact decimal
 * string without passing through a float: `1 234,56` (fr-FR), `1.234,56` (de-DE), `1,234.56`
 * (en-US), `1’234.56` (de-CH) and `١٬٢٣٤٫٥٦` (ar-EG) all give `1234.56`.
 */

export interface NumberSymbols {
  group: string;
  decimal: string;
  /** The digits Intl writes in this locale, 0 to 9 (Arabic-Indic in ar-EG, Latin in ar-MA). */
  digits: string[];
}

const symbolsCache = new Map<string, NumberSymbols>();

export function numberSymbols(locale: string): NumberSymbols {
  let symbols = symbolsCache.get(locale);
  if (!symbols) {
    const format = new Intl.NumberFormat(intlLocale(locale), { useGrouping: true });
    const parts = format.formatToParts(12345.6);
    symbols = {
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      digits: Array.from({ length: 10 }, (_, digit) => format.format(digit)),
    };
    symbolsCache.set(locale, symbols);
  }
  return symbols;
}

/** Arabic-Indic and Persian digits as Latin ones. */
export function latinDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
}

/** Spaces of every kind, apostrophes (de-CH, fr-CH) and the bidi marks Intl puts in Arabic amounts. */
const groupLike = /[\s\u00a0\u202f\u2009'’ʼ\u066c]/;
const groupsLike = new RegExp(groupLike.source, 'g');
const bidiMarks = /[\u200e\u200f\u061c]/g;

/** `0012.3400` → `12.34`, `-0.0` → `0`. */
function canonical(sign: string, integer: string, fraction: string): string {
  const whole = integer.replace(/^0+(?=\d)/, '') || '0';
  const decimals = fraction.replace(/0+$/, '');
  const text = decimals ? `${whole}.${decimals}` : whole;
  return sign === '-' && /[1-9]/.test(text) ? `-${text}` : text;
}

/** Moves the decimal point of `digits.fraction` by an exponent, in the string: `1.5e3` → `1500`. */
function shifted(integer: string, fraction: string, exponent: number): [string, string] {
  const all = integer + fraction;
  const point = integer.length + exponent;
  if (point <= 0) return ['0', '0'.repeat(-point) + all];
  if (point >= all.length) return [all + '0'.repeat(point - all.length), ''];
  return [all.slice(0, point), all.slice(point)];
}

/**
 * The exact decimal (`-1234.56`) a user of `locale` typed; undefined for empty input, null when
 * it is not a number. The locale's decimal symbol is the decimal point; a period is one too where
 * the locale does not group with it; group separators must separate groups of 2 or 3 digits.
 */
export function parseDecimalInput(text: string, locale: string): string | null | undefined {
  const symbols = numberSymbols(locale);
  const group = symbols.group;
  // The Arabic decimal separator is read as a period.
  const decimal = symbols.decimal.replace('\u066b', '.');
  let s = latinDigits(text)
    .replace(bidiMarks, '')
    .replace(/\u066b/g, '.')
    .trim();
  if (s === '') return undefined;
  s = s.replace(/^\((.*)\)$/, '-$1').replace(/^\u2212/, '-');
  s = s.replace(groupsLike, '');
  const groupMark = groupLike.test(group) ? '' : group;
  const decimals = new Set([decimal, ...(groupMark === '.' ? [] : ['.'])]);
  const match = /^([+-]?)([\d.,]*)(?:e([+-]?\d+))?$/i.exec(s);
  // Beyond 1e±100 an amount is a typing error, and the digits would be many.
  if (!match || !/\d/.test(match[2]) || Math.abs(Number(match[3] ?? 0)) > 100) return null;
  const [, sign, body, exponent] = match;
  const points = [...body.matchAll(/[.,]/g)].filter((m) => decimals.has(m[0]));
  if (points.length > 1) return null;
  const point = points[0] && { at: points[0].index };
  const integerPart = point ? body.slice(0, point.at) : body;
  const fraction = point ? body.slice(point.at + 1) : '';
  if (/[.,]/.test(fraction)) return null;
  const groups = groupMark ? integerPart.split(groupMark) : [integerPart];
  if (groups.some((g) => /[.,]/.test(g))) return null;
  if (
    groups.length > 1 &&
    (groups[0] === '' || groups.slice(1).some((g, i, rest) => !isGroup(g, i === rest.length - 1)))
  )
    return null;
  const digits = groups.join('');
  const [whole, decimalDigits] = exponent ? shifted(digits, fraction, Number(exponent)) : [digits, fraction];
  return canonical(sign, whole, decimalDigits);
}

/** The last group has 3 digits; the others 3, or 2 in the Indian grouping (12,34,567). */
const isGroup = (digits: string, last: boolean) => (last ? /^\d{3}$/ : /^\d{2,3}$/).test(digits);

/** A number as a user of `locale` edits it: the locale's digits and decimal symbol, no grouping. */
export function decimalInputText(value: number, locale: string): string {
  if (!Number.isFinite(value)) return '';
  const { decimal, digits } = numberSymbols(locale);
  return String(value)
    .replace('.', decimal)
    .replace(/\d/g, (d) => digits[Number(d)]);
}
