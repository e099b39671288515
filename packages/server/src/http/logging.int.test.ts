import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { entityByName } from '@lbo/model/entity-registry';
import { asOwner, createTestDatabase, type TestDatabase } from '../testing/test-app.ts';
import { buildApp } from '../app.ts';
import { createTenant } from '../product.ts';
import { APP_ROLE } from '../db/schema.ts';
import { scrubText, scrubUrl } from './logging.ts';

/** Every line the server logs, parsed. */
const lines: string[] = [];
const captured = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});
const entries = () => lines.map((line) => JSON.parse(line) as Record<string, any>);

let db: TestDatabase;
let app: FastifyInstance;
const password = 'Logged-Never-9431';
const noteTable = entityByName('Note')!.table;

beforeAll(async () => {
  db = await createTestDatabase();
  await createTenant(db.database.db, 'alpha', { username: 'admin@alpha', password });
  app = await buildApp({ database: db.database, log: { logRequests: true, stream: captured } });
  // A route of this test only, whose failure carries credentials in its message.
  app.get('/test/failure', async () => {
    throw new Error(
      'statement failed for Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl with token=FailureTokenValue',
    );
  });
});
afterAll(async () => {
  await app?.close();
  await db?.dispose();
});

describe('server log', () => {
  it('logs every 5xx once, structured, with the caller, and never a credential', async () => {
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/core/auth/login',
      payload: { username: 'admin@alpha', password },
    });
    expect(signIn.statusCode).toBe(200);
    const token = String(signIn.headers.authorization).replace(/^Bearer /, '');
    const contextToken = String(signIn.headers['context-token']);
    const headers = {
      authorization: `Bearer ${token}`,
      'context-token': contextToken,
      cookie: 'sid=CookieSecretValue',
      'request-id': 'log-test-1',
    };

    // Credentials in query strings, headers and bodies of ordinary requests.
    await app.inject({
      url: '/api/core/users/current?token=QueryTokenValue&jwt=QueryJwtValue&accessToken=QueryAccessValue&code=QueryCodeValue&x=1',
      headers,
    });
    await app.inject({
      method: 'POST',
      url: '/api/core/auth/login/totp',
      payload: { totpToken: 'PendingTotpTokenValue', code: '000000' },
    });
    await app.inject({
      method: 'POST',
      url: '/api/core/auth/login',
      payload: { username: 'admin@alpha', password: 'Wrong-Password-Value' },
    });

    // A statement the database refuses: a real 500 with the signed-in caller.
    await asOwner(db, [`REVOKE ALL ON ${noteTable} FROM ${APP_ROLE}`]);
    try {
      const failed = await app.inject({ url: '/api/core/notes?jwt=NotesJwtValue', headers });
      expect(failed.statusCode).toBe(500);
      expect(failed.json().error).toBe('500|UNAVAILABLE_SOFTWARE|Unavailable software');
    } finally {
      await asOwner(db, [`GRANT SELECT, INSERT, UPDATE, DELETE ON ${noteTable} TO ${APP_ROLE}`]);
    }
    const forced = await app.inject({
      url: '/test/failure?jwt=ForcedJwtValue',
      headers: { 'request-id': 'log-test-2' },
    });
    expect(forced.statusCode).toBe(500);

    const errors = entries().filter((e) => e.msg === 'server error');
    expect(errors).toHaveLength(2);
    const [database, thrown] = errors;
    expect(database).toMatchObject({
      level: 50,
      reqId: 'log-test-1',
      method: 'GET',
      route: '/api/core/notes',
      tenant: 'alpha',
      user: 'admin@alpha',
      statusCode: 500,
      url: '/api/core/notes?jwt=[redacted]',
    });
    expect(database.err.message).toMatch(/permission denied/);
    expect(database.err.stack).toMatch(/\n\s+at /);
    expect(thrown).toMatchObject({ reqId: 'log-test-2', method: 'GET', route: '/test/failure', statusCode: 500 });
    expect(thrown.tenant).toBeUndefined();
    expect(thrown.err.message).toBe('statement failed for Bearer [redacted] with token=[redacted]');
    expect(thrown.err.stack).toContain('token=[redacted]');
    // Request logging is on: the URLs are there, their credentials are not.
    expect(
      entries().some(
        (e) =>
          e.req?.url ===
          '/api/core/users/current?token=[redacted]&jwt=[redacted]&accessToken=[redacted]&code=[redacted]&x=1',
      ),
    ).toBe(true);

    const output = lines.join('\n');
    for (const secret of [
      password,
      'Wrong-Password-Value',
      token,
      token.split('.')[2],
      contextToken,
      'CookieSecretValue',
      'QueryTokenValue',
      'QueryJwtValue',
      'QueryAccessValue',
      'QueryCodeValue',
      'PendingTotpTokenValue',
      'NotesJwtValue',
      'ForcedJwtValue',
      'FailureTokenValue',
      'c2lnbmF0dXJl',
    ]) {
      expect(output).not.toContain(secret);
    }
  });

  it('errors are logged without request logging, and ordinary answers log nothing then', async () => {
    const quiet: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        quiet.push(String(chunk));
        done();
      },
    });
    const other = await buildApp({ database: db.database, log: { stream } });
    other.get('/test/failure', async () => {
      throw new Error('quiet failure');
    });
    try {
      expect((await other.inject({ url: '/api/core/ping' })).statusCode).toBe(200);
      expect(quiet).toHaveLength(0);
      expect((await other.inject({ url: '/test/failure' })).statusCode).toBe(500);
      expect(quiet).toHaveLength(1);
      expect(JSON.parse(quiet[0])).toMatchObject({
        msg: 'server error',
        statusCode: 500,
        route: '/test/failure',
        err: { message: 'quiet failure' },
      });
    } finally {
      await other.close();
    }
  });
});

describe('scrubbing', () => {
  it('replaces credentials in texts and URLs', () => {
    expect(scrubUrl('/a?code=1&state=2&password=x')).toBe('/a?code=[redacted]&state=2&password=[redacted]');
    expect(scrubUrl('/a?%74oken=x')).toBe('/a?token=[redacted]');
    expect(scrubUrl('/a/b')).toBe('/a/b');
    expect(scrubText('authorization: Bearer abc.def-ghi')).toBe('authorization: Bearer [redacted]');
    expect(scrubText('{"password":"hunter2","name":"x"}')).toBe('{"password":"[redacted]","name":"x"}');
    expect(scrubText('failed at eyJa.eyJb.sig')).toBe('failed at [redacted]');
  });
});
