import type { Entity } from '@lbo/model/entity';
import { depreciationWriteHooks } from '../asset/depreciation-schedule.hooks.ts';
import { personWriteHooks } from '../person/person-registrations.ts';
import { financedRecordHooks } from '../financing/quotation-pricing.ts';
import { invoiceWriteHooks } from '../billing/credit-notes.ts';
import { cashflowWriteHooks } from '../billing/cashflows/cashflow-hooks.ts';
import { treasuryWriteHooks } from '../banking/treasury/treasury.ts';
import { bookingWriteHooks } from '../accounting/bookings.ts';
import type { WriteHooks } from './crud.operation.ts';

/**
 * The write hooks of the domains, by the key a kind's declaration names (`writeHooks`). A hook
 * is server code (it reads and numbers in the write's transaction), so the declaration names it
 * rather than holding it.
 */
export const writeHooks: Record<string, WriteHooks> = {
  ...personWriteHooks,
  ...depreciationWriteHooks,
  ...financedRecordHooks,
  ...invoiceWriteHooks,
  ...cashflowWriteHooks,
  ...treasuryWriteHooks,
  ...bookingWriteHooks,
};

/** Throws when a kind names write hooks the server does not have. */
export function assertWriteHooksExist(kinds: Entity[], hooks: Record<string, WriteHooks> = writeHooks): void {
  for (const kind of kinds) {
    if (kind.writeHooks && !Object.hasOwn(hooks, kind.writeHooks))
      throw new Error(`${kind.name} names the write hooks "${kind.writeHooks}", which the server does not have`);
  }
}
