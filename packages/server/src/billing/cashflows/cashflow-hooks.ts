/**
 * Generic writes of cashflows and allocations (POST, PUT, PATCH) keep what only the allocations
 * write: a cashflow's allocated amounts start at nothing and stay the allocations'; once allocated,
 * its amount, currency and direction are fixed (a validated allocation is frozen by its declaration).
 */
import { ApiError } from '@lbo/model/errors';
import type { WriteHooks } from '../../entities/crud.operation.ts';
import type { Doc } from '../../entities/storage.ts';
import { major, minor } from '@lbo/model/finance/amounts';

function withAmounts<D extends Doc>(
  doc: D,
  allocated: number,
): D & { allocatedAmount: number; unallocatedAmount: number } {
  const currency = doc.currency;
  return {
    ...doc,
    allocatedAmount: major(allocated, currency),
    unallocatedAmount: major(minor(doc.amount, currency) - allocated, currency),
  };
}

const fixedOnceAllocated = ['amount', 'currency', 'pr'] as const;

export const cashflowWriteHooks: Record<string, WriteHooks> = {
  cashflow: {
    beforeCreate: async (_tx, _caller, _entity, doc) => withAmounts(doc, 0),
    beforeUpdate: async (_tx, _caller, _entity, doc, before) => {
      const allocated = minor(before.allocatedAmount, before.currency);
      if (allocated > 0) {
        for (const field of fixedOnceAllocated) {
          if (doc[field] !== undefined && doc[field] !== before[field]) {
            throw new ApiError('INVALID_FIELD_VALUE', [
              String(doc[field]),
              `${field} (cashflow ${String(before.registration)} is allocated: reverse its allocations first)`,
            ]);
          }
        }
      }
      const kept = Object.fromEntries(fixedOnceAllocated.filter(() => allocated > 0).map((f) => [f, before[f]]));
      const next = { ...doc, ...kept };
      if (minor(next.amount, next.currency) < allocated)
        throw new ApiError('INVALID_FIELD_VALUE', [String(next.amount), 'amount (below the amount allocated)']);
      return withAmounts(next, allocated);
    },
    // An allocated cashflow is not deleted: its allocations are reversed first.
    beforeDelete: async (_tx, _caller, _entity, doc) => {
      if (minor(doc.allocatedAmount, doc.currency) > 0)
        throw new ApiError('RECORD_FROZEN', [
          'Cashflow',
          String(doc.registration),
          `${String(doc.status)} (reverse its allocations first)`,
        ]);
    },
  },
};
