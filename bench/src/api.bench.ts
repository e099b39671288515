import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { entityByRoute } from '@lbo/model/entity-registry';
import { PREPARED, preparedName, type Db } from '@lbo/server/db/database';
import { scopedQuery } from '@lbo/server/db/scoped-query';
import { compileListQuery } from '@lbo/server/entities/list-query';
import { countStatement, findStatement, listStatement } from '@lbo/server/entities/storage';
import { countCap } from '@lbo/server/entities/crud.operation';
import type { FastifyInstance } from 'fastify';

/**
 * The list API against the same SQL run directly through `pg`: p50/p99 latency of each
 * scenario in both (the API's measured by a client in another process, as a browser is), their
 * ratio, and requests per second under load (autocannon, also in a separate process).
 */
export interface Scenario {
  name: string;
  url: string;
  /** The hand-written SQL of the same answer (`$1` the tenant), whose requests per second are measured beside the API's. */
  floor?: { sql: string; parameters: unknown[] }[];
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const summary = (xs: number[]) => ({ p50: +percentile(xs, 50).toFixed(2), p99: +percentile(xs, 99).toFixed(2) });

/**
 * The statements the list and read operations run for a URL, compiled once, to replay through
 * raw `pg`: the count only when the API counts (another page follows, or a page after the last).
 */
function rawStatements(
  db: Db,
  tenant: string,
  url: string,
  counted: boolean,
): { sql: string; parameters: readonly unknown[] }[] {
  const [path, queryString] = url.split('?');
  const listed = entityByRoute(path.replace(/^\/api\//, ''));
  if (!listed) {
    const byRegistration = /^\/api\/(.+)\/([^/?]+)$/.exec(path)!;
    return [findStatement(entityByRoute(byRegistration[1])!, tenant, byRegistration[2]).compile(db)];
  }
  const q = compileListQuery(listed, Object.fromEntries(new URLSearchParams(queryString ?? '')));
  const list = listStatement(listed, tenant, q).compile(db);
  return counted ? [list, countStatement(listed, tenant, q, countCap(q)).compile(db)] : [list];
}

const PING = '/api/core/ping';
const WARM_UP = 50;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 1000);

export async function benchApi(
  app: FastifyInstance,
  db: Db,
  pool: pg.Pool,
  tenant: string,
  token: string,
  scenarios: Scenario[],
  seconds: number,
) {
  const address = app.server.address() as { port: number };
  const base = `http://127.0.0.1:${address.port}`;
  const headers = { authorization: `Bearer ${token}` };
  const results: Record<string, unknown>[] = [];
  for (const s of scenarios) {
    console.log(`  measuring: ${s.name}`);
    const check = await fetch(base + s.url, { headers });
    if (check.status !== 200) throw new Error(`${s.name}: ${check.status} ${await check.text()}`);
    // The API counts when another page follows, or when a page past the first comes back empty.
    const counted =
      check.headers.get('pagination-continues') === 'true' ||
      (Number(check.headers.get('pagination-offset')) > 0 && (await check.clone().text()) === '[]');
    const statements = rawStatements(db, tenant, s.url, counted);
    // What the API sends PostgreSQL for the request (db/database.ts readInTenant): each statement
    // with the tenant settings in one round trip, prepared where the API prepares it.
    const scope = { tenant, user: 'admin@bench', timeoutMs: 10000 };
    // The count, when the API counts, is the last statement: its own time says what pagination-size costs.
    const countTimes: number[] = [];
    const replay = async (sample: boolean) => {
      const client = await pool.connect();
      try {
        for (const [k, st] of statements.entries()) {
          const started = performance.now();
          await scopedQuery((q) => client.query(q), scope, {
            text: st.sql,
            values: st.parameters as unknown[],
            name: preparedName(st.sql),
          });
          if (sample && counted && k === statements.length - 1) countTimes.push(performance.now() - started);
        }
      } finally {
        client.release();
      }
    };
    // API and SQL samples alternate one by one, so that both see the same machine: other load
    // drifts, and a statement after an idle pause runs slower than one right after another.
    const client = apiClient(base + s.url, headers.authorization);
    const apiTimes: number[] = [];
    const sqlTimes: number[] = [];
    const pingTimes: number[] = [];
    for (let i = 0; i < WARM_UP + SAMPLES; i++) {
      // What a request to a server that does nothing costs on the same connection.
      const pingTime = await client.time(PING);
      const apiTime = await client.time();
      const started = performance.now();
      await replay(i >= WARM_UP);
      const sqlTime = performance.now() - started;
      if (i >= WARM_UP) {
        apiTimes.push(apiTime);
        sqlTimes.push(sqlTime);
        pingTimes.push(pingTime);
      }
    }
    client.close();
    const api = summary(apiTimes);
    const raw = summary(sqlTimes);
    const ping = summary(pingTimes);
    const rps = await autocannon(base + s.url, headers, seconds);
    // The requests autocannon left in flight are still queued for a connection (on PGlite, one):
    // what follows is measured once they are done, not timed out behind them.
    await drained(pool);
    const floorRequestsPerSecond = s.floor ? await floorRate(pool, scope, s.floor, seconds) : undefined;
    const ownShareMs = +(api.p50 - raw.p50 - ping.p50).toFixed(2);
    const ratioP50 = +(api.p50 / raw.p50).toFixed(2);
    const byRegistration = !s.url.includes('?');
    // The target: the API's own share at most 0.3 ms; a list whose SQL takes 2 ms or more within
    // 1.5 times it; a read by registration at least 2,000 requests per second.
    const withinTarget = ownShareMs <= 0.3 && (raw.p50 < 2 || ratioP50 <= 1.5) && (!byRegistration || rps >= 2000);
    results.push({
      scenario: s.name,
      url: s.url,
      pingP50ms: ping.p50,
      apiP50ms: api.p50,
      apiP99ms: api.p99,
      sqlP50ms: raw.p50,
      sqlP99ms: raw.p99,
      ownShareMs,
      ratioP50,
      ...(countTimes.length ? { countP50ms: summary(countTimes).p50 } : {}),
      requestsPerSecond: rps,
      ...(floorRequestsPerSecond !== undefined
        ? { floorRequestsPerSecond, floorOverApi: +(floorRequestsPerSecond / rps).toFixed(2) }
        : {}),
      rows: check.headers.get('pagination-size'),
      withinTarget,
    });
  }
  return results;
}

/**
 * Requests per second of a floor's statements over 10 connections, as autocannon loads the API:
 * each request sends the statements with the read scope in one round trip, as the API does.
 */
async function floorRate(
  pool: pg.Pool,
  scope: { tenant: string; user: string; timeoutMs: number },
  floor: NonNullable<Scenario['floor']>,
  seconds: number,
): Promise<number> {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  const worker = async () => {
    const client = await pool.connect();
    try {
      while (performance.now() < until) {
        for (const st of floor) {
          // Prepared as the API prepares its statements: a read by registration, not a list, which a
          // generic plan (after five runs) would plan without knowing the tenant.
          const text = st.parameters.length ? `${PREPARED} ${st.sql}` : st.sql;
          await scopedQuery((q) => client.query(q), scope, {
            text,
            values: [scope.tenant, ...st.parameters],
            name: preparedName(text),
          });
        }
        done++;
      }
    } finally {
      client.release();
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: 10 }, worker));
  return Math.round(done / ((performance.now() - started) / 1000));
}

/** Resolves once no request holds or waits for one of the pool's connections (at most a minute: said if it was not). */
async function drained(pool: pg.Pool): Promise<void> {
  const until = Date.now() + 60_000;
  while (pool.waitingCount > 0 || pool.idleCount < pool.totalCount) {
    if (Date.now() > until) return void console.log('  the server still held connections a minute after the load');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A client in its own process (latency-client.ts) that times one GET each time it is asked. */
function apiClient(url: string, authorization: string) {
  const script = fileURLToPath(new URL('./latency-client.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, url, authorization], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  return {
    /** Times one GET of the client's URL, or of `path` on the same connection. */
    async time(path = ''): Promise<number> {
      child.stdin!.write(`${path}\n`);
      const { value, done } = await lines.next();
      if (done) throw new Error('latency client stopped');
      return Number(value);
    },
    close: () => child.stdin!.end(),
  };
}

export function autocannon(url: string, headers: Record<string, string>, seconds: number): Promise<number> {
  const bin = fileURLToPath(new URL('../../node_modules/autocannon/autocannon.js', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        bin,
        '-j',
        '-c',
        '10',
        '-d',
        String(seconds),
        '-H',
        `authorization=${headers.authorization}`,
        url.replace(/\[/g, '%5B').replace(/\]/g, '%5D'),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('exit', () => {
      try {
        const result = JSON.parse(out);
        // Answers other than 2xx (a 503 when the database's connections are all taken) count in the rate: said.
        if (result.non2xx) console.log(`  ${result.non2xx} of ${result.requests.total} answers were not 2xx`);
        resolve(Math.round(result.requests.average));
      } catch {
        reject(new Error(`autocannon: ${err}`));
      }
    });
  });
}
