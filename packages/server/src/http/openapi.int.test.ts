import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { entities } from '@lbo/model/entity-registry';
import type { Entity } from '@lbo/model/entity';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { openApiPath } from './schemas.ts';
import { registeredRoutes } from '../auth/request-context.ts';
import { bookSize, declaredOnly, demoBook } from '../seed/demo-book.ts';

/**
 * The published OpenAPI document is the contract: it names every route the server registers,
 * and every kind's bodies, queries and answers validate against it.
 */
let t: TestApp;
type Document = { paths: Record<string, Record<string, Operation>> };
type Operation = {
  parameters?: { in: string; name: string; schema: object }[];
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
};
let document: Document;
const ajv = new Ajv2020({ strict: false, allErrors: false });

beforeAll(async () => {
  t = await createTestApp();
  expect((await t.call('GET', openApiPath)).statusCode).toBe(401);
  const answer = await t.call('GET', openApiPath, t.alpha.headers);
  expect(answer.statusCode).toBe(200);
  document = answer.json();
});
afterAll(async () => {
  await t?.close();
});

/** `/api/x/:id` → `/api/x/{id}` as OpenAPI writes paths. */
const openApiUrl = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const operation = (path: string, method: string) => document.paths[path]?.[method];

function validates(schema: object, value: unknown): string | undefined {
  const check = ajv.compile(schema);
  return check(value) ? undefined : ajv.errorsText(check.errors);
}

const bodySchemaOf = (op: Operation) => op.requestBody?.content['application/json']?.schema;
const answerSchemaOf = (op: Operation, status: number) =>
  op.responses[String(status)]?.content?.['application/json']?.schema;

/** Kinds served by the generic routes, with a record of the demo book to write. */
const book = new Map(demoBook(bookSize(20)).map((kind) => [kind.entity.name, kind]));
const generic = (e: Entity) => e.domainRoutes === undefined && !e.readOnly;

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and names every API route the server registers', () => {
    expect((document as unknown as { openapi: string }).openapi).toBe('3.1.0');
    const api = registeredRoutes(t.app).filter((r) => r.url.startsWith('/api/') && !r.hidden);
    expect(api.length).toBeGreaterThan(entities.length * 2);
    const missing = api
      .filter((r) => !operation(openApiUrl(r.url), r.method.toLowerCase()))
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    // Every call is grouped: with its kind, or by its area.
    expect(operation('/api/person/persons/{id}/hierarchy', 'get')).toMatchObject({ tags: ['Person'] });
    expect(operation('/api/core/workflows', 'get')).toMatchObject({ tags: ['Core'] });
  });

  it('documents the catalogue error shape and the list grammar on every list', async () => {
    const list = operation('/api/financing/contracts', 'get')!;
    const names = (list.parameters ?? []).map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'range',
        'sort',
        'projection',
        'breakdown',
        'search',
        'status',
        'fromStartDate',
        'toStartDate',
      ]),
    );
    // The schema describes the grammar; the list compiler still reads it as before: brackets optional, repeated parameters joined.
    expect((await t.call('GET', '/api/financing/contracts?range=0-1', t.alpha.headers)).statusCode).toBe(200);
    expect(
      (await t.call('GET', '/api/financing/contracts?status=DRAFT&status=ACTIVE&sort=name', t.alpha.headers))
        .statusCode,
    ).toBe(200);
    expect((await t.call('GET', '/api/financing/contracts?range=0', t.alpha.headers)).json().error).toBe(
      '400|INVALID_FIELD_IN_QUERY|Invalid field range in query: expected [start-end]',
    );
    const error = answerSchemaOf(list, 400) as { properties: Record<string, unknown> };
    expect(Object.keys(error.properties)).toEqual(expect.arrayContaining(['statusCode', 'code', 'message', 'error']));
  });

  it("accepts every kind's demo record as a create body, and the answers of create, read and list validate against it", async () => {
    const failures: string[] = [];
    const written: string[] = [];
    for (const entity of entities.filter(generic)) {
      const kind = book.get(entity.name);
      if (!kind || !kind.count) continue;
      const base = `/api/${entity.route}`;
      const body = declaredOnly(kind.at(0), entity.fields);
      delete body.registration;
      delete body.status;
      const create = operation(base, 'post')!;
      const bodyProblem = validates(bodySchemaOf(create)!, body);
      if (bodyProblem) failures.push(`${entity.name} body: ${bodyProblem}`);
      const created = await t.call('POST', base, t.alpha.headers, body);
      if (created.statusCode !== 201) continue;
      written.push(entity.name);
      const createdProblem = validates(answerSchemaOf(create, 201)!, created.json());
      if (createdProblem) failures.push(`${entity.name} created: ${createdProblem}`);
      const id = String(created.json()[entity.key ?? 'registration'] ?? created.json()._id);
      const read = await t.call('GET', `${base}/${encodeURIComponent(id)}`, t.alpha.headers);
      const readProblem = validates(answerSchemaOf(operation(`${base}/{id}`, 'get')!, 200)!, read.json());
      if (readProblem) failures.push(`${entity.name} read: ${readProblem}`);
      const listed = await t.call('GET', `${base}?range=[0-4]`, t.alpha.headers);
      const listProblem = validates(answerSchemaOf(operation(base, 'get')!, 200)!, listed.json());
      if (listProblem) failures.push(`${entity.name} list: ${listProblem}`);
    }
    expect(failures).toEqual([]);
    // Most kinds take their demo record as it is (the others need linked records or a domain's rules first).
    expect(written.length).toBeGreaterThan(entities.filter(generic).length * 0.6);
  });

  it('refuses a body its schema refuses, in the catalogue form naming the field, and the document says why', async () => {
    const contracts = '/api/financing/contracts';
    const bad = { name: 'Wrong amount', financedAmountExclTax: 'a lot' };
    expect(validates(bodySchemaOf(operation(contracts, 'post')!)!, bad)).toBeDefined();
    const answer = await t.call('POST', contracts, t.alpha.headers, bad);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toBe('400|INVALID_NUMBER_FIELD|Field financedAmountExclTax must be a number');
    const nested = await t.call('PATCH', `${contracts}/CT000001`, t.alpha.headers, {
      persons: [{ role: 'CLIENT', personRegistration: 7 }],
    });
    expect(nested.json().error).toBe('400|INVALID_STRING_FIELD|Field persons[0].personRegistration must be a string');
    // An integer field refuses a text as not an integer, whether the schema or the value checks see it first.
    expect((await t.call('POST', contracts, t.alpha.headers, { name: 'x', duration: 'twelve' })).json().error).toBe(
      '400|INVALID_INTEGER_FIELD|Field duration must be an integer',
    );
    expect((await t.call('POST', contracts, t.alpha.headers, { name: 'x', duration: 12.5 })).json().error).toBe(
      '400|INVALID_INTEGER_FIELD|Field duration must be an integer',
    );
  });

  it('checks the caller before the body: a stranger with a bad body is told to sign in', async () => {
    const answer = await t.call('POST', '/api/financing/contracts', {}, { financedAmountExclTax: 'a lot' });
    expect(answer.statusCode).toBe(401);
  });
});
