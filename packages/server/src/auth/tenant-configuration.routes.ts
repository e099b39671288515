import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '@lbo/model/errors';
import { inTenant, scopeOf, type Db } from '../db/database.ts';
import { readConfiguration, writeConfiguration } from '../db/configuration.ts';
import { typed } from '../http/schemas.ts';
import { hasPermission } from './permissions.ts';
import type { TenantSetting } from './tenant-settings.ts';

type PreHandler = (request: FastifyRequest) => Promise<void>;

/**
 * A section's value: any JSON here, as each section's own `validate` judges it (naming the field
 * of every problem, unknown ones included) before anything is stored.
 */
const sectionBody = z.unknown().describe('the section’s value (an object, or a list for lists such as cron-list)');
const MASTER_PERMISSION = 'write /api/core/tenants';

/**
 * `GET|PUT /api/core/tenant-configuration/{name}`: only admins (or holders of the strict
 * `read|write /api/core/tenant-configuration`) read or change the tenant's configuration, because
 * `profilesPermissions` decides every other permission. `settings` are the sections the core and
 * the modules declared; any other name is unknown.
 */
export async function tenantConfigurationRoutes(
  app: FastifyInstance,
  { db, preHandler, settings }: { db: Db; preHandler: PreHandler; settings: Record<string, TenantSetting> },
) {
  // Only the sections the core and the modules declared: any other name (`__proto__`, `constructor`) is refused as bad input.
  const names = Object.keys(settings);
  const sectionParams = z.strictObject({
    name: z.enum(names as [string, ...string[]]).describe('a configuration section'),
  });
  const sectionOf = ({
    params,
    caller,
  }: {
    params: z.infer<typeof sectionParams>;
    caller?: FastifyRequest['caller'];
  }) => {
    if (!Object.hasOwn(settings, params.name))
      throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', ['TenantConfiguration', params.name]);
    const setting = settings[params.name];
    // A section about the installation: a tenant's admin neither reads nor writes it.
    if (setting.masterOnly && !(caller && hasPermission(caller, MASTER_PERMISSION)))
      throw new ApiError('FORBIDDEN', [MASTER_PERMISSION]);
    return { name: params.name, setting };
  };
  const api = typed(app);
  const tags = ['Core'];
  const scope = (request: FastifyRequest) => scopeOf(request.caller!);

  api.get(
    '/api/core/tenant-configuration/:name',
    {
      preValidation: preHandler,
      config: { permission: 'read /api/core/tenant-configuration' },
      schema: { tags, summary: 'A section of the tenant’s configuration', params: sectionParams },
    },
    async (request) => {
      const { name, setting } = sectionOf(request);
      return inTenant(db, scope(request), async (tx) => {
        const stored = await readConfiguration(tx, request.caller!.tenant, name);
        if (stored === undefined) return setting.default ?? {};
        return setting.shown ? setting.shown(stored) : stored;
      });
    },
  );

  api.put(
    '/api/core/tenant-configuration/:name',
    {
      preValidation: preHandler,
      config: { permission: 'write /api/core/tenant-configuration' },
      schema: {
        tags,
        summary: 'Replaces a section of the tenant’s configuration',
        params: sectionParams,
        body: sectionBody,
      },
    },
    async (request) => {
      const { name, setting } = sectionOf(request);
      if (request.body === undefined || request.body === null || request.body === '')
        throw new ApiError('MISSING_BODY_PAYLOAD');
      let value = setting.validate(request.body);
      const { tenant, username } = request.caller!;
      if (setting.check) await setting.check(db, tenant, value);
      await inTenant(db, scope(request), async (tx) => {
        if (setting.beforeWrite)
          value = await setting.beforeWrite(tx, tenant, value, await readConfiguration(tx, tenant, name));
        await writeConfiguration(tx, tenant, name, value, username).catch((error) =>
          setting.writeError ? setting.writeError(error, value) : Promise.reject(error),
        );
      });
      return setting.shown ? setting.shown(value) : value;
    },
  );
}
