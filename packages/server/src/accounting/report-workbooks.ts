import ExcelJS from 'exceljs';
import type { agedReceivables, ledger, trialBalance } from './reports.ts';

/**
 * The books' reports as Excel workbooks (`GET /api/accounting/{report}.xlsx`): one sheet, a bold
 * header row, the report's lines, bold totals rows; amounts as numbers with two decimals, days as
 * dates, so that the accountant sums and filters them in Excel. Headers in English or French.
 */
type Language = 'en' | 'fr';
type Kind = 'text' | 'money' | 'date';
interface Column {
  en: string;
  fr: string;
  kind: Kind;
  width?: number;
}
interface Sheet {
  name: Record<Language, string>;
  columns: Column[];
  rows: unknown[][];
  totals: unknown[][];
}

const text = (en: string, fr: string, width = 14): Column => ({ en, fr, kind: 'text', width });
const money = (en: string, fr: string): Column => ({ en, fr, kind: 'money', width: 15 });
const day = (en: string, fr: string): Column => ({ en, fr, kind: 'date', width: 12 });

type TrialBalance = Awaited<ReturnType<typeof trialBalance>>;
type Ledger = Awaited<ReturnType<typeof ledger>>;
type Aged = Awaited<ReturnType<typeof agedReceivables>>;

function trialBalanceSheet(r: TrialBalance): Sheet {
  return {
    name: { en: 'Trial balance', fr: 'Balance générale' },
    columns: [
      text('Account', 'Compte', 12),
      text('Label', 'Libellé', 40),
      text('Currency', 'Devise', 9),
      money('Debit', 'Débit'),
      money('Credit', 'Crédit'),
      money('Balance', 'Solde'),
    ],
    rows: r.accounts.map((a) => [a.account, a.label, a.currency, a.debit, a.credit, a.balance]),
    totals: Object.entries(r.totals).map(([currency, t]) => ['Total', null, currency, t.debit, t.credit, t.balance]),
  };
}

function ledgerSheet(name: Record<Language, string>) {
  return (r: Ledger, lang: Language): Sheet => {
    const debit = r.lines.reduce((s, l) => s + Math.round(l.debit * 100), 0) / 100;
    const credit = r.lines.reduce((s, l) => s + Math.round(l.credit * 100), 0) / 100;
    return {
      name,
      columns: [
        day('Date', 'Date'),
        text('Account', 'Compte', 10),
        text('Label', 'Libellé', 36),
        text('Event', 'Événement', 12),
        text('Event type', 'Type d’événement', 18),
        text('Invoice', 'Facture'),
        text('Person', 'Personne'),
        text('Contract', 'Contrat'),
        text('Reference', 'Référence'),
        text('Currency', 'Devise', 9),
        money('Debit', 'Débit'),
        money('Credit', 'Crédit'),
        money('Balance', 'Solde'),
      ],
      rows: [
        [
          r.from,
          r.account,
          lang === 'fr' ? 'Solde d’ouverture' : 'Opening balance',
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
          lang === 'fr' ? 'Total et solde de clôture' : 'Total and closing balance',
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

function agedSheet(r: Aged): Sheet {
  const bucketColumns: Record<string, Column> = {
    current: money('Not due', 'Non échu'),
    '1-30': money('1–30 days', '1 à 30 jours'),
    '31-60': money('31–60 days', '31 à 60 jours'),
    '61-90': money('61–90 days', '61 à 90 jours'),
    '91-120': money('91–120 days', '91 à 120 jours'),
    over120: money('Over 120 days', 'Plus de 120 jours'),
  };
  const keys = [...r.buckets, 'total'];
  const figures = (x: Record<string, unknown>) => keys.map((b) => x[b] ?? 0);
  return {
    name: { en: 'Aged receivables', fr: 'Balance âgée' },
    columns: [
      text('Client', 'Client', 12),
      text('Name', 'Nom', 32),
      text('Currency', 'Devise', 9),
      ...r.buckets.map((b) => bucketColumns[b]),
      money('Total', 'Total'),
    ],
    rows: r.clients.map((c) => [c.person, c.name, c.currency, ...figures(c)]),
    totals: Object.entries(r.totals).map(([currency, t]) => ['Total', null, currency, ...figures(t)]),
  };
}

export const reportSheets = {
  'trial-balance': (r: TrialBalance) => trialBalanceSheet(r),
  'general-ledger': ledgerSheet({ en: 'General ledger', fr: 'Grand livre' }),
  'account-statement': ledgerSheet({ en: 'Account statement', fr: 'Relevé de compte' }),
  'aged-receivables': (r: Aged) => agedSheet(r),
} satisfies Record<string, (answer: never, lang: Language) => Sheet>;
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
  const lang: Language = locale?.toLowerCase().startsWith('fr') ? 'fr' : 'en';
  const sheet = (reportSheets[report] as (a: unknown, l: Language) => Sheet)(answer, lang);
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const ws = workbook.addWorksheet(sheet.name[lang]);
  ws.columns = sheet.columns.map((c, i) => ({
    header: c[lang],
    key: `c${i}`,
    width: c.width ?? 14,
    style: formats[c.kind] ? { numFmt: formats[c.kind] } : {},
  }));
  ws.getRow(1).font = { bold: true };
  for (const row of sheet.rows) ws.addRow(sheet.columns.map((c, i) => cellOf(row[i], c.kind)));
  for (const row of sheet.totals) ws.addRow(sheet.columns.map((c, i) => cellOf(row[i], c.kind))).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: sheet.columns.length } };
  return { file: Buffer.from(await workbook.xlsx.writeBuffer()), fileName: `${sheet.name[lang]}${suffix}.xlsx` };
}
