import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { artifactsDir, startProduct, type RunningProduct } from './support/product.ts';
import { activeLease, adminApi, signedInPage, type Api } from './support/money-cycle.ts';
import { listReady, notice, rows } from './support/pages.ts';
import { answerTransitionQuestion } from './support/transitions.ts';

/**
 * Billing in the browser: the billing run started from the invoices list goes to the background
 * (BILLING_BACKGROUND_ELEMENTS=0), its progress bar followed to the end, the new invoices listed
 * with their amounts in the KPIs and their payer and payee linked; one invoice issued from its
 * screen, then its PDF opened from the list's row action in a new window.
 */
let product: RunningProduct;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: Api;
let contract: string;
const shot = (name: string) => page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
const at = (route: string) => `${product.url}${route}`;

beforeAll(async () => {
  product = await startProduct({ contracts: 20 });
  api = await adminApi(product);
  contract = await activeLease(api, 'Van for billing');
  // Read by the server at each run: every run goes to the background.
  process.env.BILLING_BACKGROUND_ELEMENTS = '0';
  ({ browser, context, page } = await signedInPage(product));
}, 300_000);

afterAll(async () => {
  delete process.env.BILLING_BACKGROUND_ELEMENTS;
  await browser?.close();
  await product?.stop();
});

let invoice: string;

describe('billing journey', () => {
  it('runs billing from the invoices list and follows its background progress to the end', async () => {
    await page.goto(at('/invoices'));
    await listReady(page);
    await page.getByTestId('run-billing').click();
    const dialog = page.locator('.ant-modal').filter({ hasText: 'Run billing' });
    await dialog.locator('#billing-date').waitFor();
    await page.getByTestId('run-billing-confirm').click();
    const progress = dialog.getByTestId('batch-progress');
    await progress.waitFor({ timeout: 15_000 });
    await expect.poll(() => progress.getAttribute('data-status'), { timeout: 60_000 }).toBe('SUCCESS');
    expect(await progress.locator('.ant-progress').getAttribute('aria-valuenow')).toBe('100');
    expect(Number(await progress.getAttribute('data-done'))).toBeGreaterThan(0);
    await notice(page, 'invoice(s) created').first().waitFor();
    await shot('billing-run-progress');
    // The batch's own screen: its progress, its log, and RESET offered now that it ended.
    await dialog.getByRole('link', { name: /Open batch BAT\d{6}/ }).click();
    await page.waitForURL(/\/batch\/BAT\d{6}$/);
    await expect
      .poll(() => page.getByTestId('batch-progress').getAttribute('data-status'), { timeout: 10_000 })
      .toBe('SUCCESS');
    expect(
      await page.getByTestId('batch-log').locator('.ant-table-tbody tr.ant-table-row').count(),
    ).toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId('batch-log').innerText()).toContain('invoice(s) created');
    await page.locator('[data-testid="workflow-card"] [data-transition="RESET"]').waitFor();
    await shot('billing-batch');
    await page.goto(at('/batches'));
    await listReady(page);
    expect(await rows(page).first().locator('[data-testid="batch-progress"]').getAttribute('data-status')).toBe(
      'SUCCESS',
    );
  });

  it("lists the contract's new invoices with their amounts in the KPIs, the payer and payee linked", async () => {
    await page.goto(at(`/invoices?contract=${contract}`));
    await listReady(page);
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const draft = page.locator('[data-testid="kpis"] [data-kpi="DRAFT"]');
    await draft.waitFor();
    expect(await draft.locator('[data-kpi-figure]').innerText()).toMatch(/€/);
    const first = rows(page).first();
    expect(await first.locator(`a[href$="/contract/${contract}"]`).count()).toBe(1);
    expect(await first.locator('a[href*="/person/PER000002"]').count()).toBeGreaterThan(0);
    invoice = (await first.locator('td').first().innerText()).trim();
    expect(invoice).toMatch(/^INV\d{6}$/);
    // A draft has no PDF yet: its row action says so rather than opening nothing.
    expect(await page.getByTestId(`invoice-pdf-${invoice}`).isDisabled()).toBe(true);
    await shot('billing-invoices');
  });

  it('issues an invoice from its screen, which shows its lines and taxes; issued, its form is read only', async () => {
    await page.goto(at(`/invoice/${invoice}`));
    const card = page.locator('[data-testid="workflow-card"]');
    await card.waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(1);
    await expect
      .poll(() => page.getByTestId('invoice-lines').locator('.ant-table-tbody tr.ant-table-row').count(), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    expect(await page.getByTestId('invoice-taxes').innerText()).toContain('20');
    await card.locator('[data-transition="ISSUE"]').click();
    expect(await answerTransitionQuestion(page)).toContain('next legal number');
    await expect
      .poll(() => card.locator('[data-status]').first().getAttribute('data-status'), { timeout: 15_000 })
      .toBe('ISSUED');
    // A legal document now: no Save, its fields disabled.
    await expect.poll(() => page.getByRole('button', { name: 'Save' }).count(), { timeout: 10_000 }).toBe(0);
    await shot('billing-invoice-issued');
  });

  it("opens the issued invoice's PDF from the list's row action in a new window", async () => {
    await page.goto(at(`/invoices?registration=${invoice}`));
    await listReady(page);
    const action = page.getByTestId(`invoice-pdf-${invoice}`);
    await expect.poll(() => action.isEnabled(), { timeout: 10_000 }).toBe(true);
    const content = context.waitForEvent('response', {
      predicate: (r) => r.url().includes(`/api/billing/invoices/${invoice}/documents/`) && r.url().includes('/content'),
      timeout: 20_000,
    });
    const [popup] = await Promise.all([context.waitForEvent('page'), action.click()]);
    const answer = await content;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toContain('application/pdf');
    expect(answer.url()).toContain('contentDisposition=inline');
    expect(answer.url()).toMatch(/token=[^&]+/);
    // Loaded by the new window (Chromium without a PDF viewer keeps it at about:blank and downloads it).
    expect(answer.request().frame().page()).toBe(popup);
    await popup.close();
  });
});
