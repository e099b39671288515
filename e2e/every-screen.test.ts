import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { artifactsDir, launchChromium, openJourneyPage, startProduct, type RunningProduct } from './support/product.ts';
import { signIn } from './support/pages.ts';

/**
 * Every screen opens (issue 28, item 7): the list screen of every entry of the main menu, then
 * the detail screen of the first rows (up to 3) of every list, in one signed-in page. A screen
 * fails on an uncaught page error, a console error, an API answer of 5xx or an unexpected 4xx,
 * the error page's message, or the main menu gone. Nothing here names a demo record: the rows
 * are whatever each list shows first.
 */
let product: RunningProduct;
let browser: Browser;
let page: Page;

/** Rows opened per list. */
const detailsPerList = 3;
/** What the error pages and the detail screen's failure say (RouteError, use-detail-record). */
const errorTexts = ['Oops, something went wrong', 'Not found'];
/**
 * API refusals a screen asks for knowing they may come, and shows as its own message: an
 * amendment's preview is refused while its contract is not running (AmendmentScreen's card).
 */
const acceptedRefusals: { path: RegExp; status: number }[] = [
  { path: /^\/api\/financing\/amendments\/[^/]+\/preview$/, status: 400 },
];
const accepted = (url: string, status: number) =>
  acceptedRefusals.some((r) => r.status === status && r.path.test(new URL(url).pathname));
/** Console errors that are not a fault: the browser's own line for an accepted refusal. */
const acceptedConsoleError = (text: string, url: string) =>
  /^Failed to load resource: the server responded with a status of (\d+)/.test(text) &&
  accepted(url, Number(/status of (\d+)/.exec(text)?.[1]));

interface MenuItem {
  path: string;
  redirect?: string;
  hidden?: boolean;
  menus?: MenuItem[];
}

/** The leaves of the menu tree: the screens it opens. */
const leaves = (menus: MenuItem[]): string[] =>
  menus.flatMap((m) => (m.hidden ? [] : m.menus?.length ? leaves(m.menus) : [m.redirect ?? m.path]));

/** What went wrong on the screen being opened. */
let problems: string[] = [];

/** Goes to `to` inside the app (its router, no reload): the session, caches and scripts stay. */
async function open(to: string) {
  problems = [];
  await page.evaluate((url) => {
    const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', url);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, to);
  await settled();
}

/** Until no API call has been in flight for a while, and no screen is loading. */
async function settled(quietMs = 200, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    await page.waitForTimeout(50);
    const busy = inFlight > 0 || (await page.locator('.ant-spin-spinning').count()) > 0;
    if (busy) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
  }
  problems.push(`still loading after ${timeoutMs} ms`);
}

let inFlight = 0;
// The notifications' live stream stays open for good: it is not a screen's loading.
const isApi = (url: string) => {
  const { pathname } = new URL(url);
  return pathname.startsWith('/api/') && pathname !== '/api/notification/stream';
};

/** The screen's own verdict: its error texts, the main menu, then what the listeners saw. */
async function check(screen: string) {
  // The screen itself, not a notification left over from the screen before.
  const body = await page.locator('.ant-layout-content').first().innerText();
  for (const text of errorTexts) if (body.includes(text)) problems.push(`shows "${text}"`);
  if ((await page.getByRole('menu', { name: 'Main menu' }).count()) === 0) problems.push('main menu missing');
  const found = problems;
  if (found.length)
    await page.screenshot({ path: path.join(artifactsDir, `screen-${screen.replace(/\W+/g, '_')}.png`) });
  return found.map((p) => `${screen}: ${p}`);
}

/** Links of the first rows of the list on screen to detail screens of the app. */
async function firstRowLinks(): Promise<string[]> {
  const hrefs = await page.locator('.ant-table-tbody tr.ant-table-row').evaluateAll(
    (rows, count) =>
      rows
        .map((row) => row.querySelector('a[href^="/"]')?.getAttribute('href'))
        .filter((href): href is string => Boolean(href))
        .slice(0, count),
    detailsPerList,
  );
  return [...new Set(hrefs)];
}

beforeAll(async () => {
  product = await startProduct();
  browser = await launchChromium();
  ({ page } = await openJourneyPage(browser));
  page.on('dialog', (dialog) => void dialog.accept());
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (!acceptedConsoleError(text, message.location().url || 'http://x/')) problems.push(`console error: ${text}`);
  });
  page.on('request', (request) => {
    if (isApi(request.url())) inFlight++;
  });
  page.on('requestfailed', (request) => {
    if (!isApi(request.url())) return;
    inFlight--;
    // A query cancelled because its screen was left is not a failure.
    if (!/ERR_ABORTED/.test(request.failure()?.errorText ?? ''))
      problems.push(`${request.method()} ${request.url()} failed: ${request.failure()?.errorText}`);
  });
  page.on('requestfinished', async (request) => {
    if (!isApi(request.url())) return;
    inFlight--;
    const status = (await request.response())?.status() ?? 0;
    const { pathname, search } = new URL(request.url());
    if (status >= 500 || (status >= 400 && !accepted(request.url(), status)))
      problems.push(`${request.method()} ${pathname}${search} answered ${status}`);
  });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('every screen opens', () => {
  let menuPaths: string[] = [];
  const listsWithRows = new Map<string, string[]>();

  it('signs in and reads the main menu', async () => {
    await page.goto(`${product.url}/`);
    await page.waitForURL(/\/authentication\/login-page/);
    await signIn(page, product.username, product.password);
    const answer = await product.app.inject({
      method: 'GET',
      url: '/api/script/runs/user-configuration',
      headers: { authorization: await product.adminAuthorization() },
    });
    menuPaths = [...new Set(leaves((answer.json() as { menus?: MenuItem[] }).menus ?? []))].filter(
      (p) => p.startsWith('/') && !p.includes(':'),
    );
    expect(menuPaths.length).toBeGreaterThan(20);
    await settled();
    expect(await check('/')).toEqual([]);
  });

  it('opens the screen of every menu entry', async () => {
    const found: string[] = [];
    for (const screen of menuPaths) {
      await open(screen);
      found.push(...(await check(screen)));
      const links = await firstRowLinks();
      if (links.length) listsWithRows.set(screen, links);
    }
    expect(found).toEqual([]);
    // Most lists of a demo book hold rows: a crawl that found none opened nothing.
    expect(listsWithRows.size).toBeGreaterThan(menuPaths.length / 3);
  }, 300_000);

  it('opens the detail screen of the first rows of every list', async () => {
    const found: string[] = [];
    const seen = new Set<string>();
    for (const [list, links] of listsWithRows) {
      for (const link of links) {
        if (seen.has(link)) continue;
        seen.add(link);
        await open(link);
        found.push(...(await check(`${list} → ${link}`)));
      }
    }
    expect(found).toEqual([]);
    expect(seen.size).toBeGreaterThan(listsWithRows.size);
  }, 600_000);
});
