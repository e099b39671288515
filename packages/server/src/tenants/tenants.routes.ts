import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError } from '@lbo/model/errors';
import { referenceLists } from '@lbo/model/reference-lists';
import { isValidUsername, passwordWeakness } from '@lbo/model/values/credentials';
import { hasPermission } from '../auth/permissions.ts';
import { typed } from '../http/schemas.ts';
import type { ModuleContext } from '../modules/server-module.ts';
import { checkTenantConfiguration, tenantNamesOf, type ConfigCheck } from './config-check.ts';
import { sectionLabels } from './section-labels.ts';

const MASTER_PERMISSION = 'write /api/core/tenants';
const installationKinds = new Set(['MASTER', 'DEMO']);

/**
 * A tenant's name is in addresses (`/imp/{tenant}`), usernames (`admin@{tenant}`) and the row
 * policies' setting: lower-case letters, digits and inner hyphens, 2 to 40 characters.
 */
export const tenantNamePattern = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])$/;

const newTenantBody = z.strictObject({
  name: z.string().max(200).describe('lower-case letters, digits and hyphens, 2 to 40 characters'),
  type: z.string().max(40).optional().describe('its kind: reference list tenantType (PRODUCTION, SUPPORT, TEST)'),
  adminUsername: z.string().max(200).optional().describe('its main administrator; admin@{name} when not given'),
  adminEmail: z.string().max(200).optional().describe("the administrator's address"),
});

const checkQuery = z.strictObject({
  allTenants: z.enum(['true', 'false', '1', '0']).optional().describe('every tenant (master super admin only)'),
  tenant: z
    .string()
    .max(100)
    .optional()
    .describe('the tenant to check (another than the own: master super admin only)'),
});

/** A first password the strength rule accepts: random, with every class of characters. */
function firstPassword(username: string): string {
  for (;;) {
    const password = `${crypto.randomBytes(12).toString('base64url')}-${crypto.randomInt(10, 99)}aZ`;
    if (!passwordWeakness(password, username)) return password;
  }
}

/**
 * `POST /api/core/tenants` (the master tenant's super admin makes a working tenant),
 * `GET /api/core/tenant-configuration` (the sections the signed-in admin may edit, with their
 * labels) and `GET /api/core/tenants/check-config` (spec 000 §7).
 */
export async function tenantsRoutes(app: FastifyInstance, context: ModuleContext) {
  const { db, preHandler, tenantSettings, provisionTenant } = context;
  const api = typed(app);
  const tags = ['Core'];
  const tenantTypes = new Set((referenceLists.tenantType ?? []).map((item) => item.value));

  api.post(
    '/api/core/tenants',
    {
      preValidation: preHandler,
      config: { permission: MASTER_PERMISSION },
      schema: { tags, summary: 'Creates a working tenant and its main administrator', body: newTenantBody },
    },
    async (request, reply) => {
      const { body } = request;
      const caller = request.caller!;
      const name = body.name.trim();
      if (!tenantNamePattern.test(name)) throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(name), 'name']);
      // The master and demo tenants are the installation's (its first start): not made here.
      if (body.type !== undefined && (!tenantTypes.has(body.type) || installationKinds.has(body.type)))
        throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(body.type), 'type']);
      const username = (body.adminUsername?.trim() || `admin@${name}`).toLowerCase();
      if (!isValidUsername(username, name))
        throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(username), 'adminUsername']);
      const email = body.adminEmail?.trim() || undefined;
      const password = firstPassword(username);
      const record = await provisionTenant(
        { name, type: body.type, admin: { username, password, email } },
        caller.username,
      );
      reply.status(201);
      // The password is answered this once and stored only as its hash.
      return { ...record, adminUsername: username, adminPassword: password };
    },
  );

  api.get(
    '/api/core/tenant-configuration',
    {
      preValidation: preHandler,
      config: { permission: 'read /api/core/tenant-configuration' },
      schema: { tags, summary: 'The sections of the tenant’s configuration, with their labels' },
    },
    async (request) => {
      const master = hasPermission(request.caller!, MASTER_PERMISSION);
      return Object.entries(tenantSettings)
        .filter(([, setting]) => master || !setting.masterOnly)
        .map(([name, setting]) => ({
          name,
          label: sectionLabels[name] ?? name,
          ...(setting.masterOnly ? { masterOnly: true } : {}),
        }));
    },
  );

  api.get(
    '/api/core/tenants/check-config',
    {
      preValidation: preHandler,
      config: { permission: 'read /api/core/tenant-configuration' },
      schema: {
        tags,
        summary: 'Checks the tenant’s configuration and inserts its missing defaults',
        querystring: checkQuery,
      },
    },
    async (request) => {
      const caller = request.caller!;
      const { query } = request;
      const master = hasPermission(caller, MASTER_PERMISSION);
      const all = query.allTenants === 'true' || query.allTenants === '1';
      if (all && !master) throw new ApiError('FORBIDDEN', [MASTER_PERMISSION]);
      if (query.tenant !== undefined && query.tenant !== caller.tenant && !master)
        throw new ApiError('INVALID_FIELD_IN_QUERY', ['tenant', 'only the current tenant can be checked']);
      if (!all) return checkTenantConfiguration(context, query.tenant ?? caller.tenant, caller.username);
      const tenants = await tenantNamesOf(db, caller.username);
      const results: ConfigCheck[] = [];
      for (const tenant of tenants) results.push(await checkTenantConfiguration(context, tenant, caller.username));
      const sum = (key: keyof ConfigCheck) => results.reduce((n, r) => n + Number(r[key]), 0);
      return {
        errors: results.flatMap((r) => r.errors.map((error) => `${r.tenant}: ${error}`)),
        insertedLists: sum('insertedLists'),
        updatedLists: sum('updatedLists'),
        deletedLists: sum('deletedLists'),
        insertedScripts: sum('insertedScripts'),
        updatedScripts: sum('updatedScripts'),
        deletedScripts: sum('deletedScripts'),
        insertedReports: sum('insertedReports'),
        updatedReports: sum('updatedReports'),
        deletedReports: sum('deletedReports'),
        userLists: sum('userLists'),
        userScripts: sum('userScripts'),
        lastConfigCheckDate: new Date().toISOString(),
        tenants: results,
      };
    },
  );
}
