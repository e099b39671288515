import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { artifactsDir, launchChromium, startProduct, type RunningProduct, openJourneyPage } from './support/product.ts';
import { signIn } from './support/pages.ts';
import { answerTransitionQuestion } from './support/transitions.ts';

/**
 * The lessor's core in the browser: a deal quoted twice, the offers compared and one chosen, the
 * deal won, its contract activated, the contract's schedules seen as tables and charts, and an
 * amendment's schedule before and after.
 */
let product: RunningProduct;
let browser: Browser;
let page: Page;
let token: string;
const shot = (name: string) => page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
const at = (route: string) => `${product.url}${route}`;
const api = (method: string, url: string, payload?: object) =>
  product.app.inject({
    method: method as 'GET',
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  product = await startProduct({ contracts: 20 });
  token = (await product.adminAuthorization()).replace(/^Bearer /, '');
  browser = await launchChromium();
  ({ page } = await openJourneyPage(browser));
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

/** Runs a transition from the record's Workflow card (confirming an irreversible one) and waits for the status it reaches. */
async function runFromCard(code: string, to: string, { confirmed = false } = {}) {
  const card = page.locator('[data-testid="workflow-card"]');
  await card.locator(`[data-transition="${code}"]`).click();
  if (confirmed) await answerTransitionQuestion(page);
  await expect
    .poll(() => card.locator('[data-status]').first().getAttribute('data-status'), { timeout: 10_000 })
    .toBe(to);
}

let deal: string;
let contract: string;

describe('contract lifecycle journey', () => {
  it('signs in', async () => {
    await page.goto(at('/'));
    await page.waitForURL(/\/authentication\/login-page/);
    await signIn(page, product.username, product.password);
  });

  it("compares a deal's two quotations side by side and chooses one", async () => {
    const created = await api('POST', '/api/financing/deals', {
      name: 'Two vans for Durand',
      currency: 'EUR',
      startDate: '2025-01-15',
      persons: [
        { role: 'CLIENT', personRegistration: 'PER000002' },
        { role: 'ORGANIZATION', personRegistration: 'PER000001' },
      ],
      quotations: [
        {
          name: 'Lease 36 months',
          financialProduct: 'LEASE',
          financedAmountExclTax: 48000,
          rate: 0.049,
          duration: 36,
          frequency: '30',
          timing: 'arrears',
          residualValue: 4800,
          taxCode: 'VAT20',
          services: [{ code: 'MAINTENANCE', label: 'Maintenance', type: 'SERVICE', amount: 60, taxCode: 'VAT20' }],
        },
        {
          name: 'Lease 48 months',
          financialProduct: 'LEASE',
          financedAmountExclTax: 48000,
          rate: 0.052,
          duration: 48,
          frequency: '30',
          timing: 'arrears',
          residualValue: 2400,
          taxCode: 'VAT20',
          services: [{ code: 'MAINTENANCE', label: 'Maintenance', type: 'SERVICE', amount: 55, taxCode: 'VAT20' }],
        },
      ],
    });
    expect(created.statusCode).toBe(201);
    deal = created.json().registration;
    await page.goto(at(`/deal/${deal}`));
    const table = page.locator('[data-testid="quotations"]');
    await table.waitFor();
    expect(await table.locator('[data-testid="quotation-0"]').first().innerText()).toContain('Lease 36 months');
    expect(await table.locator('[data-testid="quotation-1"]').first().innerText()).toContain('Lease 48 months');
    const instalments = await table
      .locator('.ant-table-tbody tr', { hasText: 'Instalment' })
      .first()
      .locator('td')
      .allInnerTexts();
    const priced = created.json().quotations.map((q: { instalment: number }) => q.instalment.toFixed(2));
    expect(instalments[1]).toContain(priced[0].replace(/\B(?=(\d{3})+(?!\d))/g, ','));
    expect(instalments[2]).toContain(priced[1].replace(/\B(?=(\d{3})+(?!\d))/g, ','));
    await page.locator('[data-testid="choose-quotation-1"]').first().click();
    await table.locator('[data-testid="quotation-1"]', { hasText: 'Chosen' }).first().waitFor();
    await shot('deal-quotations');
  });

  it("prices the deal's asset lines: an asset found in the search dialog, duplicated, a total discount on every line", async () => {
    const asset = (
      await api('POST', '/api/asset/assets', {
        name: 'Electric van eExpert',
        unitPrice: 24000,
        quantity: 1,
        taxCode: 'VAT20',
        supplierRegistration: 'PER000003',
      })
    ).json().registration;
    const card = page.locator('[data-testid="asset-lines"]');
    await card.waitFor();
    await card.locator('[data-testid="search-asset"]').click();
    await page.locator('[data-testid="asset-search-input"]').fill('Electric van');
    await page.locator(`[data-testid="pick-asset-${asset}"]`).click();
    await card.locator('[data-testid="save-lines"]').click();
    // Saved, the server copies the asset's price onto the line and adds its supplier.
    await expect
      .poll(async () => (await api('GET', `/api/financing/deals/${deal}`)).json().assets?.[0]?.priceExclTax)
      .toBe(24000);
    const fresh = page.locator('[data-testid="asset-lines"]');
    await fresh.locator('[data-testid="duplicate-line-0"]').click();
    await fresh.locator('[data-testid="asset-lines-totals"]').waitFor();
    const discount = fresh.locator('input[data-testid="total-discount"], [data-testid="total-discount"] input');
    await discount.fill('10');
    await discount.press('Tab');
    await fresh.locator('[data-testid="total-excl-tax"]', { hasText: '43,200.00' }).waitFor(); // 2 × 24,000 less 10 %
    await fresh.locator('[data-testid="save-lines"]').click();
    await expect
      .poll(async () => (await api('GET', `/api/financing/deals/${deal}`)).json().assetsTotals)
      .toEqual({ grossAmount: 48000, priceExclTax: 43200, priceInclTax: 51840, discount: 0.1 });
    const saved = (await api('GET', `/api/financing/deals/${deal}`)).json();
    expect(saved.persons).toContainEqual({ role: 'SUPPLIER', personRegistration: 'PER000003' });
    await shot('deal-asset-lines');
  });

  it('wins the deal, which makes the contract, and activates it', async () => {
    await runFromCard('SUBMIT', 'SUBMITTED');
    await runFromCard('APPROVE', 'APPROVED');
    await runFromCard('MARK_WON', 'WON', { confirmed: true });
    contract = (await api('GET', `/api/financing/deals/${deal}`)).json().contractRegistration;
    expect(contract).toMatch(/^CT\d{6}$/);
    await page.goto(at(`/contract/${contract}`));
    await page.locator('[data-testid="workflow-card"]').waitFor();
    await runFromCard('SUBMIT', 'SUBMITTED');
    await runFromCard('APPROVE', 'APPROVED');
    await runFromCard('ACTIVATE', 'ACTIVE', { confirmed: true });
  });

  it("shows the contract's summary, its elements and their schedules as tables and charts", async () => {
    const summary = page.locator('[data-testid="contract-summary"]');
    await summary.waitFor();
    expect(await summary.locator('[data-testid="summary-outstanding"]').innerText()).toContain('48,000.00');
    const elements = page.locator('[data-testid="contract-elements"]');
    await elements.waitFor();
    // The rent comes first, as activation numbered the elements.
    expect(await elements.locator('[role="tab"]').first().innerText()).toBe('Rent');
    // Only the open tab's pane is shown.
    const pane = elements.locator('[role="tabpanel"][aria-hidden="false"]');
    const rows = pane.locator('[data-testid="schedule-lines"] .ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(12);
    expect(await pane.innerText()).toContain('48 lines');
    await pane.locator('[data-testid="schedule-chart"] canvas').waitFor();
    await elements.locator('[data-element="MAINTENANCE"]').click();
    await pane.locator('[data-testid="element-total"]', { hasText: '3,168.00' }).waitFor(); // 48 × 55 + 20 % VAT
    await shot('contract-schedules');
  });

  it("shows an amendment's schedule before and after", async () => {
    const amendment = (
      await api('POST', '/api/financing/amendments', {
        name: 'Lower rate',
        type: 'RATE_CHANGE',
        contractRegistration: contract,
        date: '2025-06-01',
        rate: 0.039,
      })
    ).json().registration;
    expect((await api('GET', `/api/financing/amendments/${amendment}/transitions/SUBMIT`)).statusCode).toBe(200);
    await page.goto(at(`/amendment/${amendment}`));
    const preview = page.locator('[data-testid="amendment-preview"]');
    await preview.waitFor();
    await preview.locator('[data-testid="before-RENT"]').waitFor();
    await preview.locator('[data-testid="after-RENT"]').waitFor();
    const before = await preview
      .locator('[data-testid="before-RENT"] .ant-table-tbody tr.ant-table-row')
      .first()
      .locator('td')
      .allInnerTexts();
    const after = await preview
      .locator('[data-testid="after-RENT"] .ant-table-tbody tr.ant-table-row')
      .first()
      .locator('td')
      .allInnerTexts();
    // The same line and due date, a lower instalment.
    expect(after[0]).toBe(before[0]);
    expect(after[1]).toBe(before[1]);
    const amount = (text: string) => Number(text.replace(/[^\d.]/g, ''));
    expect(amount(after[2])).toBeLessThan(amount(before[2]));
    await shot('amendment-before-after');
  });

  it('lists the amendment with its client linked to the person', async () => {
    await page.goto(at(`/amendments?contract=${contract}`));
    const list = page.locator('[data-testid="list-amendments"][data-list-state="ready"]');
    await list.waitFor();
    await list.locator(`a[href$="/contract/${contract}"]`).first().waitFor();
    const client = list.locator('[data-linked-item="PER000002"] a');
    expect(await client.getAttribute('href')).toMatch(/\/person\/PER000002$/);
    await client.click();
    await page.waitForURL(/\/person\/PER000002$/);
  });

  it('onboards a new partner from the agreements list', async () => {
    await page.goto(at('/agreements'));
    await page.locator('[data-testid="list-agreements"]').waitFor();
    await page.locator('[data-testid="onboard-partner"]').hover();
    await page.locator('.ant-tooltip', { hasText: 'Send a self registration email to a new partner' }).waitFor();
    await page.locator('[data-testid="onboard-partner"]').click();
    const form = page.locator('[data-testid="onboard-form"]');
    await form.waitFor();
    // Nothing is sent without an email.
    await page.locator('[data-testid="onboard-send"]').click();
    await form.locator('.ant-form-item-explain-error', { hasText: 'Email is mandatory' }).waitFor();
    await page.locator('[data-testid="onboard-email"]').fill('contact@garage-rivoli.example');
    await page.locator('[data-testid="onboard-name"]').fill('Garage Rivoli');
    await page.locator('[data-testid="onboard-send"]').click();
    await page.locator('.ant-notification-notice', { hasText: 'Self registration email recorded' }).waitFor();
    await form.waitFor({ state: 'detached' });
    const [prospect] = (await api('GET', '/api/person/prospects?name=Garage Rivoli')).json();
    expect(prospect).toMatchObject({
      status: 'NEW',
      roles: [{ role: 'PARTNER' }],
      email: 'contact@garage-rivoli.example',
    });
    const [mail] = (await api('GET', `/api/communication/communications?person=${prospect.registration}`)).json();
    expect(mail).toMatchObject({ type: 'EMAIL', status: 'SCHEDULED', to: 'contact@garage-rivoli.example' });
    expect(mail.content).toContain(`prospect=${prospect.registration}`);
    await shot('agreements-onboard-partner');
  });
});
