import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '@lbo/model/errors';
import { listGrammar, readQuerySchema, type ListQuery } from '@lbo/model/schema/kind-schemas';
import { entityByName } from '@lbo/model/entity-registry';
import { dynoEntity, type DynoDescriptor } from '@lbo/model/dyno';
import type { Entity } from '@lbo/model/entity';
import type { Caller, Operations } from '../entities/crud.operation.ts';
import { changeOptions, sendList, sendRecord } from '../entities/entity.routes.ts';
import { typed } from '../http/schemas.ts';

const kindPath = z.strictObject({
  name: z.string().min(1).max(100).describe('the dynamic kind (DynoDescriptor name)'),
});
const recordPath = kindPath.extend({ id: z.string().min(1).max(200).describe('registration (or _id) of the record') });
/** The list grammar and any field of the kind (which the list compiler judges against its descriptor). */
const listQuery = z.looseObject(listGrammar) as z.ZodType<ListQuery>;
/**
 * A record of the kind: its fields are the tenant's descriptor's, so the operations judge them,
 * refusing any the descriptor does not declare, naming it.
 */
const recordBody = z.record(z.string(), z.unknown()).describe('the fields of the tenant’s dynamic kind');

/**
 * `/api/dyno/{name}`: the generic entity routes for a tenant's dynamic kinds. The kind comes
 * from the tenant's DynoDescriptor of that name; its records live in the shared dyno table
 * with `type` set to the kind, which every call here pins.
 */
export async function dynoRoutes(
  app: FastifyInstance,
  { operations, preHandler }: { operations: Operations; preHandler: (r: FastifyRequest) => Promise<void> },
) {
  const descriptors = entityByName('DynoDescriptor')!;

  async function kindOf(caller: Caller, name: string): Promise<Entity> {
    const descriptor = await operations.get(caller, descriptors, name).catch((error) => {
      if (error instanceof ApiError && error.status === 404) throw new ApiError('UNSUPPORTED_ENTITY', [`dyno/${name}`]);
      throw error;
    });
    return dynoEntity(descriptor as unknown as DynoDescriptor);
  }

  /** A record of this kind, or 404 as if other kinds' records did not exist. */
  async function recordOf(caller: Caller, entity: Entity, kind: string, id: string) {
    const doc = await operations.get(caller, entity, id);
    if (doc.type !== kind) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [entity.name, id]);
    return doc;
  }

  /** A non-empty object body gets the kind as its type; anything else goes on to be refused as usual. */
  const pinKind = (body: unknown, kind: string) =>
    body && typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length
      ? { ...body, type: kind }
      : body;
  const api = typed(app);
  // Signed in and allowed before the request is validated, as for every kind.
  const route = <S extends object>(schema: S) => ({ preValidation: preHandler, schema: { tags: ['Dyno'], ...schema } });

  api.get(
    '/api/dyno/:name',
    route({ summary: 'List records of a dynamic kind', params: kindPath, querystring: listQuery }),
    async (request, reply) => {
      const entity = await kindOf(request.caller!, request.params.name);
      return sendList(
        reply,
        await operations.list(request.caller!, entity, { ...request.query, type: request.params.name }),
      );
    },
  );
  api.get(
    '/api/dyno/:name/:id',
    route({ summary: 'Read a record of a dynamic kind', params: recordPath, querystring: readQuerySchema }),
    async (request, reply) => {
      const { name, id } = request.params;
      return sendRecord(reply, await recordOf(request.caller!, await kindOf(request.caller!, name), name, id));
    },
  );
  api.post(
    '/api/dyno/:name',
    route({ summary: 'Create a record of a dynamic kind', params: kindPath, body: recordBody }),
    async (request, reply) => {
      const { name } = request.params;
      const entity = await kindOf(request.caller!, name);
      return reply.status(201).send(await operations.create(request.caller!, entity, pinKind(request.body, name)));
    },
  );
  for (const [method, mode] of [
    ['PUT', 'replace'],
    ['PATCH', 'merge'],
  ] as const) {
    api.route({
      method,
      url: '/api/dyno/:name/:id',
      ...route({
        summary: `${mode === 'replace' ? 'Replace' : 'Change fields of'} a record of a dynamic kind`,
        params: recordPath,
        body: recordBody,
      }),
      handler: async (request, reply) => {
        const { name, id } = request.params;
        const entity = await kindOf(request.caller!, name);
        await recordOf(request.caller!, entity, name, id);
        return sendRecord(
          reply,
          await operations.update(
            request.caller!,
            entity,
            id,
            pinKind(request.body, name),
            mode,
            changeOptions(request),
          ),
        );
      },
    });
  }
  api.delete(
    '/api/dyno/:name/:id',
    route({ summary: 'Delete a record of a dynamic kind', params: recordPath }),
    async (request) => {
      const { name, id } = request.params;
      const entity = await kindOf(request.caller!, name);
      await recordOf(request.caller!, entity, name, id);
      return operations.remove(request.caller!, entity, id, changeOptions(request, false));
    },
  );
}
