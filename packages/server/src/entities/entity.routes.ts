import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Entity } from '@lbo/model/entity';
import { isExistingRecord, type Operations, type Query, type ListResult, type WriteOptions } from './crud.operation.ts';
import type { Doc } from './storage.ts';
import { etagOf, ifMatchOf } from '../http/conditional.ts';
import { jsonAnswer, storeWithWrite } from '../http/idempotency.ts';
import { kindRouteSchemas } from './kind-route-schemas.ts';

/** The kinds to serve; a kind's declaration leaves routes to its domain (`domainRoutes`). */
export interface EntityRouteOptions {
  operations: Operations;
  entities: Entity[];
  preHandler: (request: FastifyRequest) => Promise<void>;
}

/**
 * The generic list answer: an array, or `{entities, breakdown}` when counts were asked; pagination
 * in headers. The documents are already JSON text and are joined, not serialised again.
 */
export function sendList(reply: FastifyReply, result: ListResult) {
  reply.header('pagination-offset', String(result.offset));
  reply.header('pagination-limit', String(result.limit));
  reply.header('pagination-size', String(result.size));
  reply.header('pagination-continues', String(result.continues));
  reply.type('application/json; charset=utf-8');
  const entities = `[${result.documents.join(',')}]`;
  return result.breakdown ? `{"entities":${entities},"breakdown":${JSON.stringify(result.breakdown)}}` : entities;
}

/** The parts of a kind's requests, as their schemas (kind-route-schemas.ts) check them. */
type ListRequest = FastifyRequest & { query: Query };
interface RecordRoute {
  Params: { id: string };
  Querystring: Query;
}

/** The record named in the path, checked by the route's `params` schema. */
const idParam = (request: FastifyRequest<{ Params: { id: string } }>) => request.params.id;

/** A record answered with its version as ETag. */
export function sendRecord(reply: FastifyReply, doc: Doc, status = 200) {
  const etag = etagOf(doc._version);
  if (etag) reply.header('etag', etag);
  return reply.status(status).send(doc);
}

/** Stores the idempotency key's answer in the write's transaction, as the route will send it. */
const answerStored =
  (request: FastifyRequest, tagged = true): WriteOptions['withAnswer'] =>
  (tx, status, doc) => {
    const etag = tagged ? etagOf(doc._version) : undefined;
    return storeWithWrite(tx, request, jsonAnswer(status, doc, etag ? { etag } : {}));
  };

/** What an update or delete passes to its operation: the client's `If-Match` and the key's answer. */
export const changeOptions = (request: FastifyRequest, tagged = true): WriteOptions => ({
  ifMatch: ifMatchOf(request),
  withAnswer: answerStored(request, tagged),
});

export function listHandler(operations: Operations, entity: Entity) {
  return async (request: ListRequest, reply: FastifyReply) =>
    sendList(reply, await operations.list(request.caller!, entity, request.query));
}

/**
 * Registers list, read, create, replace, merge and delete for every declared kind, each route
 * explicitly, but those its declaration leaves to its domain (`domainRoutes`).
 */
export async function entityRoutes(app: FastifyInstance, { operations, entities, preHandler }: EntityRouteOptions) {
  for (const entity of entities) {
    const byDomain = entity.domainRoutes ?? [];
    if (byDomain === 'all') continue;
    const base = `/api/${entity.route}`;
    const config = { entity: entity.name };
    const schemas = kindRouteSchemas(entity);
    // Signed in and allowed before the request is validated: a stranger learns nothing of the schema.
    const route = (schema: object) => ({ preValidation: preHandler, config, schema });
    if (!byDomain.includes('list'))
      app.get<{ Querystring: Query }>(base, route(schemas.list), listHandler(operations, entity));
    if (!byDomain.includes('read')) {
      app.get<RecordRoute>(`${base}/:id`, route(schemas.read), async (request, reply) =>
        sendRecord(reply, await operations.get(request.caller!, entity, idParam(request), request.query)),
      );
    }
    if (entity.readOnly) continue;
    if (!byDomain.includes('create')) {
      app.post(base, route(schemas.create), async (request, reply) => {
        const doc = await operations.create(request.caller!, entity, request.body, {
          withAnswer: answerStored(request),
        });
        return sendRecord(reply, doc, isExistingRecord(doc) ? 200 : 201);
      });
    }
    app.put<RecordRoute>(`${base}/:id`, route(schemas.replace), async (request, reply) =>
      sendRecord(
        reply,
        await operations.update(
          request.caller!,
          entity,
          idParam(request),
          request.body,
          'replace',
          changeOptions(request),
        ),
      ),
    );
    app.patch<RecordRoute>(`${base}/:id`, route(schemas.merge), async (request, reply) =>
      sendRecord(
        reply,
        await operations.update(
          request.caller!,
          entity,
          idParam(request),
          request.body,
          'merge',
          changeOptions(request),
        ),
      ),
    );
    app.delete<RecordRoute>(`${base}/:id`, route(schemas.remove), async (request) =>
      // The answer is the deleted record, which no longer has a version to match.
      operations.remove(request.caller!, entity, idParam(request), changeOptions(request, false)),
    );
  }
}
