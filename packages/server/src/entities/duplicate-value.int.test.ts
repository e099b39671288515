import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/**
 * A value already stored is refused naming the value, whatever path the write took: one the
 * client sent, a key changed by an update, a registration the server derived.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

function refusedAsDuplicate(res: { statusCode: number; body: string }, value: string, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(JSON.parse(res.body).error).toBe(`400|VALUE_ALREADY_EXISTS|Value ${value} already exists for field ${field}`);
}

describe('VALUE_ALREADY_EXISTS names the value', () => {
  it('a key created twice', async () => {
    const h = t.alpha.headers;
    expect((await t.call('POST', '/api/core/taxes', h, { code: 'DUP-A', name: 'A' })).statusCode).toBe(201);
    const again = await t.call('POST', '/api/core/taxes', h, { code: 'DUP-A', name: 'A again' });
    refusedAsDuplicate(again, 'DUP-A', 'registration');
  });

  it('a value of a unique field other than the key, created or updated onto one stored', async () => {
    const h = t.alpha.headers;
    const first = await t.call('POST', '/api/core/indexes', h, { name: 'First', code: 'DUPIDX' });
    expect(first.statusCode, first.body).toBe(201);
    refusedAsDuplicate(
      await t.call('POST', '/api/core/indexes', h, { name: 'Again', code: 'DUPIDX' }),
      'DUPIDX',
      'code',
    );
    const other = await t.call('POST', '/api/core/indexes', h, { name: 'Other', code: 'OTHERIDX' });
    expect(other.statusCode, other.body).toBe(201);
    const moved = await t.call('PATCH', `/api/core/indexes/${other.json().registration}`, h, { code: 'DUPIDX' });
    refusedAsDuplicate(moved, 'DUPIDX', 'code');
  });

  it('a user created twice', async () => {
    const body = { username: 'twice@alpha', lastName: 'Twice' };
    expect((await t.call('POST', '/api/core/users', t.alpha.headers, body)).statusCode).toBe(201);
    const again = await t.call('POST', '/api/core/users', t.alpha.headers, body);
    refusedAsDuplicate(again, 'twice@alpha', 'registration');
  });
});
