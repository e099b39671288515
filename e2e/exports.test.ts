import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { artifactsDir, launchChromium, openJourneyPage, startProduct, type RunningProduct } from './support/product.ts';
import { listReady, signIn } from './support/pages.ts';

/**
 * List exports in the browser: the Export menu downloads what the list shows as the server
 * writes it; past the (lowered) background threshold the export goes on in the background (a
 * batch on the job queue), its progress followed live and its file downloaded when done.
 */
const THRESHOLD = 200;
let product: RunningProduct;
let browser: Browser;
let page: Page;
const at = (route: string) => `${product.url}${route}`;
const rowCount = async () => Number((await page.locator('[data-testid="row-count"]').innerText()).replace(/\D/g, ''));
/** Every match of a list, counted exactly (the list's own count stops 200 past its page and says so with "+"). */
const exactCount = async (query: string) => {
  const res = await product.app.inject({
    method: 'GET',
    url: `/api/financing/contracts?${query}&count=exact&range=[0-0]`,
    headers: { authorization: await product.adminAuthorization() },
  });
  return Number(res.headers['pagination-size']);
};

beforeAll(async () => {
  product = await startProduct({ listExports: { backgroundThreshold: THRESHOLD } });
  browser = await launchChromium();
  ({ page } = await openJourneyPage(browser, { acceptDownloads: true }));
  await page.goto(at('/'));
  await page.waitForURL(/\/authentication\/login-page/);
  await signIn(page, product.username, product.password);
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('list exports', () => {
  it('downloads the filtered, sorted list as CSV from the Export menu', async () => {
    await page.goto(at('/contracts?status=ACTIVE&sort=name'));
    await listReady(page);
    const count = await rowCount();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(THRESHOLD);
    await page.getByRole('button', { name: 'More file formats' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Export as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Contracts.csv');
    const file = path.join(artifactsDir, 'Contracts.csv');
    await download.saveAs(file);
    const lines = fs
      .readFileSync(file, 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]).toBe('Registration,Status,Name,Financial product,Start date,Financed amount excl tax');
    expect(lines).toHaveLength(count + 1);
    expect(lines.slice(1).every((line) => line.split(',')[1] === 'Active')).toBe(true);
  });

  it('goes on in the background past the threshold, followed live to its file; /exports shows it done with its batch', async () => {
    await page.goto(at('/contracts'));
    await listReady(page);
    const count = await exactCount('');
    expect(count).toBeGreaterThan(220);
    // pagination-size stops 200 past the page (220 here); the list's status counts give the exact total.
    expect(await page.locator('[data-testid="row-count"]').innerText()).toBe(`${count} rows`);
    expect(await page.locator('[data-testid="kpis"]').getByText(String(count), { exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'Export' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export in the background' });
    await dialog.waitFor();
    // Its progress is read again until the file is written, then the file downloads from the dialog.
    const progress = dialog.locator('[data-testid="export-progress"][data-status="DONE"]');
    await progress.waitFor({ timeout: 60_000 });
    expect(Number(await progress.getAttribute('data-written'))).toBe(count);
    expect(Number(await progress.getAttribute('data-total'))).toBe(count);
    await page.screenshot({ path: path.join(artifactsDir, 'export-progress.png') });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Contracts.xlsx' }).click(),
    ]);
    const file = path.join(artifactsDir, 'Contracts-background.xlsx');
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount - 1).toBe(count);
    expect(typeof sheet.getCell('F2').value).toBe('number');

    await dialog.getByRole('button', { name: 'Open exports' }).click();
    await page.waitForURL(/\/exports$/);
    const done = page
      .locator('[data-testid="list-exports"] tr.ant-table-row')
      .filter({ has: page.locator('[data-status="DONE"]') });
    await done.first().waitFor({ timeout: 30_000 });
    await page.screenshot({ path: path.join(artifactsDir, 'exports.png'), fullPage: true });
    await done.first().getByRole('link', { name: /^BAT/ }).click();
    await page.waitForURL(/\/batch\/BAT/);
  });
});
