import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createTenant } from '@lbo/server/product';
import { serverProcesses, signInAt } from '@lbo/server/testing/server-process';
import { createTestDatabase, type TestDatabase } from '@lbo/server/testing/test-app';
import { openDatabase } from '@lbo/server/db/database';
import { readConfig } from '@lbo/server/config';
import { autocannon } from './api.bench.ts';
import { contractFilterScenarios } from './contract-scenarios.ts';
import { loadBook } from './load-book.ts';

/**
 * The server's resident memory (`BENCH_ONLY=memory`), as `npm start` runs it, in a process of its
 * own whose RSS is read from /proc every few seconds:
 * 1. after the peer-shaped list load of issue 34 (a status page with its exact count, the
 *    financial product, a client in persons[], a name filter, the search box, a read by
 *    registration; autocannon, 10 connections, BENCH_SECONDS each);
 * 2. over BENCH_MEMORY_MINUTES (30 by default) of mixed work by 4 clients, each pausing
 *    BENCH_MEMORY_PAUSE_MS (100 by default) between requests, as people at work do: those reads, lists of
 *    persons and invoices, a contract read with its linked records, notes written on contracts,
 *    and a new sign-in by each client every minute. Growth is the slope of a line fitted to the samples after
 *    the first two minutes, in MB per hour, and the mean of the last minute against the first.
 * PostgreSQL with BENCH_DATABASE_URL (a throw-away database beside it), otherwise PGlite in a
 * temporary folder; a book of BENCH_MEMORY_CONTRACTS contracts (100,000 on PostgreSQL, 20,000 on PGlite).
 */
export async function runMemoryBench(): Promise<Record<string, unknown>> {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  const contracts = Number(process.env.BENCH_MEMORY_CONTRACTS ?? (databaseUrl ? 100_000 : 20_000));
  const minutes = Number(process.env.BENCH_MEMORY_MINUTES ?? 30);
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const pauseMs = Number(process.env.BENCH_MEMORY_PAUSE_MS ?? 100);
  const log = (s: string) => console.log(s);
  const tenant = 'bench';
  const password = 'Bench-Memory-1';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lbo-memory-bench-'));
  let testDatabase: TestDatabase | undefined;
  const servers = serverProcesses();
  const results: Record<string, unknown> = {
    database: databaseUrl ? 'PostgreSQL' : 'PGlite',
    contracts,
    minutes,
    pauseMs,
    loadAverageAtStart: os.loadavg()[0],
  };
  try {
    let env: Record<string, string | undefined>;
    if (databaseUrl) {
      testDatabase = await createTestDatabase({ databaseUrl });
      const { db } = testDatabase.database;
      await createTenant(db, tenant, { username: `admin@${tenant}`, password });
      await loadBook(db, tenant, contracts, log);
      const owner = new pg.Client({ connectionString: testDatabase.config.databaseUrl });
      await owner.connect();
      for (const table of ['contract', 'person', 'asset']) await owner.query(`VACUUM ANALYZE ${table}`);
      await owner.end();
      await testDatabase.database.close();
      env = { DATABASE_URL: testDatabase.config.databaseUrl };
    } else {
      const database = await openDatabase({
        ...readConfig({ ...process.env, DATABASE_URL: '' }),
        databaseUrl: undefined,
        dataDir,
      });
      await createTenant(database.db, tenant, { username: `admin@${tenant}`, password });
      await loadBook(database.db, tenant, contracts, log);
      await database.close();
      env = { DATABASE_URL: undefined, DATA_DIR: dataDir };
    }
    const port = 48000 + Math.floor(Math.random() * 900);
    // V8's young generation bounded as `npm start` runs the server (docs/deployment.md, Memory), unless NODE_OPTIONS says otherwise.
    const server = await servers.start(port, {
      ...env,
      ADMIN_PASSWORD: password,
      NODE_OPTIONS: process.env.NODE_OPTIONS ?? '--max-semi-space-size=8',
    });
    const rss = () => {
      const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    };
    const samples: { at: number; mb: number }[] = [];
    const started = Date.now();
    const sampler = setInterval(() => samples.push({ at: (Date.now() - started) / 1000, mb: rss() }), 2_000);
    const authorization = await signInAt(port, `admin@${tenant}`, password);
    results.rssAfterStartMB = Math.round(rss());

    const mid = Math.floor(contracts / 2);
    const filters = Object.fromEntries(contractFilterScenarios(contracts).map((s) => [s.name, s.url]));
    const peerUrls = [
      '/api/financing/contracts?status=ACTIVE&sort=registration&count=exact&range=[0-19]',
      '/api/financing/contracts?financialProduct=LEASE&sort=registration&range=[0-19]',
      filters['filter client'],
      filters['filter name'],
      `/api/financing/contracts?search=CT0${String(mid).slice(0, 4)}&range=[0-19]`,
      `/api/financing/contracts/CT${String(mid).padStart(6, '0')}`,
    ];
    for (const url of peerUrls) await autocannon(`http://127.0.0.1:${port}${url}`, { authorization }, seconds);
    const peerSamples = [...samples];
    results.peerLoad = {
      rssAtEndMB: Math.round(rss()),
      peakMB: Math.round(Math.max(...peerSamples.map((s) => s.mb))),
    };
    log(`memory: after the peer load ${JSON.stringify(results.peerLoad)}`);

    // The mixed work, 4 clients until the time is up.
    const soakFrom = samples.length;
    const until = Date.now() + minutes * 60_000;
    const counts = { requests: 0, errors: 0, signIns: 0, notes: 0 };
    const mixed = [
      ...peerUrls,
      '/api/person/persons?range=[0-19]&sort=name',
      '/api/billing/invoices?range=[0-49]',
      `/api/financing/contracts/CT${String(mid + 1).padStart(6, '0')}?include=persons,assets`,
      '/api/financing/contracts?breakdown=status&range=[0-19]',
    ];
    const client = async (n: number) => {
      let auth = authorization;
      let signedInAt = Date.now();
      for (let i = 0; Date.now() < until; i++) {
        // A new session a minute per client: under the sign-in throttle's 30 per account in 5 minutes.
        if (Date.now() - signedInAt > 60_000) {
          auth = await signInAt(port, `admin@${tenant}`, password);
          signedInAt = Date.now();
          counts.signIns++;
        }
        const write = i % 10 === 9;
        const contract = `CT${String((n * 7919 + i * 104729) % contracts).padStart(6, '0')}`;
        const res = write
          ? await fetch(`http://127.0.0.1:${port}/api/core/notes`, {
              method: 'POST',
              headers: { authorization: auth, 'content-type': 'application/json' },
              body: JSON.stringify({
                entityName: 'Contract',
                entityRegistration: contract,
                text: `Called the client ${i}`,
              }),
            })
          : await fetch(`http://127.0.0.1:${port}${mixed[(n + i) % mixed.length]}`, {
              headers: { authorization: auth },
            });
        await res.arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
        counts.requests++;
        if (write && res.status < 300) counts.notes++;
        if (res.status >= 400 && !(write && res.status === 404)) counts.errors++;
      }
    };
    await Promise.all([0, 1, 2, 3].map(client));
    clearInterval(sampler);
    const soak = samples.slice(soakFrom);
    const steady = soak.filter((s) => s.at - soak[0].at >= 120);
    const meanOf = (list: { mb: number }[]) => list.reduce((sum, s) => sum + s.mb, 0) / Math.max(1, list.length);
    results.mixedLoad = {
      ...counts,
      firstMinuteMeanMB: Math.round(meanOf(soak.filter((s) => s.at - soak[0].at < 60))),
      lastMinuteMeanMB: Math.round(meanOf(soak.filter((s) => soak[soak.length - 1].at - s.at < 60))),
      peakMB: Math.round(Math.max(...soak.map((s) => s.mb))),
      slopeMBPerHour: +slope(steady).toFixed(1),
    };
    results.rssSamples = samples.filter((_, i) => i % 15 === 0).map((s) => [Math.round(s.at), Math.round(s.mb)]);
    results.loadAverageAtEnd = os.loadavg()[0];
    log(`memory: mixed load ${JSON.stringify(results.mixedLoad)}`);
    return results;
  } finally {
    await servers.stopAll('SIGTERM');
    await testDatabase?.dispose().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Least-squares slope of MB over time, per hour. */
function slope(samples: { at: number; mb: number }[]): number {
  if (samples.length < 2) return 0;
  const n = samples.length;
  const mx = samples.reduce((s, p) => s + p.at, 0) / n;
  const my = samples.reduce((s, p) => s + p.mb, 0) / n;
  const sxy = samples.reduce((s, p) => s + (p.at - mx) * (p.mb - my), 0);
  const sxx = samples.reduce((s, p) => s + (p.at - mx) ** 2, 0);
  return sxx ? (sxy / sxx) * 3600 : 0;
}
