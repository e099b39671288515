import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { readInTenant } from '@lbo/server/db/database';
import { artifactsDir, launchChromium, openJourneyPage, startProduct, type RunningProduct } from './support/product.ts';
import { signIn } from './support/pages.ts';

/**
 * The import journey (issue 30 item 4): an administrator imports a spreadsheet of 1,000 persons
 * of which 3 rows are bad, sees the 3 errors in the dry run, imports the 997 others, downloads
 * the error report, fixes the 3 rows and imports the whole file again updating by e-mail: the
 * tenant ends with exactly the 1,000 persons of the file, none twice.
 */
let product: RunningProduct;
let browser: Browser;
let page: Page;
const ROWS = 1000;
const bad = new Map<number, string[]>([
  [100, ['Journey Person 100', 'not-an-email', 'C']],
  [500, ['', 'journey500@example.com', 'C']],
  [900, ['=HYPERLINK("http://evil.example")', 'journey900@example.com', 'C']],
]);
const at = (route: string) => `${product.url}${route}`;

async function spreadsheet(name: string, fixed: boolean): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Clients');
  sheet.addRow(['Raison sociale', 'E-mail', 'Type']);
  for (let i = 1; i <= ROWS; i++) {
    const good = [`Journey Person ${i}`, `journey${i}@example.com`, 'C'];
    sheet.addRow(!fixed && bad.has(i) ? bad.get(i)! : good);
  }
  const file = path.join(artifactsDir, name);
  await workbook.xlsx.writeFile(file);
  return file;
}

async function importFile(file: string) {
  await page.goto(at('/imports'));
  await page.getByTestId('new-import').click();
  await page.getByTestId('import-wizard').waitFor();
  await page.locator('input[type=file]').setInputFiles(file);
  await page.getByTestId('import-upload').click();
  await page.getByTestId('import-mapping').waitFor();
  await page.getByTestId('import-key').click();
  await page.keyboard.type('email');
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="email"]')
    .click();
  await page.getByTestId('import-test').click();
  return page.getByTestId('dry-run-summary');
}

async function runAndWait() {
  await page.getByTestId('import-run').click();
  const result = page.getByTestId('import-result');
  await result.waitFor({ timeout: 120_000 });
  return result;
}

beforeAll(async () => {
  product = await startProduct({ contracts: 10 });
  browser = await launchChromium();
  ({ page } = await openJourneyPage(browser, { acceptDownloads: true }));
  await page.goto(at('/'));
  await page.waitForURL(/\/authentication\/login-page/);
  await signIn(page, product.username, product.password);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('an import of persons', () => {
  it('shows the bad rows, imports the others, and the fixed file completes the book without duplicates', async () => {
    const first = await importFile(await spreadsheet('persons-import.xlsx', false));
    await expect.poll(() => first.getAttribute('data-failed'), { timeout: 60_000 }).toBe('3');
    expect(await first.getAttribute('data-valid')).toBe('997');
    const errors = page.getByTestId('dry-run-errors').locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => errors.count()).toBe(3);
    // Row numbers as the spreadsheet shows them: the header is row 1.
    expect((await errors.locator('td:first-child').allTextContents()).map(Number)).toEqual([101, 501, 901]);
    await page.screenshot({ path: path.join(artifactsDir, 'import-dry-run.png'), fullPage: true });

    const result = await runAndWait();
    expect(await result.getAttribute('data-status')).toBe('WARNING');
    expect(await result.textContent()).toContain('997');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('import-error-report').click(),
    ]);
    const report = path.join(artifactsDir, 'persons-import-errors.csv');
    await download.saveAs(report);
    const lines = fs
      .readFileSync(report, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Raison sociale,E-mail,Type,errors');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('not-an-email');
    // The formula comes back quoted, never as a formula.
    expect(lines[3]).toMatch(/^"'=HYPERLINK/);

    const second = await importFile(await spreadsheet('persons-import-fixed.xlsx', true));
    await expect.poll(() => second.getAttribute('data-failed'), { timeout: 60_000 }).toBe('0');
    const again = await runAndWait();
    expect(await again.getAttribute('data-status')).toBe('SUCCESS');

    const counts = await readInTenant(
      product.db.database.db,
      { tenant: product.tenant, user: 'test' },
      async (tx) =>
        (
          await sql<{
            persons: string;
            emails: string;
          }>`SELECT count(*) AS persons, count(DISTINCT data->>'email') AS emails
          FROM person WHERE tenant = ${product.tenant} AND name LIKE 'Journey Person %'`.execute(tx)
        ).rows[0],
    );
    expect(counts).toEqual({ persons: String(ROWS), emails: String(ROWS) });
  }, 600_000);
});
