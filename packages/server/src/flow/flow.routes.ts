import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '@lbo/model/errors';
import { entityByName } from '@lbo/model/entity-registry';
import { dynoEntity, type DynoDescriptor } from '@lbo/model/dyno';
import type { Operations } from '../entities/crud.operation.ts';
import { typed } from '../http/schemas.ts';
import {
  ACCESS_KEY_TYPE,
  accessKeyOf,
  checkAccessKey,
  flowPath,
  keyCaller,
  keyValueKind,
  newSecret,
  type AccessKeyValue,
} from './access-keys.ts';

/**
 * Flow mode's routes (docs/shell-modes.md):
 *   POST /api/flow/access-keys {pageId, expiresAt?, canWrite?, label?}   an administrator makes a key
 *   GET  /api/flow/{accessKey}/pages/{pageId}                           the page the key opens, no session
 *   POST /api/flow/{accessKey}/pages/{pageId}/records                   a record of that page, no session
 * The key opens that one page and nothing else: every other route still asks for a session.
 */
const descriptors = entityByName('DynoDescriptor')!;
const tags = ['Flow mode'];

const pagePath = z.strictObject({
  accessKey: z.string().max(140).describe('{tenant}.{secret}'),
  pageId: z.string().min(1).max(100).describe('the page the key opens (a dynamic kind)'),
});
const newKeyBody = z.strictObject({
  pageId: z.string().regex(/^[a-z][a-zA-Z0-9]*$/, { error: 'a dynamic kind name' }),
  expiresAt: z.iso.datetime({ offset: true }).optional(),
  canWrite: z.boolean().optional(),
  label: z.string().max(200).optional(),
});
const recordBody = z.record(z.string(), z.unknown()).describe('the fields of the page’s kind');

type PreHandler = (request: FastifyRequest) => Promise<void>;

export async function flowRoutes(
  app: FastifyInstance,
  { operations, preHandler }: { operations: Operations; preHandler: PreHandler },
) {
  const api = typed(app);
  const open = { config: { permission: null } };

  /** The descriptor of the page's kind, read in the key's tenant. */
  async function pageOf(accessKey: string, pageId: string) {
    const { tenant, key } = await checkAccessKey(operations, accessKey, pageId);
    const caller = keyCaller(tenant, key);
    const descriptor = (await operations.get(caller, descriptors, pageId).catch((error) => {
      if (error instanceof ApiError && error.status === 404)
        throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', ['AccessKey', pageId]);
      throw error;
    })) as unknown as DynoDescriptor;
    return { caller, key, descriptor };
  }

  api.post(
    '/api/flow/access-keys',
    {
      preValidation: preHandler,
      config: { permission: 'write /api/core/key-values' },
      schema: { tags, summary: 'Make an access key that opens one page without signing in', body: newKeyBody },
    },
    async (request, reply) => {
      const caller = request.caller!;
      const { pageId, expiresAt, canWrite = false, label } = request.body;
      // The page must exist now: a key to nothing is a mistake.
      await operations.get(caller, descriptors, pageId);
      const secret = newSecret();
      const value: AccessKeyValue = {
        type: ACCESS_KEY_TYPE,
        pageId,
        canWrite,
        ...(expiresAt ? { expiresAt } : {}),
        ...(label ? { label } : {}),
      };
      await operations.create(caller, keyValueKind, { shortKey: secret, value });
      const accessKey = accessKeyOf(caller.tenant, secret);
      return reply.status(201).send({ accessKey, path: flowPath(accessKey, pageId), ...value });
    },
  );

  api.get(
    '/api/flow/:accessKey/pages/:pageId',
    { ...open, schema: { tags, summary: 'The page an access key opens', params: pagePath } },
    async (request) => {
      const { key, descriptor } = await pageOf(request.params.accessKey, request.params.pageId);
      return {
        pageId: descriptor.name,
        label: descriptor.label ?? descriptor.name,
        fields: descriptor.fields,
        canWrite: key.canWrite === true,
        ...(key.label ? { title: key.label } : {}),
      };
    },
  );

  api.post(
    '/api/flow/:accessKey/pages/:pageId/records',
    {
      ...open,
      schema: { tags, summary: 'Create a record on the page an access key opens', params: pagePath, body: recordBody },
    },
    async (request, reply) => {
      const { caller, key, descriptor } = await pageOf(request.params.accessKey, request.params.pageId);
      if (key.canWrite !== true) throw new ApiError('FORBIDDEN', [`write ${descriptor.name}`]);
      const body = request.body;
      const created = await operations.create(caller, dynoEntity(descriptor), {
        ...(Object.keys(body).length ? body : {}),
        type: descriptor.name,
      });
      // The visitor learns its record's registration, nothing else of the tenant's data.
      return reply.status(201).send({ registration: created.registration });
    },
  );
}
