import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { dictionaryOf } from '@lbo/model/i18n/dictionaries';
import { closestLocale, languageOf } from '@lbo/model/i18n/locales';
import { followLanguageChanges } from './dayjs-locale.ts';
import { defaultLocale } from './locale.ts';

/**
 * Texts are keyed by their English wording (en-EU needs no dictionary) with `{name}`
 * placeholders, as the spec writes them. French ships with the app, loaded when it is first
 * used (it stays out of the sign-in bundle); a tenant's translations come from
 * `GET /api/core/locales/{locale}` and missing keys may be collected.
 */
export const i18n = i18next.createInstance();

type Translations = Record<string, string>;
/** Loads the texts shipped for a locale; undefined when none ships. */
export type ShippedTranslations = (locale: string) => Promise<Translations | undefined>;

/**
 * The core's texts by locale, in two layers: the labels drawn from the declarations (kinds, fields,
 * transitions), which a domain's texts may word better, and the core's own texts (the shell, the
 * generic screens), which stay over them.
 */
const coreDictionaries: Record<string, () => Promise<{ declared: Translations; texts: Translations }>> = {
  'fr-FR': async () => {
    const { frFRDeclared, frFRTexts } = await import('./fr-FR.ts');
    return { declared: frFRDeclared, texts: frFRTexts };
  },
};

/**
 * The texts of `locale`: in French (any `fr-*` locale) the core's around the domains' ones, the
 * declared labels under them, the core's own over them; in another shipped language its dictionary
 * (model i18n/texts), which holds the domains' texts too; undefined in English.
 */
export async function withCoreTranslations(
  locale: string,
  domainTexts?: Promise<Translations | undefined>,
): Promise<Translations | undefined> {
  const language = languageOf(locale);
  if (language !== 'fr') {
    const dictionary = await dictionaryOf(language);
    return dictionary && { ...dictionary };
  }
  const [core, domains] = await Promise.all([coreDictionaries['fr-FR'](), domainTexts]);
  return { ...core.declared, ...domains, ...core.texts };
}

/** The locale whose texts the modules ship for `locale`: French ones for every `fr-*` locale. */
export const shippedLocaleOf = (locale: string): string => (languageOf(locale) === 'fr' ? 'fr-FR' : locale);

/** The core's texts alone (a test, or an app without domains). */
export const coreTranslations: ShippedTranslations = (locale) => withCoreTranslations(locale);

/** What ships, as the app composed it (app/web-modules.ts adds the domains' texts); the core's alone by default. */
let shipped: ShippedTranslations = coreTranslations;
const shippedLoaded = new Set<string>();

/** Adds the dictionary shipped for `locale`, once; a tenant's translations already added keep precedence. */
export async function loadShippedTranslations(locale: string) {
  if (locale === defaultLocale || shippedLoaded.has(locale)) return;
  const dictionary = await shipped(locale);
  if (!dictionary) return;
  i18n.addResourceBundle(locale, 'translation', dictionary, true, false);
  shippedLoaded.add(locale);
}

type MissingKeySink = (locale: string, key: string) => void;
let missingKeySink: MissingKeySink | undefined;

/** Where keys without translation go (set when the configuration asks for them). */
export function onMissingKey(sink: MissingKeySink | undefined) {
  missingKeySink = sink;
}

/** Starts i18next in `locale`; `shippedTranslations` are the texts that ship with the app, by locale. */
export async function initI18n(locale = defaultLocale, shippedTranslations: ShippedTranslations = coreTranslations) {
  // A new store: nothing shipped is in it yet.
  shipped = shippedTranslations;
  shippedLoaded.clear();
  await i18n.use(initReactI18next).init({
    lng: locale,
    // A locale without a text of its own takes its language's first locale's (en-US the en-EU
    // string overrides, fr-BE a tenant's fr-FR translations); English keys are shown as they are.
    fallbackLng: languageFallback,
    resources: { 'en-EU': { translation: {} } },
    keySeparator: false,
    nsSeparator: false,
    returnEmptyString: false,
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
    // A tenant's string overrides are looked up first, then every text that ships or it translated.
    defaultNS: overridesNamespace,
    fallbackNS: 'translation',
    ns: [overridesNamespace, 'translation'],
    // Screens show a changed override at once, without a reload.
    react: { bindI18nStore: 'added removed' },
    saveMissing: true,
    missingKeyHandler: (languages, _ns, key) => {
      const lng = languages[0] ?? locale;
      if (lng !== defaultLocale) missingKeySink?.(lng, key);
    },
  });
  await loadShippedTranslations(locale);
  followLanguageChanges(i18n);
  return i18n;
}

/** The first locale of a locale's language, when it is another one (`en-US` → `en-EU`, `fr-BE` → `fr-FR`). */
export function languageFallback(locale: string): string[] {
  const first = closestLocale(languageOf(locale));
  return first && first !== locale ? [first] : [];
}

/** Translates outside React (API client, validation). */
export function t(key: string, values?: Record<string, unknown>): string {
  return i18n.isInitialized ? i18n.t(key, values) : fillEnglish(key, values);
}

/** The English text with its `{name}` placeholders filled (used before i18n is ready and in tests). */
export function fillEnglish(key: string, values: Record<string, unknown> = {}): string {
  return key.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The namespace of a tenant's string overrides, looked up before the shipped and translated texts. */
const overridesNamespace = 'overrides';

/**
 * Puts a tenant's string overrides (`{ [locale]: { [key]: text } }`) in force in place of the
 * previous ones: they sit in a namespace of their own, so taking one away shows the text beneath.
 */
export function applyStringOverrides(overrides: Record<string, Record<string, string>>) {
  for (const locale of Object.keys(i18n.store?.data ?? {}))
    if (i18n.hasResourceBundle(locale, overridesNamespace) && !overrides[locale])
      i18n.removeResourceBundle(locale, overridesNamespace);
  for (const [locale, texts] of Object.entries(overrides)) {
    const current = i18n.getResourceBundle(locale, overridesNamespace) as Record<string, string> | undefined;
    if (current && JSON.stringify(current) === JSON.stringify(texts)) continue;
    if (current) i18n.removeResourceBundle(locale, overridesNamespace);
    i18n.addResourceBundle(locale, overridesNamespace, texts, false, true);
  }
}

/** Adds a tenant's translations for `locale` over the shipped ones. */
export function addTranslations(locale: string, translations: Record<string, string>) {
  i18n.addResourceBundle(locale, 'translation', translations, true, true);
}

/**
 * Collects keys that have no translation and sends them in batches, debounced 1 s
 * (spec 000 §7: POST /api/core/locales/{locale}/keys with keysToAdd).
 */
export function missingKeyCollector(send: (locale: string, keys: string[]) => Promise<unknown>, delayMs = 1000) {
  const pending = new Map<string, Set<string>>();
  const sent = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    for (const [locale, keys] of pending) {
      if (keys.size) void send(locale, [...keys]).catch(() => undefined);
    }
    pending.clear();
  };
  return (locale: string, key: string) => {
    const id = `${locale}\u0000${key}`;
    if (sent.has(id)) return;
    sent.add(id);
    if (!pending.has(locale)) pending.set(locale, new Set());
    pending.get(locale)!.add(key);
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, delayMs);
  };
}
