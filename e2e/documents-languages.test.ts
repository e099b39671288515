import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { artifactsDir, startProduct, type RunningProduct } from './support/product.ts';
import { activeLease, adminApi, signedInPage, type Api } from './support/money-cycle.ts';

/**
 * A Lithuanian client's invoice: a person whose preferred language is Lithuanian (lt-LT) leases a
 * van; the invoice billed to them is issued, and its PDF, shown on the invoice's screen, is fetched
 * through the screen's own link and read back with pdftotext: Lithuanian labels and the amount in
 * Lithuanian words (docs/documents-languages.md).
 */
let product: RunningProduct;
let browser: Browser;
let page: Page;
let api: Api;
const at = (route: string) => `${product.url}${route}`;

let invoice: { registration: string; amountInclTax: number };

beforeAll(async () => {
  product = await startProduct({ contracts: 20 });
  api = await adminApi(product);
  const client = await api('POST', '/api/person/persons', {
    type: 'P',
    name: 'Jonas Jonaitis',
    contacts: [{ firstName: 'Jonas', lastName: 'Jonaitis', position: 'Owner', isDefault: true }],
    preferredLanguage: 'lt-LT',
    roles: [{ role: 'CLIENT' }],
    registrations: [{ type: 'PAS', number: 'LT2345678' }],
    addresses: [{ type: 'BILLING', address1: 'Gedimino pr. 1', zipcode: '01103', city: 'Vilnius', country: 'LT' }],
  });
  expect(client.statusCode, client.body).toBe(201);
  const contract = await activeLease(api, 'Furgonas', client.json().registration);
  const billed = await api('GET', '/api/script/runs/run-billing?date=2025-02-28');
  expect(billed.statusCode, billed.body).toBe(200);
  const ours = (billed.json() as { registration: string; contractRegistration: string; pr: string }[]).find(
    (i) => i.contractRegistration === contract && i.pr === 'R',
  );
  expect(ours).toBeDefined();
  const issued = await api('GET', `/api/billing/invoices/${ours!.registration}/transitions/ISSUE`);
  expect(issued.statusCode, issued.body).toBe(200);
  invoice = issued.json();
  ({ browser, page } = await signedInPage(product));
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('documents in the client’s language', () => {
  it('opens the invoice PDF of a Lithuanian client from its screen, in Lithuanian with the amount in words', async () => {
    await page.goto(at(`/invoice/${invoice.registration}`));
    const preview = page.getByTestId('invoice-pdf-preview');
    await expect.poll(() => preview.getAttribute('data-state'), { timeout: 20_000 }).toBe('shown');
    await page.screenshot({ path: path.join(artifactsDir, 'invoice-lithuanian.png'), fullPage: true });
    // The link the screen shows the PDF from: the stored document's content with its listing token, no session.
    const link = await preview.locator('iframe').getAttribute('src');
    expect(link).toMatch(/\/documents\/[^/]+\/content\?.*token=/);
    const answer = await page.request.get(new URL(link!, product.url).toString());
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toContain('application/pdf');
    const read = spawnSync('pdftotext', ['-', '-'], { input: await answer.body() });
    expect(read.status, String(read.stderr)).toBe(0);
    const text = read.stdout.toString('utf8').replace(/\s+/g, ' ');
    for (const label of ['Sąskaita faktūra', 'Apmokėjimo terminas', 'Iš viso su PVM', 'Suma žodžiais'])
      expect(text).toContain(label);
    const { amountInWords } = await import('../packages/server/src/billing/invoice-pdf/amount-in-words.ts');
    const words = amountInWords(invoice.amountInclTax, 'EUR', 'lt');
    expect(words).toMatch(/eur/);
    expect(text).toContain(words);
  });
});
