import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileSystemStore } from '../db/object-store.ts';
import { sql } from 'kysely';
import { entityByName } from '@lbo/model/entity-registry';
import { referenceLists } from '@lbo/model/reference-lists';
import { createTestDatabase, signIn, type TestDatabase } from '../testing/test-app.ts';
import { inTenant } from '../db/database.ts';
import { buildApp } from '../app.ts';
import { bootstrap } from '../product.ts';

let db: TestDatabase;
/** The demo's history writes its payment files and statements as documents. */
const objects = fs.mkdtempSync(path.join(os.tmpdir(), 'lbo-demo-'));
const objectStore = fileSystemStore(objects);
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.dispose();
  fs.rmSync(objects, { recursive: true, force: true });
});

const count = (tenant: string, table: string) =>
  inTenant(db.database.db, { tenant, user: 'test' }, async (tx) =>
    Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(tx)).rows[0].n),
  );

describe('first start', () => {
  it('creates master and demo tenants with their admins and a demo book, once', async () => {
    const first = await bootstrap(db.database.db, { demoData: true, objectStore });
    expect(first.created).toBe(true);
    expect(first.adminPassword).toMatch(/^\S{10,}$/);
    const counts = {
      persons: await count('demo', 'person'),
      contracts: await count('demo', 'contract'),
      invoices: await count('demo', 'invoice'),
    };
    // Persons loaded; contracts and invoices made by the demo's eighteen months of operations.
    expect(counts.persons).toBeGreaterThanOrEqual(150);
    expect(counts.contracts).toBeGreaterThanOrEqual(70);
    expect(counts.invoices).toBeGreaterThanOrEqual(400);
    expect(await count('master', 'contract')).toBe(0);

    const second = await bootstrap(db.database.db, { demoData: true, adminPassword: 'another-one', objectStore });
    expect(second).toEqual({ created: false });
    expect(await count('demo', 'person')).toBe(counts.persons);

    const app = await buildApp({ database: db.database });
    expect(await signIn(app, 'admin@demo', first.adminPassword!)).toBeTruthy();
    expect(await signIn(app, 'admin@master', first.adminPassword!)).toBeTruthy();
    await expect(signIn(app, 'admin@demo', 'another-one')).rejects.toThrow(/401/);
    await app.close();
  }, 1_200_000);

  it('gives demo records values from their reference lists', async () => {
    for (const name of ['Person', 'Prospect', 'Asset', 'Contract', 'Deal', 'Invoice', 'Posting', 'Ticket']) {
      const entity = entityByName(name)!;
      const selects = Object.entries(entity.fields).filter(([, f]) => f.type === 'select' && f.list && !f.multiple);
      const docs = await inTenant(db.database.db, { tenant: 'demo', user: 'test' }, async (tx) =>
        (
          await sql<{ data: Record<string, unknown> }>`SELECT data FROM ${sql.table(entity.table)} LIMIT 200`.execute(
            tx,
          )
        ).rows.map((r) => r.data),
      );
      for (const [field, def] of selects) {
        const allowed = new Set(referenceLists[def.list!]?.map((i) => i.value));
        for (const doc of docs)
          if (doc[field] !== undefined)
            expect(allowed.has(String(doc[field])), `${name}.${field} = ${doc[field]}`).toBe(true);
      }
    }
  });

  it('gives demo records statuses from their status lists and links that resolve', async () => {
    for (const name of ['Person', 'Prospect', 'Asset', 'Contract', 'Deal', 'Invoice', 'Posting', 'Ticket']) {
      const entity = entityByName(name)!;
      const allowed = new Set(referenceLists[entity.status as string].map((i) => i.value));
      const statuses = await inTenant(db.database.db, { tenant: 'demo', user: 'test' }, async (tx) =>
        (await sql<{ status: string }>`SELECT DISTINCT status FROM ${sql.table(entity.table)}`.execute(tx)).rows.map(
          (r) => r.status,
        ),
      );
      for (const s of statuses) expect(allowed.has(s), `${name} status ${s}`).toBe(true);
    }
    const dangling = await inTenant(db.database.db, { tenant: 'demo', user: 'test' }, async (tx) =>
      Number(
        (
          await sql<{ n: string }>`SELECT count(*) AS n FROM contract c, jsonb_array_elements(c.data -> 'persons') p
        WHERE NOT EXISTS (SELECT 1 FROM person WHERE person.registration = p ->> 'personRegistration')`.execute(tx)
        ).rows[0].n,
      ),
    );
    expect(dangling).toBe(0);
  });
});
