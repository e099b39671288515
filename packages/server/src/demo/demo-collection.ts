/**
 * The demo's last month collected, by the product's own operations (issue 17, demo): its direct
 * debits and supplier transfers written as SEPA files (XML validated and stored) and sent; the bank's
 * statement answering them imported — the debits credited and matched, one returned (AM04) and one
 * credit no invoice explains, left for reconciliation; then the late payers dunned. Needs the object
 * store (the files and letters are documents).
 */
import { sql } from 'kysely';
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

export interface DemoCollection {
  paymentFiles: string[];
  statement?: string;
  dunned: number;
}

export async function collectDemoMonth(
  db: Db,
  store: ObjectStore,
  tenant: string,
  contracts: string[],
  asOf: string,
): Promise<DemoCollection> {
  const caller: WorkflowCaller = { tenant, username: 'system', isAdmin: true, timeZone: 'Europe/Paris' };
  const scope = { tenant, user: 'system' };
  // The statement is the lessor's account's: the contracts' organization.
  const lessorIban = await inTenant(db, scope, async (tx) => {
    const [contract] = await storage.findMany(tx, entityByName('Contract')!, tenant, contracts.slice(0, 1));
    const organization = (contract?.data.persons as { role: string; personRegistration: string }[] | undefined)?.find(
      (p) => p.role === 'ORGANIZATION',
    )?.personRegistration;
    const [person] = organization ? await storage.findMany(tx, entityByName('Person')!, tenant, [organization]) : [];
    return String(
      (person?.data.bankAccounts as { bankIban?: string }[] | undefined)?.[0]?.bankIban ??
        'FR7630006000011234567890189',
    );
  });
  const { debits, transfers } = await generateDemoPaymentFiles(db, store, tenant, { dueUntil: asOf, today: asOf });
  const files = [...debits.files, ...transfers.files].filter((f) => f.status === 'GENERATED');
  for (const file of files)
    await inTenant(db, scope, (tx) => runTransition(tx, caller, paymentFileKind, String(file.registration), 'SEND'));
  // The bank's answer for the running contracts' debits.
  const debitFiles = debits.files.filter((f) => f.status === 'GENERATED').map((f) => String(f.registration));
  const lines = debitFiles.length
    ? await inTenant(db, scope, async (tx) =>
        (
          await storage.findWhere(
            tx,
            lineKind,
            tenant,
            sql<boolean>`data->>'paymentFileRegistration' = ANY(${debitFiles}::text[]) AND data->>'contractRegistration' = ANY(${contracts}::text[])`,
            1000,
          )
        ).map(storage.toDocument),
      )
    : [];
  const result: DemoCollection = { paymentFiles: files.map((f) => String(f.registration)), dunned: 0 };
  if (lines.length) {
    const entries: GeneratedEntry[] = lines.map((l) => ({
      amount: String(l.amount),
      endToEndId: String(l.endToEndId),
      mandateReference: String(l.mandateReference ?? ''),
      counterpartyIban: String(l.iban ?? ''),
      bookingDate: asOf,
    }));
    const returned = lines[0];
    entries.push(
      {
        amount: String(returned.amount),
        creditDebit: 'DBIT',
        endToEndId: String(returned.endToEndId),
        mandateReference: String(returned.mandateReference ?? ''),
        returnReason: 'AM04',
        bookingDate: asOf,
      },
      {
        amount: '1250.00',
        remittance: 'VIREMENT ACOMPTE FLOTTE 2025',
        counterpartyName: 'Transports Martin',
        bookingDate: asOf,
      },
    );
    const content = Buffer.from(
      [
        ...camt053(
          {
            messageId: `DEMO-${asOf}`,
            statementId: `STMT-${asOf}`,
            iban: lessorIban,
            opening: '250000.00',
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
      { store, backgroundThreshold: 100_000 },
    );
    result.statement = String(camt.registration);
  }
  result.dunned = (await dunDemoBook(db, tenant, asOf, store)).length;
  return result;
}
