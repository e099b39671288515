import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { ExportColumn } from './export-columns.ts';
import { csvCell, csvDelimiter, excelFormat, xlsxCell, type CellContext } from './export-cells.ts';

/**
 * Streaming writers of a list export: each chunk of rows is written and let go before the next is
 * read, and the next waits while the destination (the response, an object-store upload) has not
 * taken what was written, so memory holds one chunk whatever the list's size.
 */
export const exportFormats = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof exportFormats)[number];

export const contentTypes: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

export interface ExportFile {
  format: ExportFormat;
  sheetName: string;
  columns: ExportColumn[];
  context: CellContext;
}

/** A reader that went away (a client that left) ends the export. */
function stillOpen(out: Writable) {
  if (out.destroyed) throw new Error('The reader of the export went away');
}

/** Waits for `drain` from `from`, or for `out` to close; the listener of the other is removed. */
async function drainOrClose(from: Writable | NodeJS.WritableStream, out: Writable): Promise<void> {
  const stop = new AbortController();
  try {
    await Promise.race([once(from, 'drain', { signal: stop.signal }), once(out, 'close', { signal: stop.signal })]);
  } finally {
    stop.abort();
  }
}

/** Waits until `out` has passed on what it holds (backpressure of the reader of the file). */
async function drained(out: Writable): Promise<void> {
  stillOpen(out);
  if (out.writableNeedDrain) await drainOrClose(out, out);
  stillOpen(out);
}

/** Excel refuses sheet names longer than 31 characters or holding []:*?/\ */
const sheetTitle = (name: string) => name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';

/** Writes the file to `out` (which it ends) from `chunks`; `onChunk` hears the rows written so far. */
export async function writeExport(
  file: ExportFile,
  chunks: AsyncIterable<unknown[][]>,
  out: Writable,
  onChunk?: (rowsWritten: number) => Promise<void> | void,
): Promise<number> {
  return file.format === 'xlsx' ? writeXlsx(file, chunks, out, onChunk) : writeCsv(file, chunks, out, onChunk);
}

async function writeXlsx(
  { sheetName, columns, context }: ExportFile,
  chunks: AsyncIterable<unknown[][]>,
  out: Writable,
  onChunk?: (n: number) => Promise<void> | void,
): Promise<number> {
  // Shared strings would keep every distinct text in memory until the end: cells hold their texts.
  // Loaded when a workbook is first written (some 20 MB of memory a server may never need).
  const { default: excel } = await import('exceljs');
  const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetTitle(sheetName), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({ key: `c${i}`, width: Math.min(60, Math.max(12, c.header.length + 4)) }));
  // One style object per column, shared by its cells: exceljs looks a style object up once, while
  // the copy it makes for each cell from the column's style costs a lookup per cell (half the writing).
  const styles = columns.map((c) => {
    const numFmt = excelFormat(c.kind, context.locale);
    return numFmt ? { numFmt } : {};
  });
  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  let written = 0;
  for await (const rows of chunks) {
    for (const values of rows) {
      const row = sheet.addRow(columns.map((c, i) => xlsxCell(c, values[i], context)));
      for (let i = 0; i < styles.length; i++) row.getCell(i + 1).style = styles[i];
      row.commit();
    }
    written += rows.length;
    await onChunk?.(written);
    await drained(out);
  }
  sheet.commit();
  await workbook.commit();
  return written;
}

async function writeCsv(
  { columns, context }: ExportFile,
  chunks: AsyncIterable<unknown[][]>,
  out: Writable,
  onChunk?: (n: number) => Promise<void> | void,
): Promise<number> {
  // A byte-order mark, so that spreadsheets read the file as UTF-8.
  const csv = stringify({ delimiter: csvDelimiter(context.locale), bom: true, record_delimiter: 'windows' });
  const piped = new Promise<void>((resolve, reject) => {
    csv.on('error', reject);
    out.on('error', reject);
    out.on('finish', resolve);
    out.on('close', resolve);
  });
  csv.pipe(out);
  csv.write(columns.map((c) => c.header));
  let written = 0;
  for await (const rows of chunks) {
    let full = false;
    for (const values of rows) full = !csv.write(columns.map((c, i) => csvCell(c, values[i], context))) || full;
    written += rows.length;
    await onChunk?.(written);
    stillOpen(out);
    // Drained already while the progress above was written: its `drain` has passed and must not be waited for.
    if (full && csv.writableNeedDrain) await drainOrClose(csv, out);
    stillOpen(out);
  }
  csv.end();
  await piped;
  return written;
}
