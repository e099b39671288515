import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { artifactsDir, startProduct, type RunningProduct } from './support/product.ts';
import { activeLease, adminApi, issueTwo, signedInPage, type Api } from './support/money-cycle.ts';
import { notice, rows } from './support/pages.ts';

/**
 * The books in the browser: a contract activated and two invoices issued (through the API); the
 * postings list and its trial balance, whose debit and credit totals agree; an invoice's posting
 * event opened with its balanced postings, reversed, and the reversal shown naming it.
 */
let product: RunningProduct;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: Api;
let invoices: string[] = [];
const shot = (name: string) => page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
const at = (route: string) => `${product.url}${route}`;

beforeAll(async () => {
  product = await startProduct({ contracts: 20 });
  api = await adminApi(product);
  invoices = await issueTwo(api, await activeLease(api, 'Van for the books'), '2025-04-30');
  ({ browser, context, page } = await signedInPage(product));
}, 300_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await product?.stop();
});

describe('books journey', () => {
  it('lists the postings and shows a trial balance whose debits equal its credits', async () => {
    await page.goto(at('/postings'));
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.getByRole('tab', { name: 'Trial balance' }).click();
    const debit = page.getByTestId('total-debit-EUR');
    await debit.waitFor({ timeout: 15_000 });
    await expect.poll(async () => (await debit.innerText()) === (await page.getByTestId('total-credit-EUR').innerText()), { timeout: 15_000 }).toBe(true);
    expect(await page.getByTestId('trial-balance').innerText()).toContain('411000');
    await shot('trial-balance');
  });

  it('opens an invoice’s posting event with its balanced postings and reverses it', async () => {
    const [event] = (await api('GET', `/api/accounting/posting-events?sourceRegistration=${invoices[0]}`)).json() as { registration: string }[];
    await page.goto(at(`/posting-event/${event.registration}`));
    const postings = page.getByTestId('event-postings');
    await postings.waitFor({ timeout: 15_000 });
    await expect.poll(() => postings.locator('.ant-table-tbody tr.ant-table-row').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId('total-debit').innerText()).toBe(await page.getByTestId('total-credit').innerText());
    await page.getByTestId('reverse-event').click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await notice(page, 'Posting event reversed by').first().waitFor({ timeout: 15_000 });
    await page.getByTestId('reverses').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('reverses').innerText()).toContain(event.registration);
    await shot('posting-event-reversal');
    const reversal = (await api('GET', `/api/accounting/posting-events?reversedEventRegistration=${event.registration}`)).json() as { registration: string }[];
    expect(reversal).toHaveLength(1);
  });
});
