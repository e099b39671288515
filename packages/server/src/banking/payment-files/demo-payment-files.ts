/**
 * The demo's payment files (issue 17 item 7), for the demo book to call once its invoices are
 * issued and before they are paid: the direct debits of the receivable invoices due by `dueUntil`
 * (pain.008.001.08, CORE) and the transfers of the payable ones (pain.001.001.09), each file with
 * its XML validated and stored. The organizations need a bank account with a
 * sepaCreditorIdentifier for debits, the payers a valid mandate; invoices without are left out.
 */
import { inTenant, type Db } from '../../db/database.ts';
import type { ObjectStore } from '../../db/object-store.ts';
import type { Doc } from '../../entities/storage.ts';
import { generatePaymentFiles, paymentFileParameters, type GenerationOutcome } from './payment-file.operation.ts';

export async function generateDemoPaymentFiles(
  db: Db,
  store: ObjectStore,
  tenant: string,
  { dueUntil, today }: { dueUntil: string; today: string },
): Promise<{ debits: GenerationOutcome; transfers: GenerationOutcome }> {
  const caller = { tenant, username: 'system' };
  const run = (input: Doc) =>
    inTenant(
      db,
      { tenant, user: caller.username },
      (tx) => generatePaymentFiles(tx, caller, store, paymentFileParameters({ ...input, dueUntil, today }, caller)),
      300_000,
    );
  const debits = await run({ type: 'SEPA_DIRECT_DEBIT', version: 'pain.008.001.08', scheme: 'CORE' });
  const transfers = await run({ type: 'SEPA_CREDIT_TRANSFER', version: 'pain.001.001.09' });
  return { debits, transfers };
}
