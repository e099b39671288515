import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { artifactsDir, launchChromium, startProduct, type RunningProduct, openJourneyPage } from './support/product.ts';
import { signIn } from './support/pages.ts';

/**
 * Browser journeys of issue 7 (finance engine): the calculator screen computes a payment plan and
 * shows it as a table and a chart; a numbers table is pasted from a spreadsheet and prices a plan.
 */
let product: RunningProduct;
let browser: Browser;
let page: Page;
let token: string;
const shot = (name: string) => page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
const at = (route: string) => `${product.url}${route}`;
const api = (method: string, url: string, payload?: object) =>
  product.app.inject({
    method: method as 'GET',
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  product = await startProduct({ contracts: 20 });
  token = (await product.adminAuthorization()).replace(/^Bearer /, '');
  browser = await launchChromium();
  ({ page } = await openJourneyPage(browser));
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

const planRows = () => page.locator('[data-testid="payment-plan"] .ant-table-tbody tr.ant-table-row');

describe('finance journeys', () => {
  it('signs in', async () => {
    await page.goto(at('/'));
    await page.waitForURL(/\/authentication\/login-page/);
    await signIn(page, product.username, product.password);
  });

  it('computes a payment plan on the calculator screen and shows its table and chart', async () => {
    await page.goto(at('/rates'));
    await page.locator('[data-testid="calculator"]').waitFor();
    await page.locator('#calculator-amount').fill('10000');
    await page.locator('#calculator-rate').fill('6');
    await page.locator('#calculator-duration').fill('12');
    await page.getByRole('button', { name: 'Compute' }).click();
    await planRows().first().waitFor();
    expect(await planRows().count()).toBe(12);
    // PMT(0.5 %, 12, -10000) = 860.66; the first month's interest is 50.00
    const first = await planRows().first().locator('td').allInnerTexts();
    expect(first[0]).toBe('1');
    expect(first[3]).toContain('860.66');
    expect(first[4]).toContain('50.00');
    const last = await planRows().last().locator('td').allInnerTexts();
    expect(last[7]).toContain('0.00');
    // the chart is drawn by ECharts on a canvas
    await page.locator('[data-testid="payment-plan-chart"] canvas').waitFor();
    expect(await page.locator('[data-testid="payment-plan-chart"] canvas').count()).toBeGreaterThan(0);
    await shot('calculator');
  });

  it('pastes a numbers table from a spreadsheet into a product table and prices a plan from it', async () => {
    const table = (
      await api('POST', '/api/financing/product-tables', {
        name: 'Lease coefficients',
        type: 'coefficientsTable',
        format: 'number',
        periodicity: '30',
      })
    ).json();
    await page.goto(at(`/product-table/${table.registration}`));
    const grid = page.locator('[data-testid="numbers-table"]');
    await grid.waitFor();
    // a new table starts as a 2x2 grid of zeros
    expect(await grid.locator('input').count()).toBe(4);
    // a block copied from a spreadsheet, pasted on the corner: tab-separated cells, 'null' for an empty one
    const spreadsheet = '\t24\t36\r\n1000\t0.0462\tnull\r\n5000\t0.0455\t0.0312\r\n';
    await grid.locator('[data-cell="0:0"]').evaluate((input, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, spreadsheet);
    await expect.poll(() => grid.locator('input').count()).toBe(9);
    expect(await grid.locator('[data-cell="2:2"]').inputValue()).toBe('0.0312');
    await page.getByRole('button', { name: 'Save table' }).click();
    await expect
      .poll(async () => (await api('GET', `/api/financing/product-tables/${table.registration}`)).json().rows)
      .toEqual([
        [null, 24, 36],
        [1000, 0.0462, null],
        [5000, 0.0455, 0.0312],
      ]);
    await shot('numbers-table');

    const lease = (
      await api('POST', '/api/financing/products', {
        name: 'Lease 36',
        coefficientsTableRegistration: table.registration,
      })
    ).json();
    await page.goto(at('/rates'));
    await page.locator('#calculator-amount').fill('10000');
    await page.locator('#calculator-rate').clear();
    await page.locator('#calculator-duration').fill('36');
    await page.locator('#product').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: lease.registration })
      .click();
    await page.getByRole('button', { name: 'Compute' }).click();
    await expect
      .poll(
        async () =>
          (
            await planRows()
              .first()
              .locator('td')
              .allInnerTexts()
              .catch(() => [])
          )[3] ?? '',
      )
      .toContain('312.00');
  });

  it('shows a contract’s payment plan under its form, from its first quotation', async () => {
    const contract = (
      await api('POST', '/api/financing/contracts', {
        name: 'Plan on screen',
        startDate: '2026-01-01',
        quotations: [{ financedAmountExclTax: 24000, rate: 0.06, duration: 24, frequency: '30' }],
      })
    ).json();
    await page.goto(at(`/contract/${contract.registration}`));
    await planRows().first().waitFor();
    // 24 lines, shown 12 a page
    expect(await planRows().count()).toBe(12);
    expect(await page.locator('[data-testid="payment-plan"] .ant-pagination-item').count()).toBe(2);
    // PMT(0.5 %, 24, -24000) = 1063.69
    expect((await planRows().first().locator('td').allInnerTexts())[3]).toMatch(/1\D?063\.69/);
    await shot('contract-payment-plan');
  });
});
