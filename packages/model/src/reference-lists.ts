/**
 * The built-in reference lists (code tables) served by `GET /api/script/lists` (spec 002 §7),
 * and the lookup that answers it. The data is in `lists/`, one file per area; a tenant may
 * override any list by name.
 */
import type { ListItem } from './lists/item.ts';
import { assetLists } from './lists/assets.ts';
import { bankingLists } from './lists/banking.ts';
import { billingLists } from './lists/billing.ts';
import { catalogLists } from './lists/catalogs.ts';
import { documentLists } from './lists/documents.ts';
import { engagementLists } from './lists/engagement.ts';
import { financingLists } from './lists/financing.ts';
import { geographyLists } from './lists/geography.ts';
import { personLists } from './lists/person.ts';
import { personalSituationLists } from './lists/personal-situation.ts';
import { platformLists } from './lists/platform.ts';
import { registrationLists } from './lists/registration.ts';
import { statusLists } from './lists/statuses.ts';
import { supportLists } from './lists/support.ts';

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

/** Merges the area files; a name declared twice is a mistake, not an override. */
function merge(groups: Record<string, ListItem[]>[]): Record<string, ListItem[]> {
  const lists: Record<string, ListItem[]> = {};
  for (const group of groups) {
    for (const [name, entries] of Object.entries(group)) {
      if (Object.hasOwn(lists, name)) throw new Error(`Reference list ${name} is declared twice`);
      lists[name] = entries;
    }
  }
  return lists;
}

export const referenceLists: Record<string, ListItem[]> = merge([
  statusLists, financingLists, catalogLists, assetLists, billingLists, bankingLists, personLists,
  personalSituationLists, registrationLists, geographyLists, supportLists, engagementLists,
  documentLists, platformLists,
]);

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
  const list = Object.hasOwn(overrides, name) ? overrides[name] : Object.hasOwn(referenceLists, name) ? referenceLists[name] : undefined;
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
