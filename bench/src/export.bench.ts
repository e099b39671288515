import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { readConfig } from '@lbo/server/config';
import pg from 'pg';
import { inTenant, openDatabase, type Database, type Db } from '@lbo/server/db/database';
import { APP_ROLE } from '@lbo/server/db/schema';
import { buildApp } from '@lbo/server/app';
import { createTenant } from '@lbo/server/product';
import { bulkInsert } from '@lbo/server/seed/bulk-insert';
import { bookSize, demoBook } from '@lbo/server/seed/demo-book';
import { fileSystemStore } from '@lbo/server/db/object-store';

/**
 * A list export through the API over a real socket: every contract of a book (100,000 by
 * default, BENCH_EXPORT_CONTRACTS) with 10 columns, as xlsx then CSV, streamed by the server
 * from chunked reads. Targets: at least 20,000 rows/s, and the process's memory (resident set,
 * sampled every 50 ms, the embedded database's thread included) grows by less than 200 MB.
 * BENCH_DATABASE_URL (or DATABASE_URL) measures a real PostgreSQL instead of PGlite.
 */
export interface ExportRun {
  rows: number;
  megabytes: number;
  seconds: number;
  rowsPerSecond: number;
  rssGrowthMB: number;
}

export interface ExportBenchResult {
  database: string;
  contracts: number;
  columns: string[];
  xlsx: ExportRun;
  csv: ExportRun;
  targets: { rowsPerSecond: number; rssGrowthMB: number };
  withinTargets: { xlsx: boolean; csv: boolean };
}

const MB = 1_048_576;
const round = (n: number) => Math.round(n * 10) / 10;
const columns = [
  'registration',
  'status',
  'name',
  'quotations.0.financialProduct',
  'startDate',
  'endDate',
  'duration',
  'financedAmountExclTax',
  'currency',
  '_insertDate',
];
const targets = { rowsPerSecond: 20_000, rssGrowthMB: 200 };

/** Loads `count` contracts of the demo book's generator, 10,000 a transaction; skips when there. */
async function loadContracts(db: Db, tenant: string, count: number, log: (s: string) => void) {
  const have = await inTenant(db, { tenant, user: 'bench' }, async (tx) =>
    Number((await sql<{ n: string }>`SELECT count(*) AS n FROM contract`.execute(tx)).rows[0].n),
  );
  if (have >= count) return;
  const kind = demoBook(bookSize(count)).find((k) => k.entity.name === 'Contract')!;
  for (let from = have; from < count; from += 10_000) {
    const docs = Array.from({ length: Math.min(10_000, count - from) }, (_, k) => kind.at(from + k));
    await inTenant(db, { tenant, user: 'bench' }, (tx) => bulkInsert(tx, kind.entity, tenant, 'bench', docs), 600_000);
    log(`  Contract: ${from + docs.length}/${count}`);
  }
}

/**
 * Statistics of the loaded table, as autovacuum would leave them on PostgreSQL (the embedded
 * database has no autovacuum): ANALYZE needs the table's owner.
 */
async function analyze(database: Database, url: string | undefined) {
  if (url) {
    const owner = new pg.Client({ connectionString: url });
    await owner.connect();
    await owner.query('ANALYZE contract');
    await owner.end();
    return;
  }
  const embedded = database.embedded!;
  await embedded.open();
  const owner = new pg.Client({ host: embedded.socketDir, user: 'postgres', database: 'postgres' });
  await owner.connect();
  await owner.query('ANALYZE contract');
  await owner.end();
  await embedded.open(APP_ROLE);
}

/** Downloads the export, counting rows (CSV lines) or bytes, while sampling the resident set. */
async function measure(
  port: number,
  authorization: string,
  format: 'xlsx' | 'csv',
  expectedRows: number,
): Promise<ExportRun> {
  global.gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 50);
  const started = performance.now();
  try {
    const { bytes, lines } = await new Promise<{ bytes: number; lines: number }>((resolve, reject) => {
      const url = `/api/financing/contracts/export?format=${format}&sort=-startDate&columns=${columns.join(',')}`;
      http
        .get({ port, host: '127.0.0.1', path: url, headers: { authorization } }, (response) => {
          if (response.statusCode !== 200) reject(new Error(`${format}: answered ${response.statusCode}`));
          let received = 0;
          let newlines = 0;
          response.on('data', (chunk: Buffer) => {
            received += chunk.length;
            if (format === 'csv') for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) newlines++;
          });
          response.on('end', () => resolve({ bytes: received, lines: newlines }));
          response.on('error', reject);
        })
        .on('error', reject);
    });
    const seconds = (performance.now() - started) / 1000;
    if (format === 'csv' && lines - 1 !== expectedRows) throw new Error(`csv: ${lines - 1} rows of ${expectedRows}`);
    peak = Math.max(peak, process.memoryUsage.rss());
    return {
      rows: expectedRows,
      megabytes: round(bytes / MB),
      seconds: round(seconds),
      rowsPerSecond: Math.round(expectedRows / seconds),
      rssGrowthMB: round((peak - before) / MB),
    };
  } finally {
    clearInterval(timer);
  }
}

export async function runExportBench(): Promise<ExportBenchResult> {
  const log = (s: string) => console.log(s);
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  const contracts = Number(process.env.BENCH_EXPORT_CONTRACTS ?? 100_000);
  const keep = process.env.BENCH_EXPORT_DATA_DIR;
  const work = keep ? path.resolve(keep) : fs.mkdtempSync(path.join(os.tmpdir(), 'lbo-export-bench-'));
  const database = await openDatabase({
    ...readConfig({ ...process.env, DATABASE_URL: url ?? '' }),
    databaseUrl: url,
    dataDir: path.join(work, 'db'),
  });
  // Every row streamed: the background threshold is past the book.
  const app = await buildApp({
    database,
    objectStore: fileSystemStore(path.join(work, 'objects')),
    listExports: { backgroundThreshold: contracts * 2 },
  });
  try {
    const tenant = 'exportbench';
    const password = 'Bench-Pass-1';
    const login = () =>
      app.inject({ method: 'POST', url: '/api/core/auth/login', payload: { username: `admin@${tenant}`, password } });
    if ((await login()).statusCode !== 200)
      await createTenant(database.db, tenant, { username: `admin@${tenant}`, password });
    log(`Export bench: ${url ? 'PostgreSQL' : 'PGlite'}, ${contracts} contracts`);
    await loadContracts(database.db, tenant, contracts, log);
    await analyze(database, url);
    const authorization = String((await login()).headers.authorization);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const xlsx = await measure(port, authorization, 'xlsx', contracts);
    log(`  xlsx: ${xlsx.rowsPerSecond} rows/s, ${xlsx.megabytes} MB, RSS +${xlsx.rssGrowthMB} MB`);
    const csv = await measure(port, authorization, 'csv', contracts);
    log(`  csv: ${csv.rowsPerSecond} rows/s, ${csv.megabytes} MB, RSS +${csv.rssGrowthMB} MB`);
    const within = (run: ExportRun) =>
      run.rowsPerSecond >= targets.rowsPerSecond && run.rssGrowthMB < targets.rssGrowthMB;
    return {
      database: url ? 'PostgreSQL' : 'PGlite',
      contracts,
      columns,
      xlsx,
      csv,
      targets,
      withinTargets: { xlsx: within(xlsx), csv: within(csv) },
    };
  } finally {
    await app.close();
    await database.close();
    if (!keep) fs.rmSync(work, { recursive: true, force: true });
  }
}
