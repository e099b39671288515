import type { TranslatedLanguage } from './locales.ts';

/** The languages with a dictionary file, `texts/{language}.json` (French ships its texts with the code). */
export const dictionaryLanguages = [
  'de',
  'es',
  'it',
  'nl',
  'pt',
  'ru',
  'uk',
  'hu',
  'lt',
  'pl',
  'ro',
  'tr',
  'ar',
] as const satisfies readonly Exclude<TranslatedLanguage, 'fr'>[];

export type DictionaryLanguage = (typeof dictionaryLanguages)[number];
