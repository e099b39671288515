import dayjs from 'dayjs';
import { localeInfo } from '@lbo/model/i18n/locales';
import { currencyDecimals, currencySymbolBefore, isoCurrency } from '@lbo/model/values/currencies';
import { numberSymbols } from './decimal-input.ts';
import { intlLocale } from './locale.ts';

/** Display formats of spec 000 §9, through Intl and dayjs, for every locale of model i18n/locales.ts. */

/** Day format per locale: French and Belgian DD/MM/YYYY, en-US MM-DD-YYYY, Lithuanian YYYY-MM-DD, default DD-MM-YYYY. */
export function dateFormatOf(locale: string): string {
  return localeInfo(locale)?.dateFormat ?? 'DD-MM-YYYY';
}
export const timeFormat = 'HH:mm';
export const dateTimeFormatOf = (locale: string) => `${dateFormatOf(locale)} - ${timeFormat}`;

/** Latin digits written as Intl writes digits in the locale: Arabic-Indic in ar-EG and ar-SA, unchanged elsewhere. */
export function localeDigits(text: string, locale: string): string {
  const { digits } = numberSymbols(locale);
  return digits[0] === '0' ? text : text.replace(/\d/g, (d) => digits[Number(d)]);
}

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A day (`YYYY-MM-DD`, kept as is: no time zone shift) or an instant, as the locale's day. */
export function formatDate(value: unknown, locale: string): string {
  if (value === undefined || value === null || value === '') return '';
  const day = typeof value === 'string' ? dayPattern.exec(value) : null;
  if (day)
    return localeDigits(
      dateFormatOf(locale).replace('YYYY', day[1]).replace('MM', day[2]).replace('DD', day[3]),
      locale,
    );
  const d = dayjs(value as string | Date);
  return d.isValid() ? localeDigits(d.locale('en').format(dateFormatOf(locale)), locale) : String(value);
}

/** An instant in the browser's time zone: `15-03-2024 - 14:05`. */
export function formatDateTime(value: unknown, locale: string): string {
  if (value === undefined || value === null || value === '') return '';
  const d = dayjs(value as string | Date);
  return d.isValid() ? localeDigits(d.locale('en').format(dateTimeFormatOf(locale)), locale) : String(value);
}

/** The time of an instant in the browser's time zone: `14:05` (HH:mm in every locale). */
export function formatTime(value: unknown, locale: string): string {
  if (value === undefined || value === null || value === '') return '';
  const d = dayjs(value as string | Date);
  return d.isValid() ? localeDigits(d.format(timeFormat), locale) : String(value);
}

/** Intl formatters are costly to build: one per locale and options, kept (a list renders hundreds of amounts). */
const formatters = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), options);
    formatters.set(key, format);
  }
  return format;
}

const symbols = new Map<string, string>();
function currencySymbol(currency: string, locale: string): string {
  const key = `${locale}|${currency}`;
  let symbol = symbols.get(key);
  if (symbol === undefined) {
    try {
      const parts = numberFormat(locale, {
        style: 'currency',
        currency: isoCurrency(currency),
        currencyDisplay: 'narrowSymbol',
      }).formatToParts(0);
      symbol = parts.find((p) => p.type === 'currency')?.value ?? currency;
    } catch {
      symbol = currency;
    }
    symbols.set(key, symbol);
  }
  return symbol;
}

/** A number, or an exact decimal string (`"1234.56"`, formatted without passing through a float). */
export function formatNumber(value: number | string, locale: string, options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(locale, { maximumFractionDigits: 10, ...options }).format(value as number);
}

const decimalText = /^-?\d+(\.\d+)?$/;
/** A stored amount: a finite number or an exact decimal string; undefined otherwise. */
const amountOf = (value: unknown): number | string | undefined =>
  (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && decimalText.test(value))
    ? value
    : undefined;

/**
 * `1,234.56 €` in en-EU, `1 234,56 €` in fr-FR, `$1,234.56`, `1,235 ¥`, `١٬٢٣٤٫٥٠ ج.م.‏` in ar-EG:
 * digits, separators and symbols from Intl, decimals and the symbol's place from spec 000 §9.
 */
export function formatCurrency(value: unknown, currency: string | undefined, locale: string): string {
  const stored = amountOf(value);
  if (stored === undefined) return value === undefined || value === null ? '' : String(value);
  const code = (currency || 'EUR').toUpperCase();
  const decimals = currencyDecimals(code);
  const amount = formatNumber(stored, locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  const symbol = currencySymbol(code, locale);
  return currencySymbolBefore(code) ? `${symbol}${amount}` : `${amount} ${symbol}`;
}

/** A stored ratio (0.05) as the locale writes a percentage: `5.25%`, `5,25 %` in fr-FR, `٥٫٢٥٪؜` in ar-EG. */
export function formatPercentage(value: unknown, locale: string): string {
  const ratio = amountOf(value);
  if (ratio === undefined) return value === undefined || value === null ? '' : String(value);
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 4 }).format(ratio as number);
}

/** Sizes in B, KB, MB, GB (1024). */
export function formatBytes(value: unknown, locale: string): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  const units = ['B', 'KB', 'MB', 'GB'];
  let n = value;
  let unit = 0;
  while (Math.abs(n) >= 1024 && unit < units.length - 1) {
    n /= 1024;
    unit++;
  }
  return `${formatNumber(n, locale, { maximumFractionDigits: unit === 0 ? 0 : 1 })} ${units[unit]}`;
}

export function formatMilliseconds(value: unknown, locale: string): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  return `${formatNumber(value, locale, { maximumFractionDigits: 0 })} ms`;
}

/**
 * Spec 000 §3: a formatted address joins address1, address2, zipcode and city, falls back to
 * the coordinates rounded to 5 decimals, then to addressLine.
 */
export function formatAddress(address: unknown): string {
  if (!address || typeof address !== 'object') return '';
  const a = address as Record<string, unknown>;
  const joined = [a.address1, a.address2, a.zipcode, a.city].filter((p) => typeof p === 'string' && p.trim()).join(' ');
  if (joined) return joined;
  const coordinates = (a.location as { coordinates?: unknown } | undefined)?.coordinates;
  if (Array.isArray(coordinates) && coordinates.length === 2 && coordinates.every((c) => typeof c === 'number')) {
    const [longitude, latitude] = coordinates as number[];
    return `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
  }
  return typeof a.addressLine === 'string' ? a.addressLine : '';
}
