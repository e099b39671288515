import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, signIn, type TestApp } from '../testing/test-app.ts';
import { APP_ROLE } from './schema.ts';
import { isDatabaseUnavailable } from './database.ts';

/**
 * Connections come and go: the pool closes idle ones, the database may terminate them or
 * restart. Whatever a connection held (prepared statements, settings) goes with it, and the
 * server answers every request correctly on the next connection: on PGlite, whose one
 * session outlives the socket connections to it, and on PostgreSQL.
 */
const IDLE_MS = 150;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ databaseIdleTimeoutMs: IDLE_MS });
});
afterAll(async () => {
  await t?.close();
});

const idle = () => new Promise((resolve) => setTimeout(resolve, IDLE_MS * 4));

async function signInListAndWrite(round: string) {
  const token = await signIn(t.app, t.alpha.username, t.alpha.password);
  const headers = { authorization: `Bearer ${token}` };
  const created = await t.call('POST', '/api/support/tickets', headers, { name: `after idle ${round}` });
  expect(created.statusCode, created.body).toBe(201);
  const list = await t.call('GET', '/api/support/tickets?search=after%20idle', headers);
  expect(list.statusCode, list.body).toBe(200);
  expect((JSON.parse(list.body) as { name: string }[]).map((d) => d.name)).toContain(`after idle ${round}`);
  const one = await t.call('GET', `/api/support/tickets/${JSON.parse(created.body).registration}`, headers);
  expect(one.statusCode, one.body).toBe(200);
  // The other tenant still sees none of it: row-level security holds on the new connection.
  const other = await t.call('GET', `/api/support/tickets/${JSON.parse(created.body).registration}`, t.beta.headers);
  expect(other.statusCode).toBe(404);
}

describe('database connections over time', () => {
  it('answers sign-in, lists and writes after idling past the pool timeout, again and again', async () => {
    await signInListAndWrite('0');
    for (let round = 1; round <= 3; round++) {
      await idle();
      await signInListAndWrite(String(round));
    }
  }, 60_000);

  it('runs as the application role on every new connection', async () => {
    await idle();
    const { rows } = await sql<{ user: string }>`SELECT current_user AS user`.execute(t.db.database.db);
    expect(rows[0].user).toBe(APP_ROLE);
  });

  it('keeps serving when its connections are dropped during concurrent writes, and answers 503 meanwhile', async () => {
    const headers = t.alpha.headers;
    const statuses: number[] = [];
    const bodies: string[] = [];
    const writes = Array.from({ length: 32 }, async (_, i) => {
      const res = await t.call('POST', '/api/support/tickets', headers, { name: `dropped ${i}` });
      statuses.push(res.statusCode);
      bodies.push(res.body);
      return res;
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await dropConnections();
    await Promise.all(writes);
    for (const [i, status] of statuses.entries()) {
      expect([201, 503], bodies[i]).toContain(status);
      if (status === 503) {
        const body = JSON.parse(bodies[i]);
        expect(body.error).toBe(`503|DATABASE_UNAVAILABLE|${body.message}`);
      }
    }
    // Every acknowledged write is there, and the server serves again without a restart.
    const created = bodies.filter((_, i) => statuses[i] === 201).map((b) => JSON.parse(b).registration as string);
    for (const registration of created) {
      expect((await t.call('GET', `/api/support/tickets/${registration}`, headers)).statusCode).toBe(200);
    }
    await signInListAndWrite('after drop');
  }, 60_000);
});

/** Drops the server's database connections: terminated on PostgreSQL, the socket server restarted on PGlite. */
async function dropConnections() {
  const { config, database } = t.db;
  if (config.databaseUrl) {
    const owner = new pg.Client({ connectionString: config.databaseUrl });
    await owner.connect();
    await owner.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1 AND datname = current_database()`,
      [APP_ROLE],
    );
    await owner.end();
  } else {
    await database.embedded!.open(APP_ROLE);
  }
}

describe('which errors mean the database is away', () => {
  it('tells connection losses from bad statements', () => {
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', syscall: 'connect' }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('no such file'), { code: 'ENOENT', syscall: 'open' }))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe.runIf(!!process.env.DATABASE_URL)('a PostgreSQL that closes idle sessions', () => {
  it('never hands out a connection the server has closed for idling', async () => {
    // The server closes the application role's idle sessions after 400 ms, in the test's database only.
    const probe = await createTestApp();
    const { databaseUrl } = probe.db.config;
    const owner = new pg.Client({ connectionString: databaseUrl });
    await owner.connect();
    await owner.query(
      `ALTER ROLE ${APP_ROLE} IN DATABASE ${new URL(databaseUrl!).pathname.slice(1)} SET idle_session_timeout = '400ms'`,
    );
    await owner.end();
    await probe.app.close();
    await probe.db.database.close();
    const reopened = await import('./database.ts').then((m) => m.openDatabase(probe.db.config));
    try {
      expect(reopened.pool.options.idleTimeoutMillis).toBeLessThanOrEqual(200);
      for (let round = 0; round < 3; round++) {
        await new Promise((resolve) => setTimeout(resolve, 900));
        const { rows } = await sql<{ user: string }>`SELECT current_user AS user`.execute(reopened.db);
        expect(rows[0].user).toBe(APP_ROLE);
      }
    } finally {
      await reopened.close();
      await probe.db.dispose().catch(() => undefined);
    }
  }, 60_000);
});
