import { Transform, type Readable } from 'node:stream';
import { parse } from 'csv-parse';
// The library is loaded when a workbook is first used (some 20 MB of memory a server may never need).
import type ExcelJS from 'exceljs';
import { ApiError } from '@lbo/model/errors';
import type { ObjectStore } from '../db/object-store.ts';

/**
 * Reading an uploaded file row by row, streamed from the object store (never loaded whole): CSV
 * through csv-parse, XLSX through exceljs's streaming reader. Each row is its cells as text;
 * a formula cell of a workbook comes as `=` and its formula, so that the row refuses it.
 */
export type ImportFormat = 'csv' | 'xlsx';
export type ImportEncoding = 'utf-8' | 'windows-1252';

export interface FileSettings {
  format: ImportFormat;
  encoding?: ImportEncoding;
  delimiter?: string;
  sheet?: string;
}

export interface SheetRow {
  /** The row's number as the user sees it: the header is row 1 (a workbook's own row number). */
  number: number;
  cells: string[];
}

export interface OpenedRows {
  header: string[];
  rows: AsyncIterator<SheetRow>;
  close(): void;
}

/** Delimiters recognised in a CSV header line, the most frequent one wins. */
export const delimiters = [';', ',', '\t', '|'] as const;

export function formatOf(fileName: string): ImportFormat | undefined {
  const extension = fileName.toLowerCase().split('.').pop();
  return extension === 'csv' || extension === 'txt' ? 'csv' : extension === 'xlsx' ? 'xlsx' : undefined;
}

/**
 * The encoding of a CSV file's first bytes: UTF-8 when they decode as UTF-8 (with or without a
 * byte order mark), else Windows-1252, the encoding of spreadsheets saved as CSV on Windows.
 */
export function detectEncoding(sample: Buffer): ImportEncoding {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return 'utf-8';
  // A character cut by the end of the sample is not a broken one.
  let end = sample.length;
  for (let back = 1; back <= 3 && end - back >= 0; back++) {
    const byte = sample[end - back];
    if ((byte & 0xc0) === 0xc0) {
      end -= back;
      break;
    }
    if ((byte & 0x80) === 0) break;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample.subarray(0, end));
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** The delimiter most frequent outside quotes in the first line; a comma when none is. */
export function detectDelimiter(firstLine: string): string {
  const counts = new Map<string, number>(delimiters.map((d) => [d, 0]));
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = ',';
  let most = 0;
  for (const [delimiter, count] of counts)
    if (count > most) {
      best = delimiter;
      most = count;
    }
  return best;
}

/** Decodes a byte stream as `encoding`; bytes that are not valid text become U+FFFD, which the row refuses. */
function decoding(encoding: ImportEncoding): Transform {
  const decoder = new TextDecoder(encoding, { fatal: false, ignoreBOM: false });
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, decoder.decode(chunk, { stream: true }));
    },
    flush(done) {
      done(null, decoder.decode());
    },
  });
}

async function contentOf(store: ObjectStore, key: string, fileName: string): Promise<Readable> {
  const found = await store.get(key);
  if (!found) throw new ApiError('IMPORT_UNREADABLE_FILE', [fileName, 'its content is missing']);
  return found.content;
}

/** The first bytes of a stored file (for the encoding and delimiter of a CSV). */
export async function sampleOf(store: ObjectStore, key: string, fileName: string, bytes = 65_536): Promise<Buffer> {
  const content = await contentOf(store, key, fileName);
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of content) {
    parts.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= bytes) break;
  }
  content.destroy();
  return Buffer.concat(parts).subarray(0, bytes);
}

const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === '');

async function openCsv(store: ObjectStore, key: string, fileName: string, settings: FileSettings) {
  const content = await contentOf(store, key, fileName);
  const parser = parse({
    delimiter: settings.delimiter ?? ',',
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
  });
  content.on('error', (error) => parser.destroy(error));
  content.pipe(decoding(settings.encoding ?? 'utf-8')).pipe(parser);
  return { records: parser as AsyncIterable<string[]>, close: () => content.destroy() };
}

/** A workbook cell as text: numbers as written, dates as days (or instants), formulas as `=formula`. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value !== 'object') return String(value);
  if ('formula' in value || 'sharedFormula' in value) {
    const formula = (value as { formula?: string; sharedFormula?: string }).formula ?? 'shared formula';
    return `=${formula}`;
  }
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value) return String((value as { text: unknown }).text);
  if ('error' in value) return String(value.error);
  return '';
}

async function* xlsxRows(content: Readable, wanted: string | undefined): AsyncGenerator<SheetRow> {
  const { default: excel } = await import('exceljs');
  const reader = new excel.stream.xlsx.WorkbookReader(content, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'ignore',
  });
  const seen: string[] = [];
  for await (const sheet of reader) {
    const name = (sheet as unknown as { name: string }).name;
    seen.push(name);
    if (wanted !== undefined && name !== wanted) {
      // Sheets are read in order: another sheet's rows are read through and dropped.
      for await (const _row of sheet) void _row;
      continue;
    }
    for await (const row of sheet) {
      const values = (row.values as ExcelJS.CellValue[]).slice(1);
      yield { number: row.number, cells: Array.from(values, cellText) };
    }
    return;
  }
  if (wanted !== undefined) throw new ApiError('IMPORT_SHEET_NOT_FOUND', [wanted, seen.join(', ') || 'no sheet']);
}

/**
 * Opens the stored file for reading: its header row, then its data rows (blank rows skipped).
 * An empty file, a missing sheet or an unreadable one is a catalogue error naming the file.
 */
export async function openRows(
  store: ObjectStore,
  key: string,
  fileName: string,
  settings: FileSettings,
): Promise<OpenedRows> {
  let rows: AsyncIterator<SheetRow>;
  let close: () => void;
  if (settings.format === 'csv') {
    const csv = await openCsv(store, key, fileName, settings);
    const records = csv.records[Symbol.asyncIterator]();
    let count = 0;
    rows = {
      next: async () => {
        const next = await records.next();
        if (next.done) return next;
        count += 1;
        return { done: false, value: { number: count, cells: next.value } };
      },
      return: async () => {
        csv.close();
        return { done: true, value: undefined };
      },
    };
    close = csv.close;
  } else {
    const content = await contentOf(store, key, fileName);
    rows = xlsxRows(content, settings.sheet || undefined);
    close = () => content.destroy();
  }
  const unreadable = (error: unknown): never => {
    close();
    if (error instanceof ApiError) throw error;
    throw new ApiError('IMPORT_UNREADABLE_FILE', [fileName, error instanceof Error ? error.message : String(error)]);
  };
  let first: IteratorResult<SheetRow>;
  try {
    do first = await rows.next();
    while (!first.done && isBlank(first.value.cells));
  } catch (error) {
    return unreadable(error);
  }
  if (first.done) {
    close();
    throw new ApiError('IMPORT_EMPTY_FILE', [fileName]);
  }
  const header = first.value.cells.map((cell) => cell.trim());
  const dataRows: AsyncIterator<SheetRow> = {
    next: async () => {
      try {
        for (;;) {
          const next = await rows.next();
          if (next.done || !isBlank(next.value.cells)) return next;
        }
      } catch (error) {
        return unreadable(error);
      }
    },
  };
  return { header, rows: dataRows, close };
}

/** Reads up to `count` data rows. */
export async function takeRows(rows: AsyncIterator<SheetRow>, count: number): Promise<SheetRow[]> {
  const out: SheetRow[] = [];
  while (out.length < count) {
    const next = await rows.next();
    if (next.done) break;
    out.push(next.value);
  }
  return out;
}
