import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { defaultWorkflows } from '@lbo/model/workflow/workflows';
import { referenceLists } from '@lbo/model/reference-lists';
import { artifactsDir, launchChromium, startProduct, type RunningProduct, openJourneyPage } from './support/product.ts';
import { listReady, notice, rows, settled, shownTexts, stillShown } from './support/pages.ts';

/**
 * The French the app ships: the core's and the domains' modules', as the web's composition root puts
 * them together. Loaded by its path, so that the root typecheck does not follow it into the web's
 * screens (compiled by the web's own configuration).
 */
const webModules = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/web/src/app/web-modules.ts');
const { shippedTranslations } = (await import(webModules)) as {
  shippedTranslations(locale: string): Promise<Record<string, string> | undefined>;
};
const frFR = (await shippedTranslations('fr-FR')) ?? {};

/**
 * The interface in French from a browser set to French: the sign-in page, a list, the
 * transitions of a row and a contract's workflow card. Every text on screen (text, placeholders,
 * labels for assistive technology) is compared with the English texts the app knows: an English
 * text shown where French was chosen is a text left untranslated.
 */
let product: RunningProduct;
let browser: Browser;
let page: Page;
const shot = (name: string) => page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
const at = (route: string) => `${product.url}${route}`;

/** English texts whose French differs (and that no French text spells the same), without placeholders. */
const frenchWords = new Set(Object.values(frFR));
const englishTexts = [
  ...new Set([...Object.keys(frFR), ...defaultWorkflows().flatMap((w) => w.transitions.map((t) => t.label))]),
].filter((en) => frFR[en] !== en && !frenchWords.has(en) && !/\{\w+\}/.test(en));

/** Codes of the reference lists and statuses that have a label of their own (`PARTIALLY_PAID`, `DEBIT_RETURNED`): shown raw, a code is not a word. */
const codes = new Set(
  Object.values(referenceLists).flatMap((items) =>
    items.map((item) => item.value).filter((value) => /^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/.test(value)),
  ),
);

/** The English texts (and raw codes) shown on the page: each text as a whole, and each side of a `·` or `|` separator. */
async function englishShown(): Promise<string[]> {
  const texts = await page.evaluate<string[]>(shownTexts);
  const pieces = texts.flatMap((text) => [text, ...text.split(/\s+[·|:]\s+/)]).map((text) => text.replace(/^✓\s*/, ''));
  const english = new Set(englishTexts);
  return [...new Set(pieces.filter((text) => english.has(text) || codes.has(text)))].sort();
}

/** The English still shown once late labels had their time. */
const englishLeft = () => stillShown(page, englishShown);

beforeAll(async () => {
  product = await startProduct();
  browser = await launchChromium();
  ({ page } = await openJourneyPage(browser, { locale: 'fr-FR' }));
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('the interface in French', () => {
  it('knows enough English to notice it', () => {
    expect(englishTexts.length).toBeGreaterThan(500);
    for (const text of ['Sign in', 'Back to draft', 'Approve', 'Reject', 'Workflow', 'Contracts'])
      expect(englishTexts).toContain(text);
  });

  it('signs in on a French page', async () => {
    await page.goto(at('/'));
    await page.waitForURL(/\/authentication\/login-page/);
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'fr-FR',
      'ltr',
    ]);
    expect(await englishLeft()).toEqual([]);
    await shot('sign-in-fr');
    await page.locator('input[name="username"]').fill(product.username);
    await page.locator('input[name="password"]').fill(product.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/authentication'));
  });

  it('keeps French chosen in the user menu for the list and the transitions of a row', async () => {
    await page.goto(at('/contracts?status=DRAFT'));
    await listReady(page);
    // The demo administrator's own locale is English: the user chooses French.
    if ((await page.evaluate(() => document.documentElement.lang)) !== 'fr-FR') {
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByText('Language').click();
      await page.getByText('Français', { exact: true }).click();
      await page.getByText('Français (France)').click();
    }
    await expect.poll(() => page.locator('h3').first().innerText()).toBe('Contrats');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'fr-FR',
      'ltr',
    ]);
    await listReady(page);
    // The cells' reference lists are read after the rows.
    await settled(page);
    expect(await englishLeft()).toEqual([]);

    const headers = (await page.locator('.ant-table-thead th').allInnerTexts()).map((h) => h.trim());
    const cell = (header: string) =>
      rows(page)
        .first()
        .locator(`td:nth-child(${headers.indexOf(header) + 1})`);
    const registration = (await cell('Immatriculation').innerText()).trim();
    expect(registration).toMatch(/^CT\d+$/);
    await cell('Nom').click();
    const drawer = page.locator(`[data-testid="row-transitions"][data-registration="${registration}"]`);
    await drawer.locator('[data-transition="SUBMIT"]').waitFor();
    expect(await drawer.locator('[data-transition="SUBMIT"]').innerText()).toBe('Soumettre');
    expect(await englishLeft()).toEqual([]);
    await drawer.locator('[data-transition="SUBMIT"]').click();
    await notice(page, `Transition « Soumettre » exécutée avec succès pour Contrat « ${registration} »`).waitFor();
    expect(await englishLeft()).toEqual([]);
    await drawer.waitFor({ state: 'detached' });

    await page.goto(at(`/contract/${registration}`));
    const card = page.locator('[data-testid="workflow-card"]');
    await card.locator('[data-transition="UNDO_SUBMIT"]').waitFor();
    await card.locator('[data-testid="status-history"] .ant-table-tbody tr.ant-table-row').first().waitFor();
    await page.locator('[data-testid="record-transitions"] [data-transition]').first().waitFor();
    const buttons = await card.locator('[data-testid="record-transitions"] [data-transition]').allInnerTexts();
    expect(buttons.map((b) => b.trim())).toEqual(
      expect.arrayContaining(['Revenir au brouillon', 'Approuver', 'Rejeter']),
    );
    await expect.poll(() => card.locator('.ant-card-head-title').first().innerText()).toBe('Flux de travail');
    expect(await englishLeft()).toEqual([]);
    await shot('workflow-card-fr');
  });

  it('shows the screens of the money cycle in French, lists and a detail of each: invoices, payments, payment files, statements, batches, cases, mandates, running contracts', async () => {
    const left: Record<string, string[]> = {};
    const look = async (route: string) => {
      await settled(page, () => page.goto(at(route)));
      const english = await englishLeft();
      if (english.length) left[route] = english;
    };
    const firstOf = async (list: string) => {
      await page.goto(at(list));
      await listReady(page);
      const href = await rows(page).first().locator('a[href^="/"]').first().getAttribute('href');
      return href ?? undefined;
    };
    for (const list of [
      '/invoices',
      '/cashflows',
      '/payment-files',
      '/camts',
      '/bank-transactions',
      '/batches',
      '/cases',
      '/sepas',
      '/contracts?status=ACTIVE',
    ]) {
      await look(list);
      const detail = await firstOf(list);
      if (detail) await look(detail);
    }
    await shot('money-cycle-fr');
    expect(left).toEqual({});
  }, 300_000);
});
