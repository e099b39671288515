import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  documentDictionaries,
  documentLanguage,
  documentPlaceholders,
  documentText,
} from '@lbo/model/i18n/documents/document-texts';
import { translatedLanguages } from '@lbo/model/i18n/locales';
import { workbookEnglishTexts } from '../../accounting/report-workbooks.ts';
import { onboardingTexts } from '../../financing/partner-onboarding.ts';
import { builtInTemplates, mailEnglishTexts } from '../../mail/templates.ts';
import { batchEndedTexts } from '../../notifications/batch-ended.ts';
import { letterHeadings } from '../dunning/dunning-letter.ts';
import { defaultDunning } from '../dunning/dunning-settings.ts';
import { invoiceEnglishTexts } from './invoice-texts.ts';

/**
 * Every text of the documents the server writes, in every language: the reference
 * (model/src/i18n/documents/reference.json, English → French) is computed from the texts the
 * code renders, and each language's dictionary must translate all of it with the same
 * placeholders. `UPDATE_DOCUMENT_TEXTS=1` writes the reference again (new texts with the French
 * the code holds, or empty for a translator).
 */
const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../model/src/i18n/documents');

/** A text worth translating: words besides its placeholders (`{{subject}}` alone is not). */
const hasWords = (text: string) => /\p{L}/u.test(text.replace(/\{\{?[^{}]+\}\}?/g, ''));

function usedTexts(): Record<string, string | undefined> {
  const used: Record<string, string | undefined> = {};
  for (const text of [
    ...invoiceEnglishTexts,
    ...Object.values(letterHeadings),
    ...Object.values(onboardingTexts),
    ...Object.values(batchEndedTexts),
    ...workbookEnglishTexts,
  ])
    used[text] = undefined;
  for (const level of defaultDunning.levels) {
    used[level.texts.en.subject] = level.texts.fr?.subject;
    used[level.texts.en.body] = level.texts.fr?.body;
  }
  for (const { defaults } of Object.values(builtInTemplates)) {
    used[defaults.en.subject] = defaults.fr.subject;
    used[defaults.en.text] = defaults.fr.text;
  }
  for (const text of mailEnglishTexts) used[text] ??= undefined;
  return Object.fromEntries(Object.entries(used).filter(([text]) => hasWords(text)));
}

/**
 * A placeholder a translation may leave out: the payer greeted by name, where a language's letters
 * greet formally ("Madame, Monsieur," — the address block names the payer). Every other one is kept.
 */
const mayBeLeftOut = ['{payer}'];
const placeholdersKept = (translation: string, english: string) =>
  documentPlaceholders(translation).join() ===
  documentPlaceholders(english)
    .filter((p) => !mayBeLeftOut.includes(p) || translation.includes(p))
    .join();

const readJson = (file: string) =>
  JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as Record<string, string>;

describe('the documents texts', () => {
  const used = usedTexts();
  if (process.env.UPDATE_DOCUMENT_TEXTS) {
    const written = readJson('reference.json');
    const next = Object.fromEntries(
      Object.keys(used)
        .sort()
        .map((text) => [text, written[text] || used[text] || '']),
    );
    fs.writeFileSync(path.join(folder, 'reference.json'), `${JSON.stringify(next, null, 1)}\n`);
  }
  const reference = readJson('reference.json');

  it('have a reference holding exactly the texts the server writes, each with its French', () => {
    expect(Object.keys(used).length).toBeGreaterThan(60);
    expect(Object.keys(used).filter((text) => !(text in reference))).toEqual([]);
    expect(Object.keys(reference).filter((text) => !(text in used))).toEqual([]);
    expect(Object.keys(reference).filter((text) => !reference[text].trim())).toEqual([]);
  });

  it('have a dictionary for every language the product translates', () => {
    expect(Object.keys(documentDictionaries).sort()).toEqual([...translatedLanguages].sort());
  });

  it.each(Object.keys(documentDictionaries))('are all translated in %s, with the same placeholders', (language) => {
    const dictionary = documentDictionaries[language];
    expect(Object.keys(reference).filter((text) => !dictionary[text]?.trim())).toEqual([]);
    expect(Object.keys(dictionary).filter((text) => !(text in reference))).toEqual([]);
    const wrong = Object.keys(reference).filter((text) => !placeholdersKept(dictionary[text] ?? '', text));
    expect(wrong).toEqual([]);
  });

  it('are written in the language of a locale, English otherwise', () => {
    expect(documentLanguage('lt-LT')).toBe('lt');
    expect(documentLanguage('mx-MX')).toBe('es');
    expect(documentLanguage('en-IN')).toBe('en');
    expect(documentLanguage('eo')).toBe('en');
    expect(documentText('de-DE', 'Invoice')).toBe('Rechnung');
    expect(documentText('ar-MA', 'Page {page} of {pages}', { page: '1', pages: '2' })).toBe('صفحة 1 من 2');
    expect(documentText('ja-JP', 'Due date')).toBe('Due date');
  });
});
