import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { loadDictionaries } from '@lbo/model/i18n/dictionaries';
import { inTenant } from '@lbo/server/db/database';
import { withStatementContext } from '@lbo/server/db/statement-context';
import { createTenant } from '@lbo/server/product';
import { artifactsDir, launchChromium, openJourneyPage, startProduct, type RunningProduct } from './support/product.ts';
import { signIn } from './support/pages.ts';

/**
 * The admin's operations screens (docs/operations.md): the super admin records the metrics and
 * opens a metric's chart, reads the request log of a request whose id an answer's header gave,
 * cancels a long statement on /database/current-operations, and reads the caches.
 */
let product: RunningProduct;
let browser: Browser;
let page: Page;
const password = 'Master-Journey-42';
const at = (route: string) => `${product.url}${route}`;
const shot = (name: string) => page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });

beforeAll(async () => {
  // Loaded before the server is built: on a busy machine their first load outlasts a plugin's start timeout.
  await loadDictionaries();
  product = await startProduct({ contracts: 10 });
  await createTenant(product.db.database.db, 'master', { username: 'admin@master', password, isSuperAdmin: true });
  browser = await launchChromium();
  ({ page } = await openJourneyPage(browser));
  await page.goto(at('/'));
  await page.waitForURL(/\/authentication\/login-page/);
  await signIn(page, 'admin@master', password);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('operations screens', () => {
  it('records the metrics and charts one of them', async () => {
    // A browser opening /metrics lands on the screen, not on the Prometheus text.
    await page.goto(at('/metrics'));
    await page.getByRole('heading', { name: 'Metrics' }).waitFor();
    await page.getByTestId('record-metrics').click();
    await page.getByTestId('metric-memory.rss-mb').waitFor();
    await page.getByTestId('metric-db.pool.total').waitFor();
    await shot('operations-metrics');
    await page.getByTestId('metric-memory.rss-mb').click();
    await page.waitForURL(/\/metric-record\/memory\.rss-mb$/);
    await page.getByTestId('metric-chart').locator('canvas').first().waitFor();
    await shot('operations-metric-chart');
  });

  it("shows the request log of the request id an answer's header carries", async () => {
    const answer = page.waitForResponse(
      (r) => r.url().includes('/api/core/tenant-configuration') || r.url().includes('/api/person/persons'),
    );
    await page.goto(at('/persons'));
    const requestId = (await answer).headers()['request-id'];
    expect(requestId).toBeTruthy();
    await page.goto(at(`/request-log/${requestId}`));
    const summary = page.getByTestId('request-log-summary');
    await summary.waitFor();
    expect(await summary.innerText()).toContain(requestId);
    expect(await summary.innerText()).toContain('admin@master');
    await expect.poll(() => page.getByTestId('request-log-statements').locator('tbody tr').count()).toBeGreaterThan(0);
    await shot('operations-request-log');
    // An unknown id says so.
    await page.goto(at('/request-log/no-such-request'));
    await page.getByText('No request no-such-request in the log').waitFor();
  });

  it('cancels a long statement from /database/current-operations', async () => {
    const database = product.db.database;
    await page.goto(at('/database/current-operations'));
    await page.getByRole('heading', { name: 'Current operations' }).waitFor();
    if (database.embedded) {
      // The embedded database runs one statement at a time: nothing else is ever running.
      await page.getByText('No statement is running').waitFor();
      return;
    }
    const sleeping = withStatementContext({ requestId: 'journey-sleep' }, () =>
      inTenant(database.db, { tenant: 'master', user: 'admin@master' }, (tx) => sql`SELECT pg_sleep(60)`.execute(tx)),
    ).then(
      () => 'finished',
      (error: Error) => error.message,
    );
    const row = page.getByTestId('current-operations').locator('tbody tr', { hasText: 'pg_sleep' });
    await row.waitFor({ timeout: 15_000 });
    await shot('operations-current');
    await row.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Cancel it' }).click();
    expect(await sleeping).toContain('canceling statement');
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(0);
  });

  it('lists the caches with their hit rates', async () => {
    await page.goto(at('/cache-info'));
    const caches = page.getByTestId('caches');
    const sessions = caches.locator('tr[data-row-key="sessions"]');
    await sessions.waitFor();
    // Signed in and browsing: the session cache answered, so its hit rate shows.
    expect(await sessions.innerText()).toMatch(/\d+(\.\d+)?\s?%/);
    await shot('operations-caches');
    // The super admin empties it; it fills again from the database.
    const cleared = page.waitForResponse((r) => r.url().endsWith('/api/system/caches/sessions/clear'));
    await sessions.getByRole('button', { name: 'Empty it' }).click();
    await page.getByRole('button', { name: 'Empty it' }).last().click();
    expect((await cleared).status()).toBe(200);
    await sessions.waitFor();
  });
});
