import { ApiError } from '@lbo/model/errors';
import { isObject } from '@lbo/model/values/validate';
import type { Tx } from '../db/database.ts';
import { readConfiguration } from '../db/configuration.ts';
import type { TenantSetting } from '../auth/tenant-settings.ts';

/**
 * Where a tenant's vehicle catalogue (Lectura) is and how to reach it: the tenant configuration
 * section `vehicle-catalogue` (`PUT /api/core/tenant-configuration/vehicle-catalogue`):
 *
 *   { baseUrl, apiKey, timeoutMs (default 5000), cacheTtlSeconds (default 3600, 0 = no cache) }
 *
 * The key is never answered: a read shows `apiKey: '********'` when one is stored, and a write
 * that leaves the key out (or sends the mask back) keeps the stored one.
 */
export interface LecturaSettings {
  baseUrl?: string;
  apiKey?: string;
  timeoutMs?: number;
  cacheTtlSeconds?: number;
}

export const VEHICLE_CATALOGUE = 'vehicle-catalogue';
export const MASK = '********';
const fields = new Set(['baseUrl', 'apiKey', 'timeoutMs', 'cacheTtlSeconds']);

const bad = (field: string, why: string) =>
  new ApiError('INVALID_FIELD_IN_CONFIG', [`${VEHICLE_CATALOGUE}.${field}`, why]);

export function validateLecturaSettings(value: unknown): LecturaSettings {
  if (!isObject(value)) throw bad('', 'must be an object');
  for (const key of Object.keys(value)) if (!fields.has(key)) throw bad(key, 'unknown field');
  const { baseUrl, apiKey, timeoutMs, cacheTtlSeconds } = value;
  if (
    baseUrl !== undefined &&
    (typeof baseUrl !== 'string' || !/^https?:\/\/\S+$/.test(baseUrl) || baseUrl.length > 500)
  )
    throw bad('baseUrl', 'must be an http(s) URL');
  if (apiKey !== undefined && (typeof apiKey !== 'string' || apiKey.length > 500))
    throw bad('apiKey', 'must be a text of at most 500 characters');
  if (
    timeoutMs !== undefined &&
    !(Number.isInteger(timeoutMs) && (timeoutMs as number) > 0 && (timeoutMs as number) <= 60000)
  )
    throw bad('timeoutMs', 'must be an integer from 1 to 60000');
  if (
    cacheTtlSeconds !== undefined &&
    !(Number.isInteger(cacheTtlSeconds) && (cacheTtlSeconds as number) >= 0 && (cacheTtlSeconds as number) <= 86400)
  )
    throw bad('cacheTtlSeconds', 'must be an integer from 0 to 86400');
  return value as LecturaSettings;
}

export const lecturaSetting: TenantSetting<LecturaSettings> = {
  validate: validateLecturaSettings,
  default: {},
  shown: (stored) => (stored.apiKey ? { ...stored, apiKey: MASK } : stored),
  beforeWrite: async (_tx, _tenant, value, stored) =>
    value.apiKey === undefined || value.apiKey === MASK ? { ...value, apiKey: stored?.apiKey } : value,
};

export async function lecturaSettingsOf(tx: Tx, tenant: string): Promise<LecturaSettings> {
  return (await readConfiguration<LecturaSettings>(tx, tenant, VEHICLE_CATALOGUE)) ?? {};
}
