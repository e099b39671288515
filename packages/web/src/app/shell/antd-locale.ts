import { useEffect, useState } from 'react';
import type { Locale } from 'antd/es/locale';
import enGB from 'antd/es/locale/en_GB';
import { localeInfo } from '@lbo/model/i18n/locales';

/**
 * antd's own texts (pagination, date pickers, empty tables, modals' buttons) in the interface's
 * locale. antd ships one file per language and country; each of our locales takes its own when antd
 * has it (`fr-BE`, `pt-BR`, `en-US`), else the one of its language (`ar-MA` → `ar_EG`, `mx-MX` →
 * `es_ES`). Loaded lazily: a chunk per antd file, none in the sign-in bundle but English.
 */
type Loaded = { default: Locale };
const antdFiles: Record<string, () => Promise<Loaded>> = {
  en_US: () => import('antd/es/locale/en_US'),
  fr_FR: () => import('antd/es/locale/fr_FR'),
  fr_BE: () => import('antd/es/locale/fr_BE'),
  de_DE: () => import('antd/es/locale/de_DE'),
  es_ES: () => import('antd/es/locale/es_ES'),
  it_IT: () => import('antd/es/locale/it_IT'),
  nl_NL: () => import('antd/es/locale/nl_NL'),
  nl_BE: () => import('antd/es/locale/nl_BE'),
  pt_PT: () => import('antd/es/locale/pt_PT'),
  pt_BR: () => import('antd/es/locale/pt_BR'),
  pl_PL: () => import('antd/es/locale/pl_PL'),
  ro_RO: () => import('antd/es/locale/ro_RO'),
  hu_HU: () => import('antd/es/locale/hu_HU'),
  lt_LT: () => import('antd/es/locale/lt_LT'),
  ru_RU: () => import('antd/es/locale/ru_RU'),
  uk_UA: () => import('antd/es/locale/uk_UA'),
  tr_TR: () => import('antd/es/locale/tr_TR'),
  ar_EG: () => import('antd/es/locale/ar_EG'),
};

/** The file of each language when antd has none for the country. */
const languageFiles: Record<string, string> = {
  en: 'en_GB',
  fr: 'fr_FR',
  de: 'de_DE',
  es: 'es_ES',
  it: 'it_IT',
  nl: 'nl_NL',
  pt: 'pt_PT',
  pl: 'pl_PL',
  ro: 'ro_RO',
  hu: 'hu_HU',
  lt: 'lt_LT',
  ru: 'ru_RU',
  uk: 'uk_UA',
  tr: 'tr_TR',
  ar: 'ar_EG',
};

/** The antd file of a locale: `fr-BE` → `fr_BE`, `ar-MA` → `ar_EG`, `en-EU` → `en_GB`; English for one not shipped. */
export function antdFileOf(locale: string): string {
  const info = localeInfo(locale);
  if (!info) return 'en_GB';
  const own = info.tag.replace('-', '_');
  if (own in antdFiles || own === 'en_GB') return own;
  return languageFiles[info.language] ?? 'en_GB';
}

const loaded = new Map<string, Locale>([['en_GB', enGB]]);

/** antd's texts of `locale` if already loaded (English until then). */
export const antdLocaleIfLoaded = (locale: string): Locale | undefined => loaded.get(antdFileOf(locale));

/** Loads antd's texts of `locale` once; English when its file cannot be loaded. */
export async function loadAntdLocale(locale: string): Promise<Locale> {
  const file = antdFileOf(locale);
  const known = loaded.get(file);
  if (known) return known;
  try {
    const texts = (await antdFiles[file]()).default;
    loaded.set(file, texts);
    return texts;
  } catch {
    return enGB;
  }
}

/** antd's texts of the interface's locale, loaded when it changes (the previous ones shown meanwhile). */
export function useAntdLocale(locale: string): Locale {
  const [shown, setShown] = useState<Locale>(() => antdLocaleIfLoaded(locale) ?? enGB);
  useEffect(() => {
    let current = true;
    void loadAntdLocale(locale).then((texts) => current && setShown(texts));
    return () => {
      current = false;
    };
  }, [locale]);
  return antdLocaleIfLoaded(locale) ?? shown;
}
