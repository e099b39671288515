import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { entityByName } from '@lbo/model/entity-registry';
import { ApiError } from '@lbo/model/errors';
import { errorSchema } from '@lbo/model/schema/kind-schemas';
import { noBody } from '@lbo/model/schema/request-values';
import { adminLevel } from '../auth/permissions.ts';
import { cachesOf, clearCache } from '../db/caches.ts';
import { inTenant, scopeOf, type Database } from '../db/database.ts';
import { typed } from '../http/schemas.ts';
import { cancelStatement, runningStatements } from './current-operations.ts';
import { sampleMetrics } from './metric-sampler.ts';
import type { OperationsState } from './operations-state.ts';
import { MASTER_TENANT } from './system-records.ts';

type PreHandler = (request: FastifyRequest) => Promise<void>;

const metricRecord = entityByName('MetricRecord')!;
const tags = ['Operations'];
const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
/** Counters summed when several processes (or a wider bucket) meet; gauges averaged. */
const summedKeys = ['http.requests', 'http.errors'];

const keyParam = z.strictObject({
  key: z
    .string()
    .regex(/^[\w.-]{1,100}$/)
    .describe("The metric's key"),
});
const hoursQuery = z.strictObject({
  hours: z.coerce
    .number()
    .min(0.1)
    .max(24 * 31)
    .optional()
    .describe('How many hours back (1 by default)'),
});
const point = z.tuple([z.string(), z.number()]).describe('[date, value]');

/** Only admins (system, main or super) open the operations screens. */
function requireAdmin(request: FastifyRequest) {
  if (adminLevel(request.caller!) === 0) throw new ApiError('FORBIDDEN', ['admin']);
}

/** The super admin acting in the master tenant sees the whole installation. */
const seesAll = (request: FastifyRequest) =>
  request.caller!.isSuperAdmin && request.caller!.tenant === MASTER_TENANT && !request.caller!.impersonatingTenant;

/**
 * The admin's operations routes (docs/operations.md):
 *   GET  /metrics                                         Prometheus text (METRICS_TOKEN bearer, or a super admin)
 *   GET  /api/system/metrics/summary?hours=               each metric's last value and its points
 *   GET  /api/system/metrics/{key}/records?hours=         a metric's points over time
 *   POST /api/system/metrics/sample                       records the figures now
 *   GET  /api/system/request-log/{requestId}              what a request did
 *   GET  /api/system/database/current-operations          statements running now
 *   POST /api/system/database/current-operations/{pid}/cancel
 *   GET  /api/system/caches                               the caches' sizes and hit rates
 *   POST /api/system/caches/{name}/clear
 */
export async function operationsRoutes(
  app: FastifyInstance,
  { database, preHandler, state }: { database: Database; preHandler: PreHandler; state: OperationsState },
) {
  const api = typed(app);
  const { db } = database;

  api.get(
    '/metrics',
    {
      config: { permission: null },
      schema: {
        tags,
        summary: 'Prometheus metrics (text exposition format)',
        description:
          'Scraped with `Authorization: Bearer <METRICS_TOKEN>`, or read by a super admin signed in; 401 otherwise. A browser opening the page is sent to the web screen.',
        headers: z.object({ authorization: z.string().max(4000).optional() }).passthrough(),
      },
    },
    async (request, reply) => {
      const header = request.headers.authorization;
      const token = process.env.METRICS_TOKEN;
      const bearer = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
      if (!header && /text\/html/.test(String(request.headers.accept ?? ''))) return reply.redirect('/metrics/');
      if (!(token && bearer === token)) {
        await preHandler(request);
        if (!request.caller?.isSuperAdmin) throw new ApiError('FORBIDDEN', ['super admin']);
      }
      reply.type(state.metrics.registry.contentType);
      return state.metrics.registry.metrics();
    },
  );

  api.get(
    '/api/system/metrics/summary',
    {
      preValidation: preHandler,
      config: { permission: 'read /api/core/metrics' },
      schema: {
        tags,
        summary: "Each metric of the tenant with its last value and its points (the installation's under master)",
        querystring: hoursQuery,
        response: {
          200: z.array(
            z.object({
              key: z.string(),
              last: z.number().nullable(),
              lastDate: z.string().nullable(),
              points: z.array(point),
            }),
          ),
          ...refusals,
        },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const hours = request.query.hours ?? 1;
      const rows = await series(caller.tenant, hours, undefined, scopeOf(caller).user);
      const byKey = new Map<string, [string, number][]>();
      for (const row of rows) {
        const points = byKey.get(row.key) ?? [];
        points.push([row.date, row.value]);
        byKey.set(row.key, points);
      }
      return [...byKey]
        .map(([key, points]) => ({
          key,
          last: points.at(-1)?.[1] ?? null,
          lastDate: points.at(-1)?.[0] ?? null,
          points,
        }))
        .sort((a, b) => a.key.localeCompare(b.key));
    },
  );

  api.get(
    '/api/system/metrics/:key/records',
    {
      preValidation: preHandler,
      config: { permission: 'read /api/core/metrics' },
      schema: {
        tags,
        summary: "A metric's values over time, by minute (by 10 minutes past 6 hours, by hour past 2 days)",
        params: keyParam,
        querystring: hoursQuery,
        response: { 200: z.object({ key: z.string(), points: z.array(point) }), ...refusals },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const { key } = request.params;
      const rows = await series(caller.tenant, request.query.hours ?? 24, key, caller.username);
      return { key, points: rows.map((r): [string, number] => [r.date, r.value]) };
    },
  );

  api.post(
    '/api/system/metrics/sample',
    {
      preValidation: preHandler,
      config: { permission: 'read /api/core/metrics' },
      schema: {
        tags,
        summary: 'Records the figures now (as the minute sampler does), answering how many records were written',
        body: noBody,
        response: { 200: z.object({ written: z.number() }), ...refusals },
      },
    },
    async (request) => {
      requireAdmin(request);
      return { written: await sampleMetrics(db, state) };
    },
  );

  api.get(
    '/api/system/request-log/:requestId',
    {
      preValidation: preHandler,
      config: { permission: null },
      schema: {
        tags,
        summary: 'What a request did: route, tenant, user, status, time, SQL statements with their time, error',
        description:
          "For an admin of the request's tenant; the super admin finds any tenant's. Kept REQUEST_LOG_MINUTES (60 by default).",
        params: z.strictObject({
          requestId: z
            .string()
            .regex(/^[\w.:-]{1,100}$/)
            .describe("The answer's request-id"),
        }),
        response: { 200: z.record(z.string(), z.unknown()), ...refusals },
      },
    },
    async (request) => {
      requireAdmin(request);
      const caller = request.caller!;
      const { requestId } = request.params;
      // This process's entries not yet written are written first.
      await state.requestLog.flush();
      let entry = await state.requestLog.find(caller.tenant, requestId);
      if (!entry && seesAll(request))
        for (const tenant of await state.requestLog.tenantsOf(requestId)) {
          entry = await state.requestLog.find(tenant, requestId);
          if (entry) break;
        }
      if (!entry) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', ['RequestLog', requestId]);
      return entry as unknown as Record<string, unknown>;
    },
  );

  const statementSchema = z.object({
    pid: z.number(),
    tenant: z.string().nullable(),
    requestId: z.string().nullable(),
    state: z.string(),
    startedAt: z.string().nullable(),
    ageSeconds: z.number(),
    waitEvent: z.string().nullable(),
    query: z.string(),
  });

  api.get(
    '/api/system/database/current-operations',
    {
      preValidation: preHandler,
      config: { permission: null },
      schema: {
        tags,
        summary: "Statements running now: the tenant's (every one for the super admin), oldest first",
        response: { 200: z.array(statementSchema), ...refusals },
      },
    },
    async (request) => {
      requireAdmin(request);
      return runningStatements(database, request.caller!.tenant, seesAll(request));
    },
  );

  api.post(
    '/api/system/database/current-operations/:pid/cancel',
    {
      preValidation: preHandler,
      config: { permission: null },
      schema: {
        tags,
        summary: 'Cancels a running statement of the tenant (pg_cancel_backend); its request answers an error',
        params: z.strictObject({
          pid: z.coerce
            .number()
            .int()
            .min(1)
            .max(2 ** 31 - 1)
            .describe('Its process id'),
        }),
        body: noBody,
        response: { 200: z.object({ cancelled: z.boolean() }), ...refusals },
      },
    },
    async (request) => {
      requireAdmin(request);
      // Path parameters arrive as text; the schema checked it is a whole number.
      const pid = Number(request.params.pid);
      const cancelled = await cancelStatement(database, pid, request.caller!.tenant, seesAll(request));
      if (!cancelled) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', ['Operation', String(pid)]);
      return { cancelled };
    },
  );

  api.get(
    '/api/system/caches',
    {
      preValidation: preHandler,
      config: { permission: null },
      schema: {
        tags,
        summary: "This process's caches: entries, hits, misses and hit rate",
        response: {
          200: z.array(
            z.object({
              name: z.string(),
              description: z.string(),
              size: z.number(),
              hits: z.number(),
              misses: z.number(),
              hitRate: z.number().nullable(),
            }),
          ),
          ...refusals,
        },
      },
    },
    async (request) => {
      requireAdmin(request);
      return cachesOf(db);
    },
  );

  api.post(
    '/api/system/caches/:name/clear',
    {
      preValidation: preHandler,
      config: { permission: null },
      schema: {
        tags,
        summary: "Empties a cache of this process (it fills again from the database); the super admin's action",
        params: z.strictObject({
          name: z
            .string()
            .regex(/^[\w.-]{1,100}$/)
            .describe("The cache's name"),
        }),
        body: noBody,
        response: { 200: z.object({ cleared: z.boolean() }), ...refusals },
      },
    },
    async (request) => {
      if (!request.caller!.isSuperAdmin) throw new ApiError('FORBIDDEN', ['super admin']);
      if (!clearCache(db, request.params.name))
        throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', ['Cache', request.params.name]);
      return { cleared: true };
    },
  );

  /** A tenant's records of `key` (or all keys) over `hours`, bucketed by the span. */
  async function series(tenant: string, hours: number, key: string | undefined, user: string) {
    const bucketMinutes = hours <= 6 ? 1 : hours <= 48 ? 10 : 60;
    const { rows } = await inTenant(db, { tenant, user }, (tx) =>
      sql<{ key: string; bucket: Date; value: number }>`SELECT data ->> 'key' AS key,
          date_bin(make_interval(mins => ${bucketMinutes}::integer), _insert_date, timestamptz '2000-01-01') AS bucket,
          CASE WHEN data ->> 'key' = ANY(${summedKeys}::text[]) THEN sum((data ->> 'value')::float8)
            ELSE avg((data ->> 'value')::float8) END AS value
        FROM ${sql.table(metricRecord.table)}
        WHERE tenant = ${tenant} AND _insert_date >= now() - make_interval(secs => ${hours * 3600}::float8)
          ${key ? sql`AND data ->> 'key' = ${key}` : sql``}
        GROUP BY 1, 2 ORDER BY 2`.execute(tx),
    );
    return rows.map((r) => ({ key: r.key, date: new Date(r.bucket).toISOString(), value: Number(r.value) }));
  }
}
