import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Entity } from '@lbo/model/entity';
import { z } from 'zod';
import { ApiError } from '@lbo/model/errors';
import { refusing } from '@lbo/model/schema/refusals';
import type { Db } from '../db/database.ts';
import type { ObjectStore } from '../db/object-store.ts';
import { configurePermission } from './permissions.ts';
import { createWorkflowOperations } from './workflow.operation.ts';
import { sendRecord } from '../entities/entity.routes.ts';

/**
 * Transition routes of every kind with a status (spec 000 §7, 001 §7), registered one by one:
 *   POST {route}/transitions?exclude=…            transitions common to the selected records
 *   GET  {route}/{registration}/transitions?type=…  transitions of one record
 *   GET  {route}/{registration}/transitions/{code}  runs one, answers the updated record
 *   POST {route}/transitions/{code}                 runs one on each selected record (the bulk transition)
 * and the tenant's workflow configuration under /api/core/workflows (docs/workflows.md).
 */
export interface WorkflowRouteOptions {
  db: Db;
  entities: Entity[];
  preHandler: (request: FastifyRequest) => Promise<void>;
  /** Where side effects write contents (an issued invoice's PDF). */
  store?: ObjectStore;
}

type Query = Record<string, unknown>;

/** Groups of transitions the spec's client may leave out; none of the defaults open a modal, print or make a document. */
const excludable = new Set(['modals', 'printings', 'documents']);
const MAX_SELECTION = 1000;
/** Transactions a bulk run keeps open at once: enough to use two cores on PostgreSQL, a few of the pool's ten connections. */
const bulkConcurrency = 4;

const excludeQuery = z
  .string()
  .optional()
  .refine((value) => value === undefined || value.split(',').every((part) => !part || excludable.has(part)), {
    error: refusing('INVALID_FIELD_IN_QUERY', 'a comma list of modals, printings, documents'),
  })
  .describe('groups of transitions left out: modals, printings, documents');
const recordPath = z.object({ id: z.string().min(1).max(200) });

/** The schemas of a kind's transition routes (their tags group them with the kind's other calls). */
const transitionSchemas = (entity: Entity) => ({
  selection: {
    tags: [entity.name],
    summary: `Transitions open to every ${entity.name} of a selection (body: registrations)`,
    querystring: z.looseObject({ exclude: excludeQuery }),
  },
  record: {
    tags: [entity.name],
    summary: `Transitions open to a ${entity.name}`,
    params: recordPath,
    querystring: z.looseObject({
      exclude: excludeQuery,
      type: z
        .string()
        .max(100, { error: refusing('INVALID_FIELD_IN_QUERY', 'one record type') })
        .optional(),
    }),
  },
  run: {
    tags: [entity.name],
    summary: `Run a transition of a ${entity.name}`,
    params: recordPath.extend({ code: z.string().min(1).max(200) }),
  },
  runMany: {
    tags: [entity.name],
    summary: `Run a transition on every ${entity.name} of a selection (body: registrations); each record in its own transaction`,
    params: z.object({ code: z.string().min(1).max(200) }),
  },
});

/** The selection: `["CT000001", …]` or `{ registrations: [...] }`. */
export function registrationsOf(body: unknown): string[] {
  if (body === undefined || body === null || body === '') throw new ApiError('MISSING_BODY_PAYLOAD');
  let list: unknown = body;
  if (typeof body === 'object' && !Array.isArray(body)) {
    list = (body as Query).registrations;
    if (list === undefined) throw new ApiError('MISSING_FIELD_IN_BODY', ['registrations']);
    if (!Array.isArray(list)) throw new ApiError('INVALID_ARRAY_FIELD', ['registrations']);
  }
  if (!Array.isArray(list)) throw new ApiError('INVALID_BODY_ARRAY');
  if (list.length === 0) throw new ApiError('EMPTY_BODY_ARRAY', ['registrations']);
  if (list.length > MAX_SELECTION)
    throw new ApiError('INVALID_FIELD_VALUE', [
      `${list.length} registrations (at most ${MAX_SELECTION})`,
      'registrations',
    ]);
  list.forEach((r, i) => {
    if (typeof r !== 'string' || !r.trim() || r.length > 200 || r.includes('\u0000'))
      throw new ApiError('INVALID_NON_EMPTY_STRING_FIELD', [`registrations[${i}]`]);
  });
  return [...new Set(list as string[])];
}

const param = (request: FastifyRequest, name: 'id' | 'code' | 'entity') => {
  const value = (request.params as Record<string, string>)[name];
  if (!value || value.length > 200) throw new ApiError('INVALID_FIELD_IN_PATH', [name]);
  return value;
};

const normalise = (name: string) => name.toLowerCase().replace(/[\s_-]/g, '');

export async function workflowRoutes(app: FastifyInstance, { db, entities, preHandler, store }: WorkflowRouteOptions) {
  const operations = createWorkflowOperations(db, store);
  const kinds = entities.filter((e) => e.status);

  for (const entity of kinds) {
    const base = `/api/${entity.route}`;
    // Listing transitions reads the kind (even by POST); running one writes it, even by GET.
    const read = { entity: entity.name, permission: `read ${base}` };
    const write = { entity: entity.name, permission: `write ${base}` };
    const schemas = transitionSchemas(entity);
    app.post(
      `${base}/transitions`,
      { preValidation: preHandler, config: read, schema: schemas.selection },
      async (request) => operations.forSelection(request.caller!, entity, registrationsOf(request.body)),
    );
    app.get(
      `${base}/:id/transitions`,
      { preValidation: preHandler, config: read, schema: schemas.record },
      async (request) => {
        const { id } = request.params as { id: string };
        return operations.forRecord(
          request.caller!,
          entity,
          id,
          (request.query as { type?: string }).type || undefined,
        );
      },
    );
    app.get(
      `${base}/:id/transitions/:code`,
      { preValidation: preHandler, config: write, schema: schemas.run },
      async (request, reply) => {
        const { id, code } = request.params as { id: string; code: string };
        return sendRecord(reply, await operations.run(request.caller!, entity, id, code));
      },
    );
    // The bulk transition: a selection's records one by one, several at a time, with each one's outcome.
    app.post(
      `${base}/transitions/:code`,
      { preValidation: preHandler, config: write, schema: schemas.runMany },
      async (request) => {
        const { code } = request.params as { code: string };
        return operations.runMany(request.caller!, entity, registrationsOf(request.body), code, bulkConcurrency);
      },
    );
  }

  // Configuration: `Contract`, `contract` and `credit-line` all name a kind.
  const byName = new Map(kinds.map((e) => [normalise(e.name), e]));
  const kindOf = (request: FastifyRequest) => {
    const name = param(request, 'entity');
    const entity = byName.get(normalise(name));
    if (!entity) throw new ApiError('UNSUPPORTED_ENTITY', [name]);
    return entity;
  };
  // Definitions are no secret (every screen colours statuses from them); changing one is configuration.
  const anyone = { permission: null };
  const configure = { permission: configurePermission };
  app.get('/api/core/workflows', { preHandler, config: anyone }, async (request) =>
    operations.overview(request.caller!, kinds),
  );
  app.get('/api/core/workflows/:entity', { preHandler, config: anyone }, async (request) =>
    operations.definition(request.caller!, kindOf(request)),
  );
  app.put('/api/core/workflows/:entity', { preHandler, config: configure }, async (request) => {
    const entity = kindOf(request);
    if (request.body === undefined || request.body === null || request.body === '')
      throw new ApiError('MISSING_BODY_PAYLOAD');
    return operations.configure(request.caller!, entity, request.body);
  });
  app.delete('/api/core/workflows/:entity', { preHandler, config: configure }, async (request) =>
    operations.reset(request.caller!, kindOf(request)),
  );
}
