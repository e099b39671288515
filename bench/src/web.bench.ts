import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, startProduct } from '../../e2e/support/product.ts';
import { runContractScreenBench, type ContractScreenResult } from './contract-screen.bench.ts';

/**
 * The web app's weight and speed (issue 4, Benchmark): initial JavaScript of the sign-in route
 * and of a list route (as sent, brotli, and gzip), and, in headless Chromium, the time from
 * navigation to a rendered list of 100 rows and from the list data arriving to those rows on screen.
 * Targets: sign-in at most 250 KB gzip, a list route at most 300 KB as sent; 100 rows within
 * 300 ms of the data arriving, a page change within 300 ms of the click.
 */
export interface RouteWeight {
  scripts: number;
  /** The heaviest scripts of the route, as sent and gzip. */
  heaviest: { name: string; wireKB: number; gzipKB: number }[];
  rawKB: number;
  gzipKB: number;
  /** What went over the wire: the bodies as the server sent them (brotli where the browser accepts it). */
  wireKB: number;
}

export interface Stat {
  p50: number;
  max: number;
}

export interface WebBenchResult {
  signInRoute: RouteWeight;
  listRoute: RouteWeight;
  /** A fresh load of /contracts (scripts, session, data) until 100 rows are on screen. */
  listOf100Rows: { runs: number; navigationToRenderMs: Stat; dataToRenderMs: Stat };
  /** Changing page inside the loaded app: click to 100 new rows, and data to rows. */
  pageChangeOf100Rows: { runs: number; clickToRenderMs: Stat; dataToRenderMs: Stat };
  targets: { signInGzipKB: number; listWireKB: number; dataToRenderMs: number; pageChangeMs: number };
  withinTargets: { signIn: boolean; list: boolean; render: boolean; pageChange: boolean };
  /** A contract's screen: navigation to its schedule, its API calls, a workflow transition's click to result. */
  contractScreen: ContractScreenResult;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (n: number) => Math.round(n * 10) / 10;

/** Every script the page loads while `navigate` runs, with its raw and gzip sizes. */
async function scriptWeight(page: Page, navigate: () => Promise<unknown>): Promise<RouteWeight> {
  const bodies: Promise<Buffer>[] = [];
  const names: string[] = [];
  const wire: Promise<number>[] = [];
  const onResponse = (response: import('playwright-core').Response) => {
    if (response.request().resourceType() !== 'script' || response.status() !== 200) return;
    bodies.push(response.body());
    names.push(new URL(response.url()).pathname.split('/').pop() ?? '');
    wire.push(
      response
        .finished()
        .then(() => response.request().sizes())
        .then((sizes) => sizes.responseBodySize),
    );
  };
  page.on('response', onResponse);
  await navigate();
  // Not 'networkidle': the signed-in app keeps its notifications stream open. The route's scripts
  // are all in once its screen is drawn: the sign-in form, or a list's rows.
  await page.waitForLoadState('load');
  await page.waitForSelector('.ant-table-tbody tr.ant-table-row, input[name="username"]');
  page.off('response', onResponse);
  const files = await Promise.all(bodies);
  const raw = files.reduce((n, f) => n + f.length, 0);
  const gzipped = files.map((f) => zlib.gzipSync(f, { level: 9 }).length);
  const gzip = gzipped.reduce((n, size) => n + size, 0);
  const sentSizes = await Promise.all(wire);
  const sent = sentSizes.reduce((n, size) => n + size, 0);
  // The heaviest scripts, to see what a route carries.
  const heaviest = names
    .map((name, i) => ({ name, wireKB: kb(sentSizes[i]), gzipKB: kb(gzipped[i]) }))
    .sort((a, b) => b.wireKB - a.wireKB)
    .slice(0, 8);
  return { scripts: files.length, rawKB: kb(raw), gzipKB: kb(gzip), wireKB: kb(sent), heaviest };
}

/**
 * Records, in the page, when 100 rows of a settled list are on screen (ms since navigation
 * start). A string, not a function: tsx would add helpers the page does not have.
 */
const watchRows = `(() => {
  const check = () => {
    const list = document.querySelector('[data-list-state="ready"]');
    const current = list && list.getAttribute('data-query') === location.search.replace(/^\\?/, '');
    if (!window.rowsAt && current && document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length >= 100) window.rowsAt = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
})();`;

/** When the rows were on screen, and the latest list answer's arrival, in page time. */
const readTimes = `(() => {
  const list = performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/financing/contracts?'));
  return { rowsAt: window.rowsAt, dataAt: Math.max(...list.map((e) => e.responseEnd)) };
})()`;

async function timeListOf100(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction('window.rowsAt !== undefined', undefined, { timeout: 30_000 });
  const { rowsAt, dataAt } = await page.evaluate<{ rowsAt: number; dataAt: number }>(readTimes);
  return { navigationToRenderMs: rowsAt, dataToRenderMs: rowsAt - dataAt };
}

async function timePageChange(page: Page, pageNumber: number) {
  const clickAt = await page.evaluate<number>('window.rowsAt = undefined, performance.now()');
  await page
    .getByRole('navigation', { name: 'Pages' })
    .getByRole('button', { name: String(pageNumber), exact: true })
    .click();
  await page.waitForFunction('window.rowsAt !== undefined', undefined, { timeout: 30_000 });
  const { rowsAt, dataAt } = await page.evaluate<{ rowsAt: number; dataAt: number }>(readTimes);
  return { clickToRenderMs: rowsAt - clickAt, dataToRenderMs: rowsAt - dataAt };
}

const stat = (xs: number[]): Stat => ({ p50: round(median(xs)), max: round(Math.max(...xs)) });

export async function runWebBench({ contracts = 1000, runs = 7 } = {}): Promise<WebBenchResult> {
  const lists = await runListBench({ contracts, runs });
  return { ...lists, contractScreen: await runContractScreenBench() };
}

async function runListBench({
  contracts,
  runs,
}: {
  contracts: number;
  runs: number;
}): Promise<Omit<WebBenchResult, 'contractScreen'>> {
  const product = await startProduct({ contracts, tenant: 'bench' });
  const { url: base, username, password } = product;
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    // The server's CSP forbids eval; the measuring snippets are evaluated as strings (see watchRows).
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
    // Routing every request turns the browser cache off: each route's scripts are counted as a first visit.
    await context.route('**/*', (route) => route.continue());
    const page = await context.newPage();
    const signInRoute = await scriptWeight(page, () => page.goto(`${base}/authentication/login-page`));
    await page.locator('input[name="username"]').fill(username);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/authentication'));
    // A fresh load of the list route: the session survives a reload of the same tab.
    const listRoute = await scriptWeight(page, () => page.goto(`${base}/contracts`));
    await page.evaluate(
      `localStorage.setItem('lbo.ui-state', JSON.stringify({ tables: { '/contracts': { pageSize: 100 } } }))`,
    );
    await page.addInitScript(watchRows);
    const loads = [];
    for (let i = 0; i < runs; i++) loads.push(await timeListOf100(page, `${base}/contracts?page=${(i % 5) + 1}`));
    const changes = [];
    for (let i = 0; i < runs; i++) changes.push(await timePageChange(page, i + 3));
    const render = loads.map((s) => s.dataToRenderMs);
    const pageChange = changes.map((s) => s.clickToRenderMs);
    return {
      signInRoute,
      listRoute,
      listOf100Rows: {
        runs,
        navigationToRenderMs: stat(loads.map((s) => s.navigationToRenderMs)),
        dataToRenderMs: stat(render),
      },
      pageChangeOf100Rows: {
        runs,
        clickToRenderMs: stat(pageChange),
        dataToRenderMs: stat(changes.map((s) => s.dataToRenderMs)),
      },
      targets: { signInGzipKB: 250, listWireKB: 300, dataToRenderMs: 300, pageChangeMs: 300 },
      withinTargets: {
        signIn: signInRoute.gzipKB <= 250,
        list: listRoute.wireKB <= 300,
        render: median(render) <= 300,
        pageChange: median(pageChange) <= 300,
      },
    };
  } finally {
    await browser?.close();
    await product.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  console.log(JSON.stringify(await runWebBench(), null, 2));
}
