/**
 * A payment file's lines follow it (workflow side effects of PaymentFile): sent with it (SEND:
 * DRAFT lines become SENT), cancelled with it (CANCEL: DRAFT lines become CANCELLED, so that their
 * invoices go in the next file). In the transition's transaction, in bulk, each line with its
 * History row as its own SEND or CANCEL transition.
 */
import { sql } from 'kysely';
import { updateManyIn } from '../../entities/bulk-writes.ts';
import * as storage from '../../entities/storage.ts';
import type { SideEffectContext } from '../../workflow/side-effects.ts';
import { paymentFileLineKind } from './payment-file.operation.ts';

const moveLines =
  (code: 'SEND' | 'CANCEL', status: string) =>
  async ({ tx, caller, doc }: SideEffectContext) => {
    const rows = await storage.findWhere(
      tx,
      paymentFileLineKind,
      caller.tenant,
      sql<boolean>`data->>'paymentFileRegistration' = ${String(doc.registration)} AND status = 'DRAFT'`,
      1_000_000,
    );
    // A file's lines move with it, by the thousand: through the bulk writes (entities/bulk-writes.ts).
    await updateManyIn(
      tx,
      caller,
      paymentFileLineKind,
      rows.map((row) => ({ row, data: { ...row.data, status } })),
      { action: 'TRANSITION', history: { transition: code } },
    );
    return doc;
  };

export const paymentFileSideEffects = {
  sendPaymentFileLines: moveLines('SEND', 'SENT'),
  cancelPaymentFileLines: moveLines('CANCEL', 'CANCELLED'),
};
