import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { launchChromium, openJourneyPage, startProduct, type RunningProduct } from './support/product.ts';
import { signIn } from './support/pages.ts';

/**
 * A contract's screen reads what it shows once, and a workflow transition shows its own answer
 * (issue 28, item 7): no API call repeated while the screen opens, no search sent for the links
 * it only shows, and after a click on a transition neither the record nor anything asked twice.
 */
let product: RunningProduct;
let browser: Browser;
let page: Page;
let calls: string[] = [];

const isApi = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');
const repeated = (list: string[]) => list.filter((call, i) => list.indexOf(call) !== i);

/** Until no API call has been made or answered for `quietMs`. */
async function quiet(quietMs = 600) {
  let last = calls.length;
  let since = Date.now();
  while (Date.now() - since < quietMs) {
    await page.waitForTimeout(100);
    if (calls.length !== last) (last = calls.length), (since = Date.now());
  }
}

beforeAll(async () => {
  product = await startProduct();
  browser = await launchChromium();
  ({ page } = await openJourneyPage(browser));
  page.on('requestfinished', (request) => {
    if (!isApi(request)) return;
    const { pathname, search } = new URL(request.url());
    calls.push(`${request.method()} ${pathname}${search}`);
  });
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe("a contract's screen", () => {
  let registration = '';

  it('opens asking each thing once, and no search for the links it shows', async () => {
    const answer = await product.app.inject({
      method: 'GET',
      url: '/api/financing/contracts?status=DRAFT&sort=registration&range=[0-0]&projection=registration',
      headers: { authorization: await product.adminAuthorization() },
    });
    [{ registration }] = answer.json() as { registration: string }[];
    await page.goto(`${product.url}/`);
    await signIn(page, product.username, product.password);
    await quiet();
    calls = [];
    await page.goto(`${product.url}/contract/${registration}`);
    await page.locator('[data-testid="workflow-card"] [data-transition="SUBMIT"]').waitFor();
    await quiet();
    expect(calls).toContain(`GET /api/financing/contracts/${registration}`);
    expect(repeated(calls)).toEqual([]);
    expect(calls.filter((call) => call.includes('search='))).toEqual([]);
  });

  it('shows a transition from its answer: the record is not read again, nothing is asked twice', async () => {
    const card = page.locator('[data-testid="workflow-card"]');
    calls = [];
    await card.locator('[data-transition="SUBMIT"]').click();
    await card.locator('[data-transition="UNDO_SUBMIT"]').waitFor();
    expect(await card.locator('[data-status]').first().getAttribute('data-status')).toBe('SUBMITTED');
    await quiet();
    expect(calls).toContain(`GET /api/financing/contracts/${registration}/transitions/SUBMIT`);
    expect(calls).not.toContain(`GET /api/financing/contracts/${registration}`);
    expect(repeated(calls)).toEqual([]);
  });
});
