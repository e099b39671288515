import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { entities } from '@lbo/model/entity-registry';
import type { Entity } from '@lbo/model/entity';
import { inputLimits, textLength } from '@lbo/model/values/limits';
import { referenceLists } from '@lbo/model/reference-lists';
import { inTenant } from '../db/database.ts';
import { insertRow } from '../entities/storage.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/**
 * Generated bad input over every route family: each request carries at least one thing the
 * API must refuse (an undeclared name, a NUL character, JSON nested too deep, a text past its
 * limit, a value of the wrong type or outside its list). Every answer is a 4xx in the
 * catalogue form, and nothing a refused request touched was written.
 */
let t: TestApp;
const RUNS = 200;
const writable = entities.filter((e) => !e.readOnly && e.name !== 'User');
const planted = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  // One record of every writable kind to aim updates, deletes and transitions at.
  await inTenant(t.db.database.db, { tenant: 'alpha', user: 'admin@alpha' }, async (tx) => {
    for (const entity of writable) {
      const registration = entity.key ? `planted-${entity.prefix}` : `${entity.prefix}-PLANTED`;
      await insertRow(tx, entity, 'alpha', 'admin@alpha', {
        registration,
        name: 'planted',
        ...(entity.key ? { [entity.key]: registration } : {}),
      });
      planted.set(entity.name, registration);
    }
  });
  const dyno = await t.call('POST', '/api/core/dyno-descriptors', t.alpha.headers, {
    name: 'gadget',
    prefix: 'GDG',
    fields: { name: { type: 'text' }, size: { type: 'integer' } },
  });
  expect(dyno.statusCode).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

/**
 * Rows and versions of each table of tenant alpha, and its photos: any write changes them. The
 * access log is left out: recording a refused permission is its purpose.
 */
async function fingerprint(): Promise<Record<string, string>> {
  const tables = [...new Set(entities.filter((e) => e.name !== 'AccessLog').map((e) => e.table)), 'dyno_record'];
  const union = sql.join(
    tables.map(
      (table) => sql`SELECT ${table} AS name, count(*)::text || '/' || coalesce(sum(_version), 0)::text AS rows
    FROM ${sql.table(table)} WHERE tenant = 'alpha'`,
    ),
    sql` UNION ALL `,
  );
  return inTenant(t.db.database.db, { tenant: 'alpha', user: 'admin@alpha' }, async (tx) => {
    const { rows } = await sql<{
      name: string;
      rows: string;
    }>`${union} UNION ALL SELECT 'user_photo', count(*)::text FROM user_photo WHERE tenant = 'alpha'`.execute(tx);
    return Object.fromEntries(rows.map((r) => [r.name, r.rows]));
  });
}

interface BadRequest {
  method: string;
  url: string;
  payload?: string | object;
  headers?: Record<string, string>;
}

/** A refusal in the catalogue form: 4xx, `{statusCode, code, message, error}` with error = `status|code|message`. */
function expectRefused(res: LightMyRequestResponse, request: BadRequest) {
  const what = `${request.method} ${request.url.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, what).toBeLessThan(500);
  const body = res.json();
  expect(typeof body.code, what).toBe('string');
  expect(body.statusCode, what).toBe(res.statusCode);
  expect(body.error, what).toBe(`${body.statusCode}|${body.code}|${body.message}`);
}

/** Runs RUNS generated requests of one family and checks that nothing was written. */
async function family(requests: fc.Arbitrary<BadRequest>) {
  const before = await fingerprint();
  await fc.assert(
    fc.asyncProperty(requests, async (request) => {
      const res = await t.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: { ...t.alpha.headers, ...(request.headers ?? {}) },
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
      });
      expectRefused(res, request);
    }),
    { numRuns: RUNS },
  );
  expect(await fingerprint()).toEqual(before);
}

// Pieces every family draws from.
const protoNames = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf');
const unknownName = fc.oneof(
  protoNames,
  fc.stringMatching(/^[a-z]{1,12}$/).map((s) => `zz${s}`),
);
const nulText = fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })).map(([a, b]) => `${a}\u0000${b}`);
const deepJson = (inner: string) =>
  fc.integer({ min: inputLimits.depth + 1, max: 5_000 }).map((n) => `${'['.repeat(n)}${inner}${']'.repeat(n)}`);
const tooLong = (limit: number) => fc.integer({ min: limit + 1, max: limit + 2_000 }).map((n) => 'x'.repeat(n));
const json = { 'content-type': 'application/json' };
const enc = encodeURIComponent;
const notAnObject = fc.constantFrom<unknown>([], [1, 2], 42, 'text', true);

/** A bad body for a kind: the catalogue names the field each one breaks. */
function badBody(entity: Entity): fc.Arbitrary<Pick<BadRequest, 'payload' | 'headers'>> {
  const named = (body: fc.Arbitrary<object>) => body.map((payload) => ({ payload }));
  const selects = Object.entries(entity.fields)
    .filter(([, f]) => f.type === 'select' && !f.readOnly && !f.multiple && Object.hasOwn(referenceLists, f.list!))
    .map(([n]) => n);
  const numbers = Object.entries(entity.fields)
    .filter(([, f]) => ['number', 'integer', 'currency', 'percentage'].includes(f.type))
    .map(([n]) => n);
  return fc.oneof(
    named(
      fc
        .tuple(unknownName, fc.jsonValue())
        .map(([k, v]) => JSON.parse(`{"name":"ok",${JSON.stringify(k)}:${JSON.stringify(v ?? null)}}`)),
    ),
    named(fc.constant({ name: 'ok', tenant: 'master' })),
    named(tooLong(textLength.text!).map((name) => ({ name }))),
    named(nulText.map((name) => ({ name }))),
    named(fc.oneof(fc.integer(), fc.boolean(), fc.constant([])).map((name) => ({ name }))),
    deepJson('1').map((deep) => ({ payload: `{"name":"ok","organization":${deep}}`, headers: json })),
    notAnObject.map((v) => ({ payload: JSON.stringify(v), headers: json })),
    fc.string({ maxLength: 20 }).map((s) => ({ payload: `{"name": ${s}`, headers: json })),
    ...(selects.length
      ? [
          named(
            fc
              .tuple(fc.constantFrom(...selects), fc.stringMatching(/^[A-Z]{3,10}$/))
              .map(([f, v]) => ({ [f]: `NOSUCH${v}` })),
          ),
        ]
      : []),
    ...(numbers.length
      ? [named(fc.tuple(fc.constantFrom(...numbers), fc.string()).map(([f, v]) => ({ [f]: `n${v}` })))]
      : []),
  );
}

/** A list query no kind accepts. */
function badListQuery(entity: Entity): fc.Arbitrary<string> {
  return fc.oneof(
    fc
      .tuple(fc.constantFrom('projection', 'sort', 'breakdown', 'include'), unknownName)
      .map(([k, v]) => `${k}=${enc(v)}`),
    unknownName.map((name) => `${enc(name)}=1`),
    fc
      .constantFrom('_insertDate', '_updateDate', 'fromInsertDate')
      .chain((k) => fc.stringMatching(/^[a-z]{1,8}$/).map((v) => `${k}=${v}`)),
    fc
      .stringMatching(/^[a-z]{1,8}$/)
      .filter((v) => v !== 'exact')
      .map((v) => `count=${v}`),
    fc.constantFrom('range=abc', 'range=[5-1]', 'limit=0', 'limit=251', 'page=-1', `search=${'x'.repeat(201)}`),
    nulText.map((v) => `registration=${enc(v)}`),
    ...(entity.filters.some((f) => f.name === 'name' && f.kind === 'regex') ? [fc.constant(`name=${enc('(')}`)] : []),
  );
}

const kind = fc.constantFrom(...writable);
const nulId = nulText.map(enc);

describe('bad input never answers 5xx nor writes', () => {
  it('generic entity routes of every declared kind', async () => {
    await family(
      kind.chain((entity) => {
        const base = `/api/${entity.route}`;
        const id = planted.get(entity.name)!;
        return fc.oneof(
          badListQuery(entity).map((q) => ({ method: 'GET', url: `${base}?${q}` })),
          fc.tuple(fc.constantFrom('GET', 'PATCH', 'PUT', 'DELETE'), nulId).map(([method, bad]) => ({
            method,
            url: `${base}/${bad}`,
            payload: method === 'PATCH' || method === 'PUT' ? { name: 'x' } : undefined,
          })),
          badBody(entity).map((body) => ({ method: 'POST', url: base, ...body })),
          fc
            .tuple(fc.constantFrom('PATCH', 'PUT'), badBody(entity))
            .map(([method, body]) => ({ method, url: `${base}/${enc(id)}`, ...body })),
        );
      }),
    );
  });

  it('transitions', async () => {
    const kinds = writable.filter((e) => e.status);
    await family(
      fc.constantFrom(...kinds).chain((entity) => {
        const base = `/api/${entity.route}`;
        const id = enc(planted.get(entity.name)!);
        return fc.oneof(
          fc
            .stringMatching(/^[A-Z_]{1,12}$/)
            .map((code) => ({ method: 'GET', url: `${base}/${id}/transitions/ZZ${code}` })),
          nulId.map((bad) => ({ method: 'GET', url: `${base}/${bad}/transitions` })),
          nulId.map((bad) => ({ method: 'GET', url: `${base}/${id}/transitions/${bad}` })),
          fc
            .oneof(fc.integer(), fc.boolean(), fc.constant({ registrations: 'x' }))
            .map((v) => ({ method: 'POST', url: `${base}/transitions`, payload: JSON.stringify(v), headers: json })),
          deepJson('"x"').map((payload) => ({ method: 'POST', url: `${base}/transitions`, payload, headers: json })),
        );
      }),
    );
  });

  it('preferences', async () => {
    const url = '/api/core/users/admin@alpha/preferences';
    await family(
      fc.oneof(
        nulText.map((groupId) => ({ method: 'POST', url, payload: { groupId, type: 'UI', value: {} } })),
        deepJson('0').map((deep) => ({
          method: 'POST',
          url,
          payload: `{"groupId":"g","type":"UI","value":${deep}}`,
          headers: json,
        })),
        fc
          .stringMatching(/^[A-Z_]{1,12}$/)
          .map((type) => ({ method: 'POST', url, payload: { groupId: 'g', type: `ZZ${type}`, value: {} } })),
        fc
          .oneof(fc.integer(), fc.constant(''), fc.boolean())
          .map((groupId) => ({ method: 'POST', url, payload: { groupId, type: 'UI', value: {} } })),
        fc
          .string({ minLength: 1, maxLength: 10 })
          .map((id) => ({ method: 'POST', url, payload: { _id: `x${id}`, groupId: 'g', type: 'UI', value: {} } })),
        fc
          .jsonValue()
          .filter((v) => typeof v !== 'object' || v === null || Array.isArray(v))
          .map((value) => ({
            method: 'POST',
            url,
            payload: { groupId: 'g', type: 'TABLE_CONFIGURATION', value: value ?? null },
          })),
        nulId.map((bad) => ({ method: 'GET', url: `/api/core/users/${bad}/preferences` })),
        fc.uuid().map((id) => ({ method: 'DELETE', url: `${url}/${id}` })),
      ),
    );
  });

  it('photos', async () => {
    const url = '/api/core/users/admin@alpha/photo';
    const part = (name: string, content: string) =>
      `--B\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${content}\r\n`;
    await family(
      fc.oneof(
        fc.string().map((content) => ({
          method: 'POST',
          url,
          payload: content,
          headers: { 'content-type': 'multipart/form-data' },
        })),
        fc.string().map((content) => ({
          method: 'POST',
          url,
          payload: part('file', content).slice(0, -2),
          headers: { 'content-type': 'multipart/form-data; boundary=B' },
        })),
        fc.string().map((content) => ({
          method: 'POST',
          url,
          payload: `${part('file', `x${content}`)}--B--\r\n`,
          headers: { 'content-type': 'multipart/form-data; boundary=B' },
        })),
        fc.string().map((content) => ({
          method: 'POST',
          url,
          payload: `${part('other', content)}--B--\r\n`,
          headers: { 'content-type': 'multipart/form-data; boundary=B' },
        })),
        fc.jsonValue().map((v) => ({ method: 'POST', url, payload: JSON.stringify(v ?? null), headers: json })),
        nulId.map((bad) => ({ method: 'GET', url: `/api/core/users/${bad}/photo` })),
      ),
    );
  });

  it('camt imports', async () => {
    const url = '/api/billing/camts/import';
    const part = (name: string, content: string) =>
      `--B\r\nContent-Disposition: form-data; name="${name}"; filename="a.xml"\r\nContent-Type: text/xml\r\n\r\n${content}\r\n`;
    const form = (boundary: string) => ({ 'content-type': `multipart/form-data${boundary}` });
    await family(
      fc.oneof(
        // No boundary, or one the body does not use.
        fc
          .string()
          .map((content) => ({ method: 'POST', url, payload: content, headers: form('') })),
        fc
          .string()
          .map((content) => ({ method: 'POST', url, payload: part('file', content), headers: form('; boundary=') })),
        fc.string().map((content) => ({ method: 'POST', url, payload: `x${content}`, headers: form('; boundary=B') })),
        // A body cut short, a part header broken, a part that is not the file.
        fc
          .string()
          .map((content) => ({
            method: 'POST',
            url,
            payload: part('file', content).slice(0, -2),
            headers: form('; boundary=B'),
          })),
        fc.string().map((content) => ({
          method: 'POST',
          url,
          payload: `--B\r\nContent-Disposition: form-data; name\r\n\r\n${content}\r\n--B--\r\n`,
          headers: form('; boundary=B'),
        })),
        fc.string().map((content) => ({
          method: 'POST',
          url,
          payload: `${part('other', content)}--B--\r\n`,
          headers: form('; boundary=B'),
        })),
      ),
    );
  });

  it('document uploads', async () => {
    const url = `/api/financing/contracts/${enc(planted.get('Contract')!)}/documents`;
    const noBoundary = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...t.alpha.headers, 'content-type': 'multipart/form-data' },
      payload: 'x',
    });
    expect(noBoundary.statusCode, noBoundary.body).toBe(400);
    const part = (content: string) =>
      `--B\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n${content}\r\n`;
    await family(
      fc.oneof(
        fc.string().map((content) => ({
          method: 'POST',
          url,
          payload: content,
          headers: { 'content-type': 'multipart/form-data' },
        })),
        fc.string().map((content) => ({
          method: 'POST',
          url,
          payload: part(content).slice(0, -2),
          headers: { 'content-type': 'multipart/form-data; boundary=B' },
        })),
        fc.string().map((content) => ({
          method: 'POST',
          url,
          payload: `x${content}`,
          headers: { 'content-type': 'multipart/form-data; boundary=B' },
        })),
      ),
    );
  });

  it('a path parameter longer than the router reads', async () => {
    const long = 'P'.repeat(600);
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const request = { method, url: `/api/person/persons/${long}` };
      expectRefused(await t.app.inject({ ...request, method: method as 'GET', headers: t.alpha.headers }), request);
    }
  });

  it('locales', async () => {
    await family(
      fc.oneof(
        nulId.map((bad) => ({ method: 'GET', url: `/api/core/locales/${bad}` })),
        fc
          .oneof(
            notAnObject,
            fc.constant({ keysToAdd: [] }),
            fc.constant({ keysToAdd: [''] }),
            fc.integer().map((n) => ({ keysToAdd: n })),
          )
          .map((payload) => ({
            method: 'POST',
            url: '/api/core/locales/fr-FR/keys',
            payload: JSON.stringify(payload),
            headers: json,
          })),
        nulText.map((key) => ({ method: 'POST', url: '/api/core/locales/fr-FR/keys', payload: { keysToAdd: [key] } })),
        tooLong(1_000).map((key) => ({
          method: 'POST',
          url: '/api/core/locales/fr-FR/keys',
          payload: { keysToAdd: [key] },
        })),
        deepJson('"k"').map((deep) => ({
          method: 'POST',
          url: '/api/core/locales/fr-FR/keys',
          payload: `{"keysToAdd":${deep}}`,
          headers: json,
        })),
      ),
    );
  });

  it('lists', async () => {
    await family(
      fc.oneof(
        nulText.map((v) => ({ method: 'GET', url: `/api/script/lists?lists=${enc(v)}` })),
        badListQuery(entities.find((e) => e.name === 'List')!).map((q) => ({
          method: 'GET',
          url: `/api/script/lists?${q}`,
        })),
        badBody(entities.find((e) => e.name === 'List')!).map((body) => ({
          method: 'POST',
          url: '/api/script/lists',
          ...body,
        })),
      ),
    );
  });

  it('dyno', async () => {
    await family(
      fc.oneof(
        nulId.map((bad) => ({ method: 'GET', url: `/api/dyno/${bad}` })),
        fc.stringMatching(/^[a-z]{1,10}$/).map((name) => ({ method: 'GET', url: `/api/dyno/zz${name}` })),
        fc.tuple(unknownName, fc.jsonValue()).map(([k, v]) => ({
          method: 'POST',
          url: '/api/dyno/gadget',
          payload: JSON.parse(`{"name":"ok",${JSON.stringify(k)}:${JSON.stringify(v ?? null)}}`),
        })),
        fc
          .oneof(
            fc.string({ minLength: 1 }),
            fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Number.isInteger(d)),
          )
          .map((size) => ({ method: 'POST', url: '/api/dyno/gadget', payload: { name: 'ok', size } })),
        tooLong(textLength.text!).map((name) => ({ method: 'POST', url: '/api/dyno/gadget', payload: { name } })),
        badListQuery(entities[0])
          .filter((q) => !q.startsWith('registration'))
          .map((q) => ({ method: 'GET', url: `/api/dyno/gadget?${q}` })),
        nulId.map((bad) => ({ method: 'PATCH', url: `/api/dyno/gadget/${bad}`, payload: { name: 'x' } })),
      ),
    );
  });

  it('external pivots', async () => {
    await family(
      fc.oneof(
        fc
          .oneof(
            protoNames,
            fc.stringMatching(/^[a-z]{1,10}$/).map((s) => `zz${s}`),
          )
          .map((provider) => ({
            method: 'POST',
            url: `/api/external/pivot/addresses?provider=${provider}&search=rue`,
            payload: {},
          })),
        fc
          .string({ maxLength: 12 })
          .map((c) => ({ method: 'POST', url: '/api/external/pivot/addresses', payload: { coordinates: `x${c}` } })),
        fc.oneof(fc.integer({ min: 21 }), fc.integer({ max: 0 })).map((limit) => ({
          method: 'POST',
          url: `/api/external/pivot/addresses?search=rue&limit=${limit}`,
          payload: {},
        })),
        fc.constant({ method: 'POST', url: '/api/external/pivot/addresses', payload: {} }),
        fc.stringMatching(/^[a-z0-9]{1,6}$/).map((type) => ({
          method: 'POST',
          url: `/api/external/pivot/person-registration/${type}x`,
          payload: { value: '1' },
        })),
        fc
          .oneof(fc.integer(), fc.boolean())
          .map((value) => ({ method: 'POST', url: '/api/external/pivot/person-registration/SIR', payload: { value } })),
        nulText.map((value) => ({
          method: 'POST',
          url: '/api/external/pivot/person-registration/SIR',
          payload: { value },
        })),
      ),
    );
  });

  it('calculators', async () => {
    const base = '/api/financing/calculator';
    await family(
      fc.oneof(
        fc
          .tuple(fc.constantFrom('pmt', 'ipmt', 'ppmt', 'pv', 'fv', 'nper', 'rate'), fc.stringMatching(/^[a-z]{1,6}$/))
          .map(([fn, v]) => ({ method: 'GET', url: `${base}/${fn}?rate=${v}&nper=12&pv=1000` })),
        fc.constantFrom('pmt', 'fv', 'pv').map((fn) => ({ method: 'GET', url: `${base}/${fn}` })),
        fc
          .oneof(
            protoNames,
            fc.stringMatching(/^[a-z]{1,8}$/).map((s) => `zz${s}`),
          )
          .map((fn) => ({ method: 'GET', url: `${base}/${fn}?rate=0.01` })),
        nulText.map((v) => ({ method: 'GET', url: `${base}/pmt?rate=${enc(v)}&nper=12&pv=1000` })),
        fc.stringMatching(/^[a-z]{1,6}$/).map((v) => ({ method: 'GET', url: `${base}/payment-plan?amount=${v}` })),
      ),
    );
  });

  it('Excel', async () => {
    const url = '/api/report/excel';
    await family(
      fc.oneof(
        notAnObject.map((v) => ({ method: 'POST', url, payload: JSON.stringify(v), headers: json })),
        fc.integer({ min: 16_385, max: 17_000 }).map((n) => ({
          method: 'POST',
          url,
          payload: { columns: Array.from({ length: n }, (_, i) => ({ headerLabel: `c${i}` })), data: [] },
        })),
        fc
          .jsonValue()
          .filter((v) => !Array.isArray(v))
          .map((columns) => ({ method: 'POST', url, payload: { columns: columns ?? null, data: [] } })),
        fc
          .oneof(fc.integer(), fc.boolean(), fc.constant(null))
          .map((headerLabel) => ({ method: 'POST', url, payload: { columns: [{ headerLabel }], data: [] } })),
        fc
          .oneof(fc.integer(), fc.string())
          .map((row) => ({ method: 'POST', url, payload: { columns: [{ headerLabel: 'a' }], data: [row] } })),
        deepJson('1').map((deep) => ({
          method: 'POST',
          url,
          payload: `{"columns":[{"headerLabel":"a"}],"data":${deep}}`,
          headers: json,
        })),
        nulText.map((fileName) => ({
          method: 'POST',
          url,
          payload: { fileName, columns: [{ headerLabel: 'a' }], data: [] },
        })),
      ),
    );
  });
});
