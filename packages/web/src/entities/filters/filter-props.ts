import type { Entity } from '@lbo/model/entity';
import type { FilterDef } from '@lbo/model/search';

/** What every filter control receives: the filter, the current URL values, and a way to change them. */
export interface FilterProps {
  entity: Entity;
  filter: FilterDef;
  label: string;
  /** Current values by query parameter name. */
  values: Record<string, string>;
  /** Sets parameters (an empty string removes one); applied to the URL at once. */
  onChange(changes: Record<string, string>): void;
}

/** `A,-B` ↔ tokens; a leading minus marks an excluded value (ctrl-click). */
export const tokensOf = (value: string | undefined) =>
  value
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
export const isExcluded = (token: string) => token.startsWith('-');
export const plainValue = (token: string) => token.replace(/^-/, '');

/** Selecting a value with ctrl (or command) held adds it excluded; selecting it again removes it. */
export function toggleToken(tokens: string[], value: string, exclude: boolean): string[] {
  const rest = tokens.filter((t) => plainValue(t) !== value);
  return rest.length !== tokens.length && !exclude ? rest : [...rest, exclude ? `-${value}` : value];
}
