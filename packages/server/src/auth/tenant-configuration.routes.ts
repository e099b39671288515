import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { ApiError } from '@lbo/model/errors';
import { entityByName } from '@lbo/model/entity-registry';
import { referenceLists } from '@lbo/model/reference-lists';
import { inTenant, scopeOf, type Db } from '../db/database.ts';
import { readConfiguration, writeConfiguration } from '../db/configuration.ts';
import type { TenantSetting } from './tenant-settings.ts';

type PreHandler = (request: FastifyRequest) => Promise<void>;

const sectionParams = z.strictObject({ name: z.string().min(1).max(100) });
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
  const sectionOf = (request: FastifyRequest) => {
    const { name } = request.params as z.infer<typeof sectionParams>;
    if (!Object.hasOwn(settings, name))
      throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', ['TenantConfiguration', name]);
    return { name, setting: settings[name] };
  };
  const scope = (request: FastifyRequest) => scopeOf(request.caller!);

  app.get(
    '/api/core/tenant-configuration/:name',
    {
      preHandler,
      config: { permission: 'read /api/core/tenant-configuration' },
      schema: { params: sectionParams },
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

  app.put(
    '/api/core/tenant-configuration/:name',
    {
      preHandler,
      config: { permission: 'write /api/core/tenant-configuration' },
      schema: { params: sectionParams },
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
  app.get(
    '/api/core/tenants/check-config',
    {
      preHandler,
      config: { permission: 'read /api/core/tenant-configuration' },
      schema: { querystring: checkQuery },
    },
    async (request) => {
      const caller = request.caller!;
      const query = request.query as z.infer<typeof checkQuery>;
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
