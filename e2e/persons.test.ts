import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { artifactsDir, launchChromium, startProduct, type RunningProduct, openJourneyPage } from './support/product.ts';
import { signIn } from './support/pages.ts';
import { addressSearch, companySearch, startStub, type StubServer } from '@lbo/server/external/test-support';

/**
 * Browser journeys of the person editor (issue 6): a company with its identifier, contacts,
 * addresses and bank accounts; an individual added quickly with a user.
 */
let product: RunningProduct;
let browser: Browser;
let page: Page;
/** Local servers answering as the company register and the national address service do. */
let registry: StubServer;
let addresses: StubServer;
const shot = (name: string) =>
  page.screenshot({ path: path.join(artifactsDir, `persons-${name}.png`), fullPage: true });
/** Waits for a value as a user would, on a machine that may be slow. */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });
const at = (route: string) => `${product.url}${route}`;
const dialog = () => page.locator('.ant-modal-wrap:not([style*="display: none"]) .ant-modal').last();

/** Picks an option of the antd select inside `scope`. */
async function choose(scope: Locator, option: string) {
  await scope.locator('.ant-select').first().click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

/** Reads a resource with the page's session, as the app does. */
const read = (resource: string) =>
  page.evaluate(async (url) => {
    const token = sessionStorage.getItem('lbo.token') ?? localStorage.getItem('lbo.token');
    const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    return response.ok ? response.json() : { status: response.status };
  }, resource);

/** Sends a resource with the page's session; answers the saved document. */
const send = (method: string, resource: string, body: unknown) =>
  page.evaluate(
    async ([m, url, b]) => {
      const token = sessionStorage.getItem('lbo.token') ?? localStorage.getItem('lbo.token');
      const response = await fetch(url as string, {
        method: m as string,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(b),
      });
      if (!response.ok) throw new Error(`${m} ${url}: ${response.status} ${await response.text()}`);
      return response.json() as Promise<{ registration: string }>;
    },
    [method, resource, body] as const,
  );

const field = (scope: Page | Locator, path: string) => scope.locator(`[data-field="${path}"]`);

/** A valid SIREN (Luhn) and IBANs: one with a wrong check, one right. */
const siren = '732829320';
const badIban = 'FR76 3000 6000 0112 3456 7890 188';
const goodIban = 'FR76 3000 6000 0112 3456 7890 189';

beforeAll(async () => {
  product = await startProduct({ contracts: 40 });
  browser = await launchChromium();
  ({ page } = await openJourneyPage(browser));
  page.on('dialog', (d) => void d.accept());
  await page.goto(at('/'));
  await page.waitForURL(/\/authentication/);
  await signIn(page, product.username, product.password);
  registry = await startStub(companySearch);
  addresses = await startStub(addressSearch);
  // The tenant's external services point to them (docs/persons.md: options.externalServices).
  const configured = await page.evaluate(
    async (externalServices) => {
      const token = sessionStorage.getItem('lbo.token') ?? localStorage.getItem('lbo.token');
      const response = await fetch('/api/core/tenant-configuration/tenant-config', {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ options: { externalServices } }),
      });
      return response.status;
    },
    {
      registry: { SIR: { provider: 'RechercheEntreprises', baseUrl: registry.baseUrl } },
      addresses: { provider: 'GouvFr', GouvFr: { baseUrl: addresses.baseUrl } },
    },
  );
  expect(configured).toBeLessThan(300);
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await registry?.close();
  await addresses?.close();
});

describe('person editor journeys', () => {
  it('creates a company from its SIREN found in the register, with two contacts (the second by default), two swapped addresses and a bank account', async () => {
    await page.goto(at('/person'));
    await page.getByTestId('person-save').waitFor();
    await choose(field(page, 'registration'), 'SIREN (France)');
    await page.getByTestId('registration-number').fill('12345');
    await page.getByTestId('registration-number').blur();
    await poll(() => field(page, 'registration').innerText()).toContain('SIREN is invalid');

    // The number typed is looked up in the register; the choice is confirmed and fills the person.
    await page.getByTestId('registration-number').fill(siren);
    const option = page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: 'LACOSTE INDUSTRIES' });
    await option.click();
    await poll(() => dialog().innerText()).toContain('Confirm your selection');
    await dialog().getByRole('button', { name: 'Yes' }).click();
    await poll(() => page.locator('#field-name').inputValue()).toBe('LACOSTE INDUSTRIES');
    expect(registry.requests.some((r) => r.startsWith('/search') && r.includes(siren))).toBe(true);
    await poll(() => field(page, 'registration').locator('[role="alert"]').count()).toBe(0);
    await poll(() => page.getByTestId('address-preview-line').allInnerTexts()).toEqual([
      '23 RUE DE PROVENCE, 75009 PARIS',
    ]);
    await shot('company-from-register');

    // A second identifier in the Registrations modal: its rule refuses a bad number and Save waits.
    await page.getByTestId('open-registrations').click();
    let modal = dialog();
    await poll(() => modal.getByTestId('registration-row').count()).toBe(1);
    await modal.getByRole('button', { name: 'Add' }).click();
    let row = modal.getByTestId('registration-row').nth(1);
    await choose(row.locator('[data-field$=".type"]'), 'VAT number (EU)');
    await row.locator('[data-field$=".number"] input').fill('44732829320');
    await modal.getByTestId('registrations-save').click();
    await poll(() => row.innerText()).toContain('Must start with two letters');
    await row.locator('[data-field$=".number"] input').fill('FR44732829320');
    // An empty row is dropped on Save.
    await modal.getByRole('button', { name: 'Add' }).click();
    await poll(() => modal.getByTestId('registration-row').count()).toBe(3);
    await modal.getByTestId('registrations-save').click();
    await modal.waitFor({ state: 'hidden' });

    // Two contacts, the first by default; then the second is made the default one.
    for (const [first, last, position] of [
      ['Anne', 'Durand', 'CEO'],
      ['Paul', 'Martin', 'CFO'],
    ]) {
      await page.getByTestId('contact-add').click();
      const modal = dialog();
      await modal.locator('[data-field$=".firstName"] input').fill(first);
      await modal.locator('[data-field$=".lastName"] input').fill(last);
      // Position is mandatory.
      await modal.getByTestId('contact-save').click();
      await poll(() => modal.innerText()).toContain('Position is mandatory');
      await modal.locator('[data-field$=".position"] input').fill(position);
      if (first === 'Anne') await modal.locator('[data-field$=".isDefault"] input[type="checkbox"]').check();
      await modal.getByTestId('contact-save').click();
      await modal.waitFor({ state: 'hidden' });
    }
    const contactRows = page.getByTestId('contacts-panel').locator('.ant-table-tbody tr.ant-table-row');
    await poll(() => contactRows.count()).toBe(2);
    expect(await contactRows.nth(0).innerText()).toContain('Default');
    await contactRows.nth(1).getByRole('button', { name: 'Edit' }).click();
    await dialog().locator('[data-field$=".isDefault"] input[type="checkbox"]').check();
    await dialog().getByTestId('contact-save').click();
    await poll(() => contactRows.nth(1).innerText()).toContain('Default');
    expect(await contactRows.nth(0).innerText()).not.toContain('Default');

    // A contact added then closed is discarded.
    await page.getByTestId('contact-add').click();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await poll(() => contactRows.count()).toBe(2);

    // Two addresses, the second made first.
    await page.getByTestId('addresses-edit').click();
    modal = dialog();
    // The register gave the head office; it is deleted, then two addresses are added.
    await poll(() => modal.getByTestId('address-row').count()).toBe(1);
    expect(await modal.getByTestId('address-row').innerText()).toContain('23 RUE DE PROVENCE');
    await modal.getByTestId('address-row').getByRole('button', { name: 'Delete' }).click();
    await poll(() => modal.getByTestId('address-row').count()).toBe(0);
    // The first through the address service: its suggestion fills the fields and the coordinates.
    await modal.getByTestId('address-add').click();
    row = modal.getByTestId('address-row').last();
    await choose(row.locator('[data-field$=".type"]'), 'Head office');
    await row.getByTestId('address-search').fill('8 boulevard du port amiens');
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: '80000 Amiens' })
      .click();
    await poll(() => row.locator('[data-field$=".city"] input').inputValue()).toBe('Amiens');
    expect(addresses.requests.some((r) => r.startsWith('/search/'))).toBe(true);
    // The second typed by hand.
    await modal.getByTestId('address-add').click();
    row = modal.getByTestId('address-row').last();
    await choose(row.locator('[data-field$=".type"]'), 'Billing address');
    await row.locator('[data-field$=".address1"] input').fill('10 quai Perrache');
    await row.locator('[data-field$=".zipcode"] input').fill('69002');
    await row.locator('[data-field$=".city"] input').fill('Lyon');
    await modal.getByTestId('address-row').nth(1).getByRole('button', { name: 'Make it first' }).click();
    await modal.getByTestId('addresses-save').click();
    await modal.waitFor({ state: 'hidden' });
    await poll(() => page.getByTestId('address-preview-line').allInnerTexts()).toEqual([
      '10 quai Perrache, 69002 Lyon',
      '8 Boulevard du Port, 80000 Amiens',
    ]);
    // Swapped back, the first address has coordinates: the map shows them.
    await page.getByTestId('addresses-edit').click();
    await dialog().getByTestId('address-row').nth(1).getByRole('button', { name: 'Make it first' }).click();
    await dialog().getByTestId('addresses-save').click();
    await page.getByTestId('address-show-map').click();
    await page.getByTestId('address-map').waitFor();
    await poll(() => dialog().innerText()).toContain('49.89744');
    await shot('address-map');
    await page.keyboard.press('Escape');
    await page.getByTestId('address-map').waitFor({ state: 'hidden' });
    await page.getByTestId('addresses-edit').click();
    await dialog().getByTestId('address-row').nth(1).getByRole('button', { name: 'Make it first' }).click();
    await dialog().getByTestId('addresses-save').click();

    // A bank account: an invalid IBAN is refused, a valid one kept and named after the company.
    await page.getByTestId('bank-accounts-edit').click();
    modal = dialog();
    await modal.getByTestId('bank-account-add').click();
    await modal.locator('[data-field$=".bankIban"] input').fill(badIban);
    await modal.locator('[data-field$=".bankIban"] input').blur();
    await poll(() => modal.innerText()).toContain('IBAN is invalid');
    await modal.getByTestId('bank-accounts-save').click();
    await poll(() => modal.isVisible()).toBe(true);
    await shot('bank-account-invalid-iban');
    await modal.locator('[data-field$=".bankIban"] input').fill(goodIban);
    await modal.getByTestId('bank-accounts-save').click();
    await modal.waitFor({ state: 'hidden' });
    await poll(() => page.getByTestId('bank-accounts-preview').innerText()).toContain('LACOSTE INDUSTRIES');

    await page.getByTestId('person-save').click();
    await page.waitForURL(new RegExp(`/person/SIR${siren}$`));
    await poll(() => page.getByTestId('person-title').innerText()).toContain(`SIR${siren}`);
    await poll(() => page.getByTestId('contacts-panel').locator('.ant-table-tbody tr.ant-table-row').count()).toBe(2);
    await shot('company-saved');

    // What was saved, read back by the API.
    const saved = await read(`/api/person/persons/SIR${siren}`);
    expect(saved).toMatchObject({
      type: 'C',
      name: 'LACOSTE INDUSTRIES',
      registrations: [
        { type: 'SIR', number: siren },
        { type: 'EVA', number: 'FR44732829320' },
      ],
      contacts: [
        { lastName: 'Durand', isDefault: false },
        { lastName: 'Martin', isDefault: true },
      ],
      addresses: [
        { type: 'BILLING', city: 'Lyon' },
        { type: 'HEAD_OFFICE', city: 'Amiens', location: { coordinates: [2.290084, 49.897443] } },
      ],
      bankAccounts: [{ name: 'LACOSTE INDUSTRIES', bankIban: goodIban.replace(/\s/g, '') }],
    });
  }, 240_000);

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
    await poll(() => modal.innerText()).toContain('Username already exists');
    await modal.locator('#quick-add-username').fill('jeanne.moreau@example.com');
    await modal.locator('#quick-add-username').blur();
    await modal.getByTestId('quick-add-more').click();
    await poll(() => modal.locator('#field-email').inputValue()).toBe('jeanne.moreau@example.com');
    await shot('quick-add');
    await modal.getByTestId('quick-add-save').click();
    await page.waitForURL(/\/person\/[^/]+$/);
    await poll(() => page.getByTestId('person-title').innerText()).toContain('Jeanne Moreau');
    const registration = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    const user = await read('/api/core/users/jeanne.moreau@example.com');
    expect(user).toMatchObject({ username: 'jeanne.moreau@example.com', personRegistration: registration });
  }, 120_000);

  it('opens the relation diagram of a group: network, depth, tree, enlarged view, and a manager quick-added from it', async () => {
    // A holding owns a company and an organisation; the company employs a director.
    const director = await send('POST', '/api/person/persons', {
      type: 'I',
      firstName: 'Marc',
      lastName: 'Lefèvre',
      name: 'Marc Lefèvre',
    });
    const company = await send('POST', '/api/person/persons', {
      type: 'C',
      name: 'Durand Logistique',
      riskClass: 'C',
      descendants: [{ personRegistration: director.registration, relation: 'EMPLOYER' }],
    });
    const foundation = await send('POST', '/api/person/persons', { type: 'O', name: 'Fondation Durand' });
    const holding = await send('POST', '/api/person/persons', {
      type: 'C',
      name: 'Durand Holding',
      riskClass: 'A',
      descendants: [
        { personRegistration: company.registration, relation: 'SHAREHOLDER', stake: 0.6 },
        { personRegistration: foundation.registration, relation: 'PARENT_COMPANY', stake: 1 },
      ],
    });

    await page.goto(at(`/person/${holding.registration}`));
    const chart = page.getByTestId('relations-chart').first();
    await chart.scrollIntoViewIfNeeded();
    await poll(() => chart.getAttribute('data-nodes')).toBe('4');
    await poll(() => chart.locator('canvas').count()).toBeGreaterThan(0);
    expect(await chart.getAttribute('data-mode')).toBe('network');
    // The force layout settles before the picture is taken.
    await page.waitForTimeout(1500);
    await page
      .locator('.ant-card')
      .filter({ has: page.getByTestId('relations-card') })
      .screenshot({ path: path.join(artifactsDir, 'persons-relations-network.png') });

    // Depth 1 keeps the holding and the two it holds.
    await choose(page.getByTestId('relations-card').locator('..').locator('..'), '1');
    await poll(() => chart.getAttribute('data-nodes')).toBe('3');
    // Every person has at most one parent: the tree is offered.
    await page.getByTestId('relations-mode').getByText('Tree').click();
    await poll(() => chart.getAttribute('data-mode')).toBe('tree');
    await page.getByTestId('relations-enlarge').click();
    const enlarged = dialog().getByTestId('relations-chart');
    await poll(() => enlarged.locator('canvas').count()).toBeGreaterThan(0);
    await page.waitForTimeout(1000);
    await dialog().screenshot({ path: path.join(artifactsDir, 'persons-relations-enlarged.png') });
    await page.keyboard.press('Escape');
    await enlarged.waitFor({ state: 'hidden' });

    // A manager added from the holding's page joins the diagram.
    await page
      .locator('.ant-card')
      .filter({ hasText: 'Related persons' })
      .locator('.ant-card-head')
      .getByTestId('quick-add-open')
      .click();
    const modal = dialog();
    await choose(modal.locator('.ant-form-item').filter({ hasText: 'Relation' }), 'Manager of');
    await poll(() => modal.locator('[data-field="type"]').innerText()).toContain('Individual');
    await modal.locator('#field-lastName').fill('Garnier');
    await modal.getByTestId('quick-add-save').click();
    await modal.waitFor({ state: 'hidden' });
    await poll(() => chart.getAttribute('data-nodes')).toBe('4');
    const holder = (await read(`/api/person/persons/${holding.registration}/ascendants`)) as {
      relation: string;
      person: { registration: string };
    }[];
    expect(holder.map((a) => a.relation)).toEqual(['MANAGER']);
  }, 180_000);
  it('keeps what was typed and the open modal when the window narrows past the side menu and widens again', async () => {
    await page.goto(at('/person'));
    // The menu at the side, so that the window's width changes the shell's layout.
    await page.getByTestId('user-menu').click();
    for (const key of ['navigation', 'navigation:left'])
      await page.locator(`.ant-dropdown-menu [data-menu-id$="-${key}"]`).first().click();
    await poll(() => page.getByTestId('main-menu').getAttribute('data-position')).toBe('left');
    await page.locator('#field-name').fill('Atelier Brunel');
    await page.getByTestId('bank-accounts-edit').click();
    const modal = page.locator('.ant-modal').filter({ has: page.getByTestId('bank-accounts-save') });
    await modal.getByTestId('bank-account-add').click();
    await modal.locator('[data-field$=".bankIban"] input').fill(goodIban);
    const { width, height } = page.viewportSize()!;
    // Below the medium breakpoint the shell drops its side layout; above it, takes it back.
    await page.setViewportSize({ width: 600, height });
    await poll(() => page.getByTestId('main-menu').getAttribute('data-position')).toBe('top');
    await page.setViewportSize({ width, height });
    expect(await modal.locator('[data-field$=".bankIban"] input').inputValue()).toBe(goodIban);
    await modal.getByTestId('bank-accounts-save').click();
    await modal.waitFor({ state: 'hidden' });
    expect(await page.locator('#field-name').inputValue()).toBe('Atelier Brunel');
  }, 120_000);
});
