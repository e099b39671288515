import os from 'node:os';
import pg from 'pg';
import { createTenant } from '@lbo/server/product';
import { startReverseProxy, type ReverseProxy } from '@lbo/server/testing/reverse-proxy';
import { serverProcesses, signInAt } from '@lbo/server/testing/server-process';
import { createTestDatabase } from '@lbo/server/testing/test-app';
import { autocannon } from './api.bench.ts';
import { contractFilterScenarios } from './contract-scenarios.ts';
import { loadBook } from './load-book.ts';

/**
 * More than one process (`BENCH_ONLY=processes`, PostgreSQL only): the peer-shaped list queries
 * of issue 34 (a status page with its exact count, the financial product, a client in persons[],
 * a name filter, the search box, a read by registration), in requests per second (autocannon, 10
 * connections, BENCH_SECONDS each), against one API process directly, one behind HAProxy and
 * two behind HAProxy (docs/deployment.md), all on one PostgreSQL with a book of
 * BENCH_PROCESSES_CONTRACTS contracts (100,000 by default). Every process, the proxy, autocannon
 * and PostgreSQL share this machine's cores: the figures say what a second process adds here,
 * not on a machine with a core per process.
 */
export async function runProcessesBench(): Promise<Record<string, unknown>> {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!databaseUrl) return { skipped: 'needs PostgreSQL (BENCH_DATABASE_URL or DATABASE_URL)' };
  const contracts = Number(process.env.BENCH_PROCESSES_CONTRACTS ?? 100_000);
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const log = (s: string) => console.log(s);
  const database = await createTestDatabase({ databaseUrl });
  const tenant = 'bench';
  const password = 'Bench-Procs-1';
  const results: Record<string, unknown> = {
    database: 'PostgreSQL',
    contracts,
    seconds,
    connections: 10,
    // The machine is shared: its load says how much of the two cores the measure had.
    loadAverageAtStart: os.loadavg()[0],
  };
  try {
    await createTenant(database.database.db, tenant, { username: `admin@${tenant}`, password });
    await loadBook(database.database.db, tenant, contracts, log);
    const owner = new pg.Client({ connectionString: database.config.databaseUrl });
    await owner.connect();
    for (const table of ['contract', 'person', 'asset']) await owner.query(`VACUUM ANALYZE ${table}`);
    await owner.end();

    const mid = Math.floor(contracts / 2);
    const filters = Object.fromEntries(contractFilterScenarios(contracts).map((s) => [s.name, s.url]));
    const scenarios = [
      {
        name: 'status page of 20 by registration, exact count',
        url: '/api/financing/contracts?status=ACTIVE&sort=registration&count=exact&range=[0-19]',
      },
      {
        name: 'financial product, 20 by registration',
        url: '/api/financing/contracts?financialProduct=LEASE&sort=registration&range=[0-19]',
      },
      { name: 'client in persons[]', url: filters['filter client'] },
      { name: 'name contains', url: filters['filter name'] },
      { name: 'search box', url: `/api/financing/contracts?search=CT0${String(mid).slice(0, 4)}&range=[0-19]` },
      { name: 'get by registration', url: `/api/financing/contracts/CT${String(mid).padStart(6, '0')}` },
    ];
    const env = { DATABASE_URL: database.config.databaseUrl, ADMIN_PASSWORD: password, JOB_WORKER: '0' };
    const base = 47000 + Math.floor(Math.random() * 900);
    const setups = [
      { name: '1 process, direct', processes: 1, proxied: false },
      { name: '1 process behind HAProxy', processes: 1, proxied: true },
      { name: '2 processes behind HAProxy', processes: 2, proxied: true },
    ];
    const rows: Record<string, string | number>[] = scenarios.map((s) => ({ scenario: s.name }));
    for (const setup of setups) {
      const servers = serverProcesses();
      let proxy: ReverseProxy | undefined;
      try {
        const ports = Array.from({ length: setup.processes }, (_, i) => base + 1 + i);
        for (const port of ports) await servers.start(port, { ...env, TRUSTED_PROXIES: '127.0.0.1' });
        if (setup.proxied)
          proxy = await startReverseProxy(
            base,
            ports.map((port, i) => ({ name: `api${i + 1}`, port })),
          );
        const front = proxy ? proxy.port : ports[0];
        const authorization = await signInAt(front, `admin@${tenant}`, password);
        for (const [i, s] of scenarios.entries()) {
          // A short warm-up, so that each process has its plans and caches.
          await autocannon(`http://127.0.0.1:${front}${s.url}`, { authorization }, 2);
          rows[i][setup.name] = await autocannon(`http://127.0.0.1:${front}${s.url}`, { authorization }, seconds);
          log(`${setup.name}: ${s.name} ${rows[i][setup.name]} req/s`);
        }
      } finally {
        await proxy?.stop();
        await servers.stopAll('SIGTERM');
      }
    }
    for (const row of rows)
      row['2 vs 1 behind HAProxy'] = +(
        Number(row['2 processes behind HAProxy']) / Number(row['1 process behind HAProxy'])
      ).toFixed(2);
    console.table(rows);
    results.scenarios = rows;
    results.loadAverageAtEnd = os.loadavg()[0];
    return results;
  } finally {
    await database.dispose().catch(() => undefined);
  }
}
