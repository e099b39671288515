import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { adminApi, type Api } from './support/money-cycle.ts';
import { artifactsDir, launchChromium, openJourneyPage, startProduct, type RunningProduct } from './support/product.ts';
import { signIn } from './support/pages.ts';

/**
 * Feature flags and string overrides (issue 30, items 5 and 6): an admin turns the calendar flag
 * off on its screen, and the Calendar menu entry disappears for another user already signed in,
 * in another browser context, without signing in again; the admin overrides the Calendar label in
 * English and in French on /string-overrides, and that user reads the new labels.
 */
let product: RunningProduct;
let browser: Browser;
let api: Api;
const password = 'Flag-Journey-42';
const at = (route: string) => `${product.url}${route}`;
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });

beforeAll(async () => {
  product = await startProduct({ contracts: 5 });
  api = await adminApi(product);
  const created = await api('POST', '/api/core/users', {
    username: 'bruno@demo',
    lastName: 'Bruno',
    password,
    profiles: ['BACK_OFFICE'],
  });
  expect(created.statusCode, created.body).toBe(201);
  // The demo's flag, as the product's demo step makes it: the Calendar, on.
  expect((await api('POST', '/api/core/feature-flags', { name: 'calendar', type: 'OPERATIONAL' })).statusCode).toBe(
    201,
  );
  expect((await api('GET', '/api/core/feature-flags/calendar/transitions/ENABLE')).statusCode).toBe(200);
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

async function signedIn(username: string, userPassword: string, options: BrowserContextOptions = {}): Promise<Page> {
  // Wide enough that every section of the main menu shows (none folded under its "…").
  const { page } = await openJourneyPage(browser, { viewport: { width: 2800, height: 900 }, ...options });
  await page.goto(at('/'));
  await page.waitForURL(/\/authentication\/login-page/);
  await signIn(page, username, userPassword);
  return page;
}

/** The entries of a section of the main menu, as its popup shows them when the pointer rests on it. */
async function sectionEntries(page: Page, section: string): Promise<string[]> {
  await page.mouse.move(10, 880);
  await page.getByTestId('main-menu').getByText(section, { exact: true }).hover();
  const popup = page.locator('.ant-menu-submenu-popup:not(.ant-menu-submenu-hidden)').last();
  await popup.locator('.ant-menu-item').first().waitFor();
  return (await popup.locator('.ant-menu-item').allInnerTexts()).map((s) => s.trim());
}

describe('a feature flag turned off', () => {
  it('takes the Calendar menu entry away from a user already signed in, and closes its screen', async () => {
    const bruno = await signedIn('bruno@demo', password);
    await bruno.goto(at('/contracts'));
    expect(await sectionEntries(bruno, 'Work')).toContain('Calendar');

    const admin = await signedIn(product.username, product.password);
    await admin.goto(at('/feature-flag/calendar'));
    await admin.locator('[data-testid="workflow-card"]').waitFor({ timeout: 60_000 });
    await shot(admin, 'feature-flag-screen');
    const gates = admin.getByTestId('flag-gate');
    await expect.poll(() => gates.allInnerTexts()).toContainEqual(expect.stringContaining('Calendar'));
    const card = admin.locator('[data-testid="workflow-card"]');
    await card.locator('[data-transition="DISABLE"]').click();
    await expect.poll(() => card.locator('[data-status]').first().getAttribute('data-status')).toBe('DISABLED');
    await shot(admin, 'feature-flag-disabled');

    // Bruno does nothing: his configuration is read again within 20 s.
    await expect
      .poll(async () => (await sectionEntries(bruno, 'Work')).includes('Calendar'), { timeout: 40_000, interval: 2000 })
      .toBe(false);
    await bruno.goto(at('/calendar'));
    await bruno.getByTestId('feature-turned-off').waitFor();
    expect(await bruno.getByTestId('feature-turned-off').innerText()).toContain('This feature is turned off');
    await shot(bruno, 'feature-flag-turned-off');
    await bruno.context().close();
    await admin.context().close();
  }, 300_000);
});

describe('string overrides', () => {
  it('give the Calendar menu entry the tenant’s own label, in English and in French', async () => {
    if ((await api('GET', '/api/core/feature-flags/calendar')).json().status !== 'ENABLED')
      expect((await api('GET', '/api/core/feature-flags/calendar/transitions/ENABLE')).statusCode).toBe(200);
    const bruno = await signedIn('bruno@demo', password);
    await bruno.goto(at('/contracts'));
    expect(await sectionEntries(bruno, 'Work')).toContain('Calendar');

    const admin = await signedIn(product.username, product.password);
    await admin.goto(at('/string-overrides'));
    const key = admin.getByPlaceholder('Search the texts of the interface');
    await key.waitFor({ timeout: 60_000 });
    const text = admin.getByPlaceholder('New text');
    await key.fill('Calendar');
    await text.fill('Team diary');
    await admin.getByRole('button', { name: 'Override' }).click();
    await admin.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'Team diary' }).waitFor();
    // The admin's own screen shows it at once.
    expect(await sectionEntries(admin, 'Work')).toContain('Team diary');

    await admin.locator('.ant-select').filter({ hasText: 'en-EU' }).first().click();
    await admin.locator('.ant-select-item-option[title="fr-FR"]').click();
    await key.fill('Calendar');
    await text.fill('Agenda de l’équipe');
    await admin.getByRole('button', { name: 'Override' }).click();
    await admin.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'Agenda de l’équipe' }).waitFor();
    await shot(admin, 'string-overrides');

    await expect
      .poll(async () => sectionEntries(bruno, 'Work'), { timeout: 40_000, interval: 2000 })
      .toContain('Team diary');

    // A browser in French: the sign-in page speaks French too, so the form is sent with Enter.
    const { page: brunoInFrench } = await openJourneyPage(browser, {
      viewport: { width: 2800, height: 900 },
      locale: 'fr-FR',
    });
    await brunoInFrench.goto(at('/'));
    await brunoInFrench.waitForURL(/\/authentication\/login-page/);
    await brunoInFrench.locator('input[name="username"]').fill('bruno@demo');
    await brunoInFrench.locator('input[name="password"]').fill(password);
    await brunoInFrench.locator('input[name="password"]').press('Enter');
    await brunoInFrench.waitForURL((url) => !url.pathname.startsWith('/authentication'));
    await brunoInFrench.goto(at('/contracts'));
    expect(await sectionEntries(brunoInFrench, 'Travail')).toContain('Agenda de l’équipe');
    await shot(brunoInFrench, 'string-overrides-french');
  }, 300_000);
});
