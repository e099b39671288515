// The library is loaded when a workbook is first used (some 20 MB of memory a server may never need).
import type ExcelJS from 'exceljs';
import { ApiError } from '@lbo/model/errors';

/** One column of an export: its header, width in characters, cell format and the row field it reads. */
export interface ExcelColumn {
  headerLabel: string;
  width?: number;
  /** A named format (`date`, `currency`, …) or an Excel number format (`#,##0.00`). */
  format?: string;
  /** Dotted path in each row object; rows given as arrays are read by column position. */
  field?: string;
}

export interface ExcelRequest {
  fileName: string;
  sheetName: string;
  columns: ExcelColumn[];
  data: (Record<string, unknown> | unknown[])[];
  autoFilter: boolean;
}

/** Named formats the web client sends, as Excel number formats. */
const namedFormats: Record<string, string> = {
  text: '@',
  integer: '0',
  number: '#,##0.########',
  currency: '#,##0.00',
  percentage: '0.00%',
  date: 'dd/mm/yyyy',
  datetime: 'dd/mm/yyyy hh:mm',
  bytes: '#,##0',
  milliseconds: '#,##0',
};
const dateFormats = new Set(['date', 'datetime']);
const MAX_ROWS = 100_000;
/** Excel's own limit of columns in a sheet (XFD). */
export const MAX_COLUMNS = 16_384;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks the body of `POST /api/report/excel`; the first problem throws the catalogue error naming the field. */
export function parseExcelRequest(body: unknown): ExcelRequest {
  if (body === undefined || body === null || (isObject(body) && Object.keys(body).length === 0))
    throw new ApiError('MISSING_BODY_PAYLOAD');
  if (!isObject(body)) throw new ApiError('INVALID_NON_EMPTY_OBJECT_FIELD', ['body']);
  const { fileName = 'export', sheetName = body.sheet ?? 'Sheet1', columns, data, autoFilter = false } = body;
  if (typeof fileName !== 'string' || !fileName.trim())
    throw new ApiError('INVALID_NON_EMPTY_STRING_FIELD', ['fileName']);
  if (typeof sheetName !== 'string' || !sheetName.trim())
    throw new ApiError('INVALID_NON_EMPTY_STRING_FIELD', ['sheetName']);
  if (typeof autoFilter !== 'boolean') throw new ApiError('INVALID_BOOLEAN_FIELD', ['autoFilter']);
  if (columns === undefined) throw new ApiError('MISSING_FIELD_IN_BODY', ['columns']);
  if (!Array.isArray(columns)) throw new ApiError('INVALID_ARRAY_FIELD', ['columns']);
  if (columns.length === 0) throw new ApiError('EMPTY_BODY_ARRAY', ['columns']);
  if (columns.length > MAX_COLUMNS)
    throw new ApiError('INVALID_FIELD_VALUE', [`(${columns.length} columns, at most ${MAX_COLUMNS})`, 'columns']);
  if (data === undefined) throw new ApiError('MISSING_FIELD_IN_BODY', ['data']);
  if (!Array.isArray(data)) throw new ApiError('INVALID_ARRAY_FIELD', ['data']);
  if (data.length > MAX_ROWS) throw new ApiError('INVALID_FIELD_VALUE', [data.length, 'data']);
  const checked = columns.map((column, i) => {
    const path = `columns[${i}]`;
    if (!isObject(column)) throw new ApiError('INVALID_OBJECT_FIELD', [path]);
    const { headerLabel, width, format, field } = column;
    if (typeof headerLabel !== 'string') throw new ApiError('INVALID_STRING_FIELD', [`${path}.headerLabel`]);
    if (width !== undefined && (typeof width !== 'number' || !(width > 0) || width > 255))
      throw new ApiError('INVALID_POSITIVE_NUMBER_FIELD', [`${path}.width`]);
    if (format !== undefined && typeof format !== 'string')
      throw new ApiError('INVALID_STRING_FIELD', [`${path}.format`]);
    if (field !== undefined && typeof field !== 'string') throw new ApiError('INVALID_STRING_FIELD', [`${path}.field`]);
    return { headerLabel, width, format, field } as ExcelColumn;
  });
  data.forEach((row, i) => {
    if (!isObject(row) && !Array.isArray(row)) throw new ApiError('INVALID_OBJECT_FIELD', [`data[${i}]`]);
  });
  return {
    fileName: fileName.trim(),
    sheetName: sheetName.trim(),
    columns: checked,
    data: data as ExcelRequest['data'],
    autoFilter,
  };
}

/** `a.b.0.c` in a row object. */
function valueAt(row: Record<string, unknown>, path: string): unknown {
  let value: unknown = row;
  for (const key of path.split('.')) {
    // Own properties only: a path such as `constructor` reads nothing.
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A cell value: numbers, booleans and dates as themselves, days and instants of date columns as dates. */
function cellValue(value: unknown, format: string | undefined): ExcelJS.CellValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if (typeof value === 'string') {
    if (format && dateFormats.has(format) && /^\d{4}-\d{2}-\d{2}/.test(value)) {
      const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
      if (!Number.isNaN(date.getTime())) return date;
    }
    return value;
  }
  return JSON.stringify(value);
}

/** Excel refuses sheet names longer than 31 characters or holding []:*?/\ */
const sheetTitle = (name: string) => name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';

/** Builds the xlsx file of an export request. */
export async function buildWorkbook(request: ExcelRequest): Promise<Buffer> {
  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetTitle(request.sheetName));
  sheet.columns = request.columns.map((column, i) => ({
    header: column.headerLabel,
    key: `c${i}`,
    width: column.width ?? Math.min(60, Math.max(10, column.headerLabel.length + 2)),
    style: column.format
      ? { numFmt: Object.hasOwn(namedFormats, column.format) ? namedFormats[column.format] : column.format }
      : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of request.data) {
    sheet.addRow(
      request.columns.map((column, i) => {
        const raw = Array.isArray(row) ? row[i] : valueAt(row, column.field ?? column.headerLabel);
        return cellValue(raw, column.format);
      }),
    );
  }
  if (request.autoFilter)
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: request.columns.length } };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** `Contracts` → `Contracts.xlsx`; path separators and quotes removed. */
export function xlsxFileName(name: string): string {
  const clean = name.replace(/[/\\"\r\n]/g, '_');
  return /\.xlsx$/i.test(clean) ? clean : `${clean}.xlsx`;
}
