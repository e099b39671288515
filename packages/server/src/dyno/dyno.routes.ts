import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '@lbo/model/errors';
import { entityByName } from '@lbo/model/entity-registry';
import { dynoEntity, type DynoDescriptor } from '@lbo/model/dyno';
import type { Entity } from '@lbo/model/entity';
import type { Caller, Operations, Query } from '../entities/crud.operation.ts';
import { changeOptions, sendList, sendRecord } from '../entities/entity.routes.ts';

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
  const params = (request: FastifyRequest) => request.params as { name: string; id: string };

  app.get('/api/dyno/:name', { preHandler }, async (request: FastifyRequest, reply: FastifyReply) => {
    const entity = await kindOf(request.caller!, params(request).name);
    return sendList(
      reply,
      await operations.list(request.caller!, entity, { ...(request.query as Query), type: params(request).name }),
    );
  });
  app.get('/api/dyno/:name/:id', { preHandler }, async (request, reply) => {
    const { name, id } = params(request);
    return sendRecord(reply, await recordOf(request.caller!, await kindOf(request.caller!, name), name, id));
  });
  app.post('/api/dyno/:name', { preHandler }, async (request, reply) => {
    const { name } = params(request);
    const entity = await kindOf(request.caller!, name);
    return reply.status(201).send(await operations.create(request.caller!, entity, pinKind(request.body, name)));
  });
  for (const [method, mode] of [
    ['PUT', 'replace'],
    ['PATCH', 'merge'],
  ] as const) {
    app.route({
      method,
      url: '/api/dyno/:name/:id',
      preHandler,
      handler: async (request, reply) => {
        const { name, id } = params(request);
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
  app.delete('/api/dyno/:name/:id', { preHandler }, async (request) => {
    const { name, id } = params(request);
    const entity = await kindOf(request.caller!, name);
    await recordOf(request.caller!, entity, name, id);
    return operations.remove(request.caller!, entity, id, changeOptions(request, false));
  });
}
