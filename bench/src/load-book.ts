import { sql } from 'kysely';
import { inTenant, type Db } from '@lbo/server/db/database';
import { bulkInsert } from '@lbo/server/seed/bulk-insert';
import { bookSize, demoBook, type BookSize } from '@lbo/server/seed/demo-book';

/** The kinds the list benchmark reads (contracts, and the persons and assets they name). */
const benchKinds = new Set(['Person', 'Asset', 'Contract']);

/**
 * Loads a book of `contracts` contracts (with persons and assets in proportion) into `tenant`
 * from the demo book's generator, in chunks so that memory stays flat at a million rows.
 * Skips when already loaded.
 */
export async function loadBook(db: Db, tenant: string, contracts: number, log: (s: string) => void): Promise<BookSize> {
  const size = bookSize(contracts);
  const have = await inTenant(db, { tenant, user: 'bench' }, async (tx) =>
    Number((await sql<{ n: string }>`SELECT count(*) AS n FROM contract`.execute(tx)).rows[0].n),
  );
  if (have >= contracts) return size;
  const chunk = 10_000;
  for (const { entity, count, at } of demoBook(size).filter((k) => benchKinds.has(k.entity.name))) {
    const started = Date.now();
    for (let from = 0; from < count; from += chunk) {
      const docs = Array.from({ length: Math.min(chunk, count - from) }, (_, k) => at(from + k));
      await inTenant(db, { tenant, user: 'bench' }, (tx) => bulkInsert(tx, entity, tenant, 'bench', docs), 600_000);
      if ((from / chunk) % 10 === 0) log(`  ${entity.name}: ${from + docs.length}/${count}`);
    }
    log(`  ${entity.name}: ${count} rows in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  await inTenant(db, { tenant, user: 'bench' }, (tx) => sql`ANALYZE`.execute(tx).catch(() => undefined));
  return size;
}
