/**
 * The French Fichier des Écritures Comptables (article A47 A-1 of the Livre des procédures
 * fiscales): one line per posting, 18 columns separated by `|`, dates YYYYMMDD, amounts with a
 * comma and two decimals, a header naming the columns. And a CSV of the same postings for other
 * ledgers (`;`, decimal point, quoted where needed).
 */
import { sql } from 'kysely';
import { person as personEntity } from '@lbo/model/entities/person/person.entity';
import { posting as postingEntity } from '@lbo/model/entities/accounting/posting.entity';
import type { Tx } from '../db/database.ts';
import { chartOf } from './reports.ts';
import { postingRulesOf } from './posting-rules.ts';

export const fecColumns = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise',
] as const;

const postingTable = sql.table(postingEntity.table);
const personTable = sql.table(personEntity.table);

export interface EntryLine {
  journal: string;
  journalLabel: string;
  entry: string;
  date: string;
  account: string;
  accountLabel: string;
  auxiliary: string;
  auxiliaryLabel: string;
  reference: string;
  referenceDate: string;
  label: string;
  debit: string;
  credit: string;
  validDate: string;
  currency: string;
  amount: string;
}

/** `2026-01-31` → `20260131`. */
export const fecDate = (date: string) => date.replace(/-/g, '').slice(0, 8);
/** A money amount as its exact text with two decimals (`1234.5` → `1234.50`). */
function fixed(amount: unknown): string {
  const text = typeof amount === 'number' ? amount.toFixed(2) : String(amount ?? '0');
  return /^-?\d+(\.\d+)?$/.test(text)
    ? text.includes('.')
      ? text.padEnd(text.indexOf('.') + 3, '0')
      : `${text}.00`
    : '0.00';
}
/** FEC fields may not hold the separator nor line breaks. */
const clean = (v: unknown) =>
  String(v ?? '')
    .replace(/[|\r\n\t]+/g, ' ')
    .trim();

/** The postings dated from `from` to `to`, in entry order, as export lines. */
export async function entryLines(tx: Tx, tenant: string, from: string, to: string): Promise<EntryLine[]> {
  const chart = await chartOf(tx, tenant);
  const journals = new Map((await postingRulesOf(tx, tenant)).map((r) => [r.journal, r.journalLabel ?? r.journal]));
  const { rows } = await sql<{
    data: Record<string, unknown>;
    inserted: Date;
    person: string | null;
  }>`SELECT p.data, p._insert_date AS inserted, pe.name AS person
    FROM ${postingTable} p LEFT JOIN ${personTable} pe ON pe.tenant = p.tenant AND pe.registration = p.data ->> 'personRegistration'
    WHERE p.tenant = ${tenant} AND p.data ->> 'date' >= ${from} AND p.data ->> 'date' <= ${to}
    ORDER BY p.data ->> 'date', p.data ->> 'postingEventRegistration', p.registration`.execute(tx);
  return rows.map(({ data, inserted, person }) => {
    const account = String(data.account);
    const auxiliary = chart.get(account)?.auxiliary && data.personRegistration ? String(data.personRegistration) : '';
    const amount = fixed(data.amount);
    const journal = String(data.journal ?? 'OD');
    return {
      journal,
      journalLabel: journals.get(journal) ?? journal,
      entry: String(data.postingEventRegistration),
      date: String(data.date),
      account,
      accountLabel: chart.get(account)?.label ?? account,
      auxiliary,
      auxiliaryLabel: auxiliary ? (person ?? auxiliary) : '',
      reference: String(data.documentReference ?? data.postingEventRegistration),
      referenceDate: String(data.eventDate ?? data.date),
      label: String(data.name ?? data.eventType ?? ''),
      debit: data.dc === 'D' ? amount : '0.00',
      credit: data.dc === 'C' ? amount : '0.00',
      validDate: inserted.toISOString().slice(0, 10),
      currency: String(data.currency ?? 'EUR'),
      amount,
    };
  });
}

/** The FEC text: header, then one line per posting; amounts in a foreign currency also give Montantdevise and Idevise. */
export function fecText(lines: EntryLine[]): string {
  const comma = (v: string) => v.replace('.', ',');
  const out = [fecColumns.join('|')];
  for (const l of lines) {
    const foreign = l.currency !== 'EUR';
    out.push(
      [
        l.journal,
        l.journalLabel,
        l.entry,
        fecDate(l.date),
        l.account,
        l.accountLabel,
        l.auxiliary,
        l.auxiliaryLabel,
        l.reference,
        fecDate(l.referenceDate),
        l.label,
        comma(l.debit),
        comma(l.credit),
        '',
        '',
        fecDate(l.validDate),
        foreign ? comma(l.amount) : '',
        foreign ? l.currency : '',
      ]
        .map(clean)
        .join('|'),
    );
  }
  return `${out.join('\r\n')}\r\n`;
}

const csvField = (v: string) => (/[;"\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export function csvText(lines: EntryLine[]): string {
  const header = [
    'date',
    'journal',
    'entry',
    'account',
    'accountLabel',
    'auxiliary',
    'auxiliaryLabel',
    'reference',
    'label',
    'debit',
    'credit',
    'currency',
  ];
  const out = [header.join(';')];
  for (const l of lines)
    out.push(
      [
        l.date,
        l.journal,
        l.entry,
        l.account,
        l.accountLabel,
        l.auxiliary,
        l.auxiliaryLabel,
        l.reference,
        l.label,
        l.debit,
        l.credit,
        l.currency,
      ]
        .map(csvField)
        .join(';'),
    );
  return `${out.join('\r\n')}\r\n`;
}
