import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLocale } from './locale.ts';

/**
 * Texts are keyed by their English wording (en-EU needs no dictionary) with `{name}`
 * placeholders, as the spec writes them. French ships with the app, loaded when it is first
 * used (it stays out of the sign-in bundle); a tenant's translations come from
 * `GET /api/core/locales/{locale}` and missing keys may be collected.
 */
export const i18n = i18next.createInstance();

const shippedDictionaries: Record<string, () => Promise<Record<string, string>>> = {
  'fr-FR': async () => (await import('./fr-FR.ts')).frFR,
};
const shippedLoaded = new Set<string>();

/** Adds the dictionary shipped for `locale`, once; a tenant's translations already added keep precedence. */
export async function loadShippedTranslations(locale: string) {
  const load = shippedDictionaries[locale];
  if (!load || shippedLoaded.has(locale)) return;
  i18n.addResourceBundle(locale, 'translation', await load(), true, false);
  shippedLoaded.add(locale);
}

type MissingKeySink = (locale: string, key: string) => void;
let missingKeySink: MissingKeySink | undefined;

/** Where keys without translation go (set when the configuration asks for them). */
export function onMissingKey(sink: MissingKeySink | undefined) {
  missingKeySink = sink;
}

export async function initI18n(locale = defaultLocale) {
  // A new store: nothing shipped is in it yet.
  shippedLoaded.clear();
  await i18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: { 'en-EU': { translation: {} } },
    keySeparator: false,
    nsSeparator: false,
    returnEmptyString: false,
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
    saveMissing: true,
    missingKeyHandler: (languages, _ns, key) => {
      const lng = languages[0] ?? locale;
      if (lng !== defaultLocale) missingKeySink?.(lng, key);
    },
  });
  await loadShippedTranslations(locale);
  return i18n;
}

/** Translates outside React (API client, validation). */
export function t(key: string, values?: Record<string, unknown>): string {
  return i18n.isInitialized ? i18n.t(key, values) : fillEnglish(key, values);
}

/** The English text with its `{name}` placeholders filled (used before i18n is ready and in tests). */
export function fillEnglish(key: string, values: Record<string, unknown> = {}): string {
  return key.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
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
