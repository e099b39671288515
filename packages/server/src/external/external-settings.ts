import { ApiError } from '@lbo/model/errors';
import { isObject } from '@lbo/model/values/validate';
import type { Tx } from '../db/database.ts';
import { tenantConfigOf } from '../db/configuration.ts';

/**
 * Which provider serves each external lookup of a tenant, and where: `tenant-config`
 * `options.externalServices`:
 *
 *   { registry:  { SIR: { provider: 'RechercheEntreprises', baseUrl, timeoutMs }, SRT: … },
 *     addresses: { provider: 'GouvFr', GouvFr: { baseUrl, timeoutMs } } }
 *
 * Without configuration, SIREN and SIRET go to the French public company search and addresses to
 * no provider (None). Read in the request's transaction, so a change applies at once everywhere.
 */
export interface ProviderSettings {
  provider: string;
  baseUrl?: string;
  timeoutMs?: number;
}

export interface ExternalSettings {
  registry: Record<string, ProviderSettings>;
  addresses: { provider: string; providers: Record<string, Omit<ProviderSettings, 'provider'>> };
}

export const defaultRegistry: Record<string, ProviderSettings> = {
  SIR: { provider: 'RechercheEntreprises' },
  SRT: { provider: 'RechercheEntreprises' },
};

function providerSettings(value: unknown, path: string): Omit<ProviderSettings, 'provider'> & { provider?: string } {
  if (!isObject(value)) throw new ApiError('INVALID_FIELD_IN_CONFIG', [path, 'must be an object']);
  if (value.baseUrl !== undefined && (typeof value.baseUrl !== 'string' || !/^https?:\/\//.test(value.baseUrl)))
    throw new ApiError('INVALID_FIELD_IN_CONFIG', [`${path}.baseUrl`, 'must be an http(s) URL']);
  if (value.timeoutMs !== undefined && !(Number.isInteger(value.timeoutMs) && (value.timeoutMs as number) > 0))
    throw new ApiError('INVALID_FIELD_IN_CONFIG', [`${path}.timeoutMs`, 'must be a positive integer']);
  if (value.provider !== undefined && typeof value.provider !== 'string')
    throw new ApiError('INVALID_FIELD_IN_CONFIG', [`${path}.provider`, 'must be a string']);
  return value as unknown as ProviderSettings;
}

export async function externalSettingsOf(tx: Tx, tenant: string): Promise<ExternalSettings> {
  const raw = (await tenantConfigOf(tx, tenant)).options?.externalServices ?? {};
  if (!isObject(raw)) throw new ApiError('INVALID_FIELD_IN_CONFIG', ['options.externalServices', 'must be an object']);
  const registry: Record<string, ProviderSettings> = { ...defaultRegistry };
  if (raw.registry !== undefined) {
    if (!isObject(raw.registry))
      throw new ApiError('INVALID_FIELD_IN_CONFIG', ['options.externalServices.registry', 'must be an object']);
    for (const [type, value] of Object.entries(raw.registry)) {
      const s = providerSettings(value, `options.externalServices.registry.${type}`);
      registry[type] = { ...s, provider: s.provider ?? registry[type]?.provider ?? '' };
    }
  }
  const addressesRaw = raw.addresses ?? {};
  if (!isObject(addressesRaw))
    throw new ApiError('INVALID_FIELD_IN_CONFIG', ['options.externalServices.addresses', 'must be an object']);
  const providers: ExternalSettings['addresses']['providers'] = {};
  for (const [name, value] of Object.entries(addressesRaw)) {
    if (name !== 'provider') providers[name] = providerSettings(value, `options.externalServices.addresses.${name}`);
  }
  const provider = typeof addressesRaw.provider === 'string' ? addressesRaw.provider : 'None';
  return { registry, addresses: { provider, providers } };
}
