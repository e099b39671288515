import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { readConfig } from '@lbo/server/config';
import { inTenant, openDatabase, type Db } from '@lbo/server/db/database';
import { buildApp } from '@lbo/server/app';
import { createTenant } from '@lbo/server/product';
import { bulkInsert } from '@lbo/server/seed/bulk-insert';
import { bookSize, demoBook } from '@lbo/server/seed/demo-book';
import { rebuildSearchIndex } from '@lbo/server/search/search-index';

/**
 * `BENCH_ONLY=search npm run bench`: the global search (GET /api/search) over a book of
 * BENCH_SEARCH_CONTRACTS contracts (1,000,000 on PostgreSQL, 20,000 on PGlite) with their persons
 * and BENCH_SEARCH_INVOICES invoices (200,000 / 20,000), loaded by SQL bulk inserts with the
 * index's triggers off (PostgreSQL), then the index rebuilt. BENCH_SEARCH_CLIENTS clients (4) send a
 * fixed set of searches for BENCH_SECONDS (10): typo'd client names, registration prefixes and whole
 * registrations, IBAN fragments, invoice numbers. Target: p95 ≤ 50 ms on PostgreSQL.
 */
type Doc = Record<string, unknown>;
const round = (n: number) => Math.round(n * 10) / 10;
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const indexedTables = ['person', 'contract', 'invoice'];
const loadedKinds = ['Person', 'Contract', 'Invoice'];

async function asOwner(url: string | undefined, statements: string[]) {
  if (!url) return;
  const owner = new pg.Client({ connectionString: url });
  await owner.connect();
  for (const statement of statements) await owner.query(statement);
  await owner.end();
}

/**
 * The book's persons, contracts and invoices, in chunks; a kind partly loaded (a run stopped midway)
 * goes on from its last chunk, since chunks are written whole and in order.
 */
async function load(db: Db, tenant: string, contracts: number, invoices: number, url: string | undefined) {
  const size = { ...bookSize(contracts), invoices };
  const started = Date.now();
  const count = (table: string) =>
    inTenant(
      db,
      { tenant, user: 'bench' },
      async (tx) =>
        Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(tx)).rows[0].n),
      600_000,
    );
  const kinds = demoBook(size).filter((k) => loadedKinds.includes(k.entity.name));
  const missing = [];
  for (const kind of kinds) {
    const have = await count(kind.entity.table);
    if (have < kind.count) missing.push({ ...kind, have });
  }
  if (!missing.length) return { size, loadSeconds: 0 };
  // The triggers would index each row as it comes; the rebuild does it at once afterwards.
  await asOwner(
    url,
    indexedTables.map((t) => `ALTER TABLE "${t}" DISABLE TRIGGER ${t}__search`),
  );
  const chunk = 10_000;
  for (const { entity, count: total, at, have } of missing) {
    for (let from = have; from < total; from += chunk) {
      const docs = Array.from({ length: Math.min(chunk, total - from) }, (_, k) => at(from + k));
      await inTenant(db, { tenant, user: 'bench' }, (tx) => bulkInsert(tx, entity, tenant, 'bench', docs), 600_000);
      if ((from / chunk) % 20 === 0) console.log(`  ${entity.name}: ${from + docs.length}/${total}`);
    }
  }
  await asOwner(
    url,
    indexedTables.map((t) => `ALTER TABLE "${t}" ENABLE TRIGGER ${t}__search`),
  );
  return { size, loadSeconds: Math.round((Date.now() - started) / 1000) };
}

/** A typo: two letters of the last word swapped (`moreau` → `moraeu`). */
const typo = (name: string) => {
  const words = name.toLowerCase().split(' ');
  const last = words.pop()!;
  const i = Math.max(1, Math.floor(last.length / 2) - 1);
  const swapped = last.length > 3 ? last.slice(0, i) + last[i + 1] + last[i] + last.slice(i + 2) : last;
  return [...words, swapped].join(' ');
};

/** The fixed searches, drawn from the book's own records (the same on every run). */
function searches(size: ReturnType<typeof bookSize>): { kind: string; q: string }[] {
  const book = demoBook(size);
  const at = (name: string, i: number) => book.find((k) => k.entity.name === name)!.at(i) as Doc;
  const out: { kind: string; q: string }[] = [];
  for (const i of [7, 1234, 5555, 20_001, 77_777]) {
    const contract = at('Contract', i % size.contracts);
    const client = (contract.persons as Doc[]).find((p) => p.role === 'CLIENT')?.name as string;
    if (client) out.push({ kind: "typo'd client name", q: typo(client) });
  }
  for (const i of [3, 999, 12_345, 33_333]) {
    const person = at('Person', i % size.persons);
    const iban = String((person.bankAccounts as Doc[] | undefined)?.[0]?.bankIban ?? '');
    if (iban)
      out.push({
        kind: 'IBAN fragment',
        q: iban
          .slice(4, 18)
          .replace(/(.{4})/g, '$1 ')
          .trim(),
      });
  }
  for (const i of [11, 4321, 150_000]) {
    const invoice = at('Invoice', i % size.invoices);
    out.push({ kind: 'invoice number', q: String(invoice.invoiceNumber) });
  }
  const mid = Math.floor(size.contracts / 2);
  out.push({ kind: 'registration prefix', q: `CT${String(mid).padStart(6, '0').slice(0, 5)}` });
  out.push({
    kind: 'registration prefix',
    q: `PER${String(Math.floor(size.persons / 3))
      .padStart(6, '0')
      .slice(0, 4)}`,
  });
  out.push({ kind: 'whole registration', q: `CT${String(mid + 17).padStart(6, '0')}` });
  return out;
}

export interface SearchBenchResult {
  database: string;
  contracts: number;
  persons: number;
  invoices: number;
  loadSeconds: number;
  rebuildSeconds: number;
  indexRows: number;
  indexMB: number;
  keysTrigramIndexMB: number;
  wordsIndexMB: number;
  dictionaryWords: number;
  dictionaryMB: number;
  clients: number;
  requests: number;
  p50ms: number;
  p95ms: number;
  p99ms: number;
  byKind: Record<string, { p50ms: number; p95ms: number; hitsFound: boolean }>;
  loadAverage: number[];
  target: string;
  withinTarget: boolean;
}

export async function runSearchBench(): Promise<SearchBenchResult> {
  const log = (s: string) => console.log(s);
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  const contracts = Number(process.env.BENCH_SEARCH_CONTRACTS ?? (url ? 1_000_000 : 20_000));
  const invoices = Number(process.env.BENCH_SEARCH_INVOICES ?? (url ? 200_000 : 20_000));
  const clients = Number(process.env.BENCH_SEARCH_CLIENTS ?? 4);
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const dataDir = path.resolve(
    process.env.BENCH_SEARCH_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lbo-search-bench-')),
  );
  const database = await openDatabase({
    ...readConfig({ ...process.env, DATABASE_URL: url ?? '' }),
    databaseUrl: url,
    dataDir,
  });
  const app = await buildApp({ database });
  try {
    const tenant = 'searchbench';
    const password = 'Bench-Pass-1';
    const login = () =>
      app.inject({ method: 'POST', url: '/api/core/auth/login', payload: { username: `admin@${tenant}`, password } });
    if ((await login()).statusCode !== 200)
      await createTenant(database.db, tenant, { username: `admin@${tenant}`, password });
    log(`Search bench: ${url ? 'PostgreSQL' : 'PGlite'}, ${contracts} contracts, ${invoices} invoices`);
    const { size, loadSeconds } = await load(database.db, tenant, contracts, invoices, url);
    log(`  loaded in ${loadSeconds} s; rebuilding the index`);
    // BENCH_SEARCH_LOAD_ONLY=1 loads the book into BENCH_SEARCH_DATA_DIR or the database and stops (a later run measures it).
    if (process.env.BENCH_SEARCH_LOAD_ONLY) return { loadSeconds } as SearchBenchResult;
    const rebuildStarted = Date.now();
    // BENCH_SEARCH_REBUILD=0 measures the index as a previous run left it (the same book).
    const indexed =
      process.env.BENCH_SEARCH_REBUILD === '0'
        ? await inTenant(
            database.db,
            { tenant, user: 'bench' },
            async (tx) =>
              Object.fromEntries(
                (
                  await sql<{
                    kind: string;
                    n: string;
                  }>`SELECT kind, count(*) AS n FROM search_entry GROUP BY kind`.execute(tx)
                ).rows.map((r) => [r.kind, Number(r.n)]),
              ),
            600_000,
          )
        : await inTenant(database.db, { tenant, user: 'bench' }, (tx) => rebuildSearchIndex(tx, tenant), 3_600_000);
    const rebuildSeconds =
      process.env.BENCH_SEARCH_REBUILD === '0' ? 0 : Math.round((Date.now() - rebuildStarted) / 1000);
    log(`  rebuilt in ${rebuildSeconds} s: ${JSON.stringify(indexed)}`);
    await asOwner(url, ['VACUUM ANALYZE search_entry', 'VACUUM ANALYZE search_word']);
    const { rows } = await database.pool.query<{ total: string; trgm: string; words: string; dictionary: string }>(
      `SELECT pg_total_relation_size('search_entry') AS total, pg_relation_size('search_entry__keys') AS trgm,
        pg_relation_size('search_entry__words') AS words, pg_total_relation_size('search_word') AS dictionary`,
    );
    const dictionaryWords = await inTenant(
      database.db,
      { tenant, user: 'bench' },
      async (tx) => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM search_word`.execute(tx)).rows[0].n),
      600_000,
    );
    const authorization = String((await login()).headers.authorization);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const set = searches(size);
    const get = (agent: http.Agent, q: string) =>
      new Promise<{ ms: number; hits: number }>((resolve, reject) => {
        const started = performance.now();
        http
          .get(
            {
              host: '127.0.0.1',
              port,
              path: `/api/search?q=${encodeURIComponent(q)}`,
              agent,
              headers: { authorization },
            },
            (res) => {
              const parts: Buffer[] = [];
              res.on('data', (b: Buffer) => parts.push(b));
              res.on('end', () => {
                if (res.statusCode !== 200) return reject(new Error(`${q}: ${res.statusCode} ${Buffer.concat(parts)}`));
                const answer = JSON.parse(Buffer.concat(parts).toString()) as { groups: { hits: unknown[] }[] };
                resolve({
                  ms: performance.now() - started,
                  hits: answer.groups.reduce((n, g) => n + g.hits.length, 0),
                });
              });
            },
          )
          .on('error', reject);
      });
    // Warm-up: each search once.
    const warm = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const found: Record<string, boolean> = {};
    for (const s of set) found[s.kind] = (found[s.kind] ?? true) && (await get(warm, s.q)).hits > 0;
    warm.destroy();
    const samples: { kind: string; ms: number }[] = [];
    const until = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: clients }, async (_, c) => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        for (let i = c; Date.now() < until; i++) {
          const s = set[i % set.length];
          samples.push({ kind: s.kind, ms: (await get(agent, s.q)).ms });
        }
        agent.destroy();
      }),
    );
    const all = samples.map((s) => s.ms).sort((a, b) => a - b);
    const byKind: SearchBenchResult['byKind'] = {};
    for (const kind of new Set(set.map((s) => s.kind))) {
      const mine = samples
        .filter((s) => s.kind === kind)
        .map((s) => s.ms)
        .sort((a, b) => a - b);
      byKind[kind] = { p50ms: round(quantile(mine, 0.5)), p95ms: round(quantile(mine, 0.95)), hitsFound: found[kind] };
    }
    const p95 = round(quantile(all, 0.95));
    const result: SearchBenchResult = {
      database: url ? 'PostgreSQL' : 'PGlite',
      contracts,
      persons: size.persons,
      invoices,
      loadSeconds,
      rebuildSeconds,
      indexRows: Object.values(indexed).reduce((a, b) => a + b, 0),
      indexMB: round(Number(rows[0].total) / 2 ** 20),
      keysTrigramIndexMB: round(Number(rows[0].trgm) / 2 ** 20),
      wordsIndexMB: round(Number(rows[0].words) / 2 ** 20),
      dictionaryWords,
      dictionaryMB: round(Number(rows[0].dictionary) / 2 ** 20),
      clients,
      requests: samples.length,
      p50ms: round(quantile(all, 0.5)),
      p95ms: p95,
      p99ms: round(quantile(all, 0.99)),
      byKind,
      loadAverage: os.loadavg().map(round),
      target: 'p95 ≤ 50 ms on PostgreSQL with 1,000,000 contracts',
      withinTarget: p95 <= 50,
    };
    console.table(byKind);
    return result;
  } finally {
    await app.close();
    await database.close();
    if (!process.env.BENCH_SEARCH_DATA_DIR && !url) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
