import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTenant } from '@lbo/server/product';
import { adminApi, type Api } from './support/money-cycle.ts';
import { artifactsDir, launchChromium, openJourneyPage, startProduct, type RunningProduct } from './support/product.ts';
import { listReady, notice, rows, settled, signIn } from './support/pages.ts';

/**
 * Tenants and dynamic pages (issue 30, items 7 and 8): the master tenant's super admin makes a
 * tenant on /tenants and reads its administrator's first password, which signs that administrator
 * in, in another browser context, to an empty tenant of its own; a demo admin lists, creates and
 * opens the records of a dynamic kind on /page/{name}.
 */
let product: RunningProduct;
let browser: Browser;
let api: Api;
const masterPassword = 'Master-Journey-42';
const at = (route: string) => `${product.url}${route}`;
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });

beforeAll(async () => {
  product = await startProduct({ contracts: 10 });
  await createTenant(product.db.database.db, 'master', {
    username: 'admin@master',
    password: masterPassword,
    isSuperAdmin: true,
  });
  api = await adminApi(product);
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

async function signedIn(username: string, password: string): Promise<Page> {
  const { page } = await openJourneyPage(browser);
  await page.goto(at('/'));
  await page.waitForURL(/\/authentication\/login-page/);
  await signIn(page, username, password);
  return page;
}

describe('tenants made from the screen', () => {
  it('gives a new tenant an administrator who signs in with the first password to an empty tenant', async () => {
    const master = await signedIn('admin@master', masterPassword);
    await master.goto(at('/tenants'));
    await listReady(master);
    await master.getByRole('button', { name: 'New tenant' }).click();
    const dialog = master.getByRole('dialog');
    // A name that cannot be part of an address is refused before anything is sent.
    await dialog.getByTestId('new-tenant-name').fill('Acme Leasing');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Lower-case letters, digits and hyphens').first().waitFor();
    await dialog.getByTestId('new-tenant-name').fill('acme');
    await dialog.getByRole('button', { name: 'Create' }).click();
    const password = (await master.getByTestId('new-tenant-password').innerText()).trim();
    const admin = (await master.getByTestId('new-tenant-admin').innerText()).trim();
    expect(admin).toBe('admin@acme');
    expect(password.length).toBeGreaterThanOrEqual(10);
    await shot(master, 'tenants-created');
    await master.getByRole('button', { name: 'Close', exact: true }).last().click();
    await listReady(master);
    await expect.poll(() => rows(master).filter({ hasText: 'acme' }).count(), { timeout: 10_000 }).toBe(1);

    // A taken name is refused by the server, on the name.
    await master.getByRole('button', { name: 'New tenant' }).click();
    await master.getByTestId('new-tenant-name').fill('demo');
    await master.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await master.getByRole('dialog').getByText('Value demo already exists for field name').waitFor();
    await master.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    // The new administrator, in a browser of their own: an empty tenant, none of demo's persons.
    const acme = await signedIn(admin, password);
    await acme.goto(at('/persons'));
    await listReady(acme);
    expect(await rows(acme).count()).toBe(0);
    expect((await api('GET', '/api/person/persons')).json().length).toBeGreaterThan(0);

    // Its configuration: a card per section, and a check that finds nothing wrong.
    const refused: string[] = [];
    acme.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/api/') && response.status() >= 400 && response.request().method() === 'GET')
        refused.push(`${url.pathname} ${response.status()}`);
    });
    await acme.goto(at('/tenant'));
    await acme.getByTestId('section-tenant-config').waitFor();
    await acme.getByTestId('section-cron-list').getByText('Recurring jobs 1').waitFor();
    await settled(acme);
    // Every section the server lists is read by the tenant's admin.
    expect(refused).toEqual([]);
    await acme.getByRole('button', { name: 'Check configuration' }).click();
    await acme.getByTestId('config-check').getByText('The configuration is valid').waitFor();
    // A value the server refuses is shown on its field.
    const general = acme.getByTestId('section-tenant-config');
    await general.getByLabel('Landing page').fill('no-slash');
    await general.getByRole('button', { name: 'Save' }).click();
    await general.getByTestId('section-error-tenant-config').getByText('for field landingPage').waitFor();
    await general.getByLabel('Landing page').fill('/persons');
    await general.getByRole('button', { name: 'Save' }).click();
    await notice(acme, 'Saved').waitFor();
    expect(await general.getByTestId('section-error-tenant-config').count()).toBe(0);
    await shot(acme, 'tenant-configuration');
  });
});

describe('dynamic pages', () => {
  it('lists, creates and opens the records of a dynamic kind', async () => {
    const described = await api('POST', '/api/core/dyno-descriptors', {
      name: 'vehicleCheck',
      label: 'Vehicle checks',
      prefix: 'VC',
      fields: { mileage: { type: 'integer', mandatory: true }, checkedOn: { type: 'date' }, notes: { type: 'text' } },
      search: ['registration', 'mileage'],
      columns: ['registration', 'mileage', 'checkedOn', 'notes'],
    });
    expect(described.statusCode, described.body).toBe(201);
    const page = await signedIn(product.username, product.password);
    await page.goto(at('/page/vehicleCheck'));
    await listReady(page);
    expect(await rows(page).count()).toBe(0);
    await page.getByRole('button', { name: 'Add' }).click();
    await page.waitForURL(/\/page\/vehicleCheck\/new$/);
    await page.locator('#field-mileage').fill('42000');
    await page.locator('#field-notes').fill('Tyres worn');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/page\/vehicleCheck\/VC000001$/);
    expect(await page.locator('#field-notes').inputValue()).toBe('Tyres worn');

    await page.goto(at('/page/vehicleCheck'));
    await listReady(page);
    expect(await rows(page).count()).toBe(1);
    await rows(page).first().getByRole('link', { name: 'VC000001' }).click();
    await page.waitForURL(/\/page\/vehicleCheck\/VC000001$/);
    expect(await page.locator('#field-mileage').inputValue()).toBe('42000');
    // The record's page asks for nothing the server does not serve for a dynamic kind.
    await settled(page);
    expect(await page.locator('.ant-notification-notice-error').count()).toBe(0);
    await shot(page, 'dyno-page-record');
    // A kind the tenant never described is no page.
    await page.goto(at('/page/nothingHere'));
    await page.getByText('This page does not exist').waitFor();
  });
});
