import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import pg from 'pg';
import { readConfig } from '@lbo/server/config';
import { openDatabase } from '@lbo/server/db/database';
import { buildApp } from '@lbo/server/app';
import { createTenant } from '@lbo/server/product';
import { loadBook } from './load-book.ts';
import { benchApi } from './api.bench.ts';
import { contractFilterScenarios, listShapeScenarios } from './contract-scenarios.ts';

/**
 * `npm run bench`: loads a book and measures the list API against raw SQL, then the finance
 * engine and the web bundle where present. Figures go to bench/results/.
 * BENCH_DATABASE_URL (or DATABASE_URL) selects a real PostgreSQL, where the default book is
 * 1,000,000 contracts; otherwise an embedded PGlite with 20,000. BENCH_CONTRACTS overrides.
 */
const log = (s: string) => console.log(s);
const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const contracts = Number(process.env.BENCH_CONTRACTS ?? (url ? 1_000_000 : 20_000));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const only = process.env.BENCH_ONLY?.split(',');
/** BENCH_SCENARIOS: only the api scenarios whose name holds one of these comma-separated words. */
const scenarioWords = process.env.BENCH_SCENARIOS?.split(',').map((w) => w.trim().toLowerCase());
const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
  node: process.version,
};

if (!only || only.includes('api')) {
  const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? './data-bench');
  const config = { ...readConfig(), databaseUrl: url, dataDir };
  log(`Database: ${url ? 'PostgreSQL' : `PGlite in ${dataDir}`}; book of ${contracts} contracts`);
  const database = await openDatabase(config);
  // No background work while the API is measured: a batch on the book (a cron's, or one a former run left queued in
  // the reused database) would hold PGlite's one connection for longer than a request waits for it.
  const app = await buildApp({ database, jobs: { work: false } });
  const tenant = 'bench';
  const password = 'Bench-Pass-1';
  const login = () =>
    app.inject({ method: 'POST', url: '/api/core/auth/login', payload: { username: `admin@${tenant}`, password } });
  if ((await login()).statusCode !== 200)
    await createTenant(database.db, tenant, { username: `admin@${tenant}`, password });
  const loadStarted = Date.now();
  const size = await loadBook(database.db, tenant, contracts, log);
  log(`Book ready in ${((Date.now() - loadStarted) / 1000).toFixed(0)} s`);
  if (url) {
    // Fresh statistics and visibility, as autovacuum would leave them after a load; it needs the owner.
    const owner = new pg.Client({ connectionString: url });
    await owner.connect();
    for (const table of ['contract', 'person', 'asset']) await owner.query(`VACUUM ANALYZE ${table}`);
    await owner.end();
  }
  const token = String((await login()).headers.authorization).replace(/^Bearer /, '');
  await app.listen({ port: 0, host: '127.0.0.1' });
  const mid = Math.floor(contracts / 2);
  const person = `PER${String(Math.floor(size.persons / 3)).padStart(6, '0')}`;
  const scenarios = [
    {
      name: 'filtered, sorted page of 20 with count',
      url: '/api/financing/contracts?status=ACTIVE,APPROVED&minFinancedAmountExclTax=50000&sort=-startDate&range=[0-19]',
    },
    { name: 'persons[] role filter', url: `/api/financing/contracts?client=${person}&range=[0-19]` },
    {
      name: 'free-text search, a reference',
      url: `/api/financing/contracts?search=CT0${String(mid).slice(0, 4)}&range=[0-19]`,
    },
    {
      name: 'free-text search, common words',
      url: `/api/financing/contracts?search=financial%20lease%20${String(mid).slice(0, 4)}&range=[0-19]`,
    },
    { name: 'GET by registration', url: `/api/financing/contracts/CT${String(mid).padStart(6, '0')}` },
    ...contractFilterScenarios(contracts),
    ...listShapeScenarios(contracts),
  ].filter((s) => !scenarioWords || scenarioWords.some((w) => s.name.toLowerCase().includes(w)));
  // The embedded database serves one connection: under load the pool is the limit, not the API.
  results.api = {
    database: url ? 'PostgreSQL' : 'PGlite',
    contracts,
    scenarios: await benchApi(app, database.db, database.pool, tenant, token, scenarios, seconds),
  };
  console.table(
    (results.api as { scenarios: Record<string, unknown>[] }).scenarios.map(
      ({ url: _, apiP99ms: _a, sqlP99ms: _s, ...row }) => row,
    ),
  );
  await app.close();
  await database.close();
}

for (const [name, file, fn] of [
  ['finance', './finance.bench.ts', 'runFinanceBench'],
  ['documents', './documents.bench.ts', 'runDocumentsBench'],
  ['web', './web.bench.ts', 'runWebBench'],
  ['export', './export.bench.ts', 'runExportBench'],
  ['contracts', './contract-lifecycle.bench.ts', 'runContractLifecycleBench'],
  ['billing', './billing.bench.ts', 'runBillingBench'],
  ['pdf', './invoice-pdf.bench.ts', 'runInvoicePdfBench'],
  ['sepa', './sepa.bench.ts', 'runSepaBench'],
  ['books', './books.bench.ts', 'runBooksBench'],
  ['monthend', './month-end.bench.ts', 'runMonthEndBench'],
  ['dunning', './dunning.bench.ts', 'runDunningBench'],
  ['camt', './camt.bench.ts', 'runCamtBench'],
  ['search', './search.bench.ts', 'runSearchBench'],
  ['imports', './imports.bench.ts', 'runImportsBench'],
  ['processes', './processes.bench.ts', 'runProcessesBench'],
  ['memory', './memory.bench.ts', 'runMemoryBench'],
] as const) {
  if (only && !only.includes(name)) continue;
  if (!fs.existsSync(new URL(file, import.meta.url))) continue;
  const mod = await import(file);
  results[name] = await mod[fn]();
  console.log(name, results[name]);
}

const out = path.resolve(import.meta.dirname, '../results');
fs.mkdirSync(out, { recursive: true });
const file = path.join(out, `bench-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.json`);
fs.writeFileSync(file, JSON.stringify(results, null, 2));
fs.writeFileSync(path.join(out, 'latest.json'), JSON.stringify(results, null, 2));
console.log(`Results written to ${file}`);
