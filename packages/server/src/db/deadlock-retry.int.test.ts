import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-app.ts';
import { inTenant } from './database.ts';

/**
 * Two transactions that take the same two counters in opposite orders deadlock; PostgreSQL rolls
 * one back, and it is played again: both writes land, each once. The embedded database serves
 * one session at a time and cannot deadlock, so this runs on PostgreSQL (as in CI).
 */
const onPostgres = !!process.env.DATABASE_URL;

describe.runIf(onPostgres)('a deadlock’s victim', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.dispose();
  });

  const bump = (tx: Parameters<Parameters<typeof inTenant>[2]>[0], name: string) =>
    sql`INSERT INTO sequence_counter (tenant, entity, value) VALUES ('alpha', ${name}, 1)
      ON CONFLICT (tenant, entity) DO UPDATE SET value = sequence_counter.value + 1`.execute(tx);
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('is played again: both transactions commit, each write once', async () => {
    const database = db.database.db;
    const attempts = { first: 0, second: 0 };
    const crossing = (which: 'first' | 'second', a: string, b: string) =>
      inTenant(database, { tenant: 'alpha', user: 'test' }, async (tx) => {
        attempts[which]++;
        await bump(tx, a);
        await pause(300);
        await bump(tx, b);
        return which;
      });
    await Promise.all([crossing('first', 'DeadlockA', 'DeadlockB'), crossing('second', 'DeadlockB', 'DeadlockA')]);
    // One of them was the victim and ran twice; the counters count each commit once.
    expect(attempts.first + attempts.second).toBe(3);
    const { rows } = await inTenant(database, { tenant: 'alpha', user: 'test' }, (tx) =>
      sql<{ entity: string; value: string }>`SELECT entity, value FROM sequence_counter
        WHERE tenant = 'alpha' AND entity LIKE 'Deadlock%' ORDER BY entity`.execute(tx),
    );
    expect(rows.map((r) => [r.entity, Number(r.value)])).toEqual([
      ['DeadlockA', 2],
      ['DeadlockB', 2],
    ]);
  });
});
