import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { loadDictionaries } from '../packages/model/src/i18n/dictionaries.ts';
import { lecturaCatalogue } from '../packages/server/src/testing/lectura-catalogue.ts';
import { startLecturaTestServer, type LecturaTestServer } from '../packages/server/src/testing/lectura-server.ts';
import { artifactsDir, launchChromium, openJourneyPage, startProduct, type RunningProduct } from './support/product.ts';
import { signIn } from './support/pages.ts';

/**
 * Issue 33's journey "pick a vehicle from the catalogue into an asset line": a deal's asset lines
 * take a vehicle chosen in the vehicle catalogue (a local server answering as the provider does),
 * made an asset by lectura-to-asset, and an item of a tenant-maintained asset catalogue found by the
 * line's catalogue lookup.
 */
let product: RunningProduct;
let lectura: LecturaTestServer;
let browser: Browser;
let page: Page;
let authorization: string;
const shot = (name: string) => page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
const at = (route: string) => `${product.url}${route}`;
const api = (method: string, url: string, payload?: object) =>
  product.app.inject({ method: method as 'GET', url, headers: { authorization }, ...(payload ? { payload } : {}) });
const backhoe = lecturaCatalogue.models.find((m) => m.manufacturer_name === 'JCB' && m.name === '3CX standard')!;
const openOption = (text: string) =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: text });

beforeAll(async () => {
  // The dictionaries the app loads as it starts, loaded first: on a busy machine their import alone
  // can outlast the app's plugin start-up limit.
  await loadDictionaries();
  lectura = await startLecturaTestServer();
  product = await startProduct({ contracts: 5 });
  authorization = await product.adminAuthorization();
  const configured = await api('PUT', '/api/core/tenant-configuration/vehicle-catalogue', {
    baseUrl: lectura.url,
    apiKey: lectura.apiKey,
  });
  expect(configured.statusCode, configured.body).toBe(200);
  browser = await launchChromium();
  ({ page } = await openJourneyPage(browser));
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await lectura?.close();
});

describe('the vehicle catalogue in asset lines', () => {
  it('signs in', async () => {
    await page.goto(at('/'));
    await page.waitForURL(/\/authentication\/login-page/);
    await signIn(page, product.username, product.password);
  });

  it('picks a vehicle from the catalogue, and a catalogue item, into asset lines', async () => {
    const item = await api('POST', '/api/asset/asset-catalog-items', {
      name: 'Kangoo Van E-Tech',
      catalogName: 'EMPREKIS',
      code: 'KGO-ET',
      description: 'Renault Kangoo Van E-Tech electric',
      unitPrice: 36500,
      taxCode: 'VAT20',
      serviceCode: 'null',
      rvCode: 'RV-KGO',
    });
    expect(item.statusCode, item.body).toBe(201);
    const created = await api('POST', '/api/financing/deals', { name: 'Backhoe and van lease', currency: 'EUR' });
    expect(created.statusCode, created.body).toBe(201);
    const deal = created.json();

    await page.goto(at(`/deal/${deal.registration}`));
    const lines = page.getByTestId('asset-lines');
    await lines.waitFor();

    // From the vehicle catalogue, by category: construction machinery, backhoe loaders, JCB, the 3CX.
    await page.getByTestId('vehicle-catalogue').click();
    const picker = page.locator('.ant-modal').filter({ hasText: 'From the vehicle catalogue' });
    await picker.waitFor();
    await picker.getByTestId('vehicle-category').click();
    await openOption('Construction machinery').click();
    await picker.getByTestId('vehicle-sub-category').click();
    await openOption('Backhoe loaders').click();
    await picker.getByTestId('vehicle-manufacturer').click();
    await openOption('JCB').click();
    await picker.getByTestId(`vehicle-model-${backhoe.id}`).click();
    expect(await picker.getByTestId('vehicle-chosen').innerText()).toContain('JCB 3CX standard');
    await picker.getByTestId('vehicle-year').fill('2024');
    await shot('vehicle-catalogue-picker');
    await picker.getByTestId('vehicle-add').click();
    await lines.locator('tr', { hasText: 'JCB 3CX standard' }).waitFor({ timeout: 15_000 });

    // A line of its own, its asset found in the EMPREKIS catalogue by the line's lookup.
    await page.getByTestId('add-line').click();
    const editor = page.locator('.ant-modal').filter({ hasText: 'Asset line' });
    await editor.waitFor();
    await editor.getByTestId('line-catalogue-name').click();
    await openOption('EMPREKIS').click();
    await editor.getByTestId('line-catalogue-search').fill('kangoo');
    await page.getByTestId(`line-catalogue-item-${item.json().registration}`).click();
    await editor.getByTestId('line-asset-name').waitFor({ timeout: 15_000 });
    expect(await editor.getByTestId('line-asset-name').innerText()).toBe('Kangoo Van E-Tech');
    await editor.getByRole('button', { name: 'OK' }).click();
    await lines.locator('tr', { hasText: 'Kangoo Van E-Tech' }).waitFor();
    await shot('vehicle-catalogue-lines');
    await page.getByTestId('save-lines').click();

    await expect
      .poll(async () => (await api('GET', `/api/financing/deals/${deal.registration}`)).json().assets?.length ?? 0, {
        timeout: 15_000,
      })
      .toBe(2);
    const saved = (await api('GET', `/api/financing/deals/${deal.registration}`)).json().assets;
    expect(saved[0]).toMatchObject({ unitPrice: backhoe.price_new, quantity: 1, currency: 'EUR' });
    expect(saved[1]).toMatchObject({ unitPrice: 36500, taxCode: 'VAT20', priceInclTax: 43800 });
    const vehicle = (await api('GET', `/api/asset/assets/${saved[0].assetRegistration}`)).json();
    expect(vehicle).toMatchObject({
      name: 'JCB 3CX standard',
      manufacturer: 'JCB',
      model: '3CX standard',
      category: 'Backhoe loaders',
      rvCatalog: 'LECTURA',
      sourceCatalog: 'LECTURA',
      rvCode: backhoe.rv_code,
      modelYear: 2024,
    });
    const van = (await api('GET', `/api/asset/assets/${saved[1].assetRegistration}`)).json();
    expect(van).toMatchObject({
      description: 'Renault Kangoo Van E-Tech electric',
      rvCode: 'RV-KGO',
      sourceCatalog: 'EMPREKIS',
    });
    // The catalogue's literal 'null' service code was not written.
    expect(van.serviceCode).toBeUndefined();
    expect(lectura.hits.some((hit) => hit.startsWith(`/models/${backhoe.id}`))).toBe(true);
  }, 240_000);

  it("fills an asset from the LECTURA catalogue's search on the asset screen", async () => {
    const made = await api('POST', '/api/asset/assets', { name: 'Company car', currency: 'EUR' });
    expect(made.statusCode, made.body).toBe(201);
    const asset = made.json();
    const golf = lecturaCatalogue.models.find((m) => m.manufacturer_name === 'Volkswagen' && m.name === 'Golf hybrid')!;
    await page.goto(at(`/asset/${asset.registration}`));
    const card = page.getByTestId('asset-catalogue');
    await card.waitFor();
    // LECTURA is the first catalogue offered.
    await card.getByTestId('asset-catalogue-search').fill('golf hyb');
    await page.getByTestId(`asset-catalogue-item-${golf.id}`).click();
    await expect
      .poll(async () => (await api('GET', `/api/asset/assets/${asset.registration}`)).json().model, { timeout: 15_000 })
      .toBe('Golf hybrid');
    const filled = (await api('GET', `/api/asset/assets/${asset.registration}`)).json();
    expect(filled).toMatchObject({
      name: 'Volkswagen Golf hybrid',
      manufacturer: 'Volkswagen',
      unitPrice: golf.price_new,
      rvCode: golf.rv_code,
      rvCatalog: 'LECTURA',
      sourceCatalog: 'LECTURA',
    });
    // The form shows the filled values.
    await expect.poll(() => page.locator('#field-model').inputValue(), { timeout: 15_000 }).toBe('Golf hybrid');
    await shot('vehicle-catalogue-asset');
  }, 180_000);
});
