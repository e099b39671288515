import type { StringOverrides } from './flags-api.ts';

/** One overridden text, as the screen's table lists it. */
export interface OverrideRow {
  locale: string;
  key: string;
  text: string;
}

export const overrideRows = (overrides: StringOverrides): OverrideRow[] =>
  Object.entries(overrides)
    .flatMap(([locale, texts]) => Object.entries(texts).map(([key, text]) => ({ locale, key, text })))
    .sort((a, b) => a.key.localeCompare(b.key) || a.locale.localeCompare(b.locale));

export const withOverride = (
  overrides: StringOverrides,
  locale: string,
  key: string,
  text: string,
): StringOverrides => ({
  ...overrides,
  [locale]: { ...overrides[locale], [key]: text },
});

export function withoutOverride(overrides: StringOverrides, locale: string, key: string): StringOverrides {
  const { [key]: _removed, ...rest } = overrides[locale] ?? {};
  const { [locale]: _locale, ...others } = overrides;
  return Object.keys(rest).length ? { ...others, [locale]: rest } : others;
}

/** Shipped keys containing `search` (any case), those starting with it first; at most `limit`. */
export function shippedKeysMatching(keys: string[], search: string, limit = 50): string[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [];
  const found = keys.filter((k) => k.toLowerCase().includes(needle));
  const starting = found.filter((k) => k.toLowerCase().startsWith(needle));
  return [...starting, ...found.filter((k) => !k.toLowerCase().startsWith(needle))].slice(0, limit);
}
