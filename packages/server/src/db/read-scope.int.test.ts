import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../testing/test-app.ts';
import { inTenant, readInTenant, PREPARED, type Db } from './database.ts';

/** Reads sent with their tenant settings in one round trip (db/scoped-query.ts). */
let t: TestDatabase;
let db: Db;
beforeAll(async () => {
  t = await createTestDatabase();
  db = t.database.db;
  for (const tenant of ['alpha', 'beta']) {
    await inTenant(db, { tenant, user: 'seed' }, (tx) =>
      sql`INSERT INTO contract (tenant, registration, data) VALUES (${tenant}, ${`CT-${tenant}`}, '{}')`.execute(tx),
    );
  }
});
afterAll(async () => {
  await t?.dispose();
});

const registrations = (tenant: string) =>
  readInTenant(db, { tenant, user: 'reader' }, async (tx) =>
    (await sql<{ registration: string }>`SELECT registration FROM contract ORDER BY 1`.execute(tx)).rows.map(
      (r) => r.registration,
    ),
  );

describe('readInTenant', () => {
  it('sees only its tenant, under its user and timeout, and leaves nothing set on the connection', async () => {
    for (let i = 0; i < 10; i++) {
      expect(await registrations(i % 2 ? 'alpha' : 'beta')).toEqual([i % 2 ? 'CT-alpha' : 'CT-beta']);
      // A statement on a pooled connection outside any scope sees no tenant and no rows.
      const unscoped = await db.connection().execute(
        async (c) =>
          (
            await sql<{
              tenant: string;
              n: string;
            }>`SELECT current_setting('app.tenant', true) AS tenant, (SELECT count(*) FROM contract) AS n`.execute(c)
          ).rows[0],
      );
      expect(unscoped).toEqual({ tenant: '', n: '0' });
    }
    const settings = await readInTenant(
      db,
      { tenant: 'alpha', user: 'reader' },
      async (tx) =>
        (
          await sql<
            Record<string, string>
          >`SELECT current_setting('app.user') AS "user", current_setting('statement_timeout') AS timeout,
        current_setting('transaction_read_only') AS "readOnly"`.execute(tx)
        ).rows[0],
      1500,
    );
    expect(settings).toEqual({ user: 'reader', timeout: '1500ms', readOnly: 'on' });
    expect(await registrations('nobody')).toEqual([]);
  });

  it('refuses a write and keeps nothing of it', async () => {
    const write = readInTenant(db, { tenant: 'alpha', user: 'reader' }, (tx) =>
      sql`INSERT INTO contract (tenant, registration, data) VALUES ('alpha', 'CT-written', '{}')`.execute(tx),
    );
    await expect(write).rejects.toMatchObject({ code: '25006' });
    expect(await registrations('alpha')).toEqual(['CT-alpha']);
  });

  it('runs several statements, prepared ones included, and recovers from a failing one', async () => {
    const lookup = (tx: Db, registration: string) =>
      sql<{
        registration: string;
      }>`${sql.raw(PREPARED)} SELECT registration FROM contract WHERE registration = ${registration}`.execute(tx);
    const found = await readInTenant(db, { tenant: 'beta', user: 'reader' }, async (tx) => {
      const first = await lookup(tx, 'CT-beta');
      const other = await lookup(tx, 'CT-alpha');
      const bad = await sql`SELECT ${'x'}::int`.execute(tx).catch((error: { code?: string }) => error.code);
      const again = await lookup(tx, 'CT-beta');
      return [first.rows, other.rows, bad, again.rows];
    });
    expect(found).toEqual([[{ registration: 'CT-beta' }], [], '22P02', [{ registration: 'CT-beta' }]]);
    // The same prepared statement in a transaction of inTenant, on connections that prepared it above.
    const inTransaction = await inTenant(
      db,
      { tenant: 'alpha', user: 'writer' },
      async (tx) => (await lookup(tx, 'CT-alpha')).rows,
    );
    expect(inTransaction).toEqual([{ registration: 'CT-alpha' }]);
  });

  it('refuses a scope with a NUL character before sending anything', async () => {
    await expect(registrations('alpha\0')).rejects.toThrow(/NUL/);
    expect(await registrations('alpha')).toEqual(['CT-alpha']);
  });
});
