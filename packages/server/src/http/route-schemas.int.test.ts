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
  'POST /api/core/users/:id/photo': 'multipart: the photo as `file`',
  'POST /api/billing/camts/import': 'multipart: the camt.053/.054 file as `file`',
  'POST /api/import/imports': 'multipart: the CSV or XLSX file as `file`, with `kind` and the reading options',
  // One upload route per kind with documents: `{route}/:id/documents`.
  'POST /api/*/:id/documents': 'multipart: the document as `file`, with its type and name fields',
};
const rawBodyOf = (name: string) =>
  rawBodies[name] ??
  (/^POST \/api\/.+\/:id\/documents$/.test(name) ? rawBodies['POST /api/*/:id/documents'] : undefined);

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
/** A handler reads the query when its text does (`request.query`, `const { query } = request`, …). */
const readsQuery = (route: RouteOptions) =>
  /\.query\b|\{[^}]*\bquery\b[^}]*\}\s*=\s*request\b/.test(String(route.handler));

function missing(): string[] {
  const problems: string[] = [];
  for (const route of routes) {
    for (const method of methodsOf(route)) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const name = `${method} ${route.url}`;
      const schema = schemaOf(route);
      if (['POST', 'PUT', 'PATCH'].includes(method) && !schema.body && !rawBodyOf(name)) problems.push(`${name}: body`);
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

  it('every route schemas what it reads', () => {
    const problems = missing();
    const count = new Set(problems.map((p) => p.slice(0, p.lastIndexOf(': ')))).size;
    expect(problems, `${count} routes without their schemas`).toEqual([]);
  });

  it('the allow-list names routes that exist and take a raw body', () => {
    const names = new Set(routes.flatMap((r) => methodsOf(r).map((m) => `${m} ${r.url}`)));
    for (const name of Object.keys(rawBodies)) {
      const found = name.includes('*') ? [...names].some((n) => rawBodyOf(n) === rawBodies[name]) : names.has(name);
      expect(found, name).toBe(true);
    }
  });
});
