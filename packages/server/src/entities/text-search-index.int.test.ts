import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { entities, entityByName } from '@lbo/model/entity-registry';
import { entityTableDdl, textSearchSql, textWordsSql } from '../db/schema.ts';
import { asOwner, createTestApp, type TestApp } from '../testing/test-app.ts';

/**
 * A kind declared `textSearchIndexed: false` (postings, History rows, invoice lines) carries no
 * text-search indexes, loses them on a database made before, and still answers `search=`, one
 * word or several, within the caller's tenant.
 */
let t: TestApp;
const lineKind = entityByName('InvoiceLine')!;

const indexesOf = async (table: string) =>
  (
    await sql<{
      indexname: string;
    }>`SELECT indexname FROM pg_indexes WHERE schemaname = 'public' AND tablename = ${table}`.execute(t.db.database.db)
  ).rows.map((r) => r.indexname);

beforeAll(async () => {
  t = await createTestApp();
  for (const [headers, name] of [
    [t.alpha.headers, 'Rent march north'],
    [t.alpha.headers, 'Insurance march'],
    [t.beta.headers, 'Rent march north'],
  ] as const) {
    const res = await t.call('POST', '/api/billing/invoice-lines', headers, {
      name,
      invoiceRegistration: 'INV000001',
      currency: 'EUR',
    });
    expect(res.statusCode, res.body).toBe(201);
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('kinds without text-search indexes', () => {
  it('are the high-volume kinds the server writes, and their tables have no text-search index', async () => {
    expect(
      entities
        .filter((e) => !e.textSearchIndexed)
        .map((e) => e.name)
        .sort(),
    ).toEqual(['History', 'InvoiceLine', 'Posting', 'PostingEvent']);
    for (const name of ['History', 'InvoiceLine', 'Posting', 'PostingEvent']) {
      const table = entityByName(name)!.table;
      expect(
        (await indexesOf(table)).filter((i) => i.startsWith(`${table}__text`)),
        name,
      ).toEqual([]);
    }
    expect(await indexesOf('invoice')).toEqual(expect.arrayContaining(['invoice__text_search', 'invoice__text_words']));
  });

  it('drops the text-search indexes a database made before still has', async () => {
    const table = lineKind.table;
    await asOwner(t.db, [
      `CREATE INDEX IF NOT EXISTS "${table}__text_search" ON "${table}" USING gin ((${textSearchSql(lineKind)}) gin_trgm_ops) WITH (fastupdate = off)`,
      `CREATE INDEX IF NOT EXISTS "${table}__text_words" ON "${table}" USING gin ((${textWordsSql(lineKind)})) WITH (fastupdate = off)`,
    ]);
    expect(await indexesOf(table)).toEqual(expect.arrayContaining([`${table}__text_search`, `${table}__text_words`]));
    await asOwner(t.db, entityTableDdl(lineKind));
    expect((await indexesOf(table)).filter((i) => i.startsWith(`${table}__text`))).toEqual([]);
  });

  it('gives every GIN index a small pending list, also one made before without it', async () => {
    const options = async () =>
      Object.fromEntries(
        (
          await sql<{ relname: string; reloptions: string[] | null }>`SELECT c.relname, c.reloptions FROM pg_class c
      JOIN pg_index x ON x.indexrelid = c.oid JOIN pg_am a ON a.oid = c.relam WHERE a.amname = 'gin' AND x.indrelid = 'invoice'::regclass`.execute(
            t.db.database.db,
          )
        ).rows.map((r) => [r.relname, [...(r.reloptions ?? [])].sort().join(',')]),
      );
    const before = await options();
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['invoice__text_search', 'invoice__text_words']));
    expect(new Set(Object.values(before))).toEqual(new Set(['fastupdate=on,gin_pending_list_limit=128']));
    await asOwner(t.db, [
      'ALTER INDEX invoice__text_search SET (fastupdate = off)',
      'ALTER INDEX invoice__text_words RESET (fastupdate, gin_pending_list_limit)',
    ]);
    expect((await options()).invoice__text_search).toBe('fastupdate=off,gin_pending_list_limit=128');
    await asOwner(t.db, entityTableDdl(entityByName('Invoice')!));
    expect(await options()).toEqual(before);
  });

  it('still answers search=, one word or several, in the caller tenant only', async () => {
    const names = async (search: string) => {
      const res = await t.call(
        'GET',
        `/api/billing/invoice-lines?search=${encodeURIComponent(search)}`,
        t.alpha.headers,
      );
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { name: string }[]).map((r) => r.name).sort();
    };
    expect(await names('MARCH')).toEqual(['Insurance march', 'Rent march north']);
    expect(await names('rent march nor')).toEqual(['Rent march north']);
    expect(await names('ent mar')).toEqual(['Rent march north']);
    expect(await names('march rent')).toEqual([]);
    expect(await names('50%_')).toEqual([]);
  });
});
