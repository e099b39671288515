import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { camt053File } from '@lbo/server/banking/statements/camt-generator';
import { artifactsDir, launchChromium, openJourneyPage, startProduct, type RunningProduct } from './support/product.ts';
import { listReady, notice, rows, signIn } from './support/pages.ts';

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
let token: string;
type Invoice = { registration: string; invoiceNumber: string; totalBalance: number; status: string };
let invoices: Invoice[] = [];
const shot = (name: string) => page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
const at = (route: string) => `${product.url}${route}`;
const api = (method: string, url: string, payload?: object) =>
  product.app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

/** A contract activated and billed, two of its invoices issued (through the API). */
async function issuedInvoices(): Promise<Invoice[]> {
  const deal = await api('POST', '/api/financing/deals', {
    name: 'Van for reconciliation', currency: 'EUR', startDate: '2025-01-15',
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
  const mine = (billed.json() as { registration: string; contractRegistration: string; pr: string }[]).filter((i) => i.contractRegistration === contract && i.pr === 'R').slice(0, 2);
  expect(mine.length).toBe(2);
  for (const i of mine) expect((await api('GET', `/api/billing/invoices/${i.registration}/transitions/ISSUE`)).statusCode).toBe(200);
  return Promise.all(mine.map(async (i) => (await api('GET', `/api/billing/invoices/${i.registration}`)).json() as Invoice));
}

beforeAll(async () => {
  product = await startProduct({ contracts: 20 });
  token = (await product.adminAuthorization()).replace(/^Bearer /, '');
  invoices = await issuedInvoices();
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

describe('reconciliation journey', () => {
  it('imports a statement from the camt list and shows its entries with their match status', async () => {
    const [paid, waiting] = invoices;
    const file = camt053File({ messageId: 'E2E-RECON-1', statementId: 'E2E-STMT-1', iban: 'FR7630006000011234567890189', opening: '5000.00' }, [
      { amount: String(paid.totalBalance), remittance: `Invoice ${paid.invoiceNumber}`, counterpartyName: 'Durand' },
      { amount: String(waiting.totalBalance), remittance: 'Monthly rent', counterpartyName: 'Durand' },
      { amount: '12.34', remittance: 'Unknown payer', counterpartyName: 'Somebody' },
    ]);
    await page.goto(at('/camts'));
    await page.getByTestId('import-camt').waitFor();
    await page.getByTestId('camt-file').setInputFiles({ name: 'month-end.xml', mimeType: 'application/xml', buffer: file });
    await page.waitForURL(/\/camt\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await notice(page, '3 transaction(s) imported, 1 matched').first().waitFor();
    const entries = page.getByTestId('camt-transactions');
    await expect.poll(() => rows(page).filter({ has: page.locator('[data-testid^="status-"]') }).count(), { timeout: 15_000 }).toBe(3);
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
    await expect.poll(async () => (await page.getByTestId('reconciliation-state').innerText().catch(() => '')), { timeout: 15_000 }).toContain('Matched');
    await shot('bank-transaction-matched');
    const invoice = (await api('GET', `/api/billing/invoices/${waiting.registration}`)).json() as Invoice;
    expect(invoice.status).toBe('PAID');
  });

  it('leaves the unknown entry aside, and lists what waits', async () => {
    const list = (await api('GET', '/api/bank/bank-transactions?status=NEW&range=[0-9]')).json() as { _id: string; amount: number }[];
    const unknown = list.find((x) => x.amount === 12.34)!;
    await page.goto(at(`/bank-transaction/${unknown._id}`));
    const card = page.locator('[data-testid="workflow-card"]');
    await card.locator('[data-transition="IGNORE"]').click();
    await expect.poll(() => card.locator('[data-status]').first().getAttribute('data-status'), { timeout: 15_000 }).toBe('IGNORED');
    const history = (await api('GET', `/api/core/histories?entityName=BankTransaction&range=[0-99]`)).json() as { action: string }[];
    expect(history.map((h) => h.action)).toEqual(expect.arrayContaining(['MATCH', 'TRANSITION']));
    await page.goto(at('/bank-transactions'));
    await page.getByTestId('rematch').waitFor();
    await listReady(page);
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
  });
});
