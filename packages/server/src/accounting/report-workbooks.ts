// The library is loaded when a workbook is first used (some 20 MB of memory a server may never need).
import type ExcelJS from 'exceljs';
import { documentLanguage, documentText } from '@lbo/model/i18n/documents/document-texts';
import type { agedReceivables, ledger, trialBalance } from './reports.ts';

/**
 * The books' reports as Excel workbooks (`GET /api/accounting/{report}.xlsx`): one sheet, a bold
 * header row, the report's lines, bold totals rows; amounts as numbers with two decimals, days as
 * dates, so that the accountant sums and filters them in Excel. Headers in the reader's language (the documents' dictionary).
 */
type Kind = 'text' | 'money' | 'date';
interface Column {
  /** The heading in English, written in the workbook's language by the documents' dictionary. */
  en: string;
  kind: Kind;
  width?: number;
}
interface Sheet {
  name: string;
  columns: Column[];
  rows: unknown[][];
  totals: unknown[][];
}

const text = (en: string, width = 14): Column => ({ en, kind: 'text', width });
const money = (en: string): Column => ({ en, kind: 'money', width: 15 });
const day = (en: string): Column => ({ en, kind: 'date', width: 12 });

/** Texts of rows, besides the headings and sheet names. */
const rowTexts = { opening: 'Opening balance', closing: 'Total and closing balance', total: 'Total' };

type TrialBalance = Awaited<ReturnType<typeof trialBalance>>;
type Ledger = Awaited<ReturnType<typeof ledger>>;
type Aged = Awaited<ReturnType<typeof agedReceivables>>;

function trialBalanceSheet(r: TrialBalance, lang: string): Sheet {
  return {
    name: 'Trial balance',
    columns: [
      text('Account', 12),
      text('Label', 40),
      text('Currency', 9),
      money('Debit'),
      money('Credit'),
      money('Balance'),
    ],
    rows: r.accounts.map((a) => [a.account, a.label, a.currency, a.debit, a.credit, a.balance]),
    totals: Object.entries(r.totals).map(([currency, t]) => [
      documentText(lang, rowTexts.total),
      null,
      currency,
      t.debit,
      t.credit,
      t.balance,
    ]),
  };
}

function ledgerSheet(name: string) {
  return (r: Ledger, lang: string): Sheet => {
    const debit = r.lines.reduce((s, l) => s + Math.round(l.debit * 100), 0) / 100;
    const credit = r.lines.reduce((s, l) => s + Math.round(l.credit * 100), 0) / 100;
    return {
      name,
      columns: [
        day('Date'),
        text('Account', 10),
        text('Label', 36),
        text('Event', 12),
        text('Event type', 18),
        text('Invoice'),
        text('Person'),
        text('Contract'),
        text('Reference'),
        text('Currency', 9),
        money('Debit'),
        money('Credit'),
        money('Balance'),
      ],
      rows: [
        [
          r.from,
          r.account,
          documentText(lang, rowTexts.opening),
          null,
          null,
          null,
          r.person,
          null,
          null,
          null,
          null,
          null,
          r.openingBalance,
        ],
        ...r.lines.map((l) => [
          l.date,
          l.account,
          l.name,
          l.postingEventRegistration,
          l.eventType,
          l.invoiceRegistration,
          l.personRegistration,
          l.contractRegistration,
          l.documentReference,
          l.currency,
          l.debit,
          l.credit,
          l.balance,
        ]),
      ],
      totals: [
        [
          r.to,
          r.account,
          documentText(lang, rowTexts.closing),
          null,
          null,
          null,
          r.person,
          null,
          null,
          null,
          debit,
          credit,
          r.closingBalance,
        ],
      ],
    };
  };
}

function agedSheet(r: Aged, lang: string): Sheet {
  const bucketColumns: Record<string, Column> = {
    current: money('Not due'),
    '1-30': money('1–30 days'),
    '31-60': money('31–60 days'),
    '61-90': money('61–90 days'),
    '91-120': money('91–120 days'),
    over120: money('Over 120 days'),
  };
  const keys = [...r.buckets, 'total'];
  const figures = (x: Record<string, unknown>) => keys.map((b) => x[b] ?? 0);
  return {
    name: 'Aged receivables',
    columns: [
      text('Client', 12),
      text('Name', 32),
      text('Currency', 9),
      ...r.buckets.map((b) => bucketColumns[b]),
      money('Total'),
    ],
    rows: r.clients.map((c) => [c.person, c.name, c.currency, ...figures(c)]),
    totals: Object.entries(r.totals).map(([currency, t]) => [
      documentText(lang, rowTexts.total),
      null,
      currency,
      ...figures(t),
    ]),
  };
}

export const reportSheets = {
  'trial-balance': (r: TrialBalance, lang: string) => trialBalanceSheet(r, lang),
  'general-ledger': ledgerSheet('General ledger'),
  'account-statement': ledgerSheet('Account statement'),
  'aged-receivables': (r: Aged, lang: string) => agedSheet(r, lang),
} satisfies Record<string, (answer: never, lang: string) => Sheet>;
export type ReportName = keyof typeof reportSheets;

const formats: Record<Kind, string | undefined> = { text: undefined, money: '#,##0.00', date: 'dd/mm/yyyy' };
const cellOf = (value: unknown, kind: Kind): ExcelJS.CellValue => {
  if (value === undefined || value === null || value === '') return null;
  if (kind === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))
    return new Date(`${value}T00:00:00Z`);
  if (kind === 'money') return Number(value);
  return String(value);
};

/** The workbook of a report's answer; `locale` chooses the headers' language. */
export async function reportWorkbook(
  report: ReportName,
  answer: unknown,
  locale: string | undefined,
  suffix: string,
): Promise<{ file: Buffer; fileName: string }> {
  const lang = documentLanguage(locale);
  const sheet = (reportSheets[report] as (a: unknown, l: string) => Sheet)(answer, lang);
  const name = documentText(lang, sheet.name);
  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  workbook.created = new Date();
  const ws = workbook.addWorksheet(name);
  ws.columns = sheet.columns.map((c, i) => ({
    header: documentText(lang, c.en),
    key: `c${i}`,
    width: c.width ?? 14,
    style: formats[c.kind] ? { numFmt: formats[c.kind] } : {},
  }));
  ws.getRow(1).font = { bold: true };
  for (const row of sheet.rows) ws.addRow(sheet.columns.map((c, i) => cellOf(row[i], c.kind)));
  for (const row of sheet.totals) ws.addRow(sheet.columns.map((c, i) => cellOf(row[i], c.kind))).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: sheet.columns.length } };
  return { file: Buffer.from(await workbook.xlsx.writeBuffer()), fileName: `${name}${suffix}.xlsx` };
}

/** The English of every sheet name, heading and row text, for the documents' dictionary. */
export const workbookEnglishTexts = [
  ...new Set([
    ...Object.values(rowTexts),
    '1–30 days',
    '31–60 days',
    '61–90 days',
    '91–120 days',
    'Account',
    'Balance',
    'Client',
    'Contract',
    'Credit',
    'Currency',
    'Date',
    'Debit',
    'Event',
    'Event type',
    'Invoice',
    'Label',
    'Name',
    'Not due',
    'Over 120 days',
    'Person',
    'Reference',
    'Total',
    'Trial balance',
    'Aged receivables',
    'General ledger',
    'Account statement',
  ]),
];
