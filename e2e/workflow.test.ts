import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { artifactsDir, launchChromium, startProduct, type RunningProduct, openJourneyPage } from './support/product.ts';
import { listReady, notice, rows, signIn } from './support/pages.ts';

/**
 * Browser journey of issue 5 (Tests): a real server with a demo book, the built app, Chromium.
 * Three draft contracts are selected in the list, submitted together, and one is opened.
 */
let product: RunningProduct;
let browser: Browser;
let page: Page;
const shot = (name: string) => page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
const at = (route: string) => `${product.url}${route}`;
const registrationOf = async (row: number) => (await rows(page).nth(row).locator('td:nth-child(2)').innerText()).trim();
const statusesShown = () =>
  rows(page)
    .locator('[data-status]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));

beforeAll(async () => {
  product = await startProduct();
  browser = await launchChromium();
  ({ page } = await openJourneyPage(browser));
  page.on('dialog', (dialog) => void dialog.accept());
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('workflow journeys', () => {
  const selected: string[] = [];

  it('signs in', async () => {
    await page.goto(at('/'));
    await page.waitForURL(/\/authentication\/login-page/);
    await signIn(page, product.username, product.password);
  });

  it('selects three draft contracts and submits them all from the Workflow transitions menu', async () => {
    await page.goto(at('/contracts?status=DRAFT'));
    await listReady(page);
    expect(await rows(page).count()).toBeGreaterThanOrEqual(3);
    await page.getByRole('button', { name: /(^| )Select$/ }).click();
    const transitions = page.locator('[data-testid="list-transitions"]');
    await transitions.waitFor();
    expect(await transitions.getByRole('button', { name: 'Workflow transitions' }).isDisabled()).toBe(true);
    for (const row of [0, 1, 2]) {
      selected.push(await registrationOf(row));
      await rows(page).nth(row).locator('.ant-checkbox-input').check();
    }
    expect(
      selected.every((r) => /^CT\d+$/.test(r)),
      selected.join(),
    ).toBe(true);
    const menuButton = transitions.getByRole('button', { name: 'Workflow transitions' });
    await expect.poll(() => menuButton.getAttribute('data-count')).not.toBe('0');
    await expect.poll(() => menuButton.isEnabled()).toBe(true);
    await menuButton.click();
    const submit = page
      .locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item')
      .filter({ hasText: /^Submit$/ });
    await submit.waitFor();
    const codes = await page
      .locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-transition')));
    expect(codes).toContain('SUBMIT');
    expect(codes.at(-1)).toBe('CANCEL');
    await shot('workflow-menu');
    await submit.click();
    for (const registration of selected) {
      await notice(page, `Transition "Submit" executed successfully for Contract "${registration}"`).waitFor();
    }
    await page.waitForURL((url) => url.searchParams.get('registration') === selected.join(','));
    await listReady(page);
    expect(new Set(await rows(page).locator('td:nth-child(2)').allInnerTexts())).toEqual(new Set(selected));
    await expect.poll(statusesShown).toEqual(['SUBMITTED', 'SUBMITTED', 'SUBMITTED']);
    await shot('workflow-submitted');
  });

  it('opens one of them and sees the Workflow card with its status history', async () => {
    const registration = selected[0];
    await rows(page).filter({ hasText: registration }).getByRole('link', { name: registration }).click();
    await page.waitForURL(new RegExp(`/contract/${registration}$`));
    const card = page.locator('[data-testid="workflow-card"]');
    await card.waitFor();
    await expect.poll(() => card.locator('[data-status]').first().getAttribute('data-status')).toBe('SUBMITTED');
    expect(await card.locator('[data-status]').first().getAttribute('data-tone')).toBe('current');
    await card.locator('[data-transition="UNDO_SUBMIT"]').waitFor();
    const history = card.locator('[data-testid="status-history"] .ant-table-tbody tr.ant-table-row');
    await expect.poll(() => history.count()).toBe(1);
    expect(await history.first().innerText()).toContain('Submit');
    expect(
      await history
        .first()
        .locator('[data-status]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))),
    ).toEqual(['DRAFT', 'SUBMITTED']);
    await card.getByRole('button', { name: 'Pin at the top' }).click();
    expect(await card.getAttribute('data-pinned')).toBe('true');
    await shot('workflow-card');
  });

  it("clicks a draft contract's row and submits it from its transitions", async () => {
    await page.goto(at('/contracts?status=DRAFT'));
    await listReady(page);
    const row = rows(page).first();
    const headers = (await page.locator('.ant-table-thead th').allInnerTexts()).map((h) => h.trim());
    const column = (header: string) => row.locator(`td:nth-child(${headers.indexOf(header) + 1})`);
    const registration = (await column('Registration').innerText()).trim();
    expect(registration).toMatch(/^CT\d+$/);
    expect(selected).not.toContain(registration);
    await column('Name').click();
    const drawer = page.locator(`[data-testid="row-transitions"][data-registration="${registration}"]`);
    await drawer.waitFor();
    const submit = drawer.locator('[data-transition="SUBMIT"]');
    await submit.waitFor();
    expect(await submit.innerText()).toContain('Submit');
    await shot('workflow-row-transitions');
    await submit.click();
    await notice(page, `Transition "Submit" executed successfully for Contract "${registration}"`).waitFor();
    await drawer.waitFor({ state: 'detached' });
    await listReady(page);
    await expect
      .poll(async () => (await rows(page).locator('td:nth-child(1)').allInnerTexts()).map((r) => r.trim()))
      .not.toContain(registration);
  });
});
