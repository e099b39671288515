import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { artifactsDir, launchChromium, startProduct, type RunningProduct } from './support/product.ts';
import { signIn } from './support/pages.ts';

/**
 * Browser journeys of the person editor (issue 6): a company with its identifier, contacts,
 * addresses and bank accounts; an individual added quickly with a user.
 */
let product: RunningProduct;
let browser: Browser;
let page: Page;
const shot = (name: string) => page.screenshot({ path: path.join(artifactsDir, `persons-${name}.png`), fullPage: true });
const at = (route: string) => `${product.url}${route}`;
const dialog = () => page.locator('.ant-modal-wrap:not([style*="display: none"]) .ant-modal').last();

/** Picks an option of the antd select inside `scope`. */
async function choose(scope: Locator, option: string) {
  await scope.locator('.ant-select').first().click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: option }).first().click();
}

/** Reads a resource with the page's session, as the app does. */
const read = (resource: string) => page.evaluate(async (url) => {
  const token = sessionStorage.getItem('lbo.token') ?? localStorage.getItem('lbo.token');
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return response.ok ? response.json() : { status: response.status };
}, resource);

const field = (scope: Page | Locator, path: string) => scope.locator(`[data-field="${path}"]`);

/** A valid SIREN (Luhn) and IBANs: one with a wrong check, one right. */
const siren = '732829320';
const badIban = 'FR76 3000 6000 0112 3456 7890 188';
const goodIban = 'FR76 3000 6000 0112 3456 7890 189';

beforeAll(async () => {
  product = await startProduct({ contracts: 40 });
  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-GB' });
  page = await context.newPage();
  page.on('dialog', (d) => void d.accept());
  await page.goto(at('/'));
  await page.waitForURL(/\/authentication/);
  await signIn(page, product.username, product.password);
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('person editor journeys', () => {
  it('creates a company with a SIREN, two contacts (the second by default), two swapped addresses and a bank account', async () => {
    await page.goto(at('/person'));
    await page.getByTestId('person-save').waitFor();
    await page.locator('#field-name').fill('Transports Durand');
    await choose(field(page, 'registration'), 'SIREN (France)');
    await page.getByTestId('registration-number').fill('12345');
    await page.getByTestId('registration-number').blur();
    await expect.poll(() => field(page, 'registration').innerText()).toContain('SIREN is invalid');
    await page.getByTestId('registration-number').fill(siren);
    await page.getByTestId('registration-number').blur();
    await expect.poll(() => field(page, 'registration').locator('[role="alert"]').count()).toBe(0);

    // Two contacts, the first by default; then the second is made the default one.
    for (const [first, last, position] of [['Anne', 'Durand', 'CEO'], ['Paul', 'Martin', 'CFO']]) {
      await page.getByTestId('contact-add').click();
      const modal = dialog();
      await modal.locator('[data-field$=".firstName"] input').fill(first);
      await modal.locator('[data-field$=".lastName"] input').fill(last);
      // Position is mandatory.
      await modal.getByTestId('contact-save').click();
      await expect.poll(() => modal.innerText()).toContain('Position is mandatory');
      await modal.locator('[data-field$=".position"] input').fill(position);
      if (first === 'Anne') await modal.locator('[data-field$=".isDefault"] input[type="checkbox"]').check();
      await modal.getByTestId('contact-save').click();
      await modal.waitFor({ state: 'hidden' });
    }
    const contactRows = page.getByTestId('contacts-panel').locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => contactRows.count()).toBe(2);
    expect(await contactRows.nth(0).innerText()).toContain('Default');
    await contactRows.nth(1).getByRole('button', { name: 'Edit' }).click();
    await dialog().locator('[data-field$=".isDefault"] input[type="checkbox"]').check();
    await dialog().getByTestId('contact-save').click();
    await expect.poll(() => contactRows.nth(1).innerText()).toContain('Default');
    expect(await contactRows.nth(0).innerText()).not.toContain('Default');

    // A contact added then closed is discarded.
    await page.getByTestId('contact-add').click();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => contactRows.count()).toBe(2);

    // Two addresses, the second made first.
    await page.getByTestId('addresses-edit').click();
    let modal = dialog();
    for (const [type, street, zip, city] of [['Head office', '1 rue de la Paix', '75002', 'Paris'], ['Billing address', '10 quai Perrache', '69002', 'Lyon']]) {
      await modal.getByTestId('address-add').click();
      const row = modal.getByTestId('address-row').last();
      await choose(row.locator('[data-field$=".type"]'), type);
      await row.locator('[data-field$=".address1"] input').fill(street);
      await row.locator('[data-field$=".zipcode"] input').fill(zip);
      await row.locator('[data-field$=".city"] input').fill(city);
    }
    await modal.getByTestId('address-row').nth(1).getByRole('button', { name: 'Make it first' }).click();
    await modal.getByTestId('addresses-save').click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('address-preview-line').allInnerTexts()).toEqual(['10 quai Perrache, 69002 Lyon', '1 rue de la Paix, 75002 Paris']);

    // A bank account: an invalid IBAN is refused, a valid one kept and named after the company.
    await page.getByTestId('bank-accounts-edit').click();
    modal = dialog();
    await modal.getByTestId('bank-account-add').click();
    await modal.locator('[data-field$=".bankIban"] input').fill(badIban);
    await modal.locator('[data-field$=".bankIban"] input').blur();
    await expect.poll(() => modal.innerText()).toContain('IBAN is invalid');
    await modal.getByTestId('bank-accounts-save').click();
    await expect.poll(() => modal.isVisible()).toBe(true);
    await shot('bank-account-invalid-iban');
    await modal.locator('[data-field$=".bankIban"] input').fill(goodIban);
    await modal.getByTestId('bank-accounts-save').click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('bank-accounts-preview').innerText()).toContain('Transports Durand');

    await page.getByTestId('person-save').click();
    await page.waitForURL(new RegExp(`/person/SIR${siren}$`));
    await expect.poll(() => page.getByTestId('person-title').innerText()).toContain(`SIR${siren}`);
    await expect.poll(() => page.getByTestId('contacts-panel').locator('.ant-table-tbody tr.ant-table-row').count()).toBe(2);
    await shot('company-saved');

    // What was saved, read back by the API.
    const saved = await read(`/api/person/persons/SIR${siren}`);
    expect(saved).toMatchObject({
      type: 'C', name: 'Transports Durand', registrations: [{ type: 'SIR', number: siren }],
      contacts: [{ lastName: 'Durand', isDefault: false }, { lastName: 'Martin', isDefault: true }],
      addresses: [{ type: 'BILLING', city: 'Lyon' }, { type: 'HEAD_OFFICE', city: 'Paris' }],
      bankAccounts: [{ name: 'Transports Durand', bankIban: goodIban.replace(/\s/g, '') }],
    });
  });

  it('quick-adds an individual with a user from the persons list', async () => {
    await page.goto(at('/persons'));
    await page.getByTestId('quick-add-open').click();
    const modal = dialog();
    await choose(field(modal, 'type'), 'Individual');
    await modal.locator('#field-firstName').fill('Jeanne');
    await modal.locator('#field-lastName').fill('Moreau');
    await modal.getByTestId('quick-add-create-user').click();
    // An existing username is refused when leaving the field.
    await modal.locator('#quick-add-username').fill(product.username);
    await modal.locator('#quick-add-username').blur();
    await expect.poll(() => modal.innerText()).toContain('Username already exists');
    await modal.locator('#quick-add-username').fill('jeanne.moreau@example.com');
    await modal.locator('#quick-add-username').blur();
    await modal.getByTestId('quick-add-more').click();
    await expect.poll(() => modal.locator('#field-email').inputValue()).toBe('jeanne.moreau@example.com');
    await shot('quick-add');
    await modal.getByTestId('quick-add-save').click();
    await page.waitForURL(/\/person\/[^/]+$/);
    await expect.poll(() => page.getByTestId('person-title').innerText()).toContain('Jeanne Moreau');
    const registration = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    const user = await read('/api/core/users/jeanne.moreau@example.com');
    expect(user).toMatchObject({ username: 'jeanne.moreau@example.com', personRegistration: registration });
  });
});
