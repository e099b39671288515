import { type TranslatedLanguage, translatedLanguages } from './locales.ts';

export type DictionaryLanguage = Exclude<TranslatedLanguage, 'fr'>;

/** The languages with a dictionary file, `texts/{language}.json` (French ships its texts with the code). */
export const dictionaryLanguages: readonly DictionaryLanguage[] = translatedLanguages.filter(
  (language): language is DictionaryLanguage => language !== 'fr',
);
