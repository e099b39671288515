/**
 * The web's reading of a dictionary (`#texts-loader` under the `browser` condition): one chunk per
 * language, fetched when the language is first used.
 */
import type { Dictionary } from './dictionaries.ts';
import type { DictionaryLanguage } from './dictionary-languages.ts';

type Loaded = { default: Dictionary };
const loaders: Record<DictionaryLanguage, () => Promise<Loaded>> = {
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

export async function readTexts(language: DictionaryLanguage): Promise<Dictionary> {
  return (await loaders[language]()).default;
}
