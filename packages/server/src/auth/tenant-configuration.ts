import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { ApiError } from '@lbo/model/errors';
import { sizeInBytes } from '@lbo/model/values/files';
import { entityByName } from '@lbo/model/entity-registry';
import { isObject } from '@lbo/model/values/validate';
import { referenceLists } from '@lbo/model/reference-lists';
import { inTenant, scopeOf, type Db, type Tx } from '../db/database.ts';
import { defaultProfilesPermissions, hasPermission, permissionsOf } from './permissions.ts';
import { CRON_LIST, validateCronList } from '../jobs/crons.ts';
import { validateInvoiceLayout } from '../billing/invoice-pdf/invoice-layout.ts';
import { validatePostingRules } from '../accounting/posting-rules.ts';
import { validateDebitReturns, validateDunning } from '../billing/dunning/dunning-settings.ts';
import {
  keepingSecrets,
  ownedElsewhere,
  validateSsoConfiguration,
  withoutSecrets,
  type SsoConfiguration,
} from '../sso/sso-config.ts';

/**
 * Tenant configuration documents (spec 000 §3 "globally scoped configuration collections"),
 * one per name and tenant, in the `tenant_configuration` table. Only admins (or holders of the
 * strict `read|write /api/core/tenant-configuration`) read or change them, because
 * `profilesPermissions` decides every other permission.
 */
export type TenantKind = 'MASTER' | 'SUPPORT' | 'TEST' | 'PRODUCTION' | 'DEMO';

export interface TenantConfig {
  /** Tenant kind; the tenant named `master` is always MASTER. */
  type?: TenantKind;
  landingPage?: string;
  options?: Record<string, unknown>;
  menus?: unknown[];
  responsiveBottomNavigation?: unknown[];
  scriptOverrides?: Record<string, unknown>;
  collectMissingTranslations?: boolean;
}

const stringList = (v: unknown) =>
  Array.isArray(v) && v.every((s) => typeof s === 'string' && s.trim() !== '' && s.length <= 200);

/** A profile is a code of the `profile` reference list or one a tenant added to it: upper-case letters, digits, `_`. */
const profileCode = /^[A-Z][A-Z0-9_]{0,63}$/;

const tenantConfigFields = [
  'type',
  'landingPage',
  'options',
  'menus',
  'responsiveBottomNavigation',
  'scriptOverrides',
  'collectMissingTranslations',
];

/**
 * Checks and normalises a configuration document, as an entity's body is checked: its shape per
 * name, no unknown field; the first problem throws naming the field.
 */
const validators: Record<string, (value: unknown) => unknown> = {
  /** `{PROFILE: [names]}`, or the collection form `[{profile, permissions}]`; it replaces the defaults whole, so it may not be empty. */
  profilesPermissions(value) {
    if (Array.isArray(value) && value.length === 0) throw new ApiError('EMPTY_BODY_ARRAY', ['profilesPermissions']);
    const entries = Array.isArray(value)
      ? value.map((item, i) => {
          if (!isObject(item) || typeof item.profile !== 'string' || !item.profile)
            throw new ApiError('INVALID_FIELD_IN_BODY', [`[${i}].profile`]);
          const unknown = Object.keys(item).find((key) => key !== 'profile' && key !== 'permissions');
          if (unknown) throw new ApiError('INVALID_FIELD_IN_BODY', [`[${i}].${unknown}`]);
          return [item.profile, item.permissions, `[${i}]`] as const;
        })
      : isObject(value)
        ? Object.entries(value).map(([k, v]) => [k, v, k] as const)
        : undefined;
    if (!entries?.length) throw new ApiError('INVALID_NON_EMPTY_OBJECT_FIELD', ['body']);
    const out: Record<string, string[]> = {};
    for (const [profile, permissions, path] of entries) {
      if (!profileCode.test(profile))
        throw new ApiError('INVALID_FIELD_VALUE', [
          JSON.stringify(profile).slice(0, 80),
          Array.isArray(value) ? `${path}.profile` : 'profile',
        ]);
      if (profile in out) throw new ApiError('VALUE_ALREADY_EXISTS', [profile, 'profile']);
      if (!stringList(permissions))
        throw new ApiError('INVALID_ARRAY_FIELD', [Array.isArray(value) ? `${path}.permissions` : path]);
      out[profile] = (permissions as string[]).map((p) => p.trim().replace(/\s+/g, ' '));
    }
    return out;
  },
  'tenant-config'(value) {
    if (!isObject(value)) throw new ApiError('INVALID_NON_EMPTY_OBJECT_FIELD', ['body']);
    const unknown = Object.keys(value).find((key) => !tenantConfigFields.includes(key));
    if (unknown) throw new ApiError('INVALID_FIELD_IN_BODY', [unknown]);
    const kinds = ['MASTER', 'SUPPORT', 'TEST', 'PRODUCTION', 'DEMO'];
    if (value.type !== undefined && !kinds.includes(value.type as string))
      throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(value.type), 'type']);
    if (
      value.landingPage !== undefined &&
      (typeof value.landingPage !== 'string' || !value.landingPage.startsWith('/'))
    )
      throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(value.landingPage), 'landingPage']);
    for (const key of ['menus', 'responsiveBottomNavigation'])
      if (value[key] !== undefined && !Array.isArray(value[key])) throw new ApiError('INVALID_ARRAY_FIELD', [key]);
    for (const key of ['options', 'scriptOverrides'])
      if (value[key] !== undefined && !isObject(value[key])) throw new ApiError('INVALID_OBJECT_FIELD', [key]);
    if (value.collectMissingTranslations !== undefined && typeof value.collectMissingTranslations !== 'boolean')
      throw new ApiError('INVALID_BOOLEAN_FIELD', ['collectMissingTranslations']);
    checkFileOptions(value.options as Record<string, unknown> | undefined);
    return value;
  },
  /** Single sign-on providers and hosts (auth/sso/sso-config.ts). */
  sso: validateSsoConfiguration,
  /** The layout of invoice PDFs (billing/invoice-pdf/invoice-layout.ts). */
  invoiceLayout: validateInvoiceLayout,
  /** Dunning levels, late-payment interest and recovery indemnity; returned debits' fee (billing/dunning/dunning-settings.ts). */
  dunning: validateDunning,
  debitReturns: validateDebitReturns,
  /** Recurring jobs (jobs/crons.ts). */
  [CRON_LIST]: validateCronList,
  /** Posting rules of the books (accounting/posting-rules.ts). */
  postingRules: validatePostingRules,
};

/** The documents' rules: `maxDocumentSize` like `5MB`, `documentExtensions` a list of extensions. */
function checkFileOptions(options: Record<string, unknown> | undefined) {
  const size = options?.maxDocumentSize;
  if (
    size !== undefined &&
    ((typeof size !== 'string' && typeof size !== 'number') || sizeInBytes(size) === undefined)
  ) {
    throw new ApiError('INVALID_FIELD_IN_CONFIG', ['options.maxDocumentSize', 'a size like 5MB']);
  }
  const extensions = options?.documentExtensions;
  if (
    extensions !== undefined &&
    !(Array.isArray(extensions) && extensions.every((e) => typeof e === 'string' && /^\.?[a-z0-9]{1,10}$/i.test(e)))
  ) {
    throw new ApiError('INVALID_FIELD_IN_CONFIG', [
      'options.documentExtensions',
      'a list of extensions like pdf, docx',
    ]);
  }
}

/** What an administrator must be granted: managing users and this configuration. */
const administration = ['write /api/core/users', 'write /api/core/tenant-configuration'];

/**
 * Refuses a profiles → permissions map under which no user of the tenant could both sign in (a
 * password, not locked) and administer it (an admin flag, or profiles granting `administration`):
 * such a change could only be undone from outside the tenant.
 */
async function assertAdministrable(
  tx: Tx,
  tenant: string,
  profilesPermissions: Record<string, string[]>,
): Promise<void> {
  const { rows } = await sql<{
    data: Record<string, unknown>;
  }>`SELECT u.data FROM ${sql.table(entityByName('User')!.table)} u
    JOIN user_credential c ON c.tenant = u.tenant AND c.username = u.registration
    WHERE u.tenant = ${tenant} AND c.password_hash IS NOT NULL AND coalesce(u.data ->> 'isLocked', 'false') <> 'true'`.execute(
    tx,
  );
  const administrable = rows.some(({ data }) => {
    const profiles = Array.isArray(data.profiles)
      ? data.profiles.filter((p): p is string => typeof p === 'string')
      : [];
    const grants = {
      isAdmin: data.isAdmin === true,
      isMainAdmin: data.isMainAdmin === true,
      isSuperAdmin: data.isSuperAdmin === true,
      permissions: permissionsOf(profiles, profilesPermissions),
    };
    return administration.every((name) => hasPermission(grants, name));
  });
  if (!administrable)
    throw new ApiError('INVALID_FIELD_VALUE', [
      '(no administrator of the tenant could sign in)',
      'profilesPermissions',
    ]);
}

export const configurationNames = Object.keys(validators);

export async function readConfiguration<T>(tx: Tx, tenant: string, name: string): Promise<T | undefined> {
  const { rows } = await sql<{
    value: T;
  }>`SELECT value FROM tenant_configuration WHERE tenant = ${tenant} AND name = ${name}`.execute(tx);
  return rows[0]?.value;
}

export async function writeConfiguration(
  tx: Tx,
  tenant: string,
  name: string,
  value: unknown,
  user: string,
): Promise<void> {
  await sql`INSERT INTO tenant_configuration (tenant, name, value, updated_by) VALUES (${tenant}, ${name}, ${JSON.stringify(value)}::jsonb, ${user})
    ON CONFLICT (tenant, name) DO UPDATE SET value = excluded.value, updated_at = now(), updated_by = excluded.updated_by`.execute(
    tx,
  );
}

export async function profilesPermissionsOf(tx: Tx, tenant: string): Promise<Record<string, string[]>> {
  return (
    (await readConfiguration<Record<string, string[]>>(tx, tenant, 'profilesPermissions')) ?? defaultProfilesPermissions
  );
}

export async function tenantConfigOf(tx: Tx, tenant: string): Promise<TenantConfig> {
  const config = (await readConfiguration<TenantConfig>(tx, tenant, 'tenant-config')) ?? {};
  return tenant === 'master' ? { ...config, type: 'MASTER' } : config;
}

type PreHandler = (request: FastifyRequest) => Promise<void>;

export async function tenantConfigurationRoutes(
  app: FastifyInstance,
  { db, preHandler }: { db: Db; preHandler: PreHandler },
) {
  const nameParam = (request: FastifyRequest) => {
    const { name } = request.params as { name: string };
    if (!validators[name]) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', ['TenantConfiguration', name]);
    return name;
  };
  const scope = (request: FastifyRequest) => scopeOf(request.caller!);

  app.get(
    '/api/core/tenant-configuration/:name',
    { preHandler, config: { permission: 'read /api/core/tenant-configuration' } },
    async (request) => {
      const name = nameParam(request);
      return inTenant(db, scope(request), async (tx) => {
        const stored = await readConfiguration(tx, request.caller!.tenant, name);
        // Secrets of single sign-on providers are never answered.
        if (name === 'sso' && stored) return withoutSecrets(stored as SsoConfiguration);
        return stored ?? (name === 'profilesPermissions' ? defaultProfilesPermissions : {});
      });
    },
  );

  app.put(
    '/api/core/tenant-configuration/:name',
    { preHandler, config: { permission: 'write /api/core/tenant-configuration' } },
    async (request) => {
      const name = nameParam(request);
      if (request.body === undefined || request.body === null || request.body === '')
        throw new ApiError('MISSING_BODY_PAYLOAD');
      let value = validators[name](request.body);
      await inTenant(db, scope(request), async (tx) => {
        if (name === 'profilesPermissions')
          await assertAdministrable(tx, request.caller!.tenant, value as Record<string, string[]>);
        if (name === 'sso')
          value = keepingSecrets(
            value as SsoConfiguration,
            await readConfiguration<SsoConfiguration>(tx, request.caller!.tenant, name),
          );
        await writeConfiguration(tx, request.caller!.tenant, name, value, request.caller!.username).catch((error) =>
          name === 'sso' && (error as { code?: string }).code === '23505'
            ? ownedElsewhere(error, value as SsoConfiguration)
            : Promise.reject(error),
        );
      });
      return name === 'sso' ? withoutSecrets(value as SsoConfiguration) : value;
    },
  );

  /** Spec 000 §7: checks the tenant's configuration; lists and scripts are not synchronised from elsewhere, so nothing is inserted. */
  app.get(
    '/api/core/tenants/check-config',
    { preHandler, config: { permission: 'read /api/core/tenant-configuration' } },
    async (request) => {
      const caller = request.caller!;
      const query = request.query as Record<string, string | undefined>;
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
