/**
 * The shipped texts of each language, keyed by their English wording with `{name}` placeholders
 * (`texts/{language}.json`, one file a language; French keeps its texts beside the code that shows
 * them). Each file is loaded when a locale of its language is first used: the web makes a chunk of
 * each, the server reads them for lists, PDFs, letters and mails.
 */
import type { TranslatedLanguage } from './locales.ts';

export type Dictionary = Readonly<Record<string, string>>;

type Loaded = { default: Dictionary };
const loaders: Record<Exclude<TranslatedLanguage, 'fr'>, () => Promise<Loaded>> = {
  de: () => import('./texts/de.json', { with: { type: 'json' } }),
  es: () => import('./texts/es.json', { with: { type: 'json' } }),
  it: () => import('./texts/it.json', { with: { type: 'json' } }),
  nl: () => import('./texts/nl.json', { with: { type: 'json' } }),
  pt: () => import('./texts/pt.json', { with: { type: 'json' } }),
  ru: () => import('./texts/ru.json', { with: { type: 'json' } }),
  uk: () => import('./texts/uk.json', { with: { type: 'json' } }),
  hu: () => import('./texts/hu.json', { with: { type: 'json' } }),
  lt: () => import('./texts/lt.json', { with: { type: 'json' } }),
  pl: () => import('./texts/pl.json', { with: { type: 'json' } }),
  ro: () => import('./texts/ro.json', { with: { type: 'json' } }),
  tr: () => import('./texts/tr.json', { with: { type: 'json' } }),
  ar: () => import('./texts/ar.json', { with: { type: 'json' } }),
};

/** The languages with a dictionary file (French ships its texts with the code). */
export const dictionaryLanguages = Object.keys(loaders) as (keyof typeof loaders)[];

const loaded = new Map<string, Dictionary>();

/** The dictionary of a language, loaded once; undefined for English and for a language without one. */
export async function dictionaryOf(language: string): Promise<Dictionary | undefined> {
  const known = loaded.get(language);
  if (known) return known;
  if (!Object.hasOwn(loaders, language)) return undefined;
  const dictionary = (await loaders[language as keyof typeof loaders]()).default;
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
