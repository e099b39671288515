import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { artifactsDir, launchChromium, startProduct, type RunningProduct, openJourneyPage } from './support/product.ts';
import { columnTexts, isoDay, listReady, notice, rows, signIn } from './support/pages.ts';

/**
 * Browser journeys of the list screen's search (spec 001 §1, §2.11): advanced search, a saved
 * search recalled after a reload, a pinned row, the tenant's page configuration, and the list in
 * French with missing texts reported to the server.
 */
let product: RunningProduct;
let browser: Browser;
let page: Page;
let adminHeaders: Record<string, string>;
const shot = (name: string) => page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
const at = (route: string) => `${product.url}${route}`;
const api = async (method: 'GET' | 'PUT', url: string, payload?: object) => {
  const res = await product.app.inject({ method, url, headers: adminHeaders, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const advanced = () => page.locator('[data-testid="advanced-search"]');
const statusesShown = () =>
  rows(page)
    .locator('[data-status]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
/** Registrations of the results table (the pinned rows have a table of their own). */
const registrationsShown = () =>
  page.locator('[data-testid="results"] .ant-table-tbody tr.ant-table-row td:first-child').allInnerTexts();

beforeAll(async () => {
  product = await startProduct();
  adminHeaders = { authorization: await product.adminAuthorization() };
  // The tenant's page configuration of Deals, and the collection of missing translations.
  await api('PUT', '/api/core/tenant-configuration/tenant-config', {
    collectMissingTranslations: true,
    options: { pages: { DealsPage: { title: 'Deal pipeline', hideKpis: true, defaultQuery: { sort: 'name' } } } },
  });
  browser = await launchChromium();
  ({ page } = await openJourneyPage(browser));
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('list search journeys', () => {
  it('signs in', async () => {
    await page.goto(at('/'));
    await page.waitForURL(/\/authentication\/login-page/);
    await signIn(page, product.username, product.password);
  });

  it('searches with the advanced search: a status and a sort, applied together', async () => {
    await page.goto(at('/contracts'));
    await listReady(page);
    await page.getByRole('button', { name: 'Advanced search' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: 'Advanced search' });
    await modal.waitFor();
    await advanced().locator('[data-filter="status"] .ant-select').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: 'Active' })
      .first()
      .click();
    await page.keyboard.press('Escape');
    // Nothing is applied before Search.
    expect(new URL(page.url()).search).toBe('');
    await advanced().locator('[data-testid="advanced-sort"] .ant-select').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: /^Start date$/ })
      .first()
      .click();
    await advanced().getByText('Descending').click();
    await shot('advanced-search');
    await modal.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/status=ACTIVE/);
    await page.waitForURL(/sort=-startDate/);
    await listReady(page);
    expect(new Set(await statusesShown())).toEqual(new Set(['ACTIVE']));
    const days = (await columnTexts(page, 'Start date')).map(isoDay);
    expect(days).toEqual([...days].sort().reverse());
    await page.locator('[data-testid="filter-badges"]').getByText('Status: ACTIVE').waitFor();
  });

  it('saves the search under a name, refuses it twice, and recalls it after a reload', async () => {
    await page.keyboard.press('Alt+KeyQ');
    await advanced().waitFor();
    await advanced().getByLabel('Name of the search').fill('Active, latest first');
    await advanced().getByRole('button', { name: 'Save search' }).click();
    await notice(page, 'Search saved').waitFor();
    await advanced().locator('[data-testid="saved-searches"]').getByText('Active, latest first').waitFor();
    await page.keyboard.press('Control+KeyS');
    await notice(page, 'This search is already saved').waitFor();
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

    await page.goto(at('/contracts'));
    await listReady(page);
    await page.reload();
    await listReady(page);
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('button', { name: 'Advanced search' }).click();
    await advanced()
      .locator('[data-testid="saved-searches"]')
      .getByRole('button', { name: 'Active, latest first', exact: true })
      .click();
    await page.waitForURL(/status=ACTIVE/);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('-startDate');
    await listReady(page);
    expect(new Set(await statusesShown())).toEqual(new Set(['ACTIVE']));
    await shot('saved-search-recalled');
    const preferences = await api('GET', `/api/core/users/${encodeURIComponent(product.username)}/preferences`);
    expect(preferences).toContainEqual(
      expect.objectContaining({
        type: 'SEARCH_FILTER',
        groupId: '/contracts',
        value: { name: 'Active, latest first', query: { sort: '-startDate', status: 'ACTIVE' } },
      }),
    );
  });

  it('deletes a saved search', async () => {
    await page.getByRole('button', { name: 'Advanced search' }).click();
    await advanced().getByRole('button', { name: 'Delete Active, latest first' }).click();
    await advanced().getByText('No saved search').waitFor();
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    const preferences = await api('GET', `/api/core/users/${encodeURIComponent(product.username)}/preferences`);
    expect(preferences.filter((p: { type: string }) => p.type === 'SEARCH_FILTER')).toEqual([]);
  });

  it('pins a row, which stays above the results through another search and a reload, then unpins it', async () => {
    await page.goto(at('/contracts?status=ACTIVE'));
    await listReady(page);
    const registration = (await registrationsShown())[0];
    await page.getByRole('button', { name: `Pin ${registration}` }).click();
    const pinned = page.locator('[data-testid="pinned-rows"]');
    await pinned.getByText(registration).waitFor();
    await page.goto(at('/contracts?status=-ACTIVE'));
    await listReady(page);
    expect(await registrationsShown()).not.toContain(registration);
    await page.reload();
    await listReady(page);
    await pinned.getByText(registration).waitFor();
    await shot('pinned-row');
    await pinned.getByRole('button', { name: `Unpin ${registration}` }).click();
    await pinned.waitFor({ state: 'detached' });
  });

  it("shows the tenant's page configuration: title, hidden KPIs, default query", async () => {
    await page.goto(at('/deals'));
    await page.waitForURL(/sort=name/);
    await listReady(page);
    await expect.poll(() => page.locator('h3').first().innerText()).toBe('Deal pipeline');
    expect(await page.locator('[data-testid="kpis"]').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Hide KPIs' }).count()).toBe(0);
  });

  it('shows the list in French, and reports the texts French lacks', async () => {
    await page.goto(at('/contracts'));
    await listReady(page);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByText('Language').click();
    await page.getByText('Français', { exact: true }).click();
    await page.getByText('Français (France)').click();
    // The switch loads the French texts with the kinds' declarations they are made from: a chunk or two.
    await expect.poll(() => page.locator('h3').first().innerText(), { timeout: 15_000 }).toBe('Contrats');
    await page.getByRole('button', { name: 'Recherche avancée' }).waitFor();
    await page.getByRole('button', { name: 'Exporter' }).waitFor();
    const headers = (await page.locator('.ant-table-thead th').allInnerTexts()).map((h) => h.trim());
    expect(headers).toEqual(expect.arrayContaining(['Immatriculation', 'Statut', 'Nom', 'Date de début']));
    await page.getByRole('button', { name: 'Recherche avancée' }).click();
    await page.locator('.ant-modal-title').getByText('Recherche avancée').waitFor();
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Fermer' }).click();
    await shot('contracts-list-fr');
    // The tenant's own title has no French text: it is reported for an administrator.
    await page.goto(at('/deals'));
    await expect.poll(() => page.locator('h3').first().innerText()).toBe('Deal pipeline');
    await expect
      .poll(async () => (await api('GET', '/api/core/locales/fr-FR')).missingKeys ?? [], { timeout: 10_000 })
      .toContain('Deal pipeline');
    await page.reload();
    await expect.poll(() => page.locator('h3').first().innerText()).toBe('Deal pipeline');
    await page.getByRole('button', { name: 'Recherche avancée' }).waitFor();
  });

  it('opens the scripts screen with ctrl+shift+S (an admin)', async () => {
    await page.keyboard.press('Control+Shift+KeyS');
    await page.waitForURL(/\/scripts$/);
  });

  it('toggles the side view with alt+X and Escape, Escape first closing an open window', async () => {
    await page.goto(at('/contracts'));
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    const sideView = page.locator('[data-testid="side-view"]');
    const header = page.locator('.ant-layout-header');
    await page.keyboard.press('Alt+KeyX');
    await sideView.waitFor();
    expect(await header.count()).toBe(0);
    await shot('side-view');
    await page.getByRole('button', { name: 'Recherche avancée' }).click();
    await page.locator('.ant-modal-title').getByText('Recherche avancée').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.ant-modal-title').getByText('Recherche avancée').waitFor({ state: 'hidden' });
    expect(await sideView.count()).toBe(1);
    // Remembered through a reload, then left with Escape.
    await page.reload();
    await sideView.waitFor();
    await page.locator('body').click({ position: { x: 5, y: 400 } });
    await page.keyboard.press('Escape');
    await header.waitFor();
    expect(await sideView.count()).toBe(0);
  });
});
