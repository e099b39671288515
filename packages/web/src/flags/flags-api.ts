import { entityByName } from '@lbo/model/entity-registry';
import { api } from '../app/api/client.ts';
import { apiPaths, dataProvider } from '../app/api/data-provider.ts';

/** The calls of the flag screen and the string overrides screen (docs/feature-flags.md). */
export const flagKind = entityByName('FeatureFlag')!;
export const flagItemKind = entityByName('FeatureFlagItem')!;

/** A targeting rule: ENABLED turns the flag on for its profile or user, DISABLED off, DRAFT nothing yet. */
export interface FlagItem {
  registration: string;
  status: 'DRAFT' | 'ENABLED' | 'DISABLED';
  flagName: string;
  profile?: string | null;
  username?: string | null;
}

/** What a flag gates, as declared with its name. */
export interface FlagGates {
  menus: { path: string }[];
  transitions: { entity: string; code: string; label: string }[];
  routes: { method: string; url: string }[];
}

export type StringOverrides = Record<string, Record<string, string>>;

export const flagQueryKeys = {
  items: (name: string) => ['feature-flag', name, 'items'] as const,
  gates: (name: string) => ['feature-flag', name, 'gates'] as const,
  stringOverrides: ['string-overrides'] as const,
};

export async function flagItems(name: string): Promise<FlagItem[]> {
  const { rows } = await dataProvider.list(flagItemKind, { flagName: name, sort: 'registration', range: '[0-199]' });
  return rows as unknown as FlagItem[];
}

/** Adds a rule and puts it in force: on (ENABLE) or off (DISABLE). */
export async function addFlagItem(name: string, target: { profile?: string; username?: string }, on: boolean) {
  const { data } = await dataProvider.create<FlagItem>(flagItemKind, { flagName: name, ...target });
  return dataProvider.transition(flagItemKind, data.registration, on ? 'ENABLE' : 'DISABLE');
}

export const flagGates = (name: string) =>
  api.get<FlagGates>(`${apiPaths.record(flagKind, name)}/gates`, { silent: true });

export const readStringOverrides = () => api.get<StringOverrides>(apiPaths.scriptRun('string-overrides'));

/** The whole section is written at once: the screen sends what it shows. */
export const saveStringOverrides = (overrides: StringOverrides) =>
  api.put<StringOverrides>('/api/core/tenant-configuration/string-overrides', overrides);
