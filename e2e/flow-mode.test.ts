import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminApi, type Api } from './support/money-cycle.ts';
import { artifactsDir, launchChromium, openJourneyPage, startProduct, type RunningProduct } from './support/product.ts';

/**
 * Flow mode (spec 000 §2.1, docs/shell-modes.md): a partner opens `/k/{accessKey}/p/{pageId}`
 * without an account, sees the page alone (no menus, no sign-in) and sends the form; the record
 * is the tenant's. A wrong key gets a page that says so, never the sign-in page or the shell.
 */
let product: RunningProduct;
let browser: Browser;
let api: Api;
let page: Page;
const at = (route: string) => `${product.url}${route}`;
const shot = (name: string) => page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });

beforeAll(async () => {
  product = await startProduct({ contracts: 5 });
  api = await adminApi(product);
  const descriptor = await api('POST', '/api/core/dyno-descriptors', {
    name: 'partnerForm',
    label: 'Partner form',
    prefix: 'PF',
    fields: { company: { type: 'text', mandatory: true, label: 'Company' }, employees: { type: 'integer' } },
  });
  expect(descriptor.statusCode, descriptor.body).toBe(201);
  browser = await launchChromium();
  ({ page } = await openJourneyPage(browser));
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('flow mode', () => {
  it('opens the page of an access key full screen, without the shell, and records what is sent', async () => {
    const made = await api('POST', '/api/flow/access-keys', { pageId: 'partnerForm', canWrite: true });
    expect(made.statusCode, made.body).toBe(201);
    await page.goto(at(made.json().path));
    const flow = page.getByTestId('flow-page');
    await flow.getByRole('heading', { name: 'Partner form' }).waitFor();
    expect(await page.getByTestId('main-menu').count()).toBe(0);
    expect(page.url()).toContain('/k/');
    await flow.getByLabel('Company').fill('Acme Leasing Partners');
    await flow.getByLabel('Employees').fill('12');
    await flow.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Thank you: your answer was saved as PF000001.').waitFor();
    await shot('flow-mode-sent');
    const record = await api('GET', '/api/dyno/partnerForm/PF000001');
    expect(record.json()).toMatchObject({ company: 'Acme Leasing Partners', employees: 12 });
  }, 60_000);

  it('refuses a wrong or expired key with a clear page', async () => {
    const expired = await api('POST', '/api/flow/access-keys', {
      pageId: 'partnerForm',
      canWrite: true,
      expiresAt: '2020-01-01T00:00:00Z',
    });
    for (const route of [expired.json().path, `/k/${product.tenant}.${'x'.repeat(32)}/p/partnerForm`]) {
      await page.goto(at(route));
      await page.getByRole('alert').getByText('This link is not valid or has expired.').waitFor();
      expect(await page.getByTestId('main-menu').count()).toBe(0);
      expect(await page.getByLabel('Company').count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe(route);
    }
    await shot('flow-mode-refused');
  }, 60_000);
});
