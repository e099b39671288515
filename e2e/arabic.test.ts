import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { artifactsDir, startProduct, type RunningProduct } from './support/product.ts';
import { signedInPage } from './support/money-cycle.ts';
import { listReady, rows, settled } from './support/pages.ts';

/**
 * The interface in Moroccan Arabic (ar-MA), chosen in the user menu: the document right to left,
 * the shell mirrored (the menu at the right edge, as a bar and as a side column), five main screens
 * without horizontal overflow, and a person created with an IBAN that reads left to right.
 * Menu items are found by their keys, not their words: the Arabic texts change as they are translated.
 */
let product: RunningProduct;
let browser: Browser;
let page: Page;
const shot = (name: string) => page.screenshot({ path: path.join(artifactsDir, `arabic-${name}.png`), fullPage: true });
const at = (route: string) => `${product.url}${route}`;
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });
/** An item of the open user menu, by its key (`locale:ar-MA`, `navigation:left`, `language:ar`). */
const menuItem = (key: string) => page.locator(`.ant-dropdown-menu [data-menu-id$="-${key}"]`).first();
const iban = 'FR76 3000 6000 0112 3456 7890 189';

/** Chooses items of the user menu one after the other (sub-menus open on click). */
async function inUserMenu(...keys: string[]) {
  await page.getByTestId('user-menu').click();
  for (const key of keys) await menuItem(key).click();
  // A chosen item closes the menu (Escape would toggle the side view).
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').first().waitFor({ state: 'hidden' });
}

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('Not shown');
  return found;
};

/** What the screen looks like in right to left: its width, and where the shell's parts stand. */
const layout = () =>
  page.evaluate(() => ({
    dir: document.documentElement.dir,
    lang: document.documentElement.lang,
    overflow: document.documentElement.scrollWidth - window.innerWidth,
    width: window.innerWidth,
  }));

/** Opens a screen, waits for its data, checks nothing overflows sideways and takes its picture. */
async function look(route: string, name: string) {
  await settled(page, () => page.goto(at(route)));
  const shown = await layout();
  expect(shown.dir, route).toBe('rtl');
  expect(shown.overflow, `${route} overflows sideways`).toBeLessThanOrEqual(1);
  // The side column stands at the right edge on every screen.
  const column = await box(page.getByTestId('side-column'));
  expect(column.x + column.width, route).toBeGreaterThanOrEqual(shown.width - 1);
  await shot(name);
}

beforeAll(async () => {
  product = await startProduct({ contracts: 40 });
  ({ browser, page } = await signedInPage(product));
  page.on('dialog', (d) => void d.accept());
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('the interface in Arabic (ar-MA)', () => {
  it('switches to ar-MA in the user menu: the document runs right to left and the shell is mirrored', async () => {
    await page.goto(at('/contracts'));
    await listReady(page);
    expect((await layout()).dir).toBe('ltr');
    // Left to right, the side column stands at the left edge; back to the bar at the top.
    await inUserMenu('navigation', 'navigation:left');
    expect((await box(page.getByTestId('side-column'))).x).toBeLessThanOrEqual(1);
    await inUserMenu('navigation', 'navigation:top');
    await poll(() => page.getByTestId('side-column').count()).toBe(0);
    await inUserMenu('language', 'language:ar', 'locale:ar-MA');
    await poll(() => layout().then((l) => [l.lang, l.dir])).toEqual(['ar-MA', 'rtl']);
    // antd lays its components out right to left too (ConfigProvider's direction).
    await poll(() => page.evaluate(() => getComputedStyle(document.body).direction)).toBe('rtl');
    await poll(() => page.locator('.ant-layout-rtl').count()).toBeGreaterThan(0);
    // The menu ticks the locale chosen, under its language.
    await page.getByTestId('user-menu').click();
    await menuItem('language').click();
    await menuItem('language:ar').click();
    await poll(() => menuItem('locale:ar-MA').innerText()).toBe('✓ العربية (المغرب)');
    await page.getByTestId('user-menu').click();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').first().waitFor({ state: 'hidden' });
    // The choice is the user's: saved with the user, and in this browser.
    const saved = await page.evaluate(async (username) => {
      const token = sessionStorage.getItem('lbo.token') ?? localStorage.getItem('lbo.token');
      const response = await fetch(`/api/core/users/${encodeURIComponent(username)}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await response.json()) as { locale?: string }).locale;
    }, product.username);
    expect(saved).toBe('ar-MA');

    // The bar at the top is mirrored: the product's name at the right edge, the user menu at the left.
    const { width } = await layout();
    const title = await box(page.getByTestId('product-name'));
    const userMenu = await box(page.getByTestId('user-menu'));
    expect(title.x + title.width).toBeGreaterThan(width - 80);
    expect(userMenu.x).toBeLessThan(80);
    const menu = await box(page.getByTestId('main-menu'));
    expect(menu.x + menu.width).toBeLessThanOrEqual(title.x + 1);
    await shot('top-bar');

    // The menu as a side column stands at the right edge, collapsed too.
    await inUserMenu('navigation', 'navigation:left');
    await poll(() => page.getByTestId('side-column').count()).toBe(1);
    const column = await box(page.getByTestId('side-column'));
    expect(column.x + column.width).toBeGreaterThanOrEqual(width - 1);
    expect(column.width).toBeGreaterThan(150);
    // Its fold arrow points the way it folds: towards the right edge, then back to the left.
    const trigger = page.locator('.ant-layout-sider-trigger');
    expect(await trigger.locator('.anticon-right').count()).toBe(1);
    await trigger.click();
    await poll(() => box(page.getByTestId('side-column')).then((b) => Math.round(b.width))).toBe(64);
    expect(await trigger.locator('.anticon-left').count()).toBe(1);
    const collapsed = await box(page.getByTestId('side-column'));
    expect(collapsed.x + collapsed.width).toBeGreaterThanOrEqual(width - 1);
    await shot('collapsed-column');
    await page.locator('.ant-layout-sider-trigger').click();
    await poll(() => box(page.getByTestId('side-column')).then((b) => b.width > 150)).toBe(true);
  }, 120_000);

  it('shows five main screens mirrored, without overflow: home, contracts, a contract, persons, invoices', async () => {
    await look('/', 'home');
    await look('/contracts', 'contracts');
    await listReady(page);
    const contract = await rows(page).first().locator('a[href^="/contract/"]').first().getAttribute('href');
    expect(contract).toMatch(/^\/contract\/CT/);
    await look(contract!, 'contract');
    await look('/persons', 'persons');
    await look('/invoices', 'invoices');
  }, 180_000);

  it('remembers the menu position for the user', async () => {
    const preferences = await page.evaluate(async (username) => {
      const token = sessionStorage.getItem('lbo.token') ?? localStorage.getItem('lbo.token');
      const response = await fetch(`/api/core/users/${encodeURIComponent(username)}/preferences`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await response.json()) as { groupId: string; value: unknown }[];
    }, product.username);
    expect(preferences.find((p) => p.groupId === 'NAVIGATION')?.value).toEqual({ position: 'left' });
  });

  it('creates a person with an IBAN, which reads left to right inside Arabic', async () => {
    await page.goto(at('/person'));
    await page.getByTestId('person-save').waitFor();
    const name = 'شركة الأطلس للتأجير';
    await page.locator('#field-name').fill(name);
    await page.getByTestId('bank-accounts-edit').click();
    const modal = page.locator('.ant-modal').filter({ has: page.getByTestId('bank-accounts-save') });
    await modal.getByTestId('bank-account-add').click();
    const input = modal.locator('[data-field$=".bankIban"] input');
    await input.fill(iban);
    // Typed and shown left to right, isolated from the Arabic around it.
    expect(await input.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    await shot('iban-typed');
    await modal.getByTestId('bank-accounts-save').click();
    await modal.waitFor({ state: 'hidden' });
    await page.getByTestId('person-save').click();
    await page.waitForURL(/\/person\/[^/]+$/);
    // Its notice comes bottom-left, the corner a right-to-left reader ends on.
    await page.locator('.ant-notification-bottomLeft .ant-notification-notice').first().waitFor();
    expect(await page.locator('.ant-notification-bottomRight .ant-notification-notice').count()).toBe(0);
    await poll(() => page.getByTestId('person-title').innerText()).toContain(name);
    const registration = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

    const saved = await page.evaluate(
      async (url) => {
        const token = sessionStorage.getItem('lbo.token') ?? localStorage.getItem('lbo.token');
        return (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).json();
      },
      `/api/person/persons/${encodeURIComponent(registration)}`,
    );
    expect(saved).toMatchObject({ name, bankAccounts: [{ bankIban: iban.replace(/\s/g, '') }] });

    // On screen, the IBAN's first character stands left of its last: it reads left to right.
    const shown = page.getByTestId('bank-accounts-preview').getByText(iban.replace(/\s/g, ''));
    await shown.waitFor();
    const order = await shown.evaluate((el) => {
      const text = el.firstChild!;
      const range = document.createRange();
      const at = (i: number) => {
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        return range.getBoundingClientRect().left;
      };
      return { first: at(0), last: at((text.textContent ?? '').length - 1) };
    });
    expect(order.first).toBeLessThan(order.last);
    expect((await layout()).overflow).toBeLessThanOrEqual(1);
    await shot('person-saved');
  }, 120_000);
});
