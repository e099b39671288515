import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { artifactsDir, launchChromium, openJourneyPage, startProduct, type RunningProduct } from './support/product.ts';
import { firstRegistration, listReady, signIn } from './support/pages.ts';

/**
 * Browser journeys of documents and pictures: an asset's Images card (pictures added, a
 * thumbnail shown, another made the main one), a contract's document converted to PDF on upload,
 * and the object storage screens.
 */
let product: RunningProduct;
let browser: Browser;
let page: Page;
const at = (route: string) => `${product.url}${route}`;
const shot = (name: string) => page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
const photo = (hue: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: hue } })
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  product = await startProduct({ contracts: 30 });
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

describe('documents and pictures in the browser', () => {
  it('adds pictures to an asset, shows their thumbnails and makes the second the main one', async () => {
    await page.goto(at('/assets'));
    await listReady(page);
    await page.goto(at(`/asset/${await firstRegistration(page)}`));
    const card = page.getByTestId('images-card');
    await card.waitFor();
    const before = Number(await card.getAttribute('data-count'));
    const input = page.locator('input[type=file][accept*=".jpg"]');
    await input.setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: await photo('#c0392b') });
    await expect.poll(() => card.getAttribute('data-count'), { timeout: 15_000 }).toBe(String(before + 1));
    await input.setInputFiles({ name: 'side.jpg', mimeType: 'image/jpeg', buffer: await photo('#2980b9') });
    await expect.poll(() => card.getAttribute('data-count'), { timeout: 15_000 }).toBe(String(before + 2));
    // The thumbnail is what the carousel loads, and it is an image the browser decoded.
    const front = card.locator('[data-picture="front.jpg"] img').first();
    await expect
      .poll(() => front.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), { timeout: 10_000 })
      .toBe(320);
    expect(await front.getAttribute('src')).toContain('thumbnail=true');
    await shot('asset-images');
    if (before === 0) {
      await expect.poll(() => card.locator('[data-picture="front.jpg"]').first().innerText()).toContain('Main image');
      // The carousel's second slide, then its button.
      await card.locator('.slick-dots li').nth(1).locator('button').click();
      await card
        .locator('[data-picture="side.jpg"]')
        .first()
        .getByRole('button', { name: 'Make it the main image' })
        .click();
      await expect
        .poll(() => card.locator('[data-picture="side.jpg"]').first().innerText(), { timeout: 10_000 })
        .toContain('Main image');
    }
  });

  it('converts a picture to PDF when asked, and refuses a format it cannot convert before sending it', async () => {
    await page.goto(at('/contracts'));
    await listReady(page);
    await page.goto(at(`/contract/${await firstRegistration(page)}`));
    await page.getByRole('checkbox', { name: 'Convert to PDF' }).check();
    const input = page.getByTestId('documents-upload');
    await input.setInputFiles({
      name: 'scan.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 300, height: 200, channels: 3, background: '#27ae60' } })
        .png()
        .toBuffer(),
    });
    await page.locator('[data-document="scan.pdf"]').waitFor({ timeout: 20_000 });
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain text') });
    const refused = page.locator('[data-testid="document-sending"][data-failed="true"]');
    await expect.poll(() => refused.innerText()).toContain('Forbidden document extension "txt"');
    await shot('contract-documents-converted');
  });

  it("opens a document's own screen and downloads its content", async () => {
    const found = await product.app.inject({
      method: 'GET',
      url: '/api/core/documents?name=scan.pdf',
      headers: { authorization: await product.adminAuthorization() },
    });
    const [scan] = found.json() as { registration: string }[];
    await page.goto(at(`/document/${scan.registration}`));
    const card = page.getByTestId('document-content');
    await card.waitFor();
    await shot('document-screen');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('scan.pdf');
    const file = await download.path();
    expect((await import('node:fs')).readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("shows the object storage by container, the documents' objects with their records", async () => {
    await page.goto(at('/object-storage-containers'));
    const screen = page.getByTestId('object-storage-containers');
    await screen.locator('a', { hasText: 'Documents' }).waitFor();
    await screen.locator('a', { hasText: 'Thumbnails' }).waitFor();
    await screen.locator('a', { hasText: 'Documents' }).click();
    await page.waitForURL(/\/object-storage-container\/documents$/);
    const table = page.getByTestId('object-storage-container');
    await expect
      .poll(() => table.locator('.ant-table-tbody tr.ant-table-row').count(), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(3);
    expect(await table.innerText()).toContain('scan.pdf');
    await shot('object-storage');
  });
});
