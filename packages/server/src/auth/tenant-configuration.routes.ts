import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { ApiError } from '@lbo/model/errors';
import { entityByName } from '@lbo/model/entity-registry';
import { referenceLists } from '@lbo/model/reference-lists';
import { inTenant, scopeOf, type Db } from '../db/database.ts';
import { readConfiguration, writeConfiguration } from '../db/configuration.ts';
import { typed } from '../http/schemas.ts';
import type { TenantSetting } from './tenant-settings.ts';

type PreHandler = (request: FastifyRequest) => Promise<void>;

/**
 * A section's value: any JSON here, as each section's own `validate` judges it (naming the field
 * of every problem, unknown ones included) before anything is stored.
 */
const sectionBody = z.unknown().describe('the section’s value (an object, or a list for lists such as cron-list)');
const checkQuery = z.strictObject({ tenant: z.string().max(100).optional() });

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
  const sectionOf = ({ params }: { params: z.infer<typeof sectionParams> }) => {
    if (!Object.hasOwn(settings, params.name))
      throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', ['TenantConfiguration', params.name]);
    return { name: params.name, setting: settings[params.name] };
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

  /** Spec 000 §7: checks the tenant's configuration; lists and scripts are not synchronised from elsewhere, so nothing is inserted. */
  api.get(
    '/api/core/tenants/check-config',
    {
      preValidation: preHandler,
      config: { permission: 'read /api/core/tenant-configuration' },
      schema: { tags, summary: 'Checks the tenant’s configuration', querystring: checkQuery },
    },
    async (request) => {
      const caller = request.caller!;
      const { query } = request;
      if (query.tenant !== undefined && query.tenant !== caller.tenant)
        throw new ApiError('INVALID_FIELD_IN_QUERY', ['tenant', 'only the current tenant can be checked']);
      return inTenant(db, scope(request), async (tx) => {
        const errors: string[] = [];
        const profiles = new Set((referenceLists.profile ?? []).map((item) => item.value));
        const stored = await readConfiguration<Record<string, string[]>>(tx, caller.tenant, 'profilesPermissions');
        for (const profile of Object.keys(stored ?? {}))
          if (!profiles.has(profile)) errors.push(`profilesPermissions: unknown profile ${profile}`);
        const count = async (entityName: string) => {
          const table = entityByName(entityName)!.table;
          const { rows } = await sql<{
            n: string;
          }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE tenant = ${caller.tenant}`.execute(tx);
          return Number(rows[0].n);
        };
        const lastConfigCheckDate = new Date().toISOString();
        await writeConfiguration(tx, caller.tenant, 'config-check', { lastConfigCheckDate, errors }, caller.username);
        return {
          errors,
          insertedLists: 0,
          updatedLists: 0,
          deletedLists: 0,
          insertedScripts: 0,
          updatedScripts: 0,
          deletedScripts: 0,
          insertedReports: 0,
          updatedReports: 0,
          deletedReports: 0,
          userLists: await count('List'),
          userScripts: await count('Script'),
          lastConfigCheckDate,
        };
      });
    },
  );
}
