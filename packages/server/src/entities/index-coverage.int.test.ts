import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type RawBuilder } from 'kysely';
import { entities } from '@lbo/model/entity-registry';
import type { Entity } from '@lbo/model/entity';
import type { FilterDef } from '@lbo/model/search';
import { asOwner, createTestDatabase, type TestDatabase } from '../testing/test-app.ts';
import { inTenant } from '../db/database.ts';
import { sortableColumns } from '../db/schema.ts';
import { compileListQuery, type ListQuery } from './list-query.ts';
import { resolvePath } from '../db/field-paths.ts';
import { countStatement } from './storage.ts';
import { countCap } from './crud.operation.ts';

/**
 * Every declared filter and sort of every kind is served by an index: the statement the list
 * API compiles for it is planned, as the application role under row-level security, with
 * sequential scans (and full sorts) priced out. The plan must then find the filter's rows through
 * an index condition on the filter itself (not a walk of the tenant's rows) and take its order
 * from an index.
 */
let t: TestDatabase;
const ROWS = 300;
beforeAll(async () => {
  t = await createTestDatabase();
  // Rows and statistics, so that a walk of the tenant's rows costs what it would on a real book.
  await inTenant(
    t.database.db,
    { tenant: 'alpha', user: 'seed' },
    async (tx) => {
      for (const entity of entities) {
        await sql`INSERT INTO ${sql.table(entity.table)} (tenant, registration, name, data)
        SELECT 'alpha', ${entity.prefix} || lpad(i::text, 6, '0'), 'name ' || i, '{}' FROM generate_series(1, ${ROWS}) AS i`.execute(
          tx,
        );
      }
    },
    120_000,
  );
  // VACUUM too, as autovacuum would: it merges the GIN indexes' pending lists, which on 300 rows would outweigh the table.
  await asOwner(t, ['VACUUM ANALYZE']);
}, 300_000);
afterAll(async () => {
  await t?.dispose();
});

type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };
const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

/** A realistic value of each filter, keyed by the query parameter the API reads. */
function sampleQueries(entity: Entity, filter: FilterDef): Record<string, string>[] {
  const path = resolvePath(entity, filter.field ?? filter.name)!;
  const capital = filter.name[0].toUpperCase() + filter.name.slice(1);
  if (filter.kind === 'person') return [{ [filter.name]: 'PER000123' }];
  if (filter.kind === 'regex') return [{ [filter.name]: 'dup' }];
  const sqlKind = path.kind === 'value' ? path.sqlKind : 'text';
  if (filter.kind === 'range') {
    if (sqlKind === 'numeric') return [{ [`min${capital}`]: '50000' }, { [`max${capital}`]: '10' }];
    return [{ [`from${capital}`]: '20300101' }, { [`to${capital}`]: '20000101' }];
  }
  const value = {
    numeric: '36',
    boolean: 'true',
    date: '2025-01-31',
    timestamp: '2025-01-31T10:00:00Z',
    text: 'X123',
    json: 'X123',
  }[sqlKind];
  return [{ [filter.name]: filter.name === 'registration' ? `${entity.prefix}000123` : value }];
}

/** The plan of a statement, planned for the application role in a tenant, with sequential scans and sorts priced out. */
async function plan(statement: RawBuilder<unknown>): Promise<PlanNode> {
  return inTenant(t.database.db, { tenant: 'alpha', user: 'planner' }, async (tx) => {
    await sql`SELECT set_config('enable_seqscan', 'off', true), set_config('enable_sort', 'off', true)`.execute(tx);
    const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>`EXPLAIN (FORMAT JSON) ${statement}`.execute(tx);
    return rows[0]['QUERY PLAN'][0].Plan;
  });
}

const onlyTenant = /^\(tenant = '[^']*'::text\)$/;

/** Index conditions of the plan on `table` beyond the tenant, and whether it reads the table sequentially. */
function access(root: PlanNode, table: string) {
  const all = nodes(root);
  const conditions = all
    .filter((n) => typeof n['Index Name'] === 'string' && (n['Index Name'] as string).startsWith(`${table}_`))
    .map((n) => String(n['Index Cond'] ?? ''))
    .filter((c) => c && !onlyTenant.test(c));
  const seqScan = all.some((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === table);
  const fullSort = all.some((n) => n['Node Type'] === 'Sort');
  return { conditions, seqScan, fullSort };
}

const pageStatement = (entity: Entity, q: ListQuery) =>
  sql`SELECT _id FROM ${sql.table(entity.table)} WHERE tenant = ${'alpha'} AND ${q.where} ORDER BY ${q.orderBy} LIMIT ${q.limit + 1}`;

describe('index coverage', () => {
  it('serves every declared filter of every kind through an index', async () => {
    const unserved: string[] = [];
    const itemPatterns: string[] = [];
    for (const entity of entities) {
      for (const filter of entity.filters) {
        // A regular expression over the items of a list is matched item by item, which no index serves yet.
        if (filter.kind === 'regex' && resolvePath(entity, filter.field ?? filter.name)?.kind === 'item') {
          itemPatterns.push(`${entity.name} ${filter.name}`);
          continue;
        }
        for (const query of sampleQueries(entity, filter)) {
          const q = compileListQuery(entity, query);
          const { conditions, seqScan } = access(
            await plan(countStatement(entity, 'alpha', q, countCap(q))),
            entity.table,
          );
          if (seqScan || !conditions.length) unserved.push(`${entity.name} ${new URLSearchParams(query)}`);
        }
      }
    }
    expect(unserved).toEqual([]);
    expect(itemPatterns).toEqual(['Person addressLine', 'Prospect addressLine']);
  }, 300_000);

  it('serves every sortable column of every kind, both ways, from an index', async () => {
    const unserved: string[] = [];
    for (const entity of entities) {
      for (const field of ['_insertDate', ...sortableColumns(entity)]) {
        for (const sort of [field, `-${field}`]) {
          const { seqScan, fullSort } = access(
            await plan(pageStatement(entity, compileListQuery(entity, { sort }))),
            entity.table,
          );
          if (seqScan || fullSort) unserved.push(`${entity.name} sort=${sort}`);
        }
      }
    }
    expect(unserved).toEqual([]);
  }, 300_000);
});
