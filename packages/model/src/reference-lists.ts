/**
 * The built-in reference lists (code tables) served by `GET /api/script/lists` (spec 002 §7),
 * and the lookup that answers it. Status lists come from the kinds' declarations, the other
 * lists from `lists/`, one file per area; a tenant may override any list by name.
 */
import type { ListItem } from './lists/item.ts';
import { codeTables, mergeLists } from './lists/code-tables.ts';
import { statusLists, statusListsOf } from './lists/statuses.ts';
import { onKindsRegistered } from './entity-registry.ts';

export type { Label, ListItem } from './lists/item.ts';
export { taxRates } from './lists/billing.ts';
export { entityStatuses } from './lists/statuses.ts';

/** One entry as the lists endpoint answers it (spec 002 §3, reference list item). */
export interface ListValue {
  value: string;
  label: string;
  /** The label is in the requested language (not a fallback). */
  isTranslated: boolean;
}

/** Spec 000 §9: the locale when none is given. */
export const defaultLocale = 'en-EU';

/** The status lists, derived from the kinds' declarations, and the code tables of the area files. */
export const referenceLists: Record<string, ListItem[]> = mergeLists([statusLists, codeTables]);

// A kind registered later (a test's fixture kind) brings its status list.
onKindsRegistered((kinds) => Object.assign(referenceLists, mergeLists([statusListsOf(kinds)])));

/** Names of the built-in lists, sorted. */
export function listNames(): string[] {
  return Object.keys(referenceLists).sort();
}

/**
 * The items of list `name` in the language of `locale`: French for `fr*` locales, English
 * otherwise. A tenant override of the same name replaces the built-in list. An unknown name
 * answers a single ERROR item, which the client reads as "list not found" (spec 002 §7).
 */
export function listValues(
  name: string,
  locale: string = defaultLocale,
  overrides: Record<string, ListItem[]> = {},
): ListValue[] {
  const list = Object.hasOwn(overrides, name)
    ? overrides[name]
    : Object.hasOwn(referenceLists, name)
      ? referenceLists[name]
      : undefined;
  if (!Array.isArray(list)) return [{ value: 'ERROR', label: `List not found ${name}`, isTranslated: false }];
  const requested = (locale || defaultLocale).toLowerCase().split(/[-_]/)[0];
  const language = requested === 'fr' ? 'fr' : 'en';
  return list.map((item) => {
    // Overrides are tenant data: at run time a label may be a bare string or lack a language.
    const raw: unknown = item.label;
    if (typeof raw === 'string') return { value: item.value, label: raw || item.value, isTranslated: false };
    const labels: Partial<ListItem['label']> = raw ?? {};
    const label = labels[language] || labels.en || labels.fr || item.value;
    return { value: item.value, label, isTranslated: requested === language && Boolean(labels[language]) };
  });
}
