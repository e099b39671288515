import { sql } from 'kysely';
import { ApiError } from '@lbo/model/errors';
import { entityByName } from '@lbo/model/entity-registry';
import { sizeInBytes } from '@lbo/model/values/files';
import { isObject } from '@lbo/model/values/validate';
import type { Db, Tx } from '../db/database.ts';
import { readConfiguration, type TenantConfig } from '../db/configuration.ts';
import { CRON_LIST, validateCronList } from '../jobs/crons.ts';
import { defaultProfilesPermissions, hasPermission, permissionsOf } from './permissions.ts';

/**
 * A section of the tenant configuration (spec 000 §3 "globally scoped configuration
 * collections"): the core declares its own here and each module adds its sections
 * (`ServerModule.tenantSettings`), so that `PUT /api/core/tenant-configuration/{name}` knows
 * every name and checks each document as an entity's body is checked: its shape, no unknown
 * field, the first problem thrown naming the field.
 */
export interface TenantSetting<T = unknown> {
  validate(value: unknown): T;
  /** Answered when the tenant has stored nothing. */
  default?: unknown;
  /** What a read answers of the stored document (secrets left out). */
  shown?(stored: T): unknown;
  /** In the write's transaction, before storing: checks against other records, or completes from the stored document. */
  beforeWrite?(tx: Tx, tenant: string, value: T, stored: T | undefined): Promise<T>;
  /**
   * Before the write's transaction, on a connection of its own: checks against what another
   * tenant holds (the master's host assignments), which the tenant's transaction cannot read.
   */
  check?(db: Db, tenant: string, value: T): Promise<void>;
  /**
   * Read and written by the master tenant's super admin only (`write /api/core/tenants`): a
   * section about the installation, such as which tenant a host name belongs to.
   */
  masterOnly?: boolean;
  /** Turns a failed write into the catalogue's error (a unique claim held by another tenant). */
  writeError?(error: unknown, value: T): never;
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

/** `{PROFILE: [names]}`, or the collection form `[{profile, permissions}]`; it replaces the defaults whole, so it may not be empty. */
function validateProfilesPermissions(value: unknown): Record<string, string[]> {
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
}

function validateTenantConfig(value: unknown): TenantConfig {
  if (!isObject(value)) throw new ApiError('INVALID_NON_EMPTY_OBJECT_FIELD', ['body']);
  const unknown = Object.keys(value).find((key) => !tenantConfigFields.includes(key));
  if (unknown) throw new ApiError('INVALID_FIELD_IN_BODY', [unknown]);
  const kinds = ['MASTER', 'SUPPORT', 'TEST', 'PRODUCTION', 'DEMO'];
  if (value.type !== undefined && !kinds.includes(value.type as string))
    throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(value.type), 'type']);
  if (value.landingPage !== undefined && (typeof value.landingPage !== 'string' || !value.landingPage.startsWith('/')))
    throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(value.landingPage), 'landingPage']);
  for (const key of ['menus', 'responsiveBottomNavigation'])
    if (value[key] !== undefined && !Array.isArray(value[key])) throw new ApiError('INVALID_ARRAY_FIELD', [key]);
  for (const key of ['options', 'scriptOverrides'])
    if (value[key] !== undefined && !isObject(value[key])) throw new ApiError('INVALID_OBJECT_FIELD', [key]);
  if (value.collectMissingTranslations !== undefined && typeof value.collectMissingTranslations !== 'boolean')
    throw new ApiError('INVALID_BOOLEAN_FIELD', ['collectMissingTranslations']);
  checkFileOptions(value.options as Record<string, unknown> | undefined);
  checkOfflineOptions(value.options as Record<string, unknown> | undefined);
  return value as TenantConfig;
}

/** The most contracts a browser keeps for offline use (docs/offline.md). */
export const MAX_PRELOADED_CONTRACTS = 200;

/** The offline mode (spec 002 §4, §9): `offlineSupport` on or off, `preloadContractsCount` a whole number of contracts. */
function checkOfflineOptions(options: Record<string, unknown> | undefined) {
  if (options?.offlineSupport !== undefined && typeof options.offlineSupport !== 'boolean')
    throw new ApiError('INVALID_BOOLEAN_FIELD', ['options.offlineSupport']);
  const count = options?.preloadContractsCount;
  if (
    count !== undefined &&
    !(typeof count === 'number' && Number.isInteger(count) && count >= 0 && count <= MAX_PRELOADED_CONTRACTS)
  )
    throw new ApiError('INVALID_FIELD_IN_CONFIG', [
      'options.preloadContractsCount',
      `a whole number from 0 to ${MAX_PRELOADED_CONTRACTS}`,
    ]);
}

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

/** The sections of the core: who may do what, the tenant's options, its recurring jobs. */
export const coreTenantSettings: Record<string, TenantSetting> = {
  profilesPermissions: {
    validate: validateProfilesPermissions,
    default: defaultProfilesPermissions,
    beforeWrite: async (tx, tenant, value) => {
      await assertAdministrable(tx, tenant, value as Record<string, string[]>);
      return value;
    },
  },
  'tenant-config': { validate: validateTenantConfig, default: {} },
  [CRON_LIST]: { validate: validateCronList, default: {} },
};

export async function profilesPermissionsOf(tx: Tx, tenant: string): Promise<Record<string, string[]>> {
  return (
    (await readConfiguration<Record<string, string[]>>(tx, tenant, 'profilesPermissions')) ?? defaultProfilesPermissions
  );
}
