import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { artifactsDir, startProduct, type RunningProduct } from './support/product.ts';
import { activeLease, adminApi, issueTwo, signedInPage, type Api } from './support/money-cycle.ts';
import { notice, rows } from './support/pages.ts';

/**
 * The books in the browser: a lease activated and two invoices issued (through the API); the
 * postings list and its trial balance, whose debit and credit totals agree; the general ledger of
 * the clients account with its running balance and a line opening its posting event; the aged
 * receivables and their Excel workbook, read back; the rule editor, a line changed, previewed
 * (balanced, then not), refused when wrong, saved, and the demo rules restored; an invoice's
 * posting event opened with its balanced postings, reversed, and the reversal shown naming it.
 */
let product: RunningProduct;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: Api;
let invoices: string[] = [];
const shot = (name: string) => page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
const at = (route: string) => `${product.url}${route}`;
const euros = (text: string) => Number(text.replace(/[^\d.,-]/g, '').replace(/,/g, ''));

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
    await expect
      .poll(async () => (await debit.innerText()) === (await page.getByTestId('total-credit-EUR').innerText()), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(await page.getByTestId('trial-balance').innerText()).toContain('411000');
    await shot('trial-balance');
  });

  it('opens the general ledger of the clients account: running balance, a line opens its posting event', async () => {
    await page.goto(at('/postings'));
    await page.getByRole('tab', { name: 'General ledger' }).click();
    const ledger = page.getByTestId('general-ledger');
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(page.url()).toContain('tab=general-ledger');
    const json = (await api('GET', '/api/accounting/general-ledger?account=411000')).json() as {
      closingBalance: number;
      lines: { invoiceRegistration?: string }[];
    };
    expect(euros(await page.getByTestId('closing-balance').innerText())).toBeCloseTo(json.closingBalance, 2);
    expect(await ledger.innerText()).toContain(invoices[0]);
    await shot('general-ledger');
    const line = rows(page).filter({ hasText: invoices[0] }).first();
    const event = (await line.locator('td').nth(1).innerText()).trim();
    await line.locator('td').nth(1).getByRole('link').click();
    await page.waitForURL(new RegExp(`/posting-event/${event}$`));
    await page.getByTestId('event-postings').waitFor({ timeout: 15_000 });
  });

  it('shows the aged receivables with their totals and downloads them as an Excel workbook', async () => {
    await page.goto(at('/postings?tab=aged-receivables'));
    await page.getByTestId('aged-total-total-EUR').waitFor({ timeout: 15_000 });
    const json = (
      await api('GET', `/api/accounting/aged-receivables?date=${new Date().toISOString().slice(0, 10)}`)
    ).json() as { totals: { EUR: { total: number } } };
    expect(euros(await page.getByTestId('aged-total-total-EUR').innerText())).toBeCloseTo(json.totals.EUR.total, 2);
    await shot('aged-receivables');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('excel-aged-receivables').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Aged receivables .*\.xlsx$/);
    const file = path.join(artifactsDir, 'aged-receivables.xlsx');
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('Client');
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('Total');
    expect(last.getCell(10).value).toBeCloseTo(json.totals.EUR.total, 2);
  });

  it('edits a rule, previews it balanced then unbalanced, saves it and restores the demo rules', async () => {
    await page.goto(at('/postings?tab=posting-rules'));
    await page.getByTestId('rule-0-title').click();
    const account = page.getByTestId('rule-0-line-1-account');
    await account.fill('274100');
    await page.getByTestId('rules-dirty').waitFor();
    // A finance lease's invoice of 1,000 rent and 200 VAT, by the edited rule.
    await page.getByTestId('preview-lease-kind').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: 'Finance lease' })
      .click();
    await page.getByTestId('preview-amount-amountInclTax').fill('1200');
    await page.getByTestId('preview-amount-rent').fill('1000');
    await page.getByTestId('preview-amount-tax').fill('200');
    await page.getByTestId('preview-rules').click();
    await expect.poll(() => page.getByTestId('preview-balance').innerText(), { timeout: 15_000 }).toBe('Balanced');
    const postings = page.getByTestId('preview-postings');
    expect(await postings.innerText()).toContain('274100');
    expect(await page.getByTestId('preview-total-debit').innerText()).toBe(
      await page.getByTestId('preview-total-credit').innerText(),
    );
    await page.getByTestId('rule-0-line-0-amount').fill('amountInclTax + 1');
    await page.getByTestId('preview-rules').click();
    await expect.poll(() => page.getByTestId('preview-balance').innerText(), { timeout: 15_000 }).toBe('Not balanced');
    await page.getByTestId('rule-0-line-0-amount').fill('amountInclTax');
    await shot('posting-rules');
    // An account that is no account number is refused, naming the rule, line and field; nothing is kept.
    await account.fill('27 4100');
    await page.getByTestId('save-rules').click();
    await notice(page, 'postingRules[0].lines[1].account').first().waitFor({ timeout: 15_000 });
    expect((await api('GET', '/api/accounting/posting-rules/vocabulary')).json().custom).toBe(false);
    await account.fill('274100');
    await page.getByTestId('save-rules').click();
    await notice(page, 'Posting rules saved').first().waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('rules-origin').innerText()).toBe('Own rules');
    const saved = (await api('GET', '/api/accounting/posting-rules')).json() as { lines: { account: string }[] }[];
    expect(saved[0].lines[1].account).toBe('274100');
    await page.getByTestId('reset-rules').click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await notice(page, 'Demo rules restored').first().waitFor({ timeout: 15_000 });
    expect((await api('GET', '/api/accounting/posting-rules')).json()[0].lines[1].account).toBe('274000');
  });
  it('opens an invoice’s posting event with its balanced postings and reverses it', async () => {
    const [event] = (await api('GET', `/api/accounting/posting-events?sourceRegistration=${invoices[0]}`)).json() as {
      registration: string;
    }[];
    await page.goto(at(`/posting-event/${event.registration}`));
    const postings = page.getByTestId('event-postings');
    await postings.waitFor({ timeout: 15_000 });
    await expect
      .poll(() => postings.locator('.ant-table-tbody tr.ant-table-row').count(), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId('total-debit').innerText()).toBe(await page.getByTestId('total-credit').innerText());
    await page.getByTestId('reverse-event').click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await notice(page, 'Posting event reversed by').first().waitFor({ timeout: 15_000 });
    await page.getByTestId('reverses').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('reverses').innerText()).toContain(event.registration);
    await shot('posting-event-reversal');
    const reversal = (
      await api('GET', `/api/accounting/posting-events?reversedEventRegistration=${event.registration}`)
    ).json() as { registration: string }[];
    expect(reversal).toHaveLength(1);
  });
});
