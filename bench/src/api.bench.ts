import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { entityByName } from '@lbo/model/entity-registry';
import { preparedName, type Db } from '@lbo/server/db/database';
import { scopedQuery } from '@lbo/server/db/scoped-query';
import { compileListQuery } from '@lbo/server/entities/list-query';
import { countStatement, findStatement, listStatement } from '@lbo/server/entities/storage';
import { COUNT_CAP } from '@lbo/server/entities/crud.operation';
import type { FastifyInstance } from 'fastify';

/**
 * The list API against the same SQL run directly through `pg`: p50/p99 latency of each
 * scenario in both (the API's measured by a client in another process, as a browser is), their
 * ratio, and requests per second under load (autocannon, also in a separate process).
 */
export interface Scenario { name: string; url: string }

const percentile = (xs: number[], p: number) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]; };
const summary = (xs: number[]) => ({ p50: +percentile(xs, 50).toFixed(2), p99: +percentile(xs, 99).toFixed(2) });

async function timesOf(n: number, f: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < Math.min(20, n); i++) await f();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await f();
    times.push(performance.now() - t0);
  }
  return times;
}

/** The statements the list and read operations run for a URL, compiled once, to replay through raw `pg`. */
function rawStatements(db: Db, tenant: string, url: string): { sql: string; parameters: readonly unknown[] }[] {
  const [path, queryString] = url.split('?');
  const contract = entityByName('Contract')!;
  const byRegistration = /\/api\/financing\/contracts\/([^/?]+)$/.exec(path);
  if (byRegistration) return [findStatement(contract, tenant, byRegistration[1]).compile(db)];
  const q = compileListQuery(contract, Object.fromEntries(new URLSearchParams(queryString ?? '')));
  return [listStatement(contract, tenant, q).compile(db), countStatement(contract, tenant, q, COUNT_CAP).compile(db)];
}

const ROUNDS = 5;
const SAMPLES = 200;

export async function benchApi(app: FastifyInstance, db: Db, pool: pg.Pool, tenant: string, token: string, scenarios: Scenario[], seconds: number) {
  const address = app.server.address() as { port: number };
  const base = `http://127.0.0.1:${address.port}`;
  const headers = { authorization: `Bearer ${token}` };
  const results: Record<string, unknown>[] = [];
  for (const s of scenarios) {
    console.log(`  measuring: ${s.name}`);
    const check = await fetch(base + s.url, { headers });
    if (check.status !== 200) throw new Error(`${s.name}: ${check.status} ${await check.text()}`);
    const statements = rawStatements(db, tenant, s.url);
    // What the API sends PostgreSQL for the request (db/database.ts readInTenant): each statement
    // with the tenant settings in one round trip, prepared where the API prepares it.
    const scope = { tenant, user: 'admin@bench', timeoutMs: 10000 };
    const replay = async () => {
      const client = await pool.connect();
      try {
        for (const st of statements) await scopedQuery((q) => client.query(q), scope, { text: st.sql, values: st.parameters as unknown[], name: preparedName(st.sql) });
      } finally { client.release(); }
    };
    // API and SQL in alternating rounds, so that both see the same machine (other load drifts).
    const apiTimes: number[] = [];
    const sqlTimes: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      apiTimes.push(...await latencyFromAnotherProcess(base + s.url, headers.authorization, SAMPLES));
      sqlTimes.push(...await timesOf(SAMPLES, replay));
    }
    const api = summary(apiTimes);
    const raw = summary(sqlTimes);
    const rps = await autocannon(base + s.url, headers, seconds);
    results.push({ scenario: s.name, url: s.url, apiP50ms: api.p50, apiP99ms: api.p99, sqlP50ms: raw.p50, sqlP99ms: raw.p99, ratioP50: +(api.p50 / raw.p50).toFixed(2), requestsPerSecond: rps, rows: check.headers.get('pagination-size') });
  }
  return results;
}

function latencyFromAnotherProcess(url: string, authorization: string, n: number): Promise<number[]> {
  const script = fileURLToPath(new URL('./latency-client.ts', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, url, authorization, String(n)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { err += d; });
    child.on('exit', () => { try { resolve(JSON.parse(out)); } catch { reject(new Error(`latency client: ${err}`)); } });
  });
}

function autocannon(url: string, headers: Record<string, string>, seconds: number): Promise<number> {
  const bin = fileURLToPath(new URL('../../node_modules/autocannon/autocannon.js', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, '-j', '-c', '10', '-d', String(seconds), '-H', `authorization=${headers.authorization}`, url.replace(/\[/g, '%5B').replace(/\]/g, '%5D')], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { err += d; });
    child.on('exit', () => { try { resolve(Math.round(JSON.parse(out).requests.average)); } catch { reject(new Error(`autocannon: ${err}`)); } });
  });
}
