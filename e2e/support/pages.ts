import type { Locator, Page, Request } from 'playwright-core';

/** Small helpers over the app's screens, named after what a user does. */
export const rows = (page: Page): Locator => page.locator('.ant-table-tbody tr.ant-table-row');

/** Waits until the list shows the answer for the URL's current query (not the previous page's rows). */
export async function listReady(page: Page) {
  await page.waitForFunction(() => {
    const list = document.querySelector('[data-list-state]');
    return (
      list?.getAttribute('data-list-state') === 'ready' &&
      list.getAttribute('data-query') === window.location.search.replace(/^\?/, '')
    );
  });
}

/** The texts of one column, by its header. */
export async function columnTexts(page: Page, header: string): Promise<string[]> {
  const headers = await page.locator('.ant-table-thead th').allInnerTexts();
  const index = headers.findIndex((h) => h.trim() === header);
  if (index < 0) throw new Error(`No column ${header} in ${headers.join(' | ')}`);
  return rows(page)
    .locator(`td:nth-child(${index + 1})`)
    .allInnerTexts();
}

export const firstRegistration = async (page: Page) =>
  (await rows(page).first().locator('td').first().innerText()).trim();

/** `15-03-2024` (en-EU) → `2024-03-15`. */
export const isoDay = (text: string) => text.trim().replace(/^(\d{2})-(\d{2})-(\d{4})$/, '$3-$2-$1');

/** Fills the sign-in form and submits it; waits to leave the page unless a refusal is expected. */
export async function signIn(page: Page, username: string, password: string, { refused = false } = {}) {
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (!refused) await page.waitForURL((url) => !url.pathname.startsWith('/authentication'));
}

export const notice = (page: Page, text: string) => page.locator('.ant-notification-notice').filter({ hasText: text });

/** Chooses an option of a select in the search row (ctrl held to exclude it). */
export async function chooseFilterOption(page: Page, filter: string, option: string) {
  await page.locator(`[data-filter="${filter}"] .ant-select`).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
  await page.keyboard.press('Escape');
}

/** A request that stays open for good: the notifications' live stream (Server-Sent Events). */
const lasting = (url: string) => url.includes('/api/notification/stream');

/**
 * Runs `action` (a navigation), then waits until no request but the live stream has been under
 * way for `quietMs`. Playwright's 'networkidle' never comes while the notifications' stream is open.
 */
export async function settled(page: Page, action?: () => Promise<unknown>, { quietMs = 500, timeout = 30_000 } = {}) {
  const open = new Set<Request>();
  let changed = Date.now();
  const start = (request: Request) => {
    if (lasting(request.url())) return;
    open.add(request);
    changed = Date.now();
  };
  const end = (request: Request) => {
    if (open.delete(request)) changed = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  try {
    await action?.();
    const deadline = Date.now() + timeout;
    while (open.size || Date.now() - changed < quietMs) {
      if (Date.now() > deadline) throw new Error(`Still under way: ${[...open].map((r) => r.url()).join(', ')}`);
      await page.waitForTimeout(100);
    }
  } finally {
    page.off('request', start);
    page.off('requestfinished', end);
    page.off('requestfailed', end);
  }
}

/** The texts a user sees or hears on the page now: visible text nodes, placeholders, aria-labels and titles. */
export const shownTexts = `(() => {
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    if (text && node.parentElement && node.parentElement.checkVisibility()) texts.push(text);
  }
  for (const el of document.querySelectorAll('[placeholder], [aria-label], [title]')) {
    if (!el.checkVisibility()) continue;
    for (const name of ['placeholder', 'aria-label', 'title']) if (el.getAttribute(name)) texts.push(el.getAttribute(name).trim());
  }
  texts.push(document.title);
  return texts;
})()`;

/**
 * What `read` still finds after up to `ms`: on a loaded machine a cell's reference list or a lazily
 * loaded text may be asked for after the network seemed quiet, so a label read late is waited for.
 */
export async function stillShown(page: Page, read: () => Promise<string[]>, ms = 10_000): Promise<string[]> {
  let shown = await read();
  for (const until = Date.now() + ms; shown.length && Date.now() < until; ) {
    await page.waitForTimeout(250);
    shown = await read();
  }
  return shown;
}
