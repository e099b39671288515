import dayjs from 'dayjs';
import { currencyDecimals, currencySymbolBefore, isoCurrency } from '@lbo/model/values/currencies';
import { intlLocale } from './locale.ts';

/** Display formats of spec 000 §9, through Intl and dayjs. */

/** Day format per locale: French and Belgian DD/MM/YYYY, en-US MM-DD-YYYY, Lithuanian YYYY-MM-DD, default DD-MM-YYYY. */
export function dateFormatOf(locale: string): string {
  if (/^fr-(FR|BE)$/i.test(locale)) return 'DD/MM/YYYY';
  if (/^en-US$/i.test(locale)) return 'MM-DD-YYYY';
  if (/^lt\b/i.test(locale)) return 'YYYY-MM-DD';
  return 'DD-MM-YYYY';
}
export const timeFormat = 'HH:mm';
export const dateTimeFormatOf = (locale: string) => `${dateFormatOf(locale)} - ${timeFormat}`;

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A day (`YYYY-MM-DD`, kept as is: no time zone shift) or an instant, as the locale's day. */
export function formatDate(value: unknown, locale: string): string {
  if (value === undefined || value === null || value === '') return '';
  const day = typeof value === 'string' ? dayPattern.exec(value) : null;
  if (day) return dateFormatOf(locale).replace('YYYY', day[1]).replace('MM', day[2]).replace('DD', day[3]);
  const d = dayjs(value as string | Date);
  return d.isValid() ? d.format(dateFormatOf(locale)) : String(value);
}

/** An instant in the browser's time zone: `15-03-2024 - 14:05`. */
export function formatDateTime(value: unknown, locale: string): string {
  if (value === undefined || value === null || value === '') return '';
  const d = dayjs(value as string | Date);
  return d.isValid() ? d.format(dateTimeFormatOf(locale)) : String(value);
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

export function formatNumber(value: number, locale: string, options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(locale, { maximumFractionDigits: 10, ...options }).format(value);
}

/** `1,234.56 €` in en-EU, `1 234,56 €` in fr-FR, `$1,234.56`, `1,235 ¥` (decimals and symbols from Intl, spec 000 §9). */
export function formatCurrency(value: unknown, currency: string | undefined, locale: string): string {
  if (typeof value !== 'number' || !Number.isFinite(value))
    return value === undefined || value === null ? '' : String(value);
  const code = (currency || 'EUR').toUpperCase();
  const decimals = currencyDecimals(code);
  const amount = formatNumber(value, locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  const symbol = currencySymbol(code, locale);
  return currencySymbolBefore(code) ? `${symbol}${amount}` : `${amount} ${symbol}`;
}

/** A stored ratio (0.05) as a percentage: `5%`. */
export function formatPercentage(value: unknown, locale: string): string {
  if (typeof value !== 'number' || !Number.isFinite(value))
    return value === undefined || value === null ? '' : String(value);
  return `${formatNumber(Number((value * 100).toFixed(10)), locale, { maximumFractionDigits: 4 })}%`;
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
