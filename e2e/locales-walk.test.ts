import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { languageOf } from '@lbo/model/i18n/locales';
import { artifactsDir, startProduct, type RunningProduct } from './support/product.ts';
import { signedInPage } from './support/money-cycle.ts';
import { listReady, rows, settled, shownTexts, stillShown } from './support/pages.ts';

/**
 * English left on screens in other languages: for each of a fixed set of locales, a fixed set of
 * screens (contracts, a contract, persons, invoices, a form) is opened and every text shown
 * (text, placeholders, labels for assistive technology, the title) is compared with the English
 * reference texts (model i18n/texts/reference.json) that the locale's language translates
 * differently.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const textsDir = path.resolve(here, '../packages/model/src/i18n/texts');
const readJson = (file: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.join(textsDir, file), 'utf8'));
const reference = readJson('reference.json');

/** French ships with the web's code, not as a dictionary file: read as the app composes it (as e2e/french.test.ts does). */
const webModules = path.resolve(here, '../packages/web/src/app/web-modules.ts');
const { shippedTranslations } = (await import(webModules)) as {
  shippedTranslations(locale: string): Promise<Record<string, string> | undefined>;
};
/** A language's texts; French also names its reference lists' labels, which the reference holds beside their English. */
const dictionaryOf = async (language: string): Promise<Record<string, string>> =>
  language === 'fr' ? { ...reference, ...((await shippedTranslations('fr-FR')) ?? {}) } : readJson(`${language}.json`);

/**
 * antd's own texts in a locale (its table's filter buttons, its pickers): its translators' choice,
 * which may be an English word (Dutch `Reset`). Loaded by path, as the web does (app/shell/antd-locale.ts).
 */
const antdLocales = path.resolve(here, '../packages/web/src/app/shell/antd-locale.ts');
const { loadAntdLocale } = (await import(antdLocales)) as { loadAntdLocale(locale: string): Promise<unknown> };
const stringsOf = (node: unknown): string[] =>
  typeof node === 'string' ? [node] : node && typeof node === 'object' ? Object.values(node).flatMap(stringsOf) : [];

const walkedLocales = [
  'de-DE',
  'es-ES',
  'it-IT',
  'nl-NL',
  'pt-BR',
  'ru-RU',
  'uk-UA',
  'hu-HU',
  'lt-LT',
  'pl-PL',
  'ro-RO',
  'tr-TR',
  'ar-MA',
  'fr-BE',
  'mx-MX',
];

const letters = (text: string) => text.match(/\p{L}/gu)?.length ?? 0;

/**
 * The English texts a language says otherwise (or does not say yet): longer than 3 letters, without
 * placeholder, spelled like none of its own texts.
 */
function englishOf(dictionary: Record<string, string>): Set<string> {
  const own = new Set(Object.values(dictionary));
  return new Set(
    Object.keys(reference).filter(
      (en) => letters(en) > 3 && !/\{\w+\}/.test(en) && dictionary[en] !== en && !own.has(en),
    ),
  );
}

let product: RunningProduct;
let browser: Browser;
let page: Page;
const at = (route: string) => `${product.url}${route}`;

async function englishShown(english: Set<string>): Promise<string[]> {
  const texts = await page.evaluate<string[]>(shownTexts);
  const pieces = texts.flatMap((text) => [text, ...text.split(/\s+[·|:]\s+/)]).map((text) => text.replace(/^✓\s*/, ''));
  return [...new Set(pieces.filter((text) => english.has(text)))].sort();
}

/** Puts the interface in `locale` as the language menu does in this browser, and reloads. */
async function chooseLocale(locale: string) {
  await page.evaluate((tag) => {
    const state = JSON.parse(localStorage.getItem('lbo.ui-state') ?? '{}');
    localStorage.setItem('lbo.ui-state', JSON.stringify({ ...state, locale: tag }));
  }, locale);
}

beforeAll(async () => {
  product = await startProduct({ contracts: 40 });
  ({ browser, page } = await signedInPage(product));
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('English left on the screens of other languages', () => {
  it('knows the English of the reference', () => {
    expect(Object.keys(reference).length).toBeGreaterThan(1000);
    // A text the language spells like English is not English left; one it lacks is.
    const english = englishOf({ Contracts: 'Verträge', Save: 'Save', Saved: 'Save' });
    expect(english.has('Contracts')).toBe(true);
    expect(english.has('Save')).toBe(false);
    expect(english.has('Sign in')).toBe(true);
  });

  it('shows none on contracts, a contract, persons, invoices and a form, in each locale walked', async () => {
    await page.goto(at('/contracts'));
    await listReady(page);
    const contract = await rows(page).first().locator('a[href^="/contract/"]').first().getAttribute('href');
    expect(contract).toMatch(/^\/contract\//);
    const screens = ['/contracts', contract!, '/persons', '/invoices', '/person'];
    const left: Record<string, Record<string, string[]>> = {};
    for (const locale of walkedLocales) {
      const dictionary = await dictionaryOf(languageOf(locale));
      expect(Object.keys(dictionary).length, `the ${languageOf(locale)} dictionary`).toBeGreaterThan(1000);
      const english = englishOf(dictionary);
      for (const text of stringsOf(await loadAntdLocale(locale))) english.delete(text);
      await chooseLocale(locale);
      for (const screen of screens) {
        await settled(page, () => page.goto(at(screen)));
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).not.toBe('en');
        const shown = await stillShown(page, () => englishShown(english));
        if (shown.length) (left[locale] ??= {})[screen] = shown;
      }
      await page.screenshot({ path: path.join(artifactsDir, `locales-walk-${locale}.png`), fullPage: true });
    }
    expect(left).toEqual({});
  }, 1_200_000);
});
