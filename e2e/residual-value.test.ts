import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { loadDictionaries } from '../packages/model/src/i18n/dictionaries.ts';
import { lecturaCatalogue } from '../packages/server/src/testing/lectura-catalogue.ts';
import { startLecturaTestServer, type LecturaTestServer } from '../packages/server/src/testing/lectura-server.ts';
import { artifactsDir, launchChromium, openJourneyPage, startProduct, type RunningProduct } from './support/product.ts';
import { signIn } from './support/pages.ts';

/**
 * Issue 33's journey "price a quotation with its residual value": a deal on a vehicle of the
 * catalogue, its quotation's residual value read on the catalogue's curve (a local server answering
 * as the vehicle catalogue does), the curve drawn, the value applied and the rent priced again.
 */
let product: RunningProduct;
let lectura: LecturaTestServer;
let browser: Browser;
let page: Page;
let authorization: string;
const shot = (name: string) => page.screenshot({ path: path.join(artifactsDir, `${name}.png`) });
const at = (route: string) => `${product.url}${route}`;
const api = (method: string, url: string, payload?: object) =>
  product.app.inject({ method: method as 'GET', url, headers: { authorization }, ...(payload ? { payload } : {}) });
/** The digits of an amount as shown (`17,234.56 €` → `1723456`), whatever the locale's separators. */
const digits = (value: string | number) =>
  typeof value === 'number' ? value.toFixed(2).replace(/\D/g, '') : value.replace(/\D/g, '');
const vehicle = lecturaCatalogue.models.find((m) => m.manufacturer_name === 'JCB' && m.name === '3CX standard')!;
const openOption = (text: string) =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: text });

beforeAll(async () => {
  // The language dictionaries the app loads as it starts, loaded first: on a busy machine their
  // import alone can outlast the app's plugin start-up limit.
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
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await lectura?.close();
});

describe('residual value from the catalogue curve', () => {
  it('signs in', async () => {
    await page.goto(at('/'));
    await page.waitForURL(/\/authentication\/login-page/);
    await signIn(page, product.username, product.password);
  });

  it("picks a vehicle from the catalogue into an asset line and prices a quotation with the residual value read on its model's curve", async () => {
    const created = await api('POST', '/api/financing/deals', {
      name: 'Backhoe lease with residual value',
      currency: 'EUR',
      startDate: '2026-01-01',
      quotations: [
        { name: 'Lease 42', financedAmountExclTax: vehicle.price_new, rate: 0.06, duration: 42, frequency: '30' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const deal = created.json();

    // The vehicle picked from the catalogue into the deal's asset lines (lectura-to-asset makes its asset).
    await page.goto(at(`/deal/${deal.registration}`));
    const lines = page.getByTestId('asset-lines');
    await lines.waitFor();
    await page.getByTestId('vehicle-catalogue').click();
    const picker = page.locator('.ant-modal').filter({ hasText: 'From the vehicle catalogue' });
    await picker.getByTestId('vehicle-category').click();
    await openOption('Construction machinery').click();
    await picker.getByTestId('vehicle-sub-category').click();
    await openOption('Backhoe loaders').click();
    await picker.getByTestId('vehicle-manufacturer').click();
    await openOption('JCB').click();
    await picker.getByTestId(`vehicle-model-${vehicle.id}`).click();
    await picker.getByTestId('vehicle-year').fill('2025');
    // Its usage: the picker's default, NORMAL.
    await picker.getByTestId('vehicle-add').click();
    await lines.locator('tr', { hasText: `${vehicle.manufacturer_name} ${vehicle.name}` }).waitFor({ timeout: 15_000 });
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
    expect(reading).toMatchObject({ modelName: vehicle.name, year: 2025, usage: 'NORMAL', term: 42 });
    expect(await dialog.getByTestId('residual-value-reading').innerText()).toContain(
      `${vehicle.manufacturer_name} ${vehicle.name} (2025, Normal)`,
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
      residualValueCurve: { modelName: vehicle.name, year: 2025, usage: 'NORMAL' },
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
