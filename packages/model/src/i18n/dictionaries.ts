/**
 * The shipped texts of each language, keyed by their English wording with `{name}` placeholders
 * (`texts/{language}.json`, one file a language; French keeps its texts beside the code that shows
 * them). Each file is loaded when a locale of its language is first used: the web makes a chunk of
 * each, the server reads them for lists, PDFs, letters and mails.
 */
import { readTexts } from '#texts-loader';
import { type DictionaryLanguage, dictionaryLanguages } from './dictionary-languages.ts';

export type Dictionary = Readonly<Record<string, string>>;

export { dictionaryLanguages };

const loaded = new Map<string, Dictionary>();

/** The dictionary of a language, loaded once; undefined for English and for a language without one. */
export async function dictionaryOf(language: string): Promise<Dictionary | undefined> {
  const known = loaded.get(language);
  if (known) return known;
  if (!(dictionaryLanguages as readonly string[]).includes(language)) return undefined;
  const dictionary = await readTexts(language as DictionaryLanguage);
  loaded.set(language, dictionary);
  return dictionary;
}

/** The dictionary of a language if already loaded (a synchronous caller that loaded it before). */
export const loadedDictionary = (language: string): Dictionary | undefined => loaded.get(language);

/** `{name}` placeholders of a text, sorted: a translation must keep the same. */
export const placeholdersOf = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Loads every dictionary (a server does once, at start, for the synchronous lookups of lists and documents). */
export async function loadDictionaries(): Promise<void> {
  await Promise.all(dictionaryLanguages.map(dictionaryOf));
}
