import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileSystemStore } from '../db/object-store.ts';
import { sql } from 'kysely';
import type { Entity } from '@lbo/model/entity';
import { entities } from '@lbo/model/entity-registry';
import type { FieldDef } from '@lbo/model/fields';
import { referenceLists } from '@lbo/model/reference-lists';
import { validateFields } from '@lbo/model/values/validate';
import { createTestDatabase, signIn, type TestDatabase } from '../testing/test-app.ts';
import { inTenant } from '../db/database.ts';
import { buildApp } from '../app.ts';
import { bootstrap } from '../product.ts';
import { demoTenantBook, madeByOperations, notInBook } from './demo-book.ts';
import { recipes } from './demo-recipes.ts';

// Spec 001 §2.1 and §2.2: the list screens of entity kinds (/crons lists a pseudo-entity).
const listScreens = (
  'asset-catalog-items, asset-service-catalog-items, depreciation-schedules, notes, script-logs, bookings, inspections, ' +
  'postings, posting-events, rules, cases, campaigns, questions, projects, contract-elements, contract-lots, asset-lots, ' +
  'maintenances, assets, person-amendments, scores, product-catalog-items, documents, collaterals, private-equity-assets, ' +
  'financing-services, payment-files, feature-flags, claims, communications, contracts, deals, users, batches, scripts, ' +
  'imports, audits, tasks, flows, locales, tenants, system-events, system-logs, access-logs, inventories, bank-accounts, ' +
  'bank-operations, bank-transactions, invoices, cashflows, sepas, camts, votings, votes, committees, budgets, ' +
  'external-datas, credit-lines, agreements, amendments, funds, fundings, persons, prospects, products, ' +
  'product-element-catalog-items, product-tables, amendment-catalog-items, tickets, time-entries, key-values, dtxns'
).split(', ');
const listKinds = entities.filter((e) => listScreens.includes(e.listRoute));
const serverMade = new Set(['AccessStat', 'MetricRecord', 'SystemEvent', 'Dtxn', 'Batch', 'AccessLog', 'SystemLog']);
/** Tenants are records of the master tenant; every tenant, master included, has its administrator and the default scripts. */
const masterHolds = new Set(['Tenant', 'User', 'Script']);

type Doc = Record<string, unknown>;
let db: TestDatabase;
const objects = fs.mkdtempSync(path.join(os.tmpdir(), 'lbo-demo-book-'));
beforeAll(async () => {
  db = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  await db?.dispose();
  fs.rmSync(objects, { recursive: true, force: true });
});

const rowsOf = (tenant: string, entity: Entity) =>
  inTenant(
    db.database.db,
    { tenant, user: 'test' },
    async (tx) =>
      (
        await sql<{
          data: Doc;
          status: string | null;
        }>`SELECT data, status FROM ${sql.table(entity.table)} ORDER BY registration`.execute(tx)
      ).rows,
  );
const countsOf = async (tenant: string) =>
  Object.fromEntries(await Promise.all(entities.map(async (e) => [e.name, (await rowsOf(tenant, e)).length] as const)));
const withoutAudit = (doc: Doc) => Object.fromEntries(Object.entries(doc).filter(([k]) => !k.startsWith('_')));
const listValues = (list: string) =>
  referenceLists[list] ? new Set(referenceLists[list].map((i) => i.value)) : undefined;

/** Every `link` value of a document with the kind it points to, nested lists and objects included. */
function linksOf(
  doc: Doc,
  fields: Record<string, FieldDef>,
  path = '',
): { path: string; kind: string; value: string }[] {
  return Object.entries(fields).flatMap(([name, field]) => {
    const value = doc[name];
    if (value === undefined || value === null) return [];
    if (field.type === 'link' && field.entity)
      return [{ path: `${path}${name}`, kind: field.entity, value: String(value) }];
    if (field.type === 'list' && field.fields && Array.isArray(value))
      return value.flatMap((item, i) => linksOf(item as Doc, field.fields!, `${path}${name}[${i}].`));
    if (field.type === 'object' && field.fields && typeof value === 'object')
      return linksOf(value as Doc, field.fields, `${path}${name}.`);
    return [];
  });
}

describe('the demo book', () => {
  let before: Record<string, number>;

  it('gives every list screen of the spec rows in the demo tenant and none in master', async () => {
    expect(listKinds.length).toBeGreaterThanOrEqual(70);
    const first = await bootstrap(db.database.db, {
      demoData: true,
      adminPassword: 'Demo-Book-Pass-1',
      objectStore: fileSystemStore(objects),
    });
    expect(first.created).toBe(true);
    before = await countsOf('demo');
    const master = await countsOf('master');
    // Every kind a lessor's book holds has rows: those with a recipe and those the demo's operations make;
    // what the server writes as it runs (logs, statistics, batches) starts empty, as mere settings do.
    const empty = listKinds.filter(
      (e) =>
        e.name !== 'Tenant' &&
        !serverMade.has(e.name) &&
        (recipes[e.name] || madeByOperations.has(e.name)) &&
        before[e.name] === 0,
    );
    expect(empty.map((e) => e.name)).toEqual([]);
    expect(listKinds.filter((e) => before[e.name] > 0).length).toBeGreaterThanOrEqual(55);
    expect(listKinds.filter((e) => !masterHolds.has(e.name) && master[e.name] > 0).map((e) => e.name)).toEqual([]);
    expect(master.Tenant).toBeGreaterThanOrEqual(2);
  }, 1_200_000);

  it('holds documents the API would accept: declared fields, values of their lists, statuses of their kind', async () => {
    const problems: string[] = [];
    // The server's own bookkeeping (histories, counters) is not written through the API.
    for (const entity of entities.filter((e) => !notInBook.has(e.name))) {
      const statuses = entity.status ? listValues(entity.status) : undefined;
      for (const { data, status } of await rowsOf('demo', entity)) {
        const doc = withoutAudit(data);
        try {
          const valid = validateFields(doc, entity.fields, '', {
            requireMandatory: true,
            refuseUnknown: true,
            listValues,
          });
          await entity.check?.(valid);
        } catch (error) {
          problems.push(`${entity.name} ${doc.registration}: ${(error as Error).message}`);
        }
        if (statuses && !(status && statuses.has(status)))
          problems.push(`${entity.name} ${doc.registration}: status ${status}`);
      }
    }
    expect(problems.slice(0, 20)).toEqual([]);
  });

  it('links records that exist', async () => {
    const registrations = new Map<string, Set<string>>();
    for (const entity of entities)
      registrations.set(entity.name, new Set((await rowsOf('demo', entity)).map((r) => String(r.data.registration))));
    const dangling: string[] = [];
    let links = 0;
    for (const entity of entities) {
      for (const { data } of await rowsOf('demo', entity)) {
        for (const link of linksOf(data, entity.fields)) {
          links++;
          // Deals name prospects as their clients (spec 001: the deal's client filter searches prospects).
          const found =
            registrations.get(link.kind)?.has(link.value) ||
            (link.kind === 'Person' && registrations.get('Prospect')?.has(link.value));
          if (!found) dangling.push(`${entity.name} ${data.registration} ${link.path} → ${link.kind} ${link.value}`);
        }
      }
    }
    expect(links).toBeGreaterThan(1000);
    expect(dangling.slice(0, 20)).toEqual([]);
  });

  it('is the same book on every run, and stored as generated', async () => {
    const once = demoTenantBook();
    const again = demoTenantBook();
    for (const [k, kind] of once.entries()) {
      expect(again[k].entity.name).toBe(kind.entity.name);
      const generated = Array.from({ length: kind.count }, (_, i) => kind.at(i));
      // The book's rows; what the demo's history makes (demo/demo-lifecycle.ts) comes beside them.
      const inBook = new Set(generated.map((d) => d.registration));
      // The demo's lot ceded to a fund adds to that fund's figures (financing/contract-lots.ts), the demo's expenses
      // to their assets' cost (field/asset-costs.ts): the rest stays as generated.
      const moved =
        ({ Fund: ['outstanding', 'available'], Asset: ['expensesTotal'] } as Record<string, string[]>)[
          kind.entity.name
        ] ?? [];
      const without = (d: Doc) => Object.fromEntries(Object.entries(d).filter(([k]) => !moved.includes(k)));
      const expected = generated.map(without);
      const stored = (await rowsOf('demo', kind.entity))
        .map((r) => without(withoutAudit(r.data)))
        .filter((d) => inBook.has(d.registration));
      expect(
        Array.from({ length: kind.count }, (_, i) => again[k].at(i)),
        kind.entity.name,
      ).toEqual(generated);
      if (kind.entity.name === 'User') continue; // beside the tenant's administrator
      const byRegistration = (a: Doc, b: Doc) => (String(a.registration) < String(b.registration) ? -1 : 1);
      expect(stored.sort(byRegistration), kind.entity.name).toEqual(expected.sort(byRegistration));
    }
  });

  it('adds nothing when the seed runs again, even after a user emptied a kind', async () => {
    await inTenant(db.database.db, { tenant: 'demo', user: 'test' }, (tx) => sql`DELETE FROM note`.execute(tx));
    const second = await bootstrap(db.database.db, {
      demoData: true,
      adminPassword: 'another-one',
      objectStore: fileSystemStore(objects),
    });
    expect(second).toEqual({ created: false });
    expect(await countsOf('demo')).toEqual({ ...before, Note: 0 });
  }, 120_000);

  it('prices a plan with the demo products: a coefficients table and a cost table, a rates table', async () => {
    const app = await buildApp({ database: db.database });
    try {
      const authorization = `Bearer ${await signIn(app, 'admin@demo', 'Demo-Book-Pass-1')}`;
      const plan = async (query: string) => {
        const res = await app.inject({
          method: 'GET',
          url: `/api/financing/calculator/payment-plan?startDate=2025-07-01&frequency=30&${query}`,
          headers: { authorization },
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json();
      };
      const lease = await plan('product=PRD000001&amount=20000&duration=36');
      expect(lease.instalment).toBe(624);
      expect(lease.tables.map((t: { kind: string }) => t.kind)).toEqual(['coefficientsTable', 'costTable']);
      expect((await plan('product=PRD000002&amount=20000&duration=48')).rate).toBe(0.051);
      expect((await plan('product=PRD000003&amount=20000&duration=48')).rate).toBe(0.052);
    } finally {
      await app.close();
    }
  });
});
