import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { loadDictionaries } from '../packages/model/src/i18n/dictionaries.ts';
import { lecturaCatalogue } from '../packages/server/src/testing/lectura-catalogue.ts';
import { startLecturaTestServer, type LecturaTestServer } from '../packages/server/src/testing/lectura-server.ts';
import { artifactsDir, launchChromium, openJourneyPage, startProduct, type RunningProduct } from './support/product.ts';
import { signIn } from './support/pages.ts';

/**
 * Issue 33's journeys with the vehicle catalogue (a local server answering as the provider does):
 * a deal's asset lines take a vehicle chosen in the catalogue, made an asset by lectura-to-asset,
 * and an item of a tenant-maintained asset catalogue found by the line's catalogue lookup; then a
 * quotation's residual value is read on the catalogue's curve for its vehicle, the curve drawn,
 * the value applied and the rent priced again.
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
/** The digits of an amount as shown (`17,234.56 €` → `1723456`), whatever the locale's separators. */
const digits = (value: string | number) =>
  typeof value === 'number' ? value.toFixed(2).replace(/\D/g, '') : value.replace(/\D/g, '');
const backhoe = lecturaCatalogue.models.find((m) => m.manufacturer_name === 'JCB' && m.name === '3CX standard')!;
const openOption = (text: string) =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: text });

/**
 * Opens the deal's vehicle catalogue picker and adds the backhoe of `year`, walking the catalogue
 * by category: construction machinery, backhoe loaders, JCB, the 3CX (its usage the default, NORMAL).
 */
async function pickBackhoe(year: number) {
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
  await picker.getByTestId('vehicle-year').fill(String(year));
  await shot(`vehicle-catalogue-picker-${year}`);
  await picker.getByTestId('vehicle-add').click();
}

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

    await pickBackhoe(2024);
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

describe('a residual value from the catalogue curve', () => {
  it("picks a vehicle from the catalogue into an asset line and prices a quotation with the residual value read on its model's curve", async () => {
    const created = await api('POST', '/api/financing/deals', {
      name: 'Backhoe lease with residual value',
      currency: 'EUR',
      startDate: '2026-01-01',
      quotations: [
        { name: 'Lease 42', financedAmountExclTax: backhoe.price_new, rate: 0.06, duration: 42, frequency: '30' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const deal = created.json();

    // The vehicle picked from the catalogue into the deal's asset lines (lectura-to-asset makes its asset).
    await page.goto(at(`/deal/${deal.registration}`));
    const lines = page.getByTestId('asset-lines');
    await lines.waitFor();
    await pickBackhoe(2025);
    await lines.locator('tr', { hasText: `${backhoe.manufacturer_name} ${backhoe.name}` }).waitFor({ timeout: 15_000 });
    await page.getByTestId('save-lines').click();
    await expect
      .poll(async () => (await api('GET', `/api/financing/deals/${deal.registration}`)).json().assets?.length ?? 0, {
        timeout: 15_000,
      })
      .toBe(1);
    const rentBefore = Number(deal.quotations[0].instalment);
    expect(rentBefore).toBeGreaterThan(0);

    await page.goto(at(`/deal/${deal.registration}`));
    const quotations = page.getByTestId('quotations');
    await quotations.waitFor();
    const cells = async (label: string) =>
      quotations
        .locator('tr')
        .filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${label}$`) }) })
        .locator('td')
        .allInnerTexts();

    await page.getByTestId('residual-value-0').first().click();
    const dialog = page.locator('.ant-modal').filter({ hasText: 'Residual value from catalogue' });
    await dialog.waitFor();
    // The curve of the asset's model, year and usage (picked with the vehicle), drawn, and read at the 42-month term.
    await dialog.getByTestId('residual-value-reading').waitFor({ timeout: 15_000 });
    await dialog.locator('[data-testid="residual-value-curve"] canvas').waitFor();
    const reading = (
      await api('GET', `/api/financing/deals/${deal.registration}/quotations/Q1/residual-value?usage=NORMAL`)
    ).json();
    expect(reading).toMatchObject({ modelName: backhoe.name, year: 2025, usage: 'NORMAL', term: 42 });
    expect(await dialog.getByTestId('residual-value-reading').innerText()).toContain(
      `${backhoe.manufacturer_name} ${backhoe.name} (2025, Normal)`,
    );
    expect(digits(await dialog.getByTestId('residual-value-amount').innerText())).toBe(digits(reading.residualValue));
    expect(lectura.hits.some((hit) => hit.startsWith('/v2/regressor?'))).toBe(true);
    await shot('residual-value-curve');

    await dialog.getByTestId('residual-value-apply').click();
    const repriced = dialog.getByTestId('residual-value-repriced');
    await repriced.waitFor({ timeout: 15_000 });
    const stored = (await api('GET', `/api/financing/deals/${deal.registration}`)).json().quotations[0];
    expect(stored).toMatchObject({
      residualValue: reading.residualValue,
      residualValueSource: 'CATALOGUE',
      residualValueCurve: { modelName: backhoe.name, year: 2025, usage: 'NORMAL' },
    });
    expect(stored.residualValueDate).toBeTruthy();
    // The finance engine priced the rent with the residual value: lower than without it.
    expect(stored.instalment).toBeLessThan(rentBefore);
    expect(await repriced.innerText()).toContain('Priced with a residual value of');
    expect(digits(await repriced.innerText())).toContain(digits(stored.instalment));
    await shot('residual-value-applied');

    await dialog.getByTestId('residual-value-close').click();
    await expect.poll(async () => digits((await cells('Instalment'))[1] ?? '')).toBe(digits(stored.instalment));
    expect(digits((await cells('Residual value'))[1])).toBe(digits(stored.residualValue));
    expect((await cells('Residual value source'))[1]).toBe('Catalogue curve');
  }, 180_000);

  it('shows a catalogue error in the dialog and leaves the quotation as it was', async () => {
    const created = await api('POST', '/api/financing/deals', {
      name: 'No vehicle',
      currency: 'EUR',
      quotations: [{ financedAmountExclTax: 10000, rate: 0.05, duration: 36, frequency: '30' }],
    });
    const deal = created.json();
    await page.goto(at(`/deal/${deal.registration}`));
    await page.getByTestId('quotations').waitFor();
    await page.getByTestId('residual-value-0').first().click();
    const dialog = page.locator('.ant-modal').filter({ hasText: 'Residual value from catalogue' });
    await dialog.getByTestId('residual-value-error').waitFor({ timeout: 15_000 });
    expect(await dialog.getByTestId('residual-value-error').innerText()).toContain('Missing field');
    // Named by hand, a vehicle the catalogue does not know: its error, in the dialog.
    await dialog.getByTestId('residual-value-manufacturer').fill('Nobody');
    await dialog.getByTestId('residual-value-model').fill('Nothing');
    await dialog.getByTestId('residual-value-year').fill('2024');
    await dialog.getByTestId('residual-value-usage').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first().click();
    await dialog.getByTestId('residual-value-read').click();
    await expect
      .poll(() => dialog.getByTestId('residual-value-error').innerText(), { timeout: 15_000 })
      .toContain('has no residual value curve for Nobody Nothing');
    expect(await dialog.getByTestId('residual-value-apply').isDisabled()).toBe(true);
    const after = (await api('GET', `/api/financing/deals/${deal.registration}`)).json();
    expect(after._version).toBe(deal._version);
  }, 180_000);
});
