import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { artifactsDir, launchChromium, openJourneyPage, startProduct, type RunningProduct } from './support/product.ts';
import { columnTexts, listReady, rows, signIn } from './support/pages.ts';
import { companySearch, startStub, type StubServer } from '@lbo/server/external/test-support';

/**
 * What a person types is what is saved: every value below is typed key by key, saved, read
 * again after a reload in the screen and from the API. Linked persons are shown by name.
 */
let product: RunningProduct;
let browser: Browser;
let page: Page;
let registry: StubServer;
/** Writes the app sent, with their bodies. */
const writes: { method: string; url: string; body: string }[] = [];
/** Lists of persons the app read, by URL. */
const personReads: string[] = [];
const shot = (name: string) => page.screenshot({ path: path.join(artifactsDir, `typing-${name}.png`), fullPage: true });
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });
const at = (route: string) => `${product.url}${route}`;
const field = (scope: Page | Locator, name: string) => scope.locator(`[data-field="${name}"]`);
const activeId = () => page.evaluate(() => document.activeElement?.id ?? '');

/** Reads a resource with the page's session, as the app does. */
const read = <T = Record<string, unknown>>(resource: string) =>
  page.evaluate(async (url) => {
    const token = sessionStorage.getItem('lbo.token') ?? localStorage.getItem('lbo.token');
    const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    return response.ok ? response.json() : { status: response.status };
  }, resource) as Promise<T>;

/** Picks an option of the antd select inside `scope`. */
async function choose(scope: Locator, option: string) {
  await scope.locator('.ant-select').first().click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

/** A valid SIREN (Luhn) that the company register stub does not know: nothing fills the form but the typing. */
const siren = '418000006';

beforeAll(async () => {
  product = await startProduct({ contracts: 40 });
  registry = await startStub(companySearch);
  browser = await launchChromium();
  ({ page } = await openJourneyPage(browser));
  page.on('dialog', (d) => void d.accept());
  page.on('request', (request) => {
    const url = decodeURIComponent(request.url());
    if (request.method() !== 'GET') writes.push({ method: request.method(), url, body: request.postData() ?? '' });
    else if (new URL(url).pathname === '/api/person/persons') personReads.push(url);
  });
  await page.goto(at('/'));
  await page.waitForURL(/\/authentication/);
  await signIn(page, product.username, product.password);
  // The register lookup of SIRENs goes to a local stub, never to the network.
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
    { registry: { SIR: { provider: 'RechercheEntreprises', baseUrl: registry.baseUrl } } },
  );
  expect(configured).toBeLessThan(300);
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await registry?.close();
});

describe('what is typed is kept', () => {
  it('saves the SIREN typed in the registration field of a new company, and asks for its type rather than dropping it', async () => {
    await page.goto(at('/person'));
    await page.getByTestId('person-save').waitFor();
    await page.locator('#field-name').pressSequentially('Typage Dupont SA');
    // The number first, before any type is chosen.
    await page.getByTestId('registration-number').pressSequentially(siren);
    expect(await activeId()).toBe('field-registration');
    writes.length = 0;
    await page.getByTestId('person-save').click();
    await poll(() => field(page, 'registration').innerText()).toContain('Registration type is mandatory');
    expect(await page.getByTestId('registration-number').inputValue()).toBe(siren);
    expect(writes.filter((w) => w.url.includes('/api/person/persons'))).toEqual([]);
    await shot('registration-type-missing');

    // The type chosen, the number typed again key by key and saved with CTRL+S before leaving the field.
    await choose(field(page, 'registration'), 'SIREN (France)');
    await page.getByTestId('registration-number').fill('');
    await page.getByTestId('registration-number').pressSequentially(siren.slice(0, 3) + ' ' + siren.slice(3));
    expect(await activeId()).toBe('field-registration');
    await page.keyboard.press('Control+s');
    await page.waitForURL(new RegExp(`/person/SIR${siren}$`));
    const sent = writes.find((w) => w.method === 'POST' && w.url.endsWith('/api/person/persons'));
    expect(JSON.parse(sent!.body)).toMatchObject({
      type: 'C',
      name: 'Typage Dupont SA',
      registration: `SIR${siren}`,
      registrations: [{ type: 'SIR', number: siren }],
    });

    await page.reload();
    await poll(() => page.getByTestId('person-title').innerText()).toContain(`SIR${siren}`);
    await poll(() => page.getByTestId('registration-number').inputValue()).toBe(siren);
    expect(await page.locator('#field-name').inputValue()).toBe('Typage Dupont SA');
    expect(await read(`/api/person/persons/SIR${siren}`)).toMatchObject({
      registration: `SIR${siren}`,
      name: 'Typage Dupont SA',
      registrations: [{ type: 'SIR', number: siren }],
    });
  }, 120_000);

  for (const [kind, route, api] of [
    ['contract', 'contract', 'financing/contracts'],
    ['invoice', 'invoice', 'billing/invoices'],
  ] as const) {
    it(`keeps the focus and every key of a person registration typed in the Persons card of ${kind === 'invoice' ? 'an' : 'a'} ${kind}, and names the person`, async () => {
      // An issued invoice is read only: a draft one is typed in.
      const registration =
        route === 'contract'
          ? 'CT000003'
          : (
              await read<{ registration: string }[]>('/api/billing/invoices?status=DRAFT&sort=registration&range=[0-0]')
            )[0].registration;
      const before = await read<{ persons?: { role: string; personRegistration: string }[] }>(
        `/api/${api}/${registration}`,
      );
      const count = before.persons?.length ?? 0;
      const typed = 'PER000031';
      const typedPerson = await read<{ name: string }>(`/api/person/persons/${typed}`);
      expect(typedPerson.name).toBeTruthy();

      await page.goto(at(`/${route}/${registration}`));
      const list = page.getByTestId('list-persons');
      await poll(() => list.locator('.ant-card').count()).toBe(count);
      // The persons already linked show their names.
      const first = before.persons![0];
      const firstName = (await read<{ name: string }>(`/api/person/persons/${first.personRegistration}`)).name;
      await poll(() => field(list, 'persons.0.personRegistration').getByTestId('link-name').innerText()).toBe(
        firstName,
      );

      await list.getByRole('button', { name: 'Add' }).click();
      const item = field(list, `persons.${count}.personRegistration`);
      await choose(field(list, `persons.${count}.role`), 'Supplier');
      await item.locator('input').pressSequentially(typed, { delay: 30 });
      expect(await activeId()).toBe(`field-persons.${count}.personRegistration`);
      expect(await item.locator('input').inputValue()).toBe(typed);
      await poll(() => item.getByTestId('link-name').innerText()).toBe(typedPerson.name);
      await shot(`${kind}-person-typed`);
      await page
        .locator('button')
        .filter({ hasText: /^Save$/ })
        .click();
      // Saved: the typed person follows the others (a contract's asset suppliers may join after it, spec 002 §4).
      await poll(
        async () =>
          (await read<{ persons?: { personRegistration: string }[] }>(`/api/${api}/${registration}`)).persons?.[count]
            ?.personRegistration,
      ).toBe(typed);

      await page.reload();
      await poll(() => field(list, `persons.${count}.personRegistration`).locator('input').inputValue()).toBe(typed);
      await poll(() => field(list, `persons.${count}.personRegistration`).getByTestId('link-name').innerText()).toBe(
        typedPerson.name,
      );
      const after = await read<{ persons: { role: string; personRegistration: string }[] }>(
        `/api/${api}/${registration}`,
      );
      expect(after.persons[count]).toMatchObject({ role: 'SUPPLIER', personRegistration: typed });
      expect(after.persons.slice(0, count)).toEqual(before.persons);
      for (const joined of after.persons.slice(count + 1)) expect(joined.role).toBe('SUPPLIER');
    }, 120_000);
  }

  it('shows the payer and payee of invoices by name, cut to 17 characters, read in one request for the page', async () => {
    personReads.length = 0;
    await page.goto(at('/invoices'));
    await listReady(page);
    const shown = await columnTexts(page, 'Payer / payee');
    expect(shown.length).toBeGreaterThan(0);
    await poll(async () => (await columnTexts(page, 'Payer / payee')).join(' | ')).not.toMatch(/PER\d{6}/);
    const registrations = (await rows(page).locator('td:first-child').allInnerTexts()).map((r) => r.trim());
    const invoices = await read<
      { registration: string; persons: { role: string; personRegistration: string; name?: string }[] }[]
    >(`/api/billing/invoices?registration=${registrations.join(',')}&projection=registration,persons&range=[0-99]`);
    // Items carrying no copy of their name are named by one request for the whole page (read before this test reads any itself).
    const unnamed = invoices.some((i) => i.persons.some((p) => !p.name));
    expect(personReads.filter((url) => url.includes('projection=registration,name'))).toHaveLength(unnamed ? 1 : 0);
    const people = new Set(invoices.flatMap((i) => i.persons.map((p) => p.personRegistration)));
    const names = new Map(
      (
        await read<{ registration: string; name: string }[]>(
          `/api/person/persons?registration=${[...people].join(',')}&projection=registration,name&range=[0-249]`,
        )
      ).map((p) => [p.registration, p.name]),
    );
    const cut = (name: string) => (name.length > 17 ? `${name.slice(0, 17).trimEnd()}…` : name);
    const label: Record<string, string> = { PAYER: 'Payer', PAYEE: 'Payee', SUPPLIER: 'Supplier' };
    const expected = registrations.map((r) =>
      invoices
        .find((i) => i.registration === r)!
        .persons.map((p) => `${label[p.role] ?? p.role}: ${cut(names.get(p.personRegistration)!)}`)
        .join(', '),
    );
    expect((await columnTexts(page, 'Payer / payee')).map((t) => t.trim())).toEqual(expected);
    expect(expected.join(' ')).toContain('…');
    await shot('invoices-payer-payee');
  }, 120_000);
});
