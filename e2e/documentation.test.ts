import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signedInPage } from './support/money-cycle.ts';
import { artifactsDir, startProduct, type RunningProduct } from './support/product.ts';

/**
 * The documentation (docs/shell-modes.md): the landing fallback of spec 000 §2.1 opens a real
 * page; the index lists the pages for users and administrators; a search finds a heading and its
 * link opens the page at that heading (the hash is kept under /documentation).
 */
let product: RunningProduct;
let browser: Browser;
let page: Page;
const at = (route: string) => `${product.url}${route}`;
const shot = (name: string) => page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });

beforeAll(async () => {
  product = await startProduct({ contracts: 5 });
  ({ browser, page } = await signedInPage(product));
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('documentation', () => {
  it('opens the landing fallback page, with the pages of its section beside it', async () => {
    await page.goto(at('/documentation/getting-started/getting-started'));
    const content = page.getByTestId('documentation-page');
    await content.getByRole('heading', { level: 1, name: 'Getting started' }).waitFor();
    await content.getByRole('heading', { level: 2, name: 'Where to go next' }).waitFor();
    await content.getByRole('menuitem', { name: 'Keyboard shortcuts' }).click();
    await page.waitForURL(/\/documentation\/getting-started\/keyboard-shortcuts$/);
    await content.getByRole('cell', { name: 'Ctrl+K' }).waitFor();
    await shot('documentation-page');
  }, 60_000);

  it('lists the pages for users and administrators, and a search leads to the heading', async () => {
    await page.goto(at('/documentation'));
    const index = page.getByTestId('documentation');
    await index.getByRole('link', { name: 'Signing in' }).waitFor();
    expect(await index.getByRole('link', { name: 'Translations' }).count()).toBe(1);
    await index.getByRole('searchbox', { name: 'Search the documentation' }).fill('forgotten password');
    await index.getByRole('searchbox', { name: 'Search the documentation' }).press('Enter');
    await page.waitForURL(/\/documentation-search\?q=forgotten\+password|q=forgotten%20password/);
    const results = page.getByTestId('documentation-search');
    const hit = results.getByRole('link', { name: 'Signing in › A forgotten password' });
    await hit.waitFor();
    await shot('documentation-search');
    await hit.click();
    await page.waitForURL(/\/documentation\/getting-started\/signing-in#a-forgotten-password$/);
    await page.locator('h2#a-forgotten-password').waitFor();

    await page.goto(at('/documentation-search?q=zebra'));
    await page.getByText('Nothing in the documentation matches "zebra".').waitFor();
    await page.goto(at('/documentation/getting-started/no-such-page'));
    await page.getByText('This page does not exist').waitFor();
  }, 60_000);
});
