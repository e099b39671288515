import { sql } from 'kysely';
import { tax } from '@lbo/model/entities/core/tax.entity';
import type { Tax } from '@lbo/model/finance/pricing';
import { taxRates } from '@lbo/model/lists/billing';
import type { Tx } from '../db/database.ts';
import type { Caller } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';

/** The tenant's tax list (Tax records) over the product's built-in rates. */
export async function taxesOf(tx: Tx, caller: Caller): Promise<Tax[]> {
  const own = await storage.findWhere(tx, tax, caller.tenant, sql<boolean>`true`, 500);
  const byCode = new Map<string, Tax>(Object.entries(taxRates).map(([code, value]) => [code, { code, value }]));
  for (const row of own) {
    const value = row.data.value;
    if (typeof value === 'number') byCode.set(row.registration, { code: row.registration, value });
  }
  return [...byCode.values()];
}
