import { sql } from 'kysely';
import { inTenant } from '../db/database.ts';
import { findWhere } from '../entities/storage.ts';
import type { DemoContext } from '../modules/server-module.ts';
import { indexKind, indiceKind } from './index-values.ts';

/**
 * The demo tenant's market indices: EURIBOR 3 and 12 months and €STR with their month-end
 * values of the first half of 2025 (rounded published figures), written through the product's
 * operations so that each index shows its latest value. Written once: a tenant holding indices gets none.
 */
const indices = [
  {
    code: 'EUR3M',
    name: 'EURIBOR 3 months',
    tenorMonths: 3,
    values: [0.0271, 0.0254, 0.0236, 0.0225, 0.0206, 0.0198],
  },
  {
    code: 'EUR12M',
    name: 'EURIBOR 12 months',
    tenorMonths: 12,
    values: [0.0252, 0.0241, 0.0239, 0.0214, 0.0208, 0.0207],
  },
  { code: 'ESTR', name: '€STR', tenorMonths: 0, values: [0.0292, 0.0269, 0.0269, 0.0242, 0.0217, 0.0192] },
];
const monthEnds = ['2025-01-31', '2025-02-28', '2025-03-31', '2025-04-30', '2025-05-30', '2025-06-30'];

export async function writeDemoIndices({ db, tenant, operations }: DemoContext): Promise<void> {
  const caller = { tenant, username: 'admin@demo', timeZone: 'Europe/Paris' };
  const held = await inTenant(db, { tenant, user: 'system' }, (tx) =>
    findWhere(tx, indexKind, tenant, sql<boolean>`true`, 1),
  );
  if (held.length) return;
  for (const { values, ...index } of indices) {
    const created = await operations.create(caller, indexKind, {
      ...index,
      currency: 'EUR',
      publicationFrequency: '1',
      publisher: index.code === 'ESTR' ? 'European Central Bank' : 'European Money Markets Institute',
      description: `Reference rate read by the revisions of variable-rate contracts indexed on ${index.name}.`,
    });
    for (const [i, value] of values.entries()) {
      await operations.create(caller, indiceKind, {
        indexRegistration: created.registration,
        date: monthEnds[i],
        value,
        source: 'Published month-end fixing',
      });
    }
  }
}
