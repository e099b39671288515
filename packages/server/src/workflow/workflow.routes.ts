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
import { typed } from '../http/schemas.ts';

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
const recordPath = z.strictObject({ id: z.string().min(1).max(200) });
const codePath = z.string().min(1).max(200);

/**
 * A selection: `["CT000001", …]` or `{ registrations: [...] }`. Any JSON passes the schema but an
 * object naming anything else, so that `registrationsOf` answers each other problem as it always has.
 */
const selectionBody = z
  .unknown()
  .superRefine((body, ctx) => {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
    const other = Object.keys(body).find((key) => key !== 'registrations');
    if (other) ctx.addIssue({ code: 'custom', path: [other], message: refusing('INVALID_FIELD_IN_BODY') });
  })
  .meta({
    anyOf: [
      { type: 'array', items: { type: 'string' }, maxItems: MAX_SELECTION },
      {
        type: 'object',
        properties: { registrations: { type: 'array', items: { type: 'string' }, maxItems: MAX_SELECTION } },
        required: ['registrations'],
        additionalProperties: false,
      },
    ],
  })
  .describe('The selected records’ registrations, or { registrations }');

/** The schemas of a kind's transition routes (their tags group them with the kind's other calls). */
const transitionSchemas = (entity: Entity) => ({
  selection: {
    tags: [entity.name],
    summary: `Transitions open to every ${entity.name} of a selection (body: registrations)`,
    querystring: z.strictObject({ exclude: excludeQuery }),
    body: selectionBody,
  },
  record: {
    tags: [entity.name],
    summary: `Transitions open to a ${entity.name}`,
    params: recordPath,
    querystring: z.strictObject({
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
    params: recordPath.extend({ code: codePath }),
  },
  runMany: {
    tags: [entity.name],
    summary: `Run a transition on every ${entity.name} of a selection (body: registrations); each record in its own transaction`,
    params: z.strictObject({ code: codePath }),
    body: selectionBody,
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

/** A kind as the workflow routes name it: `Contract`, `contract` or `credit-line`. */
const kindPath = z.strictObject({ entity: z.string().min(1).max(200) });

/**
 * A workflow definition: any JSON here, as validate-workflow.ts judges it whole (naming each
 * problem, an unknown property first, in INVALID_FIELD_IN_CONFIG).
 */
const definitionBody = z
  .unknown()
  .describe('{ statuses?, transitions: [{ code, from, to, label?, action?, requiredFields?, sideEffects?, … }] }');

const normalise = (name: string) => name.toLowerCase().replace(/[\s_-]/g, '');

export async function workflowRoutes(app: FastifyInstance, { db, entities, preHandler, store }: WorkflowRouteOptions) {
  const operations = createWorkflowOperations(db, store);
  const kinds = entities.filter((e) => e.status);
  const api = typed(app);

  for (const entity of kinds) {
    const base = `/api/${entity.route}`;
    // Listing transitions reads the kind (even by POST); running one writes it, even by GET.
    const read = { entity: entity.name, permission: `read ${base}` };
    const write = { entity: entity.name, permission: `write ${base}` };
    const schemas = transitionSchemas(entity);
    api.post(
      `${base}/transitions`,
      { preValidation: preHandler, config: read, schema: schemas.selection },
      async (request) => operations.forSelection(request.caller!, entity, registrationsOf(request.body)),
    );
    api.get(
      `${base}/:id/transitions`,
      { preValidation: preHandler, config: read, schema: schemas.record },
      async (request) =>
        operations.forRecord(request.caller!, entity, request.params.id, request.query.type || undefined),
    );
    api.get(
      `${base}/:id/transitions/:code`,
      { preValidation: preHandler, config: write, schema: schemas.run },
      async (request, reply) => {
        const { id, code } = request.params;
        return sendRecord(reply, await operations.run(request.caller!, entity, id, code));
      },
    );
    // The bulk transition: a selection's records one by one, several at a time, with each one's outcome.
    api.post(
      `${base}/transitions/:code`,
      { preValidation: preHandler, config: write, schema: schemas.runMany },
      async (request) => {
        const { code } = request.params;
        return operations.runMany(request.caller!, entity, registrationsOf(request.body), code, bulkConcurrency);
      },
    );
  }

  // Configuration: `Contract`, `contract` and `credit-line` all name a kind.
  const byName = new Map(kinds.map((e) => [normalise(e.name), e]));
  const kindOf = ({ params }: { params: z.infer<typeof kindPath> }) => {
    const name = params.entity;
    const entity = byName.get(normalise(name));
    if (!entity) throw new ApiError('UNSUPPORTED_ENTITY', [name]);
    return entity;
  };
  // Definitions are no secret (every screen colours statuses from them); changing one is configuration.
  const anyone = { permission: null };
  const configure = { permission: configurePermission };
  const tags = ['Core'];
  api.get(
    '/api/core/workflows',
    { preValidation: preHandler, config: anyone, schema: { tags, summary: 'The workflow of every kind' } },
    async (request) => operations.overview(request.caller!, kinds),
  );
  api.get(
    '/api/core/workflows/:entity',
    {
      preValidation: preHandler,
      config: anyone,
      schema: { tags, summary: 'The workflow of a kind (the tenant’s, else the default)', params: kindPath },
    },
    async (request) => operations.definition(request.caller!, kindOf(request)),
  );
  api.put(
    '/api/core/workflows/:entity',
    {
      preValidation: preHandler,
      config: configure,
      schema: { tags, summary: 'Sets the tenant’s workflow of a kind', params: kindPath, body: definitionBody },
    },
    async (request) => {
      const entity = kindOf(request);
      if (request.body === undefined || request.body === null || request.body === '')
        throw new ApiError('MISSING_BODY_PAYLOAD');
      return operations.configure(request.caller!, entity, request.body);
    },
  );
  api.delete(
    '/api/core/workflows/:entity',
    {
      preValidation: preHandler,
      config: configure,
      schema: { tags, summary: 'Removes the tenant’s workflow of a kind: the default applies', params: kindPath },
    },
    async (request) => operations.reset(request.caller!, kindOf(request)),
  );
}
