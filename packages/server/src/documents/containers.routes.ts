import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '@lbo/model/errors';
import { noBody } from '@lbo/model/schema/request-values';
import type { Db } from '../db/database.ts';
import type { ObjectStore } from '../db/object-store.ts';
import { typed } from '../http/schemas.ts';
import { objectOwners, ORPHAN_GRACE_MS, sweepOrphanObjects, type ObjectOwner } from './orphan-sweeper.ts';

/**
 * The tenant's object storage as containers (the `/object-storage-containers` screens): its
 * objects grouped by what names them — documents, thumbnails, user photos, exports — and the
 * orphans no record names, which an administrator may sweep at once.
 */
export const ORPHANS = 'orphans';
/** The most objects a container's page lists. */
const PAGE = 1000;

type PreHandler = (request: FastifyRequest) => Promise<void>;

interface ContainerObject {
  key: string;
  size: number;
  lastModified: string;
  owner?: ObjectOwner;
}

/** Every object of `tenant` with its owner, in the order the store lists them. */
async function* objectsOf(db: Db, store: ObjectStore, tenant: string): AsyncGenerator<ContainerObject> {
  const owners = await objectOwners(db, tenant);
  for await (const object of store.list(`${tenant}/`)) {
    yield {
      key: object.key.slice(tenant.length + 1),
      size: object.size,
      lastModified: object.lastModified.toISOString(),
      owner: owners.get(object.key),
    };
  }
}

const containerName = z.strictObject({
  containerName: z
    .string()
    .regex(/^[a-z-]{1,60}$/)
    .describe('documents, thumbnails, user-photos, exports… or orphans'),
});
const permission = 'read /api/core/object-storage-containers';

export async function containerRoutes(
  app: FastifyInstance,
  { db, store, preHandler }: { db: Db; store: ObjectStore; preHandler: PreHandler },
) {
  const tags = ['Object storage'];
  const api = typed(app);

  api.get(
    '/api/core/object-storage-containers',
    {
      preValidation: preHandler,
      config: { permission },
      schema: { tags, summary: "The containers of the tenant's object storage, with their object count and size" },
    },
    async (request) => {
      const totals = new Map<string, { name: string; objects: number; size: number }>();
      for await (const object of objectsOf(db, store, request.caller!.tenant)) {
        const name = object.owner?.container ?? ORPHANS;
        const total = totals.get(name) ?? { name, objects: 0, size: 0 };
        total.objects++;
        total.size += object.size;
        totals.set(name, total);
      }
      return [...totals.values()].sort((a, b) => a.name.localeCompare(b.name));
    },
  );

  api.get(
    '/api/core/object-storage-containers/:containerName',
    {
      preValidation: preHandler,
      config: { permission },
      schema: { tags, summary: 'The objects of a container (the first thousand, newest first)', params: containerName },
    },
    async (request) => {
      const { containerName: name } = request.params;
      const objects: ContainerObject[] = [];
      let total = 0;
      for await (const object of objectsOf(db, store, request.caller!.tenant)) {
        if ((object.owner?.container ?? ORPHANS) !== name) continue;
        total++;
        objects.push(object);
      }
      if (!total) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', ['Object storage container', name]);
      objects.sort((a, b) => b.lastModified.localeCompare(a.lastModified));
      return {
        name,
        total,
        truncated: total > PAGE,
        objects: objects.slice(0, PAGE).map(({ key, size, lastModified, owner }) => ({
          key,
          size,
          lastModified,
          ...(owner ? { entityName: owner.entityName, registration: owner.registration, name: owner.name } : {}),
        })),
      };
    },
  );

  api.post(
    '/api/core/object-storage-containers/orphans/sweep',
    {
      preValidation: preHandler,
      config: { permission: 'write /api/core/object-storage-containers' },
      schema: {
        tags,
        summary: `Removes the tenant's orphan objects older than ${ORPHAN_GRACE_MS / 60_000} minutes`,
        body: noBody,
      },
    },
    async (request) => {
      const tenant = request.caller!.tenant;
      const result = await sweepOrphanObjects(db, store, { prefix: `${tenant}/` });
      return { examined: result.examined, removed: result.removed.length };
    },
  );
}
