import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { entityByName } from '@lbo/model/entity-registry';
import { buildApp } from '../app.ts';
import { createOperations } from '../entities/crud.operation.ts';
import { jsonAnswer, storeWithWrite } from './idempotency.ts';
import { inTenant } from '../db/database.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/** Idempotent writes (`Idempotency-Key`) and conditional ones (`ETag` / `If-Match`), on the real database. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const keyed = (headers: Record<string, string>, key: string) => ({ ...headers, 'idempotency-key': key });
const newKey = () => crypto.randomUUID();

async function ticketsNamed(name: string, headers = t.alpha.headers): Promise<number> {
  return (await t.call('GET', `/api/support/tickets?name=${encodeURIComponent(name)}&count=exact`, headers)).json()
    .length;
}

async function historyOf(registration: string): Promise<string[]> {
  return (await t.call('GET', `/api/core/histories?entityRegistration=${registration}&sort=date`, t.alpha.headers))
    .json()
    .map((h: { action: string }) => h.action);
}

const contract = (over: Record<string, unknown> = {}) => ({
  name: 'Lease',
  type: 'LEASE',
  financialProduct: 'LEASE',
  duration: 0,
  frequency: '30',
  currency: 'EUR',
  ...over,
});

describe('Idempotency-Key', () => {
  it('10 abandoned POSTs and a retry with one key make exactly one record', async () => {
    const key = newKey();
    const name = `abandoned ${key}`;
    const tries = await Promise.all(
      Array.from({ length: 10 }, () => t.call('POST', '/api/support/tickets', keyed(t.alpha.headers, key), { name })),
    );
    for (const res of tries) {
      expect([201, 409], res.body).toContain(res.statusCode);
      if (res.statusCode === 409) expect(res.json().code).toBe('IDEMPOTENT_REQUEST_IN_PROGRESS');
    }
    const retry = await t.call('POST', '/api/support/tickets', keyed(t.alpha.headers, key), { name });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const first = tries.find((r) => r.statusCode === 201 && !r.headers['idempotent-replayed'])!;
    expect(first, 'one try did the work').toBeDefined();
    expect(retry.body).toBe(first.body);
    expect(retry.headers.etag).toBe('W/"1"');
    expect(
      tries.filter((r) => r.statusCode === 201).every((r) => r.json().registration === first.json().registration),
    ).toBe(true);
    expect(await ticketsNamed(name)).toBe(1);
    expect(await historyOf(first.json().registration)).toEqual(['CREATE']);
  });

  it('sequential retries replay the first answer, status, body and headers', async () => {
    const key = newKey();
    const first = await t.call('POST', '/api/support/tickets', keyed(t.alpha.headers, key), {
      name: `replayed ${key}`,
    });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    for (let i = 0; i < 3; i++) {
      const again = await t.call('POST', '/api/support/tickets', keyed(t.alpha.headers, key), {
        name: `replayed ${key}`,
      });
      expect(again.statusCode).toBe(201);
      expect(again.body).toBe(first.body);
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      expect(again.headers.etag).toBe(first.headers.etag);
    }
    expect(await ticketsNamed(`replayed ${key}`)).toBe(1);
  });

  it('the same key with another body is refused and writes nothing', async () => {
    const key = newKey();
    expect(
      (await t.call('POST', '/api/support/tickets', keyed(t.alpha.headers, key), { name: `one ${key}` })).statusCode,
    ).toBe(201);
    const other = await t.call('POST', '/api/support/tickets', keyed(t.alpha.headers, key), { name: `two ${key}` });
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toBe(
      `422|IDEMPOTENCY_KEY_REUSED|Idempotency key ${key} was already used with another request`,
    );
    expect(await ticketsNamed(`two ${key}`)).toBe(0);
    // Another route or method is another request too.
    expect(
      (await t.call('POST', '/api/core/taxes', keyed(t.alpha.headers, key), { name: `one ${key}` })).statusCode,
    ).toBe(422);
  });

  it('a refused request does not keep its key: the corrected retry is done', async () => {
    const key = newKey();
    const refused = await t.call(
      'POST',
      '/api/financing/contracts',
      keyed(t.alpha.headers, key),
      contract({ name: `fixed ${key}`, duration: 'twelve' }),
    );
    expect(refused.statusCode).toBe(400);
    const fixed = await t.call(
      'POST',
      '/api/financing/contracts',
      keyed(t.alpha.headers, key),
      contract({ name: `fixed ${key}`, duration: 12 }),
    );
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
  });

  it('keys belong to a user of a tenant', async () => {
    const key = newKey();
    const a = await t.call('POST', '/api/support/tickets', keyed(t.alpha.headers, key), { name: `shared key ${key}` });
    const b = await t.call('POST', '/api/support/tickets', keyed(t.beta.headers, key), { name: `shared key ${key}` });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(await ticketsNamed(`shared key ${key}`, t.beta.headers)).toBe(1);
  });

  it('invalid keys answer 400 naming the header', async () => {
    for (const key of ['', 'x'.repeat(256), 'with space', 'tab\there', 'é-accent']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/support/tickets',
        headers: { ...t.alpha.headers, 'idempotency-key': key },
        payload: { name: 'never' },
      });
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json().error).toBe('400|INVALID_FIELD_IN_HEADERS|Invalid field idempotency-key in headers');
    }
    expect(await ticketsNamed('never')).toBe(0);
  });

  it('a key still claimed answers 409; a claim whose request died is taken over', async () => {
    const key = newKey();
    const claim = (until: string) =>
      inTenant(t.db.database.db, { tenant: 'alpha', user: 'admin@alpha' }, (tx) =>
        sql`INSERT INTO idempotency_key (tenant, username, key, fingerprint, claim, claimed_until, expires_at)
        VALUES ('alpha', 'admin@alpha', ${key}, ${'x'}, ${crypto.randomUUID()}::uuid, now() + ${until}::interval, now() + interval '1 day')
        ON CONFLICT (tenant, username, key) DO UPDATE SET claimed_until = excluded.claimed_until`.execute(tx),
      );
    await claim('1 minute');
    const busy = await t.call('POST', '/api/support/tickets', keyed(t.alpha.headers, key), { name: `claimed ${key}` });
    expect(busy.statusCode).toBe(422); // another fingerprint: refused as a reuse first
    await inTenant(t.db.database.db, { tenant: 'alpha', user: 'test' }, (tx) =>
      sql`DELETE FROM idempotency_key WHERE key = ${key}`.execute(tx),
    );
    const started = await t.call('POST', '/api/support/tickets', keyed(t.alpha.headers, key), {
      name: `claimed ${key}`,
    });
    expect(started.statusCode).toBe(201);
    // The same request while the first is under way (its claim is live, no answer yet).
    await inTenant(t.db.database.db, { tenant: 'alpha', user: 'test' }, (tx) =>
      sql`UPDATE idempotency_key SET status = NULL, body = NULL, claim = gen_random_uuid(), claimed_until = now() + interval '1 minute' WHERE key = ${key}`.execute(
        tx,
      ),
    );
    const inFlight = await t.call('POST', '/api/support/tickets', keyed(t.alpha.headers, key), {
      name: `claimed ${key}`,
    });
    expect(inFlight.statusCode).toBe(409);
    expect(inFlight.json().error).toBe(
      `409|IDEMPOTENT_REQUEST_IN_PROGRESS|A request with idempotency key ${key} is still in progress`,
    );
    // Its process died: once the claim's time is over, a retry is done.
    await inTenant(t.db.database.db, { tenant: 'alpha', user: 'test' }, (tx) =>
      sql`UPDATE idempotency_key SET claimed_until = now() - interval '1 second' WHERE key = ${key}`.execute(tx),
    );
    expect(
      (await t.call('POST', '/api/support/tickets', keyed(t.alpha.headers, key), { name: `claimed ${key}` }))
        .statusCode,
    ).toBe(201);
  });

  it('the key is stored with the write: a write whose claim was lost is rolled back', async () => {
    const key = newKey();
    const name = `lost claim ${key}`;
    const id = { tenant: 'alpha', username: 'admin@alpha', key };
    await inTenant(t.db.database.db, { tenant: 'alpha', user: 'test' }, (tx) =>
      sql`INSERT INTO idempotency_key (tenant, username, key, fingerprint, claim, claimed_until, expires_at)
        VALUES ('alpha', 'admin@alpha', ${key}, 'x', gen_random_uuid(), now() + interval '1 minute', now() + interval '1 day')`.execute(
        tx,
      ),
    );
    // This request's claim was taken over by a retry (another token holds the key) while it ran.
    const request = { idempotency: { ...id, token: crypto.randomUUID() } } as unknown as FastifyRequest;
    const operations = createOperations(t.db.database.db);
    const create = operations.create(
      { tenant: 'alpha', username: 'admin@alpha' },
      entityByName('Ticket')!,
      { name },
      { withAnswer: (tx, status, doc) => storeWithWrite(tx, request, jsonAnswer(status, doc)) },
    );
    await expect(create).rejects.toMatchObject({ code: 'IDEMPOTENT_REQUEST_IN_PROGRESS' });
    expect(await ticketsNamed(name)).toBe(0);
    // Holding the claim, the write and its answer commit together.
    const {
      rows: [held],
    } = await inTenant(t.db.database.db, { tenant: 'alpha', user: 'test' }, (tx) =>
      sql<{ claim: string }>`SELECT claim FROM idempotency_key WHERE tenant = 'alpha' AND key = ${key}`.execute(tx),
    );
    const holder = { idempotency: { ...id, token: held.claim } } as unknown as FastifyRequest;
    const doc = await operations.create(
      { tenant: 'alpha', username: 'admin@alpha' },
      entityByName('Ticket')!,
      { name },
      { withAnswer: (tx, status, d) => storeWithWrite(tx, holder, jsonAnswer(status, d)) },
    );
    const {
      rows: [stored],
    } = await inTenant(t.db.database.db, { tenant: 'alpha', user: 'test' }, (tx) =>
      sql<{
        status: number;
        body: string;
      }>`SELECT status, body FROM idempotency_key WHERE tenant = 'alpha' AND key = ${key}`.execute(tx),
    );
    expect(stored).toEqual({ status: 201, body: JSON.stringify(doc) });
  });

  it('every write route honours keys: transitions, preferences, updates and deletes', async () => {
    const h = t.alpha.headers;
    const ticket = (await t.call('POST', '/api/support/tickets', h, { name: 'walked' })).json();
    const transitions = (await t.call('GET', `/api/support/tickets/${ticket.registration}/transitions`, h)).json();
    const code = transitions[0].code;
    const key = newKey();
    const run = await t.call('GET', `/api/support/tickets/${ticket.registration}/transitions/${code}`, keyed(h, key));
    expect(run.statusCode, run.body).toBe(200);
    expect(run.headers.etag).toBe('W/"2"');
    const again = await t.call('GET', `/api/support/tickets/${ticket.registration}/transitions/${code}`, keyed(h, key));
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(run.body);
    expect((await t.call('GET', `/api/support/tickets/${ticket.registration}`, h)).json()._version).toBe(2);

    const prefKey = newKey();
    const preference = {
      groupId: '/tickets',
      type: 'SEARCH_FILTER',
      value: { name: 'mine', query: { status: 'NEW' } },
    };
    const saved = await t.call('POST', '/api/core/users/admin@alpha/preferences', keyed(h, prefKey), preference);
    const savedAgain = await t.call('POST', '/api/core/users/admin@alpha/preferences', keyed(h, prefKey), preference);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(savedAgain.json()._id).toBe(saved.json()._id);
    expect(savedAgain.headers['idempotent-replayed']).toBe('true');

    const patchKey = newKey();
    const patched = await t.call('PATCH', `/api/support/tickets/${ticket.registration}`, keyed(h, patchKey), {
      name: 'patched once',
    });
    const patchedAgain = await t.call('PATCH', `/api/support/tickets/${ticket.registration}`, keyed(h, patchKey), {
      name: 'patched once',
    });
    expect(patched.json()._version).toBe(3);
    expect(patchedAgain.body).toBe(patched.body);
    const deleteKey = newKey();
    expect(
      (await t.call('DELETE', `/api/support/tickets/${ticket.registration}`, keyed(h, deleteKey))).statusCode,
    ).toBe(200);
    const deletedAgain = await t.call('DELETE', `/api/support/tickets/${ticket.registration}`, keyed(h, deleteKey));
    expect(deletedAgain.statusCode).toBe(200);
    expect(deletedAgain.headers['idempotent-replayed']).toBe('true');
    const actions = await historyOf(ticket.registration);
    expect(actions.filter((a) => a === 'UPDATE')).toHaveLength(1);
    expect(actions.filter((a) => a === 'DELETE')).toHaveLength(1);
    expect(actions).toHaveLength(4);
  });

  it('keys live in the database: a second server replays the first one’s answer', async () => {
    const second = await buildApp({ database: t.db.database });
    try {
      const key = newKey();
      const first = await t.call('POST', '/api/support/tickets', keyed(t.alpha.headers, key), {
        name: `two servers ${key}`,
      });
      const other = await second.inject({
        method: 'POST',
        url: '/api/support/tickets',
        headers: keyed(t.alpha.headers, key),
        payload: { name: `two servers ${key}` },
      });
      expect(other.statusCode).toBe(201);
      expect(other.body).toBe(first.body);
      expect(other.headers['idempotent-replayed']).toBe('true');
    } finally {
      await second.close();
    }
  });
});

describe('ETag and If-Match', () => {
  it('reads and writes answer the version as ETag', async () => {
    const created = await t.call('POST', '/api/financing/contracts', t.alpha.headers, contract());
    expect(created.headers.etag).toBe('W/"1"');
    const reg = created.json().registration;
    expect((await t.call('GET', `/api/financing/contracts/${reg}`, t.alpha.headers)).headers.etag).toBe('W/"1"');
    const patched = await t.call(
      'PATCH',
      `/api/financing/contracts/${reg}`,
      { ...t.alpha.headers, 'if-match': 'W/"1"' },
      { duration: 1 },
    );
    expect(patched.statusCode).toBe(200);
    expect(patched.headers.etag).toBe('W/"2"');
    const put = await t.call(
      'PUT',
      `/api/financing/contracts/${reg}`,
      { ...t.alpha.headers, 'if-match': '"2"' },
      contract({ duration: 2 }),
    );
    expect(put.headers.etag).toBe('W/"3"');
    expect(
      (
        await t.call(
          'PATCH',
          `/api/financing/contracts/${reg}`,
          { ...t.alpha.headers, 'if-match': '*' },
          { duration: 3 },
        )
      ).statusCode,
    ).toBe(200);
  });

  it('a stale If-Match answers 412 and writes nothing, on PUT, PATCH and DELETE', async () => {
    const reg = (
      await t.call('POST', '/api/financing/contracts', t.alpha.headers, contract({ name: 'guarded' }))
    ).json().registration;
    await t.call('PATCH', `/api/financing/contracts/${reg}`, t.alpha.headers, { duration: 5 });
    const stale = { ...t.alpha.headers, 'if-match': 'W/"1"' };
    for (const [method, body] of [
      ['PATCH', { name: 'late' }],
      ['PUT', contract({ name: 'late' })],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.call(method, `/api/financing/contracts/${reg}`, stale, body);
      expect(res.statusCode, method).toBe(412);
      expect(res.json().error).toBe(
        `412|PRECONDITION_FAILED|Entity Contract with identifier ${reg} is at version 2, not 1`,
      );
    }
    const now = (await t.call('GET', `/api/financing/contracts/${reg}`, t.alpha.headers)).json();
    expect(now).toMatchObject({ name: 'guarded', duration: 5, _version: 2 });
    expect(await historyOf(reg)).toEqual(['CREATE', 'UPDATE']);
    // A body `_version` keeps its 409.
    expect(
      (await t.call('PATCH', `/api/financing/contracts/${reg}`, t.alpha.headers, { name: 'late', _version: 1 }))
        .statusCode,
    ).toBe(409);
  });

  it('a malformed If-Match answers 400 naming the header', async () => {
    const reg = (await t.call('POST', '/api/financing/contracts', t.alpha.headers, contract())).json().registration;
    for (const value of ['3', 'W/3', '"x"', '"1", nope', '']) {
      const res = await t.call(
        'PATCH',
        `/api/financing/contracts/${reg}`,
        { ...t.alpha.headers, 'if-match': value },
        { duration: 9 },
      );
      expect(res.statusCode, value).toBe(400);
      expect(res.json().error).toBe('400|INVALID_FIELD_IN_HEADERS|Invalid field if-match in headers');
    }
    expect((await t.call('GET', `/api/financing/contracts/${reg}`, t.alpha.headers)).json()._version).toBe(1);
  });

  it('20 concurrent increments with If-Match and retry on 412 lose no update', async () => {
    const reg = (
      await t.call('POST', '/api/financing/contracts', t.alpha.headers, contract({ name: 'counter' }))
    ).json().registration;
    const url = `/api/financing/contracts/${reg}`;
    let conflicts = 0;
    const increment = async () => {
      for (;;) {
        const read = await t.call('GET', url, t.alpha.headers);
        const res = await t.call(
          'PATCH',
          url,
          { ...t.alpha.headers, 'if-match': String(read.headers.etag) },
          { duration: read.json().duration + 1 },
        );
        if (res.statusCode === 200) return;
        expect(res.statusCode, res.body).toBe(412);
        conflicts++;
      }
    };
    await Promise.all(Array.from({ length: 20 }, increment));
    const final = (await t.call('GET', url, t.alpha.headers)).json();
    expect(final.duration).toBe(20);
    expect(final._version).toBe(21);
    expect(conflicts, 'the increments raced').toBeGreaterThan(0);
  }, 60_000);
});
