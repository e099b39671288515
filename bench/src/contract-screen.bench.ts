import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { launchChromium, startProduct } from '../../e2e/support/product.ts';

/**
 * A contract's screen in headless Chromium (issue 28, item 7): the time from navigation to its
 * schedule on screen, the API calls it makes until the network is quiet, and the time from a
 * click on a workflow button to its result on screen (the new status and the next transition's
 * button). Targets: the schedule within 800 ms of navigation, a transition within 500 ms.
 */
export interface Spread {
  runs: number;
  median: number;
  p95: number;
  max: number;
}

export interface ContractScreenResult {
  contract: string;
  /** The load average (1, 5, 15 minutes) before and after the runs: the machine is shared. */
  loadAverage: { before: number[]; after: number[] };
  /** A fresh load of `/contract/{id}` (scripts from the browser cache) until the schedule's rows show. */
  navigationToScheduleMs: Spread;
  /** Until the last API answer of the screen, the network quiet for 500 ms. */
  navigationToLastApiAnswerMs: Spread;
  /** API calls made by one load of the screen, and the distinct ones (same method and path). */
  apiCalls: { median: number; distinctMedian: number; paths: string[] };
  /** The last load's requests (scripts too): start–end in ms since navigation, and path. */
  waterfall: string[];
  /** A workflow button on a draft contract (submit, then undo), from the click to its result on screen. */
  transitionClickToResultMs: Spread;
  /** API calls made by one transition, until the network is quiet. */
  transitionApiCalls: { median: number; paths: string[]; waterfall: string[] };
  targets: { scheduleMs: number; transitionMs: number };
  withinTargets: { schedule: boolean; transition: boolean };
}

const round = (n: number) => Math.round(n * 10) / 10;
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const quantile = (xs: number[], q: number) => sorted(xs)[Math.min(xs.length - 1, Math.ceil(q * xs.length) - 1)];
const spread = (xs: number[]): Spread => ({
  runs: xs.length,
  median: round(quantile(xs, 0.5)),
  p95: round(quantile(xs, 0.95)),
  max: round(Math.max(...xs)),
});
const loadAverage = () => os.loadavg().map((n) => Math.round(n * 100) / 100);

/**
 * Records, in the page, when the schedule's first row is on screen (ms since navigation start).
 * A string, not a function: tsx would add helpers the page does not have.
 */
const watchSchedule = `(() => {
  const check = () => {
    if (!window.scheduleAt && document.querySelector('[data-testid="contract-elements"] [data-testid="schedule-lines"] .ant-table-tbody tr.ant-table-row'))
      window.scheduleAt = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true });
})();`;

/** The API calls of the page since `from` (page time): method-less paths, and the last answer's end. */
const apiSince = (from: number) => `(() => {
  const calls = performance.getEntriesByType('resource').filter((e) => e.startTime >= ${from} && new URL(e.name).pathname.startsWith('/api/'));
  const all = performance.getEntriesByType('resource').filter((e) => e.startTime >= ${from});
  const waterfall = all.map((e) => { const u = new URL(e.name); return Math.round(e.startTime) + '–' + Math.round(e.responseEnd) + ' ' + (u.pathname + u.search).slice(0, 90); });
  return { paths: calls.map((e) => { const u = new URL(e.name); return u.pathname + u.search; }), lastEnd: Math.max(0, ...calls.map((e) => e.responseEnd)), waterfall };
})()`;

/** Waits until no API request has been in flight for `quietMs`. */
async function networkQuiet(page: Page, quietMs = 500, timeoutMs = 30_000) {
  let inFlight = 0;
  let last = Date.now();
  const isApi = (r: import('playwright-core').Request) => new URL(r.url()).pathname.startsWith('/api/');
  const started = (r: import('playwright-core').Request) => {
    if (isApi(r)) inFlight++, (last = Date.now());
  };
  const ended = (r: import('playwright-core').Request) => {
    if (isApi(r)) inFlight--, (last = Date.now());
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - last < quietMs))
      await new Promise((r) => setTimeout(r, 50));
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

async function loadContract(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction('window.scheduleAt !== undefined', undefined, { timeout: 30_000 });
  await networkQuiet(page);
  const scheduleAt = await page.evaluate<number>('window.scheduleAt');
  const { paths, lastEnd, waterfall } = await page.evaluate<{ paths: string[]; lastEnd: number; waterfall: string[] }>(
    apiSince(0),
  );
  return { scheduleAt, lastEnd, paths, waterfall };
}

/** Clicks a transition of the workflow card and waits for the status it leads to and the button that follows. */
async function clickTransition(page: Page, code: string, status: string, next: string) {
  const card = page.locator('[data-testid="workflow-card"]');
  const button = card.locator(`[data-transition="${code}"]`);
  await button.waitFor();
  await networkQuiet(page, 300);
  const clickAt = await page.evaluate<number>('performance.now()');
  await button.click();
  await page.waitForFunction(
    `(() => {
      const card = document.querySelector('[data-testid="workflow-card"]');
      const current = card && card.querySelector('[data-status]');
      const button = card && card.querySelector('[data-transition="${next}"]');
      return current && current.getAttribute('data-status') === '${status}' && button && !button.disabled;
    })()`,
    undefined,
    { timeout: 30_000, polling: 'raf' },
  );
  const doneAt = await page.evaluate<number>('performance.now()');
  await networkQuiet(page);
  const { paths, waterfall } = await page.evaluate<{ paths: string[]; waterfall: string[] }>(apiSince(clickAt));
  return {
    ms: doneAt - clickAt,
    paths,
    waterfall: [`click ${Math.round(clickAt)}, result ${Math.round(doneAt)}`, ...waterfall],
  };
}

/** A 60-month lease with a service, on the parties of an existing contract, taken to ACTIVE. */
async function activatedContract(app: FastifyInstance, authorization: string, model: string): Promise<string> {
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const answer = await app.inject({ method, url, headers: { authorization }, payload });
    if (answer.statusCode >= 300) throw new Error(`${method} ${url}: ${answer.body}`);
    return answer.json();
  };
  const {
    registration: _r,
    _id,
    _version,
    status: _s,
    quotations: _q,
    ...parties
  } = await call('GET', `/api/financing/contracts/${model}`);
  // The lessor, when the model names none: the book's first organization.
  const persons = (parties.persons ?? []) as { role?: string; personRegistration?: string }[];
  if (!persons.some((p) => p.role === 'ORGANIZATION')) {
    const [lessor] = await call('GET', '/api/person/persons?role=ORGANIZATION&range=[0-0]&projection=registration');
    if (lessor) persons.push({ role: 'ORGANIZATION', personRegistration: lessor.registration });
  }
  const created = await call('POST', '/api/financing/contracts', {
    ...Object.fromEntries(Object.entries(parties).filter(([key]) => !key.startsWith('_'))),
    persons,
    name: 'Bench lease',
    startDate: '2026-01-31',
    quotations: [
      {
        financialProduct: 'LEASE',
        financedAmountExclTax: 48_000,
        rate: 0.045,
        duration: 60,
        frequency: '30',
        timing: 'advance',
        taxCode: 'VAT20',
        services: [{ code: 'MAINTENANCE', label: 'Maintenance', type: 'SERVICE', amount: 55, taxCode: 'VAT20' }],
      },
    ],
  });
  for (const code of ['SUBMIT', 'APPROVE', 'ACTIVATE'])
    await call('GET', `/api/financing/contracts/${created.registration}/transitions/${code}`);
  return created.registration;
}

const distinct = (paths: string[]) => new Set(paths.map((p) => p.split('?')[0])).size;

export async function runContractScreenBench({
  contracts = 250,
  runs = Number(process.env.BENCH_WEB_RUNS ?? 12),
} = {}): Promise<ContractScreenResult> {
  const product = await startProduct({ contracts, tenant: 'bench' });
  const { url: base, username, password } = product;
  let browser: Browser | undefined;
  try {
    const authorization = await product.adminAuthorization();
    const first = async (status: string) => {
      const answer = await product.app.inject({
        method: 'GET',
        url: `/api/financing/contracts?status=${status}&sort=registration&range=[0-249]&projection=registration`,
        headers: { authorization },
      });
      const rows = answer.json() as { registration: string }[];
      if (!rows.length) throw new Error(`No ${status} contract in the demo book`);
      return rows;
    };
    // A running contract whose elements carry a schedule.
    const elements = await product.app.inject({
      method: 'GET',
      url: '/api/financing/contract-elements?sort=registration&range=[0-249]&projection=contractRegistration,lines',
      headers: { authorization },
    });
    if (elements.statusCode !== 200) throw new Error(`Contract elements: ${elements.body}`);
    const scheduled = new Set(
      (elements.json() as { contractRegistration?: string; lines?: unknown[] }[])
        .filter((e) => (e.lines ?? []).length > 0)
        .map((e) => e.contractRegistration),
    );
    let active = (await first('ACTIVE')).find(({ registration }) => scheduled.has(registration))?.registration;
    // Else a contract made as a clerk would (the parties of a demo contract, a priced quotation),
    // and activated by the product's own transitions, which write its schedule.
    if (!active) active = await activatedContract(product.app, authorization, (await first('ACTIVE'))[0].registration);
    const [draft] = await first('DRAFT');

    browser = await launchChromium();
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'en-GB',
      reducedMotion: 'reduce',
      bypassCSP: true,
    });
    const page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`${base}/authentication/login-page`);
    await page.locator('input[name="username"]').fill(username);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/authentication'));
    await page.addInitScript(watchSchedule);

    const before = loadAverage();
    // A first load fills the browser's cache of scripts, as for a user already working in the app.
    await loadContract(page, `${base}/contract/${active}`);
    const loads = [];
    for (let i = 0; i < runs; i++) loads.push(await loadContract(page, `${base}/contract/${active}`));

    await page.goto(`${base}/contract/${draft.registration}`);
    const transitions = [];
    for (let i = 0; i < runs; i++) {
      transitions.push(
        i % 2 === 0
          ? await clickTransition(page, 'SUBMIT', 'SUBMITTED', 'UNDO_SUBMIT')
          : await clickTransition(page, 'UNDO_SUBMIT', 'DRAFT', 'SUBMIT'),
      );
    }
    const after = loadAverage();

    const schedule = spread(loads.map((l) => l.scheduleAt));
    const transition = spread(transitions.map((t) => t.ms));
    return {
      contract: active,
      loadAverage: { before, after },
      navigationToScheduleMs: schedule,
      navigationToLastApiAnswerMs: spread(loads.map((l) => l.lastEnd)),
      apiCalls: {
        median: quantile(
          loads.map((l) => l.paths.length),
          0.5,
        ),
        distinctMedian: quantile(
          loads.map((l) => distinct(l.paths)),
          0.5,
        ),
        paths: loads[loads.length - 1].paths,
      },
      waterfall: loads[loads.length - 1].waterfall,
      transitionClickToResultMs: transition,
      transitionApiCalls: {
        median: quantile(
          transitions.map((t) => t.paths.length),
          0.5,
        ),
        paths: transitions[transitions.length - 1].paths,
        waterfall: transitions[transitions.length - 1].waterfall,
      },
      targets: { scheduleMs: 800, transitionMs: 500 },
      withinTargets: { schedule: schedule.median <= 800, transition: transition.median <= 500 },
    };
  } finally {
    await browser?.close();
    await product.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  console.log(JSON.stringify(await runContractScreenBench(), null, 2));
}
