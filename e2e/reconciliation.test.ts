import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { camt053File } from '@lbo/server/banking/statements/camt-generator';
import { artifactsDir, startProduct, type RunningProduct } from './support/product.ts';
import { activeLease, adminApi, issueTwo, signedInPage, type Api } from './support/money-cycle.ts';
import { listReady, notice, rows } from './support/pages.ts';

/**
 * Reconciliation in the browser: a camt.053 statement imported from the camt list, its entries
 * shown with their match status (one matched by its invoice number, two waiting); a waiting entry
 * opened, its ranked candidate invoice given the amount and matched by hand; the other left alone
 * (its Ignore transition); the invoices paid.
 */
let product: RunningProduct;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: Api;
type Invoice = { registration: string; invoiceNumber: string; totalBalance: number; status: string };
let invoices: Invoice[] = [];
const shot = (name: string) => page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
const at = (route: string) => `${product.url}${route}`;

/** A contract activated and billed, two of its invoices issued (through the API). */
async function issuedInvoices(): Promise<Invoice[]> {
  const issued = await issueTwo(api, await activeLease(api, 'Van for reconciliation'), '2025-04-30');
  return Promise.all(issued.map(async (i) => (await api('GET', `/api/billing/invoices/${i}`)).json() as Invoice));
}

beforeAll(async () => {
  product = await startProduct({ contracts: 20 });
  api = await adminApi(product);
  invoices = await issuedInvoices();
  ({ browser, context, page } = await signedInPage(product));
}, 300_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await product?.stop();
});

describe('reconciliation journey', () => {
  it('imports a statement from the camt list and shows its entries with their match status', async () => {
    const [paid, waiting] = invoices;
    const file = camt053File(
      { messageId: 'E2E-RECON-1', statementId: 'E2E-STMT-1', iban: 'FR7630006000011234567890189', opening: '5000.00' },
      [
        { amount: String(paid.totalBalance), remittance: `Invoice ${paid.invoiceNumber}`, counterpartyName: 'Durand' },
        { amount: String(waiting.totalBalance), remittance: 'Monthly rent', counterpartyName: 'Durand' },
        { amount: '12.34', remittance: 'Unknown payer', counterpartyName: 'Somebody' },
      ],
    );
    await page.goto(at('/camts'));
    await page.getByTestId('import-camt').waitFor();
    await page
      .getByTestId('camt-file')
      .setInputFiles({ name: 'month-end.xml', mimeType: 'application/xml', buffer: file });
    await page.waitForURL(/\/camt\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await notice(page, '3 transaction(s) imported, 1 matched').first().waitFor();
    const entries = page.getByTestId('camt-transactions');
    await expect
      .poll(
        () =>
          rows(page)
            .filter({ has: page.locator('[data-testid^="status-"]') })
            .count(),
        { timeout: 15_000 },
      )
      .toBe(3);
    const statuses = await entries.locator('[data-testid^="status-"]').allInnerTexts();
    expect(statuses).toEqual(['Matched', 'New', 'New']);
    expect(await page.getByTestId('camt-statements').innerText()).toContain('FR7630006000011234567890189');
    await shot('camt-entries');
  });

  it('matches a waiting entry to its proposed invoice by hand', async () => {
    const [, waiting] = invoices;
    const entries = page.getByTestId('camt-transactions');
    await entries.locator('.ant-table-tbody tr.ant-table-row').nth(1).getByRole('link').first().click();
    await page.waitForURL(/\/bank-transaction\/[0-9a-f-]{36}$/);
    const candidates = page.getByTestId('candidates');
    await candidates.waitFor({ timeout: 15_000 });
    expect(await candidates.innerText()).toContain(waiting.registration);
    await page.getByTestId(`match-amount-${waiting.registration}`).fill(String(waiting.totalBalance));
    await page.getByTestId('match-transaction').click();
    await notice(page, 'Transaction matched').first().waitFor();
    await expect
      .poll(
        async () =>
          await page
            .getByTestId('reconciliation-state')
            .innerText()
            .catch(() => ''),
        { timeout: 15_000 },
      )
      .toContain('Matched');
    await shot('bank-transaction-matched');
    const invoice = (await api('GET', `/api/billing/invoices/${waiting.registration}`)).json() as Invoice;
    expect(invoice.status).toBe('PAID');
  });

  it('leaves the unknown entry aside, and lists what waits', async () => {
    const list = (await api('GET', '/api/bank/bank-transactions?status=NEW&range=[0-9]')).json() as {
      _id: string;
      amount: number;
    }[];
    const unknown = list.find((x) => x.amount === 12.34)!;
    await page.goto(at(`/bank-transaction/${unknown._id}`));
    const card = page.locator('[data-testid="workflow-card"]');
    await card.locator('[data-transition="IGNORE"]').click();
    await expect
      .poll(() => card.locator('[data-status]').first().getAttribute('data-status'), { timeout: 15_000 })
      .toBe('IGNORED');
    const history = (await api('GET', `/api/core/histories?entityName=BankTransaction&range=[0-99]`)).json() as {
      action: string;
    }[];
    expect(history.map((h) => h.action)).toEqual(expect.arrayContaining(['MATCH', 'TRANSITION']));
    await page.goto(at('/bank-transactions'));
    await page.getByTestId('rematch').waitFor();
    await listReady(page);
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
  });
});
