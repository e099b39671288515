import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Entity } from '@lbo/model/entity';
import { ApiError } from '@lbo/model/errors';
import type { Db } from '../db/database.ts';
import { configurePermission } from './permissions.ts';
import { createWorkflowOperations } from './workflow.operation.ts';
import { sendRecord } from '../entities/entity.routes.ts';

/**
 * Transition routes of every kind with a status (spec 000 §7, 001 §7), registered one by one:
 *   POST {route}/transitions?exclude=…            transitions common to the selected records
 *   GET  {route}/{registration}/transitions?type=…  transitions of one record
 *   GET  {route}/{registration}/transitions/{code}  runs one, answers the updated record
 * and the tenant's workflow configuration under /api/core/workflows (docs/workflows.md).
 */
export interface WorkflowRouteOptions {
  db: Db;
  entities: Entity[];
  preHandler: (request: FastifyRequest) => Promise<void>;
}

type Query = Record<string, unknown>;

/** Groups of transitions the spec's client may leave out; none of the defaults open a modal, print or make a document. */
const excludable = new Set(['modals', 'printings', 'documents']);
const MAX_SELECTION = 1000;

function checkExclude(query: Query) {
  const exclude = query.exclude;
  if (exclude === undefined) return;
  if (typeof exclude !== 'string' || exclude.split(',').some((part) => part && !excludable.has(part))) {
    throw new ApiError('INVALID_FIELD_IN_QUERY', ['exclude', 'a comma list of modals, printings, documents']);
  }
}

function typeOf(query: Query): string | undefined {
  const type = query.type;
  if (type === undefined || type === '') return undefined;
  if (typeof type !== 'string' || type.length > 100) throw new ApiError('INVALID_FIELD_IN_QUERY', ['type', 'one record type']);
  return type;
}

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
  if (list.length > MAX_SELECTION) throw new ApiError('INVALID_FIELD_VALUE', [`${list.length} registrations (at most ${MAX_SELECTION})`, 'registrations']);
  list.forEach((r, i) => {
    if (typeof r !== 'string' || !r.trim() || r.length > 200 || r.includes('\u0000')) throw new ApiError('INVALID_NON_EMPTY_STRING_FIELD', [`registrations[${i}]`]);
  });
  return [...new Set(list as string[])];
}

const param = (request: FastifyRequest, name: 'id' | 'code' | 'entity') => {
  const value = (request.params as Record<string, string>)[name];
  if (!value || value.length > 200) throw new ApiError('INVALID_FIELD_IN_PATH', [name]);
  return value;
};

const normalise = (name: string) => name.toLowerCase().replace(/[\s_-]/g, '');

export async function workflowRoutes(app: FastifyInstance, { db, entities, preHandler }: WorkflowRouteOptions) {
  const operations = createWorkflowOperations(db);
  const kinds = entities.filter((e) => e.status);

  for (const entity of kinds) {
    const base = `/api/${entity.route}`;
    // Listing transitions reads the kind (even by POST); running one writes it, even by GET.
    const read = { entity: entity.name, permission: `read ${base}` };
    const write = { entity: entity.name, permission: `write ${base}` };
    app.post(`${base}/transitions`, { preHandler, config: read }, async (request) => {
      checkExclude(request.query as Query);
      return operations.forSelection(request.caller!, entity, registrationsOf(request.body));
    });
    app.get(`${base}/:id/transitions`, { preHandler, config: read }, async (request) => {
      const query = request.query as Query;
      checkExclude(query);
      return operations.forRecord(request.caller!, entity, param(request, 'id'), typeOf(query));
    });
    app.get(`${base}/:id/transitions/:code`, { preHandler, config: write }, async (request, reply) =>
      sendRecord(reply, await operations.run(request.caller!, entity, param(request, 'id'), param(request, 'code'))));
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
  app.get('/api/core/workflows', { preHandler, config: anyone }, async (request) => operations.overview(request.caller!, kinds));
  app.get('/api/core/workflows/:entity', { preHandler, config: anyone }, async (request) => operations.definition(request.caller!, kindOf(request)));
  app.put('/api/core/workflows/:entity', { preHandler, config: configure }, async (request) => {
    const entity = kindOf(request);
    if (request.body === undefined || request.body === null || request.body === '') throw new ApiError('MISSING_BODY_PAYLOAD');
    return operations.configure(request.caller!, entity, request.body);
  });
  app.delete('/api/core/workflows/:entity', { preHandler, config: configure }, async (request) => operations.reset(request.caller!, kindOf(request)));
}
