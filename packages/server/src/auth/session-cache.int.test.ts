import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { bearer, createUser, login, tokenOf } from '../testing/users.ts';
import { buildApp } from '../app.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { AUTH_CHANNEL, authFeed } from '../db/change-feed.ts';

/**
 * Two server processes on one PostgreSQL: each keeps the sessions it checked in memory, and a
 * change made by the other (or by anyone writing to the database) must end a session there too.
 * The embedded database is opened by one process only, so this needs PostgreSQL (as in CI).
 */
const onPostgres = !!process.env.DATABASE_URL;

describe.runIf(onPostgres)('session checks kept in memory, on several processes', () => {
  let t: TestApp;
  let otherDatabase: Database;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp();
    otherDatabase = await openDatabase(t.db.config);
    other = await buildApp({ database: otherDatabase });
  });
  afterAll(async () => {
    await other?.close();
    await otherDatabase?.close();
    await t?.close();
  });

  const current = (app: FastifyInstance, token: string) =>
    app.inject({ url: '/api/core/users/current', headers: bearer(token) });

  /** The status the other process answers once it has seen the change, or the last one after 3 s. */
  async function statusSeenByOther(token: string, expected: number): Promise<{ status: number; ms: number }> {
    const started = Date.now();
    let status = 0;
    while (Date.now() - started < 3000) {
      status = (await current(other, token)).statusCode;
      if (status === expected) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return { status, ms: Date.now() - started };
  }

  it('a logout on one process ends the session on the other at once', async () => {
    const token = tokenOf(await login(t.app, 'admin@alpha', t.alpha.password));
    expect((await current(other, token)).statusCode).toBe(200);
    expect((await current(other, token)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/core/auth/logout', headers: bearer(token) })).statusCode).toBe(200);
    expect((await current(t.app, token)).statusCode).toBe(401);
    const seen = await statusSeenByOther(token, 401);
    expect(seen.status).toBe(401);
    expect(seen.ms).toBeLessThan(1000);
  });

  it('a write straight to the database (no server involved) is seen too', async () => {
    const token = tokenOf(await login(t.app, 'admin@alpha', t.alpha.password));
    expect((await current(other, token)).statusCode).toBe(200);
    const sessionId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).jti as string;
    const owner = new pg.Client({ connectionString: t.db.config.databaseUrl });
    await owner.connect();
    try {
      await owner.query(`UPDATE session SET revoked_at = now() WHERE _id = $1::uuid`, [sessionId]);
    } finally {
      await owner.end();
    }
    expect((await statusSeenByOther(token, 401)).status).toBe(401);
    expect((await current(t.app, token)).statusCode).toBe(401);
  });

  it('while the change feed is lost the memory is not used, and it comes back', async () => {
    const token = tokenOf(await login(t.app, 'admin@alpha', t.alpha.password));
    expect((await current(other, token)).statusCode).toBe(200);
    expect(authFeed(otherDatabase.db).live).toBe(true);
    const owner = new pg.Client({ connectionString: t.db.config.databaseUrl });
    await owner.connect();
    try {
      // The session feed's listeners only: other modules listen on channels of their own.
      const { rows } = await owner.query(
        `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
          WHERE datname = current_database() AND query = $1 AND pid <> pg_backend_pid()`,
        [`LISTEN ${AUTH_CHANNEL}`],
      );
      expect(rows.length).toBe(2);
    } finally {
      await owner.end();
    }
    const lostAt = Date.now();
    while (authFeed(otherDatabase.db).live && Date.now() - lostAt < 2000)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(authFeed(otherDatabase.db).live).toBe(false);
    // Not live: every check reads the database, so a revocation is seen even without a notice.
    expect((await current(other, token)).statusCode).toBe(200);
    while (!authFeed(otherDatabase.db).live && Date.now() - lostAt < 5000)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(authFeed(otherDatabase.db).live).toBe(true);
    expect((await current(other, token)).statusCode).toBe(200);
  });
});

describe('session checks kept in memory, in one process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('locking a user ends its sessions before the lock is answered', async () => {
    const user = await createUser(t.app, t.alpha.headers, { username: 'clerk@alpha', profiles: [] });
    const current = () => t.app.inject({ url: '/api/core/users/current', headers: user.headers });
    expect((await current()).statusCode).toBe(200);
    expect((await current()).statusCode).toBe(200);
    const lock = await t.call('PATCH', `/api/core/users/${encodeURIComponent(user.username)}`, t.alpha.headers, {
      isLocked: true,
    });
    expect(lock.statusCode, lock.body).toBe(200);
    expect((await current()).statusCode).toBe(401);
  });
});
