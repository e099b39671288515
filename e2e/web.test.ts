import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { artifactsDir, launchChromium, startProduct, type RunningProduct, openJourneyPage } from './support/product.ts';
import {
  chooseFilterOption,
  columnTexts,
  firstRegistration,
  isoDay,
  listReady,
  notice,
  rows,
  signIn,
} from './support/pages.ts';

/**
 * Browser journeys of issue 4 (Tests): a real server with a demo book, the built app, Chromium.
 * The journeys run in order in one signed-in page, as a user would work.
 */
let product: RunningProduct;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const shot = (name: string) => page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
const at = (route: string) => `${product.url}${route}`;

beforeAll(async () => {
  product = await startProduct();
  browser = await launchChromium();
  ({ context, page } = await openJourneyPage(browser, { acceptDownloads: true }));
  page.on('dialog', (dialog) => void dialog.accept());
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('browser journeys', () => {
  it('signs in from the sign-in page with the host settings', async () => {
    await page.goto(at('/'));
    await page.waitForURL(/\/authentication\/login-page/);
    await expect.poll(() => page.locator('h1').innerText()).toBe('Leasing back office');
    expect(await page.title()).toBe('Leasing back office');
    await shot('sign-in');
    await signIn(page, product.username, 'wrong password', { refused: true });
    await expect
      .poll(() =>
        page
          .getByRole('alert')
          .innerText()
          .catch(() => ''),
      )
      .toContain('Invalid username or password');
    await signIn(page, product.username, product.password);
  });

  it('opens Contracts and filters by status and a start date range', async () => {
    await page.goto(at('/contracts'));
    await listReady(page);
    expect(await page.title()).toBe('Leasing back office | Contracts');
    expect(await rows(page).count()).toBe(20);
    await page.locator('[data-testid="kpis"]').waitFor();
    await shot('contracts-list');

    await chooseFilterOption(page, 'status', 'Active');
    await page.waitForURL(/status=ACTIVE/);
    await page.getByRole('button', { name: 'More filters' }).click();
    await page.locator('input[name="fromStartDate"]').fill('01-01-2022');
    await page.locator('input[name="fromStartDate"]').press('Enter');
    await page.locator('input[name="toStartDate"]').fill('31-12-2024');
    await page.locator('input[name="toStartDate"]').press('Enter');
    await page.waitForURL(/fromStartDate=20220101.*toStartDate=20241231|toStartDate=20241231.*fromStartDate=20220101/);
    await listReady(page);
    const statuses = await rows(page)
      .locator('[data-status]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['ACTIVE']));
    for (const day of (await columnTexts(page, 'Start date')).map(isoDay)) {
      expect(day >= '2022-01-01' && day <= '2024-12-31', day).toBe(true);
    }
  });

  it('sorts by start date ascending, then descending', async () => {
    await page.locator('.ant-table-thead th').filter({ hasText: 'Start date' }).click();
    await page.waitForURL(/sort=startDate/);
    await listReady(page);
    const ascending = (await columnTexts(page, 'Start date')).map(isoDay);
    expect(ascending).toEqual([...ascending].sort());
    await page.locator('.ant-table-thead th').filter({ hasText: 'Start date' }).click();
    await page.waitForURL(/sort=-startDate/);
    await listReady(page);
    const descending = (await columnTexts(page, 'Start date')).map(isoDay);
    expect(descending).toEqual([...descending].sort().reverse());
  });

  it('changes page, and finds the same state after a reload', async () => {
    const first = await firstRegistration(page);
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: '2', exact: true }).click();
    await page.waitForURL(/page=2/);
    await listReady(page);
    const second = await firstRegistration(page);
    expect(second).not.toBe(first);
    const url = page.url();
    await page.reload();
    await listReady(page);
    expect(page.url()).toBe(url);
    expect(await firstRegistration(page)).toBe(second);
    await expect.poll(() => page.locator('[data-filter="status"] [data-token="ACTIVE"]').count()).toBe(1);
    expect(await page.locator('input[name="fromStartDate"]').inputValue()).toBe('01-01-2022');
    expect(
      await page
        .getByRole('navigation', { name: 'Pages' })
        .getByRole('button', { name: '2', exact: true })
        .getAttribute('aria-current'),
    ).toBe('page');
  });

  it('opens a contract, edits its name, saves with CTRL+S and sees the change in the list', async () => {
    const registration = await firstRegistration(page);
    await rows(page).first().getByRole('link', { name: registration }).click();
    await page.waitForURL(new RegExp(`/contract/${registration}$`));
    const name = page.locator('#field-name');
    await name.waitFor();
    await name.fill(`Renamed by the browser ${registration}`);
    await shot('contract-detail');
    await page.keyboard.press('Control+s');
    await notice(page, 'Saved').waitFor();
    await page.getByRole('link', { name: 'Contracts' }).click();
    await page.waitForURL(/\/contracts$/);
    await page.getByRole('searchbox', { name: 'Search' }).fill('Renamed by the browser');
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await page.waitForURL(/filter=Renamed/);
    await listReady(page);
    expect(await rows(page).count()).toBe(1);
    expect(await columnTexts(page, 'Name')).toEqual([`Renamed by the browser ${registration}`]);
  });

  it('attaches a file to a contract, opens it in a new window, and is told why a program is refused', async () => {
    await page.goto(at('/contracts'));
    await listReady(page);
    const registration = await firstRegistration(page);
    await page.goto(at(`/contract/${registration}`));
    const input = page.getByTestId('documents-upload');
    await input.waitFor({ state: 'attached' });
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    await input.setInputFiles({ name: 'signed offer.pdf', mimeType: 'application/pdf', buffer: pdf });
    const item = page.locator('[data-document="signed offer.pdf"]');
    await item.waitFor();
    await shot('contract-documents');
    const [opened] = await Promise.all([
      context.waitForEvent('page'),
      item.getByRole('link', { name: 'signed offer.pdf' }).click(),
    ]);
    await opened.waitForLoadState('domcontentloaded').catch(() => undefined);
    expect(opened.url()).toMatch(/\/documents\/[0-9a-f-]{36}\/content\?contentDisposition=inline&token=/);
    // The link opens the content without the session's token.
    const content = await page.evaluate(async (url) => {
      const answer = await fetch(url);
      return { status: answer.status, head: (await answer.text()).slice(0, 8) };
    }, new URL(opened.url()).pathname + new URL(opened.url()).search);
    expect(content).toEqual({ status: 200, head: '%PDF-1.4' });
    await opened.close();
    await input.setInputFiles({
      name: 'invoice.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('MZ\x90\x00 not a pdf'),
    });
    await notice(page, 'The content of invoice.pdf is not a pdf file').waitFor();
  });

  it('refuses to save a person with an empty mandatory field and says so', async () => {
    await page.goto(at('/person'));
    // The person editor edits the first address inline (spec 002 §2 Address panel).
    await page.locator('#field-addresses\\.0\\.city').fill('Lyon');
    await page.keyboard.press('Control+s');
    const message = page.locator('[data-field="addresses.0.type"] [role="alert"]');
    await expect.poll(() => message.innerText().catch(() => '')).toBe('Type is mandatory');
    await notice(page, 'Invalid data').waitFor();
    await shot('person-mandatory');
    // Leaving with unsaved changes asks first.
    await page.getByRole('link', { name: 'Persons' }).click();
    await page
      .locator('.ant-modal-confirm-title')
      .filter({ hasText: 'Leave the page? Your changes may not be saved.' })
      .waitFor();
    await page.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(/\/persons$/);
  });

  it('exports the filtered contracts to Excel and the file opens', async () => {
    await page.goto(at('/contracts?status=ACTIVE'));
    await listReady(page);
    const count = Number((await page.locator('[data-testid="row-count"]').innerText()).replace(/\D/g, ''));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Contracts.xlsx');
    const file = path.join(artifactsDir, 'Contracts.xlsx');
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Registration',
      'Status',
      'Name',
      'Financial product',
      'Start date',
      'Financed amount excl tax',
    ]);
    expect(sheet.rowCount - 1).toBe(count);
    expect(new Set(sheet.getColumn(2).values.slice(2))).toEqual(new Set(['Active']));
    expect(typeof sheet.getCell('F2').value).toBe('number');
  });

  it('shows a 403 and a 500 as "Oops, something went wrong" with the detail', async () => {
    const answer = (status: number, code: string, message: string) => ({
      status,
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: status, code, message, error: `${status}|${code}|${message}` }),
    });
    await page.route(/\/api\/financing\/contracts\?/, (route) =>
      route.fulfill(answer(403, 'FORBIDDEN', 'Permission read /api/financing/contracts required')),
    );
    await page.goto(at('/contracts'));
    const forbidden = notice(page, 'Permission read /api/financing/contracts required (403)');
    await forbidden.waitFor();
    expect(await forbidden.innerText()).toContain('Oops, something went wrong');
    await page.getByText('No data').first().waitFor();
    await shot('error-403');
    await page.unroute(/\/api\/financing\/contracts\?/);
    await page.route(/\/api\/financing\/contracts\?/, (route) =>
      route.fulfill(answer(500, 'UNAVAILABLE_SOFTWARE', 'Unavailable software')),
    );
    await page.goto(at('/contracts?page=2'));
    const failed = notice(page, 'Unavailable software (500)');
    await failed.waitFor();
    expect(await failed.innerText()).toContain('Oops, something went wrong');
    await shot('error-500');
    await page.unroute(/\/api\/financing\/contracts\?/);
  });

  it('asks to sign in again with "Session has expired" on a 401, and comes back', async () => {
    await page.route(/\/api\/financing\/contracts\?/, (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 401, code: 'UNAUTHENTICATED', message: 'Authentication required' }),
      }),
    );
    await page.goto(at('/contracts?status=DRAFT'));
    await notice(page, 'Session has expired').waitFor();
    await page.waitForURL(/\/authentication\/login-page\?redirect=/);
    await page.unroute(/\/api\/financing\/contracts\?/);
    await signIn(page, product.username, product.password);
    await page.waitForURL(/\/contracts\?status=DRAFT/);
    await listReady(page);
    expect(await rows(page).count()).toBeGreaterThan(0);
  });

  it("reads the API description: a kind's calls and the fields of its body", async () => {
    await page.goto(at('/documentation/api'));
    await page.getByPlaceholder('Filter by path or kind').fill('financing/contracts');
    await page
      .locator('.ant-collapse-header')
      .filter({ hasText: /^Contract/ })
      .first()
      .click();
    const create = page.locator('[data-call="POST /api/financing/contracts"]');
    await create.click();
    const body = page.locator('tr').filter({ hasText: 'financedAmountExclTax' }).first();
    await body.waitFor();
    expect(await body.innerText()).toMatch(/^financedAmountExclTax\tnumber\t/);
    await shot('api-description');
  });

  it('signs out to the sign-in page', async () => {
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/authentication\/login-page$/);
    await page.goto(at('/contracts'));
    await page.waitForURL(/\/authentication\/login-page/);
  });
});
