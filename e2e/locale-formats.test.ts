import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { artifactsDir, startProduct, type RunningProduct } from './support/product.ts';
import { signedInPage } from './support/money-cycle.ts';

/**
 * Formats follow the user's locale in what is typed as in what is shown (docs/locale-formats.md):
 * in en-US a day is typed month first and an amount with a comma between thousands; in fr-FR the
 * day first and a space between thousands; both are stored alike. In ru-RU and ar-MA a word is
 * typed on the on-screen keyboard.
 */
let product: RunningProduct;
let browser: Browser;
let page: Page;
const shot = (name: string) => page.screenshot({ path: path.join(artifactsDir, `locale-formats-${name}.png`) });
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });
const at = (route: string) => `${product.url}${route}`;
const field = (name: string) => page.locator(`[data-field="${name}"]`);
/** The detail form's save button, in any language. */
const save = () =>
  page
    .locator('button.ant-btn-primary')
    .filter({ has: page.locator('.anticon-save') })
    .click();

/** Calls the API with the page's session, as the app does. */
const call = <T = Record<string, unknown>>(method: string, url: string, body?: unknown) =>
  page.evaluate(
    async ({ method, url, body }) => {
      const token = sessionStorage.getItem('lbo.token') ?? localStorage.getItem('lbo.token');
      const response = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return response.ok ? response.json() : { status: response.status, body: await response.text() };
    },
    { method, url, body },
  ) as Promise<T>;

/**
 * The user's locale, as the language menu sets it: saved with the user and in this browser's
 * interface state (which the app reads first), then the page reloaded.
 */
async function useLocale(locale: string) {
  const user = await call<{ _version?: number; status?: number }>(
    'GET',
    `/api/core/users/${encodeURIComponent(product.username)}`,
  );
  const saved = await call<{ locale?: string; body?: string }>(
    'PATCH',
    `/api/core/users/${encodeURIComponent(product.username)}`,
    { locale, _version: user._version },
  );
  expect(saved.locale, saved.body).toBe(locale);
  await page.evaluate((locale) => {
    const key = 'lbo.ui-state';
    const state = JSON.parse(localStorage.getItem(key) ?? '{}');
    localStorage.setItem(key, JSON.stringify({ ...state, locale }));
  }, locale);
  await page.reload();
  await poll(() => page.evaluate(() => document.documentElement.lang)).toBe(
    locale === 'en-EU' ? 'en' : locale.replace(/^mx-/, 'es-'),
  );
}

/** A new invoice typed in the current locale and saved; answers the stored invoice. */
async function typeInvoice(number: string, day: string, amount: string) {
  await page.goto(at('/invoice'));
  await field('invoiceNumber').locator('input').waitFor();
  await field('invoiceNumber').locator('input').fill(number);
  const dueDate = field('dueDate').locator('input');
  await dueDate.click();
  await dueDate.pressSequentially(day, { delay: 20 });
  await dueDate.press('Tab');
  const amountInput = field('amountExclTax').locator('input');
  await amountInput.click();
  await amountInput.pressSequentially(amount, { delay: 20 });
  await amountInput.press('Tab');
  await save();
  await page.waitForURL(/\/invoice\/INV/);
  const registration = new URL(page.url()).pathname.split('/').pop()!;
  return call<{ invoiceNumber: string; dueDate: string; amountExclTax: number }>(
    'GET',
    `/api/billing/invoices/${registration}`,
  );
}

beforeAll(async () => {
  product = await startProduct();
  ({ browser, page } = await signedInPage(product));
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('formats of the locale', () => {
  it('reads a day typed month first and an amount with comma thousands in en-US', async () => {
    await useLocale('en-US');
    const invoice = await typeInvoice('US-1', '03/04/2025', '1,234.56');
    expect(invoice).toMatchObject({ invoiceNumber: 'US-1', dueDate: '2025-03-04', amountExclTax: 1234.56 });
    // Shown back in the locale's format.
    await poll(() => field('dueDate').locator('input').inputValue()).toBe('03-04-2025');
    await poll(() => field('amountExclTax').locator('input').inputValue()).toBe('1,234.56');
    await shot('en-US');
  }, 120_000);

  it('reads a day typed day first and an amount with space thousands in fr-FR', async () => {
    await useLocale('fr-FR');
    const invoice = await typeInvoice('FR-1', '03/04/2025', '1 234,56');
    expect(invoice).toMatchObject({ invoiceNumber: 'FR-1', dueDate: '2025-04-03', amountExclTax: 1234.56 });
    await poll(() => field('dueDate').locator('input').inputValue()).toBe('03/04/2025');
    await poll(() =>
      field('amountExclTax')
        .locator('input')
        .inputValue()
        .then((v) => v.replace(/\s/g, ' ')),
    ).toBe('1 234,56');
    // The calendar's week starts on Monday in French.
    await field('dueDate').locator('input').click();
    await poll(() => page.locator('.ant-picker-dropdown:visible .ant-picker-content th').first().innerText()).toMatch(
      /^lu/i,
    );
    await page.keyboard.press('Escape');
    await shot('fr-FR');
  }, 120_000);

  it('types a Russian word on the on-screen keyboard, then an Arabic one', async () => {
    await useLocale('ru-RU');
    await page.goto(at('/invoice'));
    const reference = field('internalReference');
    await reference.locator('input').click();
    await reference.locator('.virtual-keyboard-toggle').click();
    const keys = page.locator('.virtual-keyboard .hg-button');
    await poll(() => keys.count()).toBeGreaterThan(30);
    for (const letter of ['м', 'и', 'р']) await page.locator(`.virtual-keyboard [data-skbtn="${letter}"]`).click();
    await page.locator('.virtual-keyboard [data-skbtn="{shift}"]').click();
    await page.locator('.virtual-keyboard [data-skbtn="Д"]').click();
    await poll(() => reference.locator('input').inputValue()).toBe('мирД');
    await page.locator('.virtual-keyboard [data-skbtn="{bksp}"]').click();
    await poll(() => reference.locator('input').inputValue()).toBe('мир');
    await shot('ru-RU-keyboard');
    // The Latin layout is one switch away.
    await page.locator('.virtual-keyboard .ant-segmented-item').filter({ hasText: 'QWERTY' }).click();
    await page.locator('.virtual-keyboard [data-skbtn="{space}"]').click();
    await page.locator('.virtual-keyboard [data-skbtn="q"]').click();
    await poll(() => reference.locator('input').inputValue()).toBe('мир q');

    await useLocale('ar-MA');
    await page.goto(at('/invoice'));
    await reference.locator('input').click();
    await reference.locator('.virtual-keyboard-toggle').click();
    await poll(() => page.locator('.virtual-keyboard [lang="ar"] .hg-button').count()).toBeGreaterThan(30);
    for (const letter of ['س', 'ل', 'ا', 'م']) await page.locator(`.virtual-keyboard [data-skbtn="${letter}"]`).click();
    await poll(() => reference.locator('input').inputValue()).toBe('سلام');
    await shot('ar-MA-keyboard');
    await page.keyboard.press('Escape');
    await field('invoiceNumber').locator('input').fill('AR-1');
    await save();
    await page.waitForURL(/\/invoice\/INV/);
    const registration = new URL(page.url()).pathname.split('/').pop()!;
    const saved = await call<{ internalReference: string }>('GET', `/api/billing/invoices/${registration}`);
    expect(saved.internalReference).toBe('سلام');
  }, 120_000);
});
