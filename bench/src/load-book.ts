import { sql } from 'kysely';
import { entityByName } from '@lbo/model/entity-registry';
import { inTenant, type Db } from '@lbo/server/db/database';
import { bulkInsert } from '@lbo/server/seed/bulk-insert';
import * as gen from '@lbo/server/seed/demo-data';
import { bookPrefixes } from '@lbo/server/seed/bootstrap';

/**
 * Loads a book of `contracts` contracts (with persons, assets and the rest in proportion) into
 * `tenant`, in chunks so that memory stays flat at a million rows. Skips when already loaded.
 */
export async function loadBook(db: Db, tenant: string, contracts: number, log: (s: string) => void): Promise<gen.BookSize> {
  const size = gen.bookSize(contracts);
  const have = await inTenant(db, { tenant, user: 'bench' }, async (tx) =>
    Number((await sql<{ n: string }>`SELECT count(*) AS n FROM contract`.execute(tx)).rows[0].n));
  if (have >= contracts) return size;
  const e = (name: string) => entityByName(name)!;
  const prefixes = bookPrefixes();
  const kinds: [string, number, (i: number) => Record<string, unknown>][] = [
    ['Person', size.persons, (i) => gen.personAt(i, prefixes)],
    ['Asset', size.assets, (i) => gen.assetAt(i, prefixes, size)],
    ['Contract', size.contracts, (i) => gen.contractAt(i, prefixes, size)],
  ];
  const chunk = 10_000;
  for (const [name, total, make] of kinds) {
    const started = Date.now();
    for (let from = 0; from < total; from += chunk) {
      const docs = Array.from({ length: Math.min(chunk, total - from) }, (_, k) => make(from + k));
      await inTenant(db, { tenant, user: 'bench' }, (tx) => bulkInsert(tx, e(name), tenant, 'bench', docs), 600_000);
      if ((from / chunk) % 10 === 0) log(`  ${name}: ${from + docs.length}/${total}`);
    }
    log(`  ${name}: ${total} rows in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  await inTenant(db, { tenant, user: 'bench' }, (tx) => sql`ANALYZE`.execute(tx).catch(() => undefined));
  return size;
}
