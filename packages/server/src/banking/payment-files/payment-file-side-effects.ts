/**
 * A payment file's lines follow it (workflow side effects of PaymentFile): sent with it (SEND:
 * DRAFT lines become SENT), cancelled with it (CANCEL: DRAFT lines become CANCELLED, so that their
 * invoices go in the next file). In the transition's transaction, in bulk, each line with its
 * History row as its own SEND or CANCEL transition.
 */
import { sql } from 'kysely';
import { insertHistories } from '../../entities/history.ts';
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
    const moved = await storage.updateMany(
      tx,
      paymentFileLineKind,
      caller.tenant,
      caller.username,
      rows.map((r) => ({ id: r._id, data: { ...r.data, registration: r.registration, status } })),
    );
    const before = new Map(rows.map((r) => [r._id, storage.toDocument(r)]));
    await insertHistories(
      tx,
      caller,
      moved.map((r) => ({
        entityName: paymentFileLineKind.name,
        entityRegistration: r.registration,
        action: 'TRANSITION',
        before: before.get(r._id),
        after: storage.toDocument(r),
        extra: { transition: code },
      })),
    );
    return doc;
  };

export const paymentFileSideEffects = {
  sendPaymentFileLines: moveLines('SEND', 'SENT'),
  cancelPaymentFileLines: moveLines('CANCEL', 'CANCELLED'),
};
