import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { entities } from '@lbo/model/entity-registry';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { inTenant } from '../db/database.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const call: TestApp['call'] = (...args) => t.call(...args);

const contract = (over: Record<string, unknown> = {}) => ({
  name: 'Lease of two vans',
  type: 'LEASE',
  financialProduct: 'LEASE',
  duration: 36,
  frequency: '30',
  financedAmountExclTax: 48500.5,
  startDate: '2025-01-15',
  currency: 'EUR',
  persons: [{ role: 'CLIENT', personRegistration: 'PER000001' }],
  ...over,
});

describe('generic entity routes', () => {
  it('creates, reads by registration and by _id, replaces, merges and deletes', async () => {
    const h = t.alpha.headers;
    const created = await call('POST', '/api/financing/contracts', h, contract());
    expect(created.statusCode).toBe(201);
    const doc = created.json();
    expect(doc.registration).toMatch(/^CT\d{6}$/);
    expect(doc.status).toBe('DRAFT');
    expect(doc._version).toBe(1);
    expect(doc._insertUser).toBe('admin@alpha');
    expect((await call('GET', `/api/financing/contracts/${doc.registration}`, h)).json().name).toBe(
      'Lease of two vans',
    );
    expect((await call('GET', `/api/financing/contracts/${doc._id}`, h)).json().registration).toBe(doc.registration);

    const merged = await call('PATCH', `/api/financing/contracts/${doc.registration}`, h, {
      name: 'Lease of three vans',
      _version: 1,
    });
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toMatchObject({ name: 'Lease of three vans', duration: 36, _version: 2 });

    const replaced = await call('PUT', `/api/financing/contracts/${doc.registration}`, h, {
      name: 'Replaced',
      persons: [],
    });
    expect(replaced.json()).toMatchObject({
      name: 'Replaced',
      _version: 3,
      status: 'DRAFT',
      registration: doc.registration,
    });
    expect(replaced.json().duration).toBeUndefined();

    const deleted = await call('DELETE', `/api/financing/contracts/${doc.registration}`, h);
    expect(deleted.statusCode).toBe(200);
    const gone = await call('GET', `/api/financing/contracts/${doc.registration}`, h);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe(
      `404|ENTITY_REGISTRATION_NOT_FOUND|Entity Contract with identifier ${doc.registration} not found`,
    );
  });

  it('a record reads the same in a list (built by PostgreSQL) as by registration, with or without status', async () => {
    const h = t.alpha.headers;
    const { registration } = (
      await call('POST', '/api/financing/contracts', h, contract({ name: 'Même «contrat» \u00e9t\u00e9 \\ "quoted"' }))
    ).json();
    await call('PATCH', `/api/financing/contracts/${registration}`, h, { duration: 48 });
    const tax = (await call('POST', '/api/core/taxes', h, { code: 'VAT20', name: 'VAT 20', value: 20 })).json();
    for (const [route, reg] of [
      ['financing/contracts', registration],
      ['core/taxes', tax.registration],
    ]) {
      const byRegistration = (await call('GET', `/api/${route}/${reg}`, h)).json();
      const listed = (await call('GET', `/api/${route}?registration=${reg}`, h)).json();
      expect(listed).toEqual([byRegistration]);
      expect(byRegistration._insertDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    const contractListed = (await call('GET', `/api/financing/contracts?registration=${registration}`, h)).json()[0];
    expect(contractListed).toMatchObject({
      status: 'DRAFT',
      duration: 48,
      _version: 2,
      name: 'Même «contrat» été \\ "quoted"',
    });
    expect(contractListed._updateDate).toMatch(/Z$/);
    // The list's text names each key once, with the columns' values where `data` lacks them or is empty.
    const listedText = async (reg: string) =>
      (await call('GET', `/api/financing/contracts?registration=${reg}`, h)).body.match(
        /"(registration|status|_id)":/g,
      );
    expect(await listedText(registration)).toHaveLength(3);
    const db = t.db.database.db;
    for (const data of [sql`data - 'registration' - 'status'`, sql`'{}'::jsonb`]) {
      await inTenant(db, { tenant: 'alpha', user: 'test' }, (tx) =>
        sql`UPDATE contract SET data = ${data} WHERE registration = ${registration}`.execute(tx),
      );
      const bare = (await call('GET', `/api/financing/contracts?registration=${registration}`, h)).json();
      expect(bare).toEqual([{ ...(await call('GET', `/api/financing/contracts/${registration}`, h)).json() }]);
      expect(bare[0]).toMatchObject({ registration, status: 'DRAFT', _version: 2 });
      expect(await listedText(registration)).toHaveLength(3);
    }
  });

  it('writes a History row with every change, in the same transaction', async () => {
    const h = t.alpha.headers;
    const doc = (await call('POST', '/api/financing/contracts', h, contract({ name: 'Audited' }))).json();
    await call('PATCH', `/api/financing/contracts/${doc.registration}`, h, { name: 'Audited twice' });
    const history = (
      await call('GET', `/api/core/histories?entityRegistration=${doc.registration}&sort=date`, h)
    ).json();
    expect(history.map((r: { action: string }) => r.action)).toEqual(['CREATE', 'UPDATE']);
    expect(history[1]).toMatchObject({
      entityName: 'Contract',
      user: 'admin@alpha',
      changes: { name: { from: 'Audited', to: 'Audited twice' } },
    });
  });

  it('numbers registrations from a per-tenant counter', async () => {
    const a = (await call('POST', '/api/support/tickets', t.alpha.headers, { name: 'first' })).json();
    const b = (await call('POST', '/api/support/tickets', t.alpha.headers, { name: 'second' })).json();
    const c = (await call('POST', '/api/support/tickets', t.beta.headers, { name: 'other tenant' })).json();
    expect(Number(b.registration.slice(-6))).toBe(Number(a.registration.slice(-6)) + 1);
    expect(c.registration).toBe(a.registration);
  });

  it('serves every declared kind: list answers 200 with pagination headers', async () => {
    for (const entity of entities) {
      const res = await call('GET', `/api/${entity.route}?range=[0-4]`, t.alpha.headers);
      expect(res.statusCode, entity.name).toBe(200);
      expect(res.headers['pagination-limit'], entity.name).toBe('5');
    }
  });

  it('answers ping and host settings, and echoes request-id', async () => {
    const ping = await t.app.inject({ url: '/api/core/ping', headers: { 'request-id': 'abc-123' } });
    expect(ping.statusCode).toBe(200);
    expect(ping.headers['request-id']).toBe('abc-123');
    const host = (await t.app.inject({ url: '/api/core/hosts/backoffice.example.com' })).json();
    expect(host).toMatchObject({ host: 'backoffice.example.com', imp: 'standard', loginButtonText: 'Sign in' });
  });
});

describe('bad input gives the catalogue error, never a 500', () => {
  const expectError = async (res: Awaited<ReturnType<typeof call>>, status: number, code: string, text?: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().code).toBe(code);
    expect(res.json().error).toMatch(new RegExp(`^${status}\\|${code}\\|`));
    if (text) expect(res.json().message).toContain(text);
  };

  it('unknown entity, unknown id, missing body', async () => {
    const h = t.alpha.headers;
    await expectError(
      await call('GET', '/api/financing/spaceships', h),
      400,
      'UNSUPPORTED_ENTITY',
      'financing/spaceships',
    );
    await expectError(
      await call('GET', '/api/financing/contracts/CT999999', h),
      404,
      'ENTITY_REGISTRATION_NOT_FOUND',
      'CT999999',
    );
    await expectError(await call('POST', '/api/financing/contracts', h, {}), 400, 'MISSING_BODY_PAYLOAD');
    await expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/financing/contracts',
        headers: { ...h, 'content-type': 'application/json' },
        payload: '',
      }),
      400,
      'MISSING_BODY_PAYLOAD',
    );
    await expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/financing/contracts',
        headers: { ...h, 'content-type': 'application/json' },
        payload: '{"name":',
      }),
      400,
      'INVALID_JSON_FIELD',
    );
    await expectError(await call('POST', '/api/financing/contracts', h, [1, 2]), 400, 'INVALID_NON_EMPTY_OBJECT_FIELD');
    await expectError(
      await call('PATCH', '/api/financing/contracts/CT999999', h, { name: 'x' }),
      404,
      'ENTITY_REGISTRATION_NOT_FOUND',
    );
  });

  it('wrong types name the field', async () => {
    const h = t.alpha.headers;
    await expectError(
      await call('POST', '/api/financing/contracts', h, contract({ financedAmountExclTax: '12 euros' })),
      400,
      'INVALID_NUMBER_FIELD',
      'financedAmountExclTax',
    );
    await expectError(
      await call('POST', '/api/financing/contracts', h, contract({ duration: 36.5 })),
      400,
      'INVALID_INTEGER_FIELD',
      'duration',
    );
    await expectError(
      await call('POST', '/api/financing/contracts', h, contract({ startDate: '2025-02-30' })),
      400,
      'INVALID_DATE_FIELD',
      'startDate',
    );
    await expectError(
      await call('POST', '/api/financing/contracts', h, contract({ name: 42 })),
      400,
      'INVALID_STRING_FIELD',
      'name',
    );
    await expectError(
      await call('POST', '/api/financing/contracts', h, contract({ persons: 'PER1' })),
      400,
      'INVALID_ARRAY_FIELD',
      'persons',
    );
    await expectError(
      await call('POST', '/api/financing/contracts', h, contract({ persons: [{ role: 'CLIENT' }] })),
      400,
      'MISSING_FIELD_IN_BODY',
      'persons[0].personRegistration',
    );
  });

  it('duplicate registration, status by PUT/PATCH, stale version', async () => {
    const h = t.alpha.headers;
    expect((await call('POST', '/api/core/feature-flags', h, { name: 'billing-v2' })).statusCode).toBe(201);
    await expectError(
      await call('POST', '/api/core/feature-flags', h, { name: 'billing-v2' }),
      400,
      'VALUE_ALREADY_EXISTS',
      'billing-v2',
    );
    const doc = (await call('POST', '/api/financing/contracts', h, contract())).json();
    await expectError(
      await call('PATCH', `/api/financing/contracts/${doc.registration}`, h, { status: 'ACTIVE' }),
      400,
      'STATUS_PATCH_PROHIBITED',
    );
    await expectError(
      await call('PUT', `/api/financing/contracts/${doc.registration}`, h, { ...contract(), status: 'ACTIVE' }),
      400,
      'STATUS_PATCH_PROHIBITED',
    );
    await expectError(
      await call('POST', '/api/financing/contracts', h, contract({ status: 'ACTIVE' })),
      400,
      'STATUS_PATCH_PROHIBITED',
    );
    await call('PATCH', `/api/financing/contracts/${doc.registration}`, h, { name: 'v2', _version: 1 });
    await expectError(
      await call('PATCH', `/api/financing/contracts/${doc.registration}`, h, { name: 'late', _version: 1 }),
      409,
      'VERSION_CONFLICT',
    );
    expect((await call('GET', `/api/financing/contracts/${doc.registration}`, h)).json().name).toBe('v2');
  });

  it('SQL and regex metacharacters in every filter of every declared kind', async () => {
    const nasty = ["'; DROP TABLE contract; --", '%_\\', '(a+)+$', '[', '\u0000', "' OR '1'='1", '-', ',,,', '😀'];
    for (const entity of entities) {
      for (const filter of entity.filters) {
        const keys =
          filter.kind === 'range'
            ? [
                `from${filter.name[0].toUpperCase()}${filter.name.slice(1)}`,
                `min${filter.name[0].toUpperCase()}${filter.name.slice(1)}`,
              ]
            : [filter.name];
        for (const key of keys) {
          for (const value of nasty) {
            const res = await call('GET', `/api/${entity.route}?${key}=${encodeURIComponent(value)}`, t.alpha.headers);
            expect([200, 400], `${entity.name} ${key}=${value}: ${res.body}`).toContain(res.statusCode);
            if (res.statusCode === 400) expect(res.json().code).toBe('INVALID_FIELD_IN_QUERY');
          }
        }
      }
    }
    expect((await call('GET', '/api/financing/contracts?range=[0-0]', t.alpha.headers)).statusCode).toBe(200);
  }, 300_000);

  it('bad paging, sort, projection, include and unknown filters', async () => {
    const h = t.alpha.headers;
    for (const q of [
      'range=[5-1]',
      'range=abc',
      'range=[0-1000]',
      'limit=0',
      'page=-1',
      'sort=nope',
      'projection=nope',
      'include=name',
      'breakdown=persons',
      'flavour=vanilla',
      'fromStartDate=2024-13-45',
      'minDuration=abc',
      'maxFinancedAmountExclTax=1e999x',
    ]) {
      const res = await call('GET', `/api/financing/contracts?${q}`, h);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code, q).toBe('INVALID_FIELD_IN_QUERY');
    }
  });

  it('requires a valid token', async () => {
    expect((await call('GET', '/api/financing/contracts', {})).json().code).toBe('UNAUTHENTICATED');
    expect(
      (await call('GET', '/api/financing/contracts', { authorization: 'Bearer forged.token.here' })).statusCode,
    ).toBe(401);
  });
});

describe('tenant isolation', () => {
  it('another tenant’s registration is not found, in reads and writes', async () => {
    const doc = (
      await call('POST', '/api/financing/contracts', t.alpha.headers, contract({ name: 'Alpha secret' }))
    ).json();
    expect((await call('GET', `/api/financing/contracts/${doc.registration}`, t.beta.headers)).statusCode).toBe(404);
    expect((await call('GET', `/api/financing/contracts/${doc._id}`, t.beta.headers)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/api/financing/contracts/${doc.registration}`, t.beta.headers, { name: 'stolen' }))
        .statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/financing/contracts/${doc.registration}`, t.beta.headers)).statusCode).toBe(404);
    const list = (await call('GET', '/api/financing/contracts?name=Alpha secret', t.beta.headers)).json();
    expect(list).toEqual([]);
    expect((await call('GET', `/api/financing/contracts/${doc.registration}`, t.alpha.headers)).json().name).toBe(
      'Alpha secret',
    );
  });

  it('row-level security: a raw query under another or no app.tenant returns nothing', async () => {
    const db = t.db.database.db;
    const reg = (await call('POST', '/api/financing/contracts', t.alpha.headers, contract())).json().registration;
    const under = (tenant: string) =>
      inTenant(
        db,
        { tenant, user: 'test' },
        async (tx) =>
          (await sql<{ n: string }>`SELECT count(*) AS n FROM contract WHERE registration = ${reg}`.execute(tx)).rows[0]
            .n,
      );
    expect(await under('alpha')).toBe('1');
    expect(await under('beta')).toBe('0');
    const unset = await db
      .transaction()
      .execute(async (tx) => (await sql<{ n: string }>`SELECT count(*) AS n FROM contract`.execute(tx)).rows[0].n);
    expect(unset).toBe('0');
    const writeOther = inTenant(db, { tenant: 'beta', user: 'test' }, (tx) =>
      sql`INSERT INTO contract (tenant, registration, data) VALUES ('alpha', 'X1', '{}')`.execute(tx),
    );
    await expect(writeOther).rejects.toThrow(/row-level security/);
    const role = await db.transaction().execute(
      async (tx) =>
        (
          await sql<{
            rolsuper: boolean;
            rolbypassrls: boolean;
          }>`SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user`.execute(tx)
        ).rows[0],
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false });
  });
});

describe('concurrency and atomicity', () => {
  it('two updates on one _version: exactly one wins', async () => {
    const doc = (await call('POST', '/api/financing/contracts', t.alpha.headers, contract())).json();
    const results = await Promise.all(
      ['first', 'second'].map((name) =>
        call('PATCH', `/api/financing/contracts/${doc.registration}`, t.alpha.headers, { name, _version: 1 }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const final = (await call('GET', `/api/financing/contracts/${doc.registration}`, t.alpha.headers)).json();
    expect(final._version).toBe(2);
    expect(final.name).toBe(results.find((r) => r.statusCode === 200)!.json().name);
  });
});
