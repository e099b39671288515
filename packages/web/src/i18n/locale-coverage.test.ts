import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@lbo/model/errors';
import { dictionaryLanguages, dictionaryOf, placeholdersOf, type Dictionary } from '@lbo/model/i18n/dictionaries';
import { locales, translatedLanguages } from '@lbo/model/i18n/locales';
import { referenceLists } from '@lbo/model/reference-lists';
import { shippedTranslations } from '../app/web-modules.ts';

/**
 * Every text of the interface in every shipped language. The reference is the English of every
 * text the web shows (the keys of its French, which french-coverage.test.ts holds complete against
 * the sources), the labels of the reference lists and the messages of the error catalogue, written
 * to model/src/i18n/texts/reference.json with the French beside each key for the translators
 * (`npm run i18n:reference` writes it again). Each language's dictionary must translate all of it,
 * keep the placeholders, not copy the English, and drop what the web no longer shows.
 */
const referencePath = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../model/src/i18n/texts/reference.json',
);

/** `$` argument markers of an error message, in order: a translation keeps their number. */
const argumentsOf = (text: string) => (text.match(/\$/g) ?? []).length;

async function computedReference(): Promise<Record<string, string>> {
  const french = (await shippedTranslations('fr-FR')) ?? {};
  const out: Record<string, string> = { ...french };
  for (const list of Object.values(referenceLists))
    for (const item of list) if (!item.names && item.label.en) out[item.label.en] ??= item.label.fr;
  for (const [, message] of Object.values(errorCatalogue)) out[message] ??= french[message] ?? '';
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

let reference: Record<string, string>;
const dictionaries: Record<string, Dictionary> = {};
beforeAll(async () => {
  reference = await computedReference();
  if (process.env.UPDATE_I18N_REFERENCE) fs.writeFileSync(referencePath, `${JSON.stringify(reference, null, 1)}\n`);
  for (const language of dictionaryLanguages) dictionaries[language] = (await dictionaryOf(language)) ?? {};
});

describe('the texts of every language', () => {
  it('have a reference that holds every text the web shows (npm run i18n:reference writes it)', () => {
    const written = JSON.parse(fs.readFileSync(referencePath, 'utf8')) as Record<string, string>;
    expect(Object.keys(reference).length).toBeGreaterThan(2000);
    expect(Object.keys(reference).filter((key) => !(key in written))).toEqual([]);
  });

  it('ship a dictionary for each language of a locale', () => {
    const languages = new Set(locales.map((l) => l.language));
    expect(locales.length).toBeGreaterThanOrEqual(40);
    expect([...languages].filter((l) => l !== 'en' && !translatedLanguages.includes(l as never))).toEqual([]);
    expect([...dictionaryLanguages, 'fr'].sort()).toEqual([...translatedLanguages].sort());
  });

  it.each(dictionaryLanguages)('translate every text in %s', (language) => {
    const dictionary = dictionaries[language];
    expect(Object.keys(reference).filter((key) => !dictionary[key]?.trim())).toEqual([]);
  });

  it.each(dictionaryLanguages)('hold no text the web no longer shows, in %s', (language) => {
    expect(Object.keys(dictionaries[language]).filter((key) => !(key in reference))).toEqual([]);
  });

  it.each(dictionaryLanguages)('keep the placeholders and the error arguments in %s', (language) => {
    const dictionary = dictionaries[language];
    const wrong = Object.keys(reference).filter((key) => {
      const text = dictionary[key];
      if (!text) return false;
      return placeholdersOf(key).join() !== placeholdersOf(text).join() || argumentsOf(key) !== argumentsOf(text);
    });
    expect(wrong).toEqual([]);
  });

  it.each(dictionaryLanguages)('do not copy the English in %s', (language) => {
    const dictionary = dictionaries[language];
    // Some words are the same in both (Status, IBAN, Leasing); a copied dictionary is not.
    const copied = Object.keys(reference).filter((key) => /[a-z]{3}/.test(key) && dictionary[key] === key);
    expect(copied.length / Object.keys(reference).length).toBeLessThan(0.08);
  });
});
