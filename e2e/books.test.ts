import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { artifactsDir, launchChromium, openJourneyPage, startProduct, type RunningProduct } from './support/product.ts';
import { notice, rows, signIn } from './support/pages.ts';

/**
 * The books in the browser: a contract activated and two invoices issued (through the API); the
 * postings list and its trial balance, whose debit and credit totals agree; an invoice's posting
 * event opened with its balanced postings, reversed, and the reversal shown naming it.
 */
let product: RunningProduct;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;
let invoices: string[] = [];
const shot = (name: string) => page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
const at = (route: string) => `${product.url}${route}`;
const api = (method: string, url: string, payload?: object) =>
  product.app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  product = await startProduct({ contracts: 20 });
  token = (await product.adminAuthorization()).replace(/^Bearer /, '');
  const deal = await api('POST', '/api/financing/deals', {
    name: 'Van for the books', currency: 'EUR', startDate: '2025-01-15',
    persons: [{ role: 'CLIENT', personRegistration: 'PER000002' }, { role: 'ORGANIZATION', personRegistration: 'PER000001' }],
    quotations: [{ name: 'Lease 24 months', financialProduct: 'LEASE', financedAmountExclTax: 24000, rate: 0.05, duration: 24, frequency: '30', timing: 'arrears', taxCode: 'VAT20', isChosen: true }],
  });
  expect(deal.statusCode, deal.body).toBe(201);
  const registration = deal.json().registration as string;
  for (const code of ['SUBMIT', 'APPROVE', 'MARK_WON']) expect((await api('GET', `/api/financing/deals/${registration}/transitions/${code}`)).statusCode).toBe(200);
  const contract = (await api('GET', `/api/financing/deals/${registration}`)).json().contractRegistration as string;
  for (const code of ['SUBMIT', 'APPROVE', 'ACTIVATE']) expect((await api('GET', `/api/financing/contracts/${contract}/transitions/${code}`)).statusCode).toBe(200);
  const billed = await api('GET', '/api/script/runs/run-billing?date=2025-04-30');
  expect(billed.statusCode, billed.body).toBe(200);
  invoices = (billed.json() as { registration: string; contractRegistration: string; pr: string }[]).filter((i) => i.contractRegistration === contract && i.pr === 'R').slice(0, 2).map((i) => i.registration);
  for (const i of invoices) expect((await api('GET', `/api/billing/invoices/${i}/transitions/ISSUE`)).statusCode).toBe(200);
  browser = await launchChromium();
  ({ context, page } = await openJourneyPage(browser));
  await page.goto(at('/'));
  await page.waitForURL(/\/authentication\/login-page/);
  await signIn(page, product.username, product.password);
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
