/**
 * A month of the demo collected, by the product's own operations: the direct debits of the invoices
 * issued and due by the month's end and the supplier transfers written as SEPA files (pain.008 and
 * pain.001, XML validated and stored) and sent; the bank's statement (camt.053) answering the debits
 * imported — each credited and matched, the ones the bank returns debited back with their reason,
 * and on the last month a credit no invoice explains, left for reconciliation. Needs the object
 * store (the files are documents).
 */
import { sql } from 'kysely';
import { Dec } from '@lbo/model/finance/decimal';
import { entityByName } from '@lbo/model/entity-registry';
import { inTenant, type Db } from '../db/database.ts';
import type { ObjectStore } from '../db/object-store.ts';
import * as storage from '../entities/storage.ts';
import type { WorkflowCaller } from '../workflow/permissions.ts';
import { runTransition } from '../workflow/workflow.operation.ts';
import { camt053, generateDemoPaymentFiles, importCamt, type GeneratedEntry } from '../banking/banking.module.ts';
import { dunDemoBook } from '../billing/billing.module.ts';

const paymentFileKind = entityByName('PaymentFile')!;
const lineKind = entityByName('PaymentFileLine')!;
const personKind = entityByName('Person')!;

export interface DemoCollection {
  paymentFiles: string[];
  statement?: string;
  /** The statement account's balance after it. */
  closing: string;
  dunned: number;
}

export interface CollectionMonth {
  /** The month's last day: debits due by it are collected, the statement is dated on it. */
  asOf: string;
  /** The statement's opening balance: the previous statement's closing. */
  opening: string;
  /** The debits the bank returns, by their ISO reason code, each on a line of its own. */
  returns?: string[];
  /** A client's transfer no invoice explains (left for reconciliation). */
  unexplained?: { amount: string; remittance: string; counterpartyName: string };
  /** The late payers dunned on `asOf`. */
  dun?: boolean;
}

/** The lessor's account, which the statements are of: the IBAN of the contracts' organization. */
export async function lessorIbanOf(db: Db, tenant: string, organization: string): Promise<string> {
  return inTenant(db, { tenant, user: 'system' }, async (tx) => {
    const [person] = await storage.findMany(tx, personKind, tenant, [organization]);
    const iban = (person?.data.bankAccounts as { bankIban?: string }[] | undefined)?.[0]?.bankIban;
    if (!iban) throw new Error(`the demo's lessor ${organization} has no bank account`);
    return iban;
  });
}

export async function collectDemoMonth(
  db: Db,
  store: ObjectStore,
  tenant: string,
  lessorIban: string,
  month: CollectionMonth,
): Promise<DemoCollection> {
  const { asOf } = month;
  const caller: WorkflowCaller = { tenant, username: 'system', isAdmin: true, timeZone: 'Europe/Paris' };
  const scope = { tenant, user: 'system' };
  const { debits, transfers } = await generateDemoPaymentFiles(db, store, tenant, { dueUntil: asOf, today: asOf });
  const files = [...debits.files, ...transfers.files].filter((f) => f.status === 'GENERATED');
  for (const file of files)
    await inTenant(db, scope, (tx) => runTransition(tx, caller, paymentFileKind, String(file.registration), 'SEND'));
  const debitFiles = debits.files.filter((f) => f.status === 'GENERATED').map((f) => String(f.registration));
  const { lines, names } = await inTenant(db, scope, async (tx) => {
    const found = debitFiles.length
      ? (
          await storage.findWhere(
            tx,
            lineKind,
            tenant,
            sql<boolean>`data->>'paymentFileRegistration' = ANY(${debitFiles}::text[])`,
            100_000,
          )
        )
          .map(storage.toDocument)
          .sort((a, b) => String(a.registration).localeCompare(String(b.registration)))
      : [];
    const persons = [...new Set(found.map((l) => String(l.personRegistration ?? '')).filter(Boolean))];
    const rows = await storage.findMany(tx, personKind, tenant, persons);
    return { lines: found, names: new Map(rows.map((r) => [String(r.data.registration), String(r.data.name)])) };
  });
  const result: DemoCollection = {
    paymentFiles: files.map((f) => String(f.registration)),
    closing: month.opening,
    dunned: 0,
  };
  if (lines.length) {
    const entries: GeneratedEntry[] = lines.map((l) => ({
      amount: String(l.amount),
      endToEndId: String(l.endToEndId),
      mandateReference: String(l.mandateReference ?? ''),
      counterpartyIban: String(l.iban ?? ''),
      counterpartyName: names.get(String(l.personRegistration)),
      bookingDate: asOf,
    }));
    // The returned debits: lines spread over the file, credited then debited back with their reason.
    (month.returns ?? []).forEach((reason, k) => {
      const returned = lines[Math.floor(((k + 1) * lines.length) / ((month.returns?.length ?? 0) + 1)) % lines.length];
      entries.push({
        amount: String(returned.amount),
        creditDebit: 'DBIT',
        endToEndId: String(returned.endToEndId),
        mandateReference: String(returned.mandateReference ?? ''),
        counterpartyName: names.get(String(returned.personRegistration)),
        returnReason: reason,
        bookingDate: asOf,
      });
    });
    if (month.unexplained) entries.push({ ...month.unexplained, bookingDate: asOf });
    const closing = entries
      .reduce((s, e) => (e.creditDebit === 'DBIT' ? s.minus(e.amount) : s.plus(e.amount)), new Dec(month.opening))
      .toFixed(2);
    const content = Buffer.from(
      [
        ...camt053(
          {
            messageId: `LUMI-${asOf}`,
            statementId: `STMT-${asOf}`,
            iban: lessorIban,
            opening: month.opening,
            date: asOf,
          },
          entries,
        ),
      ].join(''),
    );
    const { camt } = await importCamt(
      db,
      caller,
      { content, fileName: `statement-${asOf}.xml` },
      // The statement is processed on its own day, so a returned debit's fee is charged then, not today.
      { store, backgroundThreshold: 100_000, today: asOf },
    );
    result.statement = String(camt.registration);
    result.closing = closing;
  }
  if (month.dun) result.dunned = (await dunDemoBook(db, tenant, asOf, store)).length;
  return result;
}
