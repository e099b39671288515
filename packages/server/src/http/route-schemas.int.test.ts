import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { routesAdded } from './schemas.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/**
 * Every route of the app declares the schemas of what it reads, so that Fastify refuses bad
 * input in the catalogue form before a handler runs: a body schema for each method that takes a
 * body, a params schema for each path with parameters, a querystring schema for each handler
 * that reads the query.
 */

/**
 * The only routes whose body has no schema: their bodies are not JSON objects. Each schemas its
 * query and path; the handler reads and checks the raw or multipart body itself.
 */
const rawBodies: Record<string, string> = {
  // multipart/form-data: the file and its fields, read by @fastify/multipart.
  'POST /api/core/users/:id/photo': 'multipart photo upload',
  'POST /api/core/documents/:entity/:id': 'multipart document upload',
  'PUT /api/core/documents/:entity/:id/:document/content': 'multipart replacement of a document content',
  'POST /api/banking/statements': 'camt.053 XML upload, multipart or raw',
  'POST /api/banking/returns': 'pain.002 / camt XML upload, multipart or raw',
  'POST /api/core/saml/:tenant/acs': 'SAML assertion posted as application/x-www-form-urlencoded by the browser',
};

let t: TestApp;
let routes: RouteOptions[];
beforeAll(async () => {
  t = await createTestApp();
  routes = routesAdded.get(t.app) ?? [];
});
afterAll(async () => {
  await t?.close();
});

const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);
const schemaOf = (route: RouteOptions) => (route.schema ?? {}) as Record<string, unknown>;
/** A handler reads the query when its text names it (`request.query`, `{ query }`, …). */
const readsQuery = (route: RouteOptions) => /\bquery\b/.test(String(route.handler));

function missing(): string[] {
  const problems: string[] = [];
  for (const route of routes) {
    for (const method of methodsOf(route)) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const name = `${method} ${route.url}`;
      const schema = schemaOf(route);
      if (['POST', 'PUT', 'PATCH'].includes(method) && !schema.body && !rawBodies[name]) problems.push(`${name}: body`);
      if (/[:*]/.test(route.url) && !schema.params) problems.push(`${name}: params`);
      if (readsQuery(route) && !schema.querystring) problems.push(`${name}: querystring`);
    }
  }
  return problems;
}

describe('route schemas', () => {
  it('sees every route', () => {
    expect(routes.length).toBeGreaterThan(300);
  });

  it('every route schemas what it reads', async () => {
    const problems = missing();
    if (process.env.ROUTE_SCHEMA_REPORT)
      (await import('node:fs')).writeFileSync(process.env.ROUTE_SCHEMA_REPORT, problems.join('\n'));
    const count = new Set(problems.map((p) => p.slice(0, p.lastIndexOf(': ')))).size;
    expect(problems, `${count} routes without their schemas`).toEqual([]);
  });

  it('the allow-list names routes that exist and take a raw body', () => {
    const names = new Set(routes.flatMap((r) => methodsOf(r).map((m) => `${m} ${r.url}`)));
    for (const name of Object.keys(rawBodies)) expect(names.has(name), name).toBe(true);
  });
});
