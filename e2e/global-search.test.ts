import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { artifactsDir, openJourneyPage, startProduct, type RunningProduct } from './support/product.ts';
import { adminApi, signedInPage, type Api } from './support/money-cycle.ts';
import { signIn } from './support/pages.ts';

/**
 * The global search in the browser (issue 9c): Ctrl+K in the demo, a client's name typed with a
 * typo, the contract among the hits grouped by kind, Enter opens it; a user without the invoices'
 * permission sees no invoice hits. Then the shell's shortcuts that move: Ctrl+G (go to a
 * registration), Alt+B (back), Ctrl+M (main menu), Ctrl+U (user menu), F1 and ? (help).
 */
let product: RunningProduct;
let browser: Browser;
let page: Page;
let api: Api;
let contract: { registration: string; client: string };
let payer: string;
const shot = (p: Page, name: string) => p.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
const palette = (p: Page) => p.getByTestId('search-palette-input');
const groups = (p: Page) =>
  p
    .locator('.ant-modal [data-testid="search-group"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')));

/** Two letters of the last word swapped: `Mateo Moreau` → `mateo moraeu`. */
const typo = (name: string) => {
  const words = name.toLowerCase().split(' ');
  const last = words.pop()!;
  const i = Math.floor(last.length / 2) - 1;
  return [...words, last.slice(0, i) + last[i + 1] + last[i] + last.slice(i + 2)].join(' ');
};

async function searchInPalette(p: Page, text: string) {
  // The header's box (loaded with the shell) holds the Ctrl+K shortcut.
  await p.getByTestId('header-search').waitFor();
  await p.keyboard.press('Control+k');
  await palette(p).waitFor();
  await palette(p).fill(text);
  await p.locator('.ant-modal [data-testid="search-group"]').first().waitFor({ timeout: 15_000 });
}

beforeAll(async () => {
  product = await startProduct({ contracts: 40 });
  api = await adminApi(product);
  const contracts = (await api('GET', '/api/financing/contracts?range=[0-19]&sort=registration')).json() as {
    registration: string;
    persons?: { role: string; name?: string }[];
  }[];
  const withClient = contracts.find((c) =>
    c.persons?.some((p) => p.role === 'CLIENT' && (p.name ?? '').split(' ').pop()!.length >= 6),
  )!;
  contract = {
    registration: withClient.registration,
    client: withClient.persons!.find((p) => p.role === 'CLIENT')!.name!,
  };
  const invoices = (await api('GET', '/api/billing/invoices?range=[0-9]')).json() as {
    persons?: { role: string; name?: string }[];
  }[];
  payer = invoices.flatMap((i) => i.persons ?? []).find((p) => p.role === 'PAYER' && p.name)!.name!;
  ({ browser, page } = await signedInPage(product));
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('global search', () => {
  it('finds a contract by its client typed with a typo, grouped by kind, and Enter opens it', async () => {
    await page.getByTestId('header-search').waitFor();
    await searchInPalette(page, typo(contract.client));
    const hit = page.locator(
      `.ant-modal [data-testid="search-group"][data-kind="Contract"] [data-testid="search-hit"][data-registration="${contract.registration}"]`,
    );
    await hit.waitFor();
    // Grouped by kind: the client itself and its contracts at least, each under its kind's title.
    const kinds = await groups(page);
    expect(kinds).toContain('Person');
    expect(kinds).toContain('Contract');
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(
      await page.locator('.ant-modal [data-kind="Contract"] [data-testid="search-group-title"]').innerText(),
    ).toMatch(/^Contracts \(\d+\+?\)$/);
    await shot(page, 'global-search-palette');
    // Down to the contract's hit, then Enter.
    const hits = await page
      .locator('.ant-modal [data-testid="search-hit"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-registration')));
    for (let i = 0; i < hits.indexOf(contract.registration); i++) await palette(page).press('ArrowDown');
    expect(await hit.getAttribute('aria-selected')).toBe('true');
    await palette(page).press('Enter');
    await page.waitForURL(new RegExp(`/contract/${contract.registration}$`));
    await expect.poll(() => page.getByTestId('search-palette-input').count()).toBe(0);
  });

  it('shows the full results on /global-search, with counts, and remembers recent searches', async () => {
    await searchInPalette(page, contract.client);
    await page.getByTestId('search-all').click();
    await page.waitForURL(/\/global-search\?q=/);
    const screen = page.getByTestId('global-search');
    await screen.locator('[data-testid="search-group"][data-kind="Contract"]').waitFor();
    expect(await screen.getByTestId('global-search-summary').innerText()).toMatch(/^\d+ result\(s\) in \d+ kind\(s\)$/);
    await shot(page, 'global-search-screen');
    await page.keyboard.press('Control+k');
    await page.getByTestId('recent-searches').getByText(contract.client).waitFor();
    await page.keyboard.press('Escape');
  });

  it('shows no invoice hits to a user who may not read invoices', async () => {
    // As the admin, the payer's name finds its invoices.
    await searchInPalette(page, payer);
    expect(await groups(page)).toContain('Invoice');
    await page.keyboard.press('Escape');
    const saved = await api('PUT', '/api/core/tenant-configuration/profilesPermissions', {
      SEARCHER: ['read /api/person/persons', 'read /api/financing/contracts', 'read /api/financing/deals'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const created = await api('POST', '/api/core/users', {
      username: 'searcher@demo',
      lastName: 'Searcher',
      password: 'Blue-Harbour-Lantern-7',
      profiles: ['SEARCHER'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const other = await openJourneyPage(browser);
    await other.page.goto(`${product.url}/`);
    await other.page.waitForURL(/\/authentication\/login-page/);
    await signIn(other.page, 'searcher@demo', 'Blue-Harbour-Lantern-7');
    await searchInPalette(other.page, payer);
    const kinds = await groups(other.page);
    expect(kinds).toContain('Person');
    expect(kinds).not.toContain('Invoice');
    await other.context.close();
  });
});

describe('shell shortcuts', () => {
  it('Ctrl+G opens a registration, Alt+B goes back', async () => {
    await page.goto(`${product.url}/contracts`);
    await page.getByTestId('header-search').waitFor();
    await page.keyboard.press('Control+g');
    await page.getByTestId('jump-input').fill(contract.registration.toLowerCase());
    await page.getByTestId('jump-input').press('Enter');
    await page.waitForURL(new RegExp(`/contract/${contract.registration}$`));
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('Alt+b');
    await page.waitForURL(/\/contracts$/);
  });

  it('Ctrl+M moves to the main menu, Ctrl+U opens the user menu, F1 and ? the help', async () => {
    await page.keyboard.press('Control+m');
    await expect
      .poll(() => page.evaluate(() => !!document.activeElement?.closest('[data-testid="main-menu"]')))
      .toBe(true);
    await page.keyboard.press('Control+u');
    await page.getByRole('menuitem', { name: 'Sign out' }).waitFor();
    await page.getByRole('menuitem', { name: 'Keyboard shortcuts (F1)' }).click();
    const help = page.locator('.ant-modal').filter({ hasText: 'Keyboard shortcuts' });
    await help.locator('[data-combo="ctrl+k"]').waitFor();
    expect(await help.locator('[data-combo]').count()).toBeGreaterThanOrEqual(18);
    await shot(page, 'shell-help');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });
    await page.keyboard.press('F1');
    await help.waitFor();
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('Shift+Slash');
    await help.waitFor();
    await page.keyboard.press('Escape');
  });
});
