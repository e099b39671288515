import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Entity } from '@lbo/model/entity';
import { entityByName } from '@lbo/model/entity-registry';
import { errorSchema, listGrammar, listQuerySchema, recordParams, recordSchema } from '@lbo/model/schema/kind-schemas';
import { refusing } from '@lbo/model/schema/refusals';
import type { Db } from '../db/database.ts';
import { scopeOf } from '../db/database.ts';
import type { Operations, Query } from '../entities/crud.operation.ts';
import { sendList, sendRecord } from '../entities/entity.routes.ts';
import { contentDisposition } from '../http/downloads.ts';
import type { ObjectStore } from '../db/object-store.ts';
import {
  BACKGROUND_THRESHOLD,
  countMatches,
  exportFileName,
  planExport,
  streamExport,
} from './list-export.operation.ts';
import { contentTypes, exportFormats } from './export-writers.ts';
import { createExportRecords } from './export-records.ts';
import type { JobQueue } from '../jobs/job-queue.ts';

export interface ExportRouteOptions {
  db: Db;
  store: ObjectStore;
  operations: Operations;
  entities: Entity[];
  preHandler: (request: FastifyRequest) => Promise<void>;
  /** The job queue that runs background exports (a LIST_EXPORT batch each). */
  jobs: JobQueue;
  /** Rows past which an export runs in the background; BACKGROUND_THRESHOLD by default. */
  backgroundThreshold?: number;
}

const exportEntity = entityByName('Export')!;

/** The query of an export: the kind's list query (no paging) and the file's parameters. */
const exportQuery = (entity: Entity) => {
  const { range: _r, projection: _p, include: _i, breakdown: _b, count: _c, ...grammar } = listGrammar;
  const list = (listQuerySchema(entity) as z.ZodObject).shape;
  const filters = Object.fromEntries(
    Object.entries(list).filter(([name]) => !['range', 'projection', 'include', 'breakdown', 'count'].includes(name)),
  );
  return z.looseObject({
    ...filters,
    ...grammar,
    format: z
      .enum(exportFormats, { error: refusing('INVALID_FIELD_IN_QUERY', `one of ${exportFormats.join(', ')}`) })
      .optional()
      .describe('xlsx (default) or csv'),
    columns: z
      .string()
      .max(5_000)
      .optional()
      .describe("the columns, comma separated field paths (default: the list's visible columns)"),
    labels: z
      .string()
      .max(20_000)
      .optional()
      .describe('the header of each column as the client shows it: a JSON array of texts'),
    locale: z
      .string()
      .max(35)
      .optional()
      .describe('formats and list labels of this locale (default en-EU); instants are written in the client-timezone'),
    fileName: z.string().max(200).optional().describe("the file's name (default: the kind's plural)"),
  });
};

const exportAnswers = (entity: Entity) => ({
  200: z.string().describe(`The file (xlsx or csv) of every matching ${entity.name}, streamed as an attachment`),
  202: recordSchema(exportEntity).describe(
    'Past the background threshold: the Export record, naming the batch that runs it (`batchRegistration`); its file is at /api/report/exports/{id}/content when done',
  ),
  400: errorSchema,
});

/**
 * `GET /api/{route}/export` for every kind with a list, and the background exports under
 * `/api/report/exports` (docs/api.md "List exports").
 */
export async function exportRoutes(app: FastifyInstance, options: ExportRouteOptions) {
  const { db, store, operations, entities, preHandler, jobs } = options;
  const threshold = options.backgroundThreshold ?? BACKGROUND_THRESHOLD;
  const records = createExportRecords({ db, store, operations, jobs });

  for (const entity of entities) {
    if (entity.domainRoutes === 'all') continue;
    // The kind's read permission, as its list asks (`config.entity`). The query is the kind's list
    // query (loose: any field path filters, the list compiler refuses the others); the answer a file.
    app.get<{ Querystring: Query }>(
      `/api/${entity.route}/export`,
      {
        preValidation: preHandler,
        config: { entity: entity.name },
        schema: {
          tags: [entity.name, exportEntity.name],
          summary: `Export the list of ${entity.plural} (xlsx or csv)`,
          // Built when first used, as the kinds' own route schemas are (entities/kind-route-schemas.ts).
          querystring: z.lazy(() => exportQuery(entity)),
          response: exportAnswers(entity),
        },
      },
      async (request, reply) => {
        const caller = request.caller!;
        const plan = planExport(caller, entity, request.query);
        if ((await countMatches(db, scopeOf(caller), plan, threshold + 1)) > threshold) {
          return reply.status(202).send(await records.start(caller, plan));
        }
        const stream = await streamExport(db, caller, plan, (error) =>
          request.log.error({ err: error }, 'list export cut short'),
        );
        reply.header('content-type', contentTypes[plan.format]);
        reply.header('content-disposition', contentDisposition('attachment', exportFileName(plan)));
        return reply.send(stream);
      },
    );
  }

  // A user sees its own exports; records say whose they are, so any signed-in user may ask.
  const own = { permission: null };
  const tags = [exportEntity.name];
  // The answers are JSON text already (sendList, sendRecord) or a file, which the documented answers' types do not say.
  app.get<{ Querystring: Query }>(
    '/api/report/exports',
    {
      preValidation: preHandler,
      config: own,
      schema: {
        tags,
        summary: "The caller's list exports (an admin's: every one of the tenant)",
        querystring: listQuerySchema(exportEntity),
      },
    },
    async (request, reply) => sendList(reply, await records.list(request.caller!, request.query)),
  );
  app.get<{ Params: { id: string } }>(
    '/api/report/exports/:id',
    {
      preValidation: preHandler,
      config: own,
      schema: {
        tags,
        summary: 'One list export',
        params: recordParams,
        response: { 200: recordSchema(exportEntity), 404: errorSchema },
      },
    },
    async (request, reply) => sendRecord(reply, await records.get(request.caller!, request.params.id)),
  );
  app.get<{ Params: { id: string } }>(
    '/api/report/exports/:id/content',
    {
      preValidation: preHandler,
      config: own,
      schema: {
        tags,
        summary: 'The file of a finished list export',
        params: recordParams,
        response: { 200: z.string().describe('The file, as an attachment'), 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const file = await records.content(request.caller!, request.params.id);
      reply.header('content-type', file.contentType);
      reply.header('content-length', String(file.size));
      reply.header('content-disposition', contentDisposition('attachment', file.fileName));
      return reply.send(file.content);
    },
  );
}
