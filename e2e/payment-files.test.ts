import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { artifactsDir, startProduct, type RunningProduct } from './support/product.ts';
import { activeLease, adminApi, issueTwo, signedInPage, type Api } from './support/money-cycle.ts';
import { listReady, notice, rows } from './support/pages.ts';

/**
 * Payment files in the browser: issued invoices on the client's mandate collected by a pain.008
 * generated from the payment files list's Generate dialog (its batch followed to the end), the
 * new file opened with its lines and its XML; the SEPA mandates list shown.
 */
let product: RunningProduct;
let browser: Browser;
let page: Page;
let api: Api;
const shot = (name: string) => page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
const at = (route: string) => `${product.url}${route}`;

/** A contract of the demo client PER000002 under PER000001 (given a SEPA creditor identifier), billed, two invoices issued. */
async function issuedInvoices(): Promise<string[]> {
  const organization = (await api('GET', '/api/person/persons/PER000001')).json();
  const accounts = organization.bankAccounts as Record<string, unknown>[];
  const patched = await api('PATCH', '/api/person/persons/PER000001', {
    bankAccounts: [{ ...accounts[0], sepaCreditorIdentifier: 'FR12ZZZ123456' }, ...accounts.slice(1)],
    _version: organization._version,
  });
  expect(patched.statusCode, patched.body).toBe(200);
  const contract = await activeLease(api, 'Van collected by direct debit');
  return issueTwo(api, contract, '2025-03-31', {
    query: '&organizations=PER000001',
    keep: (i) => i.paymentMode === 'SEPA_DIRECT_DEBIT',
  });
}

let invoices: string[] = [];

beforeAll(async () => {
  product = await startProduct({ contracts: 20 });
  api = await adminApi(product);
  invoices = await issuedInvoices();
  ({ browser, page } = await signedInPage(product));
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('payment files journey', () => {
  it('generates a pain.008 from the list and follows its batch to the end', async () => {
    await page.goto(at('/payment-files'));
    await listReady(page);
    await page.getByTestId('generate-payment-files').click();
    const dialog = page.locator('.ant-modal').filter({ hasText: 'Generate payment files' });
    await dialog.locator('#payment-files-due-until').waitFor();
    await page.getByTestId('generate-payment-files-confirm').click();
    const progress = dialog.getByTestId('batch-progress');
    await progress.waitFor({ timeout: 15_000 });
    // WARNING when the book holds due invoices it cannot collect (a client without a valid mandate): the dialog says which reason, how many.
    await expect.poll(() => progress.getAttribute('data-status'), { timeout: 45_000 }).toMatch(/^(SUCCESS|WARNING)$/);
    if ((await progress.getAttribute('data-status')) === 'WARNING')
      expect(await dialog.innerText()).toMatch(/\d+ invoice\(s\) left out\n\d+ × \S/);
    await notice(page, 'line(s) in the payment files').first().waitFor();
    await shot('payment-files-generate');
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await rows(page).first().innerText()).toContain('pain.008.001.08');
  });

  it('opens the file with its lines and its XML', async () => {
    const registration = (await rows(page).first().locator('td').first().innerText()).trim();
    expect(registration).toMatch(/^PF\d{6}$/);
    await page.goto(at(`/payment-file/${registration}`));
    const lines = page.getByTestId('payment-file-lines');
    await expect
      .poll(() => lines.locator('.ant-table-tbody tr.ant-table-row').count(), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(2);
    const text = await lines.innerText();
    for (const i of invoices) expect(text).toContain(i);
    expect(text).toContain('FRST');
    const xml = page.getByTestId('payment-file-xml');
    await expect.poll(() => xml.innerText(), { timeout: 15_000 }).toContain('<CstmrDrctDbtInitn>');
    expect(await xml.innerText()).toContain('<SeqTp>FRST</SeqTp>');
    expect(await page.getByTestId('payment-file-download').getAttribute('href')).toMatch(
      /\/documents\/.+\/content\?contentDisposition=attachment&token=/,
    );
    await shot('payment-file-detail');
  });

  it('lists the SEPA mandates', async () => {
    await page.goto(at('/sepas'));
    await listReady(page);
    expect(page.url()).toContain('/sepas');
  });
});
