import { entityByName } from '@lbo/model/entity-registry';
import type { Db } from '../db/database.ts';
import { inTenant } from '../db/database.ts';
import { bulkInsert } from '../seed/bulk-insert.ts';

/**
 * A book of `count` active contracts of `tenant`, one rent element each with two lines (due
 * 2025-01-31 and 2025-02-28), written straight to the tables: enough for a billing run to take a
 * while, for tests of long jobs. Answers the number of elements.
 */
export async function loadBillingBook(db: Db, tenant: string, count: number, prefix = 'CT'): Promise<number> {
  const contracts = Array.from({ length: count }, (_, i) => ({
    registration: `${prefix}${String(i).padStart(6, '0')}`,
    status: 'ACTIVE',
    name: `Contract ${i}`,
    currency: 'EUR',
  }));
  const elements = contracts.map((c, i) => ({
    registration: `${c.registration}-01`,
    status: 'ACTIVE',
    type: 'RENT',
    name: 'Rent',
    code: 'RENT',
    contractRegistration: c.registration,
    pr: 'R',
    payerRegistration: `PRO${String(i % 50).padStart(6, '0')}`,
    payeeRegistration: 'ORG000001',
    currency: 'EUR',
    lines: [
      {
        number: 1,
        dueDate: '2025-01-31',
        amountExclTax: 100 + (i % 7),
        tax: 0,
        amountInclTax: 100 + (i % 7),
        interest: 0,
        principal: 0,
        taxCode: 'VAT20',
        status: 'PLANNED',
      },
      {
        number: 2,
        dueDate: '2025-02-28',
        amountExclTax: 100,
        tax: 20,
        amountInclTax: 120,
        interest: 0,
        principal: 0,
        taxCode: 'VAT20',
        status: 'PLANNED',
      },
    ],
  }));
  await inTenant(
    db,
    { tenant, user: 'test' },
    async (tx) => {
      await bulkInsert(tx, entityByName('Contract')!, tenant, 'test', contracts);
      await bulkInsert(tx, entityByName('ContractElement')!, tenant, 'test', elements);
    },
    300_000,
  );
  return elements.length;
}
