import { useEffect, useState } from 'react';
import dayjs from 'dayjs';
import { languageOf, localeInfo } from '@lbo/model/i18n/locales';

/**
 * dayjs in the interface's locale: month and day names from `dayjs/locale/<x>` (loaded when a
 * locale is first used, so they stay out of the first bundle) and the first day of the week from
 * the product's own table (model i18n/locales.ts `weekStart`, which dayjs's files do not always
 * share: en-US weeks start on Sunday, fr-DZ on Saturday). Each locale becomes a dayjs locale of its
 * own, `lbo-fr-fr`, that date pickers name (antd reads the week's first day from it).
 */

type Loader = () => Promise<{ default: ILocale }>;
/** The files dayjs ships for the product's locales; a locale without its own takes its language's. */
const loaders: Record<string, Loader> = {
  'en-gb': () => import('dayjs/locale/en-gb.js'),
  'en-ie': () => import('dayjs/locale/en-ie.js'),
  'en-in': () => import('dayjs/locale/en-in.js'),
  fr: () => import('dayjs/locale/fr.js'),
  'fr-ch': () => import('dayjs/locale/fr-ch.js'),
  de: () => import('dayjs/locale/de.js'),
  'de-at': () => import('dayjs/locale/de-at.js'),
  'de-ch': () => import('dayjs/locale/de-ch.js'),
  es: () => import('dayjs/locale/es.js'),
  'es-mx': () => import('dayjs/locale/es-mx.js'),
  it: () => import('dayjs/locale/it.js'),
  nl: () => import('dayjs/locale/nl.js'),
  'nl-be': () => import('dayjs/locale/nl-be.js'),
  pt: () => import('dayjs/locale/pt.js'),
  'pt-br': () => import('dayjs/locale/pt-br.js'),
  pl: () => import('dayjs/locale/pl.js'),
  ro: () => import('dayjs/locale/ro.js'),
  hu: () => import('dayjs/locale/hu.js'),
  lt: () => import('dayjs/locale/lt.js'),
  ru: () => import('dayjs/locale/ru.js'),
  uk: () => import('dayjs/locale/uk.js'),
  tr: () => import('dayjs/locale/tr.js'),
  ar: () => import('dayjs/locale/ar.js'),
  'ar-ma': () => import('dayjs/locale/ar-ma.js'),
  'ar-dz': () => import('dayjs/locale/ar-dz.js'),
  'ar-tn': () => import('dayjs/locale/ar-tn.js'),
  'ar-sa': () => import('dayjs/locale/ar-sa.js'),
};

/** The dayjs file of a locale: its own (`de-ch`), Mexican Spanish's (`mx-MX` → `es-mx`), else its language's. */
export function dayjsFileOf(locale: string): string {
  const intl = (localeInfo(locale)?.intl ?? locale).toLowerCase();
  if (loaders[intl]) return intl;
  const language = languageOf(locale);
  return loaders[language] ? language : 'en';
}

/** The dayjs locale the product defines for `locale`: `lbo-fr-fr`. */
export const dayjsLocaleName = (locale: string) => `lbo-${locale.toLowerCase()}`;

const defined = new Map<string, Promise<string>>();

/** Defines (once) the dayjs locale of `locale` and answers its name. */
export function loadDayjsLocale(locale: string): Promise<string> {
  const name = dayjsLocaleName(locale);
  let loading = defined.get(name);
  if (!loading) {
    const file = dayjsFileOf(locale);
    loading = (file === 'en' ? Promise.resolve(dayjs.Ls.en) : loaders[file]().then((m) => m.default)).then((base) => {
      const { preparse: _preparse, postformat: _postformat, ...names } = base as ILocale & Record<string, unknown>;
      // Digits stay Latin in typed dates (formats.ts writes the locale's digits for display).
      dayjs.locale({ ...names, name, weekStart: localeInfo(locale)?.weekStart ?? 1 } as ILocale, undefined, true);
      return name;
    });
    defined.set(name, loading);
  }
  return loading;
}

/** Puts dayjs in `locale` (month and day names, week start), once its file is loaded. */
export async function applyDayjsLocale(locale: string): Promise<void> {
  dayjs.locale(await loadDayjsLocale(locale));
}

interface LanguageSource {
  language?: string;
  on: (event: 'languageChanged', listener: (locale: string) => void) => void;
}
const followed = new WeakSet<LanguageSource>();

/** Keeps dayjs in the locale of an i18next instance, from now on and whenever it changes (once per instance). */
export function followLanguageChanges(i18n: LanguageSource) {
  const follow = (locale: string) => void applyDayjsLocale(locale).catch(() => undefined);
  if (i18n.language) follow(i18n.language);
  if (followed.has(i18n)) return;
  followed.add(i18n);
  i18n.on('languageChanged', follow);
}

/** The name of the dayjs locale of `locale` once it is defined (a date picker's `lang.locale`); undefined before. */
export function useDayjsLocale(locale: string): string | undefined {
  const name = dayjsLocaleName(locale);
  const [ready, setReady] = useState(() => dayjs.Ls[name] !== undefined);
  useEffect(() => {
    if (dayjs.Ls[name]) return setReady(true);
    setReady(false);
    let current = true;
    void loadDayjsLocale(locale).then(() => current && setReady(true));
    return () => {
      current = false;
    };
  }, [locale, name]);
  return ready ? name : undefined;
}
