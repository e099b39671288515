/**
 * The built-in reference lists (code tables) served by `GET /api/script/lists` (spec 002 §7),
 * and the lookup that answers it. Status lists come from the kinds' declarations, the other
 * lists from `lists/`, one file per area; a tenant may override any list by name.
 */
import type { ListItem } from './lists/item.ts';
import { codeTables, mergeLists } from './lists/code-tables.ts';
import { statusLists, statusListsOf } from './lists/statuses.ts';
import { onKindsRegistered } from './entity-registry.ts';
import { loadedDictionary } from './i18n/dictionaries.ts';
import { languageOf } from './i18n/locales.ts';
import { intlName } from './lists/geography.ts';

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
 * The items of list `name` in the language of `locale`: French from the lists, another shipped
 * language from its dictionary (loaded before: `dictionaryOf`), names of countries, currencies and
 * languages from Intl, English otherwise. A tenant override of the same name replaces the built-in
 * list. An unknown name answers a single ERROR item, which the client reads as "list not found"
 * (spec 002 §7).
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
  const language = languageOf(locale || defaultLocale);
  // English answers a locale of a language the product does not ship, untranslated.
  const askedEnglish = (locale || defaultLocale).toLowerCase().startsWith('en');
  const dictionary = language === 'fr' || language === 'en' ? undefined : loadedDictionary(language);
  return list.map((item) => {
    // Overrides are tenant data: at run time a label may be a bare string or lack a language.
    const raw: unknown = item.label;
    if (typeof raw === 'string') return { value: item.value, label: raw || item.value, isTranslated: false };
    const labels: Partial<Record<string, string>> = raw ?? {};
    if (item.names && language !== 'en' && language !== 'fr')
      return { value: item.value, label: intlName(item.names, language, item.value), isTranslated: true };
    const own = labels[language] ?? (labels.en ? dictionary?.[labels.en] : undefined);
    const label = own || labels.en || labels.fr || item.value;
    return {
      value: item.value,
      label,
      isTranslated: language === 'en' ? askedEnglish && Boolean(labels.en) : Boolean(own),
    };
  });
}
