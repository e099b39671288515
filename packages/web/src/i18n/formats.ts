import dayjs from 'dayjs';
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
  if (typeof value === 'string' && dayPattern.test(value)) return dayjs(value, 'YYYY-MM-DD').format(dateFormatOf(locale));
  const d = dayjs(value as string | Date);
  return d.isValid() ? d.format(dateFormatOf(locale)) : String(value);
}

/** An instant in the browser's time zone: `15-03-2024 - 14:05`. */
export function formatDateTime(value: unknown, locale: string): string {
  if (value === undefined || value === null || value === '') return '';
  const d = dayjs(value as string | Date);
  return d.isValid() ? d.format(dateTimeFormatOf(locale)) : String(value);
}

/** Decimals of a currency: 3 for TND, 0 for XPF, otherwise 2. */
export function currencyDecimals(currency: string): number {
  if (currency === 'TND') return 3;
  if (currency === 'XPF') return 0;
  return 2;
}

/** Currencies whose symbol comes before the amount; the others (EUR first) put it after. */
const symbolBefore = new Set(['GBP', 'USD']);

function currencySymbol(currency: string, locale: string): string {
  try {
    const parts = new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).formatToParts(0);
    return parts.find((p) => p.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}

export function formatNumber(value: number, locale: string, options: Intl.NumberFormatOptions = {}): string {
  return new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 10, ...options }).format(value);
}

/** `1,234.56 €` in en-EU, `1 234,56 €` in fr-FR, `$1,234.56`. */
export function formatCurrency(value: unknown, currency: string | undefined, locale: string): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value === undefined || value === null ? '' : String(value);
  const code = (currency || 'EUR').toUpperCase();
  const decimals = currencyDecimals(code);
  const amount = formatNumber(value, locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  const symbol = currencySymbol(code, locale);
  return symbolBefore.has(code) ? `${symbol}${amount}` : `${amount} ${symbol}`;
}

/** A stored ratio (0.05) as a percentage: `5%`. */
export function formatPercentage(value: unknown, locale: string): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value === undefined || value === null ? '' : String(value);
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
