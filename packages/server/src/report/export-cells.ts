import type { CellKind, ExportColumn } from './export-columns.ts';
import { objectText } from '@lbo/model/values/object-text';

/**
 * How an exported value is written, by cell kind: typed cells with a number format in xlsx
 * (Excel then sorts and sums them), the locale's texts in CSV. Days stay the stored day;
 * instants are shown in the user's time zone (spec 000 §9).
 */
export interface CellContext {
  locale: string;
  timeZone: string;
  /** Labels of the reference lists of `select` columns. */
  labels: Map<string, Map<string, string>>;
}

/** Day pattern per locale (spec 000 §9), as the web's formats write it. */
export function dayPattern(locale: string): string {
  if (/^fr-(FR|BE)$/i.test(locale)) return 'DD/MM/YYYY';
  if (/^en-US$/i.test(locale)) return 'MM-DD-YYYY';
  if (/^lt\b/i.test(locale)) return 'YYYY-MM-DD';
  return 'DD-MM-YYYY';
}

/** Excel number formats of each kind in a locale. */
export function excelFormat(kind: CellKind, locale: string): string | undefined {
  const day = dayPattern(locale).toLowerCase();
  const formats: Record<CellKind, string | undefined> = {
    text: undefined,
    select: undefined,
    object: undefined,
    boolean: undefined,
    number: '#,##0.########',
    currency: '#,##0.00',
    percentage: '0.00%',
    bytes: '#,##0',
    milliseconds: '#,##0',
    date: day,
    datetime: `${day} hh:mm`,
  };
  return formats[kind];
}

const dayText = /^(\d{4})-(\d{2})-(\d{2})/;

/** Wall-clock parts of an instant in a time zone; one formatter per zone, they are costly to build. */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();
function wallClockParts(
  instant: Date,
  timeZone: string,
): { y: number; m: number; d: number; h: number; min: number; s: number } {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    zoneFormats.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const p of format.formatToParts(instant)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return { y: parts.year, m: parts.month, d: parts.day, h: parts.hour, min: parts.minute, s: parts.second };
}

/**
 * The zone's offset at an instant, kept per quarter hour: zones change offset on quarter hours
 * (UTC), and asking Intl for each of a hundred thousand rows costs more than writing them.
 */
const QUARTER_HOUR = 900_000;
const offsets = new Map<string, number>();
function zoneOffsetMs(instant: Date, timeZone: string): number {
  const key = `${timeZone}|${Math.floor(instant.getTime() / QUARTER_HOUR)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const w = wallClockParts(instant, timeZone);
    offset = Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s) - Math.floor(instant.getTime() / 1000) * 1000;
    if (offsets.size > 10_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** The instant's wall clock in the zone, as the UTC fields of a Date. */
const wallClockDate = (instant: Date, timeZone: string) =>
  new Date(instant.getTime() + zoneOffsetMs(instant, timeZone));

function wallClock(
  instant: Date,
  timeZone: string,
): { y: number; m: number; d: number; h: number; min: number; s: number } {
  const at = wallClockDate(instant, timeZone);
  return {
    y: at.getUTCFullYear(),
    m: at.getUTCMonth() + 1,
    d: at.getUTCDate(),
    h: at.getUTCHours(),
    min: at.getUTCMinutes(),
    s: at.getUTCSeconds(),
  };
}

const asNumber = (value: unknown): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : undefined;
};

function selectText(column: ExportColumn, value: unknown, context: CellContext): string {
  const labels = column.list ? context.labels.get(column.list) : undefined;
  const one = (v: unknown) => labels?.get(String(v)) ?? String(v);
  return Array.isArray(value) ? value.map(one).join(', ') : one(value);
}

/** An instant (ISO text) as a Date whose UTC fields are the wall clock in the time zone: Excel has no zones. */
function zonedDate(value: unknown, timeZone: string): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return undefined;
  return wallClockDate(instant, timeZone);
}

function dayDate(value: unknown): Date | undefined {
  const m = typeof value === 'string' ? dayText.exec(value) : null;
  return m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])) : undefined;
}

type XlsxCell = string | number | boolean | Date | null;

/** The xlsx cell of a value. */
export function xlsxCell(column: ExportColumn, value: unknown, context: CellContext): XlsxCell {
  if (value === null || value === undefined || value === '') return null;
  switch (column.kind) {
    case 'number':
    case 'currency':
    case 'percentage':
    case 'bytes':
    case 'milliseconds':
      return asNumber(value) ?? String(value);
    case 'date':
      return dayDate(value) ?? String(value);
    case 'datetime':
      return zonedDate(value, context.timeZone) ?? String(value);
    case 'boolean':
      return typeof value === 'boolean' ? value : String(value);
    case 'select':
      return selectText(column, value, context);
    case 'object':
      return objectText(value);
    default:
      return typeof value === 'object' ? objectText(value) : String(value);
  }
}

/** Number formats without grouping, one per locale and digits (the decimal separator is the locale's). */
const numberFormats = new Map<string, Intl.NumberFormat>();
function formatNumber(n: number, locale: string, digits?: number): string {
  const key = `${locale}|${digits}`;
  let format = numberFormats.get(key);
  if (!format) {
    const tag = locale === 'en-EU' ? 'en' : locale;
    format = new Intl.NumberFormat(tag, {
      useGrouping: false,
      ...(digits === undefined
        ? { maximumFractionDigits: 10 }
        : { minimumFractionDigits: digits, maximumFractionDigits: digits }),
    });
    numberFormats.set(key, format);
  }
  return format.format(n);
}

/** The locale's decimal separator: a CSV for a comma-decimal locale separates its fields with `;`, as spreadsheets there expect. */
export const csvDelimiter = (locale: string) => (formatNumber(1.5, locale).includes(',') ? ';' : ',');

const pad = (n: number) => String(n).padStart(2, '0');
const dayWith = (pattern: string, y: number, m: number, d: number) =>
  pattern.replace('YYYY', String(y)).replace('MM', pad(m)).replace('DD', pad(d));

/** The CSV text of a value. */
export function csvCell(column: ExportColumn, value: unknown, context: CellContext): string {
  if (value === null || value === undefined || value === '') return '';
  const n = asNumber(value);
  switch (column.kind) {
    case 'number':
    case 'bytes':
    case 'milliseconds':
      return n === undefined ? String(value) : formatNumber(n, context.locale);
    case 'currency':
      return n === undefined ? String(value) : formatNumber(n, context.locale, 2);
    case 'percentage':
      return n === undefined ? String(value) : `${formatNumber(Number((n * 100).toFixed(10)), context.locale)}%`;
    case 'date': {
      const m = typeof value === 'string' ? dayText.exec(value) : null;
      return m ? dayWith(dayPattern(context.locale), +m[1], +m[2], +m[3]) : String(value);
    }
    case 'datetime': {
      const at = typeof value === 'string' ? new Date(value) : undefined;
      if (!at || Number.isNaN(at.getTime())) return String(value);
      const w = wallClock(at, context.timeZone);
      return `${dayWith(dayPattern(context.locale), w.y, w.m, w.d)} ${pad(w.h)}:${pad(w.min)}`;
    }
    case 'boolean':
      return String(value);
    case 'select':
      return selectText(column, value, context);
    case 'object':
      return objectText(value);
    default:
      return typeof value === 'object' ? objectText(value) : String(value);
  }
}
