import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, openJourneyPage, startProduct, type RunningProduct } from './support/product.ts';
import { notice, signIn } from './support/pages.ts';
import { loadDictionaries } from '../packages/model/src/i18n/dictionaries.ts';

/**
 * The installable app and its offline mode (issue 33, docs/offline.md) with the network cut by
 * the browser (`context.setOffline`): the service worker serves the shell after a first visit; a
 * preloaded contract opens offline, is edited, and a person is created (TMP…); back online the
 * queue is replayed in order and the address shows the saved registration; a contract changed on
 * the server meanwhile brings the conflicts dialog, settled field by field.
 */
let product: RunningProduct;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let authorization = '';

const poll = <T>(read: () => Promise<T> | T, timeout = 20_000) => expect.poll(read, { timeout });
const at = (path: string) => `${product.url}${path}`;

async function inject(method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: unknown) {
  const answer = await product.app.inject({ method, url, payload: payload as object, headers: { authorization } });
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return answer.json();
}

/** What the offline mode holds in this browser's IndexedDB store `store`. */
const stored = (store: 'reads' | 'queue' | 'preloads') =>
  page.evaluate(async (name) => {
    // Not opened before the app made it: opening would make an empty database.
    if (!(await indexedDB.databases()).some((db) => db.name === 'lbo-offline')) return [];
    return new Promise<unknown[]>((resolve, reject) => {
      const open = indexedDB.open('lbo-offline');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains(name)) return resolve([]);
        const all = db.transaction(name).objectStore(name).getAll();
        all.onsuccess = () => resolve(all.result);
        all.onerror = () => reject(all.error);
      };
    });
  }, store);

/** Moves inside the app without loading a page (the router follows the history). */
const goInside = (path: string) =>
  page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);

const nameInput = () => page.locator('[data-field="name"] input').first();
const saveButton = () => page.getByRole('button', { name: 'Save' }).first();

beforeAll(async () => {
  // Loaded before the server starts: on a busy machine the lists' plugin would wait for them past its start time.
  await loadDictionaries();
  product = await startProduct({ contracts: 30 });
  authorization = await product.adminAuthorization();
  const config = await inject('GET', '/api/core/tenant-configuration/tenant-config');
  await inject('PUT', '/api/core/tenant-configuration/tenant-config', {
    ...config,
    options: { ...(config.options ?? {}), offlineSupport: true, preloadContractsCount: 4 },
  });
  browser = await launchChromium();
  ({ context, page } = await openJourneyPage(browser, { serviceWorkers: 'allow' }));
}, 400_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('offline mode', { timeout: 400_000 }, () => {
  let preloaded: string[] = [];

  it('preloads the latest contracts with their includes, and the service worker serves the shell with the network cut', async () => {
    await page.goto(at('/'));
    await signIn(page, product.username, product.password);
    await poll(async () => (await stored('preloads')).length, 120_000).toBe(4);
    preloaded = ((await stored('preloads')) as { registration: string }[]).map((p) => p.registration);
    const reads = (await stored('reads')) as { url: string; data: { data: Record<string, unknown> } }[];
    const contract = reads.find((r) => r.url === `/api/financing/contracts/${preloaded[0]}`);
    expect(contract?.data.data.registration).toBe(preloaded[0]);
    // The worker took the page over and holds the shell.
    await poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), 120_000).toBe(true);
    // A second load keeps what the shell reads at start (configuration, declarations, lists).
    await page.reload();
    await page.getByTestId('product-name').waitFor();
    const keptUrls = async () => ((await stored('reads')) as { url: string }[]).map((r) => r.url);
    await poll(keptUrls, 60_000).toContain('/api/script/runs/user-configuration');
    await poll(keptUrls, 60_000).toContain('/api/core/workflows/Person');

    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('product-name').waitFor();
    await page.getByTestId('offline-state').waitFor();
    await notice(page, 'You are now offline and using cached data').waitFor();
    await context.setOffline(false);
    await notice(page, 'You are now online').first().waitFor();
    await page.getByTestId('offline-state').waitFor({ state: 'hidden' });
  });

  it('opens a preloaded contract offline, edits it, creates a person; back online the queue is replayed and TMP replaced', async () => {
    const registration = preloaded[1];
    await context.setOffline(true);
    await goInside(`/contract/${registration}`);
    await poll(() => nameInput().inputValue()).not.toBe('');
    await page.getByTestId('offline-state').waitFor();
    const edited = `Offline edit ${Date.now()}`;
    await nameInput().fill(edited);
    await saveButton().click();
    await poll(async () => (await stored('queue')).length).toBe(1);

    await goInside('/person');
    await page.getByTestId('person-save').waitFor();
    await page.locator('[data-field="name"] input').first().fill('Basement Agent Ltd');
    await page.getByTestId('person-save').click();
    await page.waitForURL(/\/person\/TMP\d{8}$/);
    const queue = (await stored('queue')) as {
      method: string;
      url: string;
      key: string;
      trials: number;
      registration: string;
    }[];
    expect(queue.map((e) => [e.method, e.key])).toEqual([
      ['PATCH', 'contracts'],
      ['POST', 'persons'],
    ]);
    expect(queue[1].registration).toMatch(/^TMP\d{8}$/);
    await poll(() => page.getByTestId('offline-state').innerText()).toContain('2');

    await context.setOffline(false);
    await notice(page, 'You are now online and server has been updated with your changes').waitFor({ timeout: 20_000 });
    await page.waitForURL((url) => /\/person\/[A-Z]+\d+$/.test(url.pathname) && !url.pathname.includes('TMP'));
    const saved = new URL(page.url()).pathname.split('/').pop()!;
    expect((await inject('GET', `/api/person/persons/${saved}`)).name).toBe('Basement Agent Ltd');
    expect((await inject('GET', `/api/financing/contracts/${registration}`)).name).toBe(edited);
    expect(await stored('queue')).toEqual([]);
  });

  it('shows both versions of a contract changed on the server meanwhile, and saves the choice made per field', async () => {
    const registration = preloaded[2];
    const before = await inject('GET', `/api/financing/contracts/${registration}`);
    await context.setOffline(true);
    await goInside(`/contract/${registration}`);
    await poll(() => nameInput().inputValue()).toBe(String(before.name ?? ''));
    await page.getByTestId('offline-state').waitFor();
    await nameInput().fill('Mine, from the basement');
    await saveButton().click();
    await poll(async () => (await stored('queue')).length).toBe(1);
    // Meanwhile someone changes the same contract on the server.
    await inject('PATCH', `/api/financing/contracts/${registration}`, { name: 'Theirs, from the office' });

    await context.setOffline(false);
    const dialog = page.getByRole('dialog').filter({ hasText: 'was changed on the server while you were offline' });
    await dialog.waitFor({ timeout: 20_000 });
    await poll(() => dialog.innerText()).toContain('Theirs, from the office');
    expect(await dialog.innerText()).toContain('Mine, from the basement');
    // Not overwritten while the person has not chosen.
    expect((await inject('GET', `/api/financing/contracts/${registration}`)).name).toBe('Theirs, from the office');
    await dialog.getByTestId('mine-name').click();
    await dialog.getByRole('button', { name: 'Save my choices' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await notice(page, 'You are now online and server has been updated with your changes').first().waitFor();
    const after = await inject('GET', `/api/financing/contracts/${registration}`);
    expect(after.name).toBe('Mine, from the basement');
    expect(after._version).toBeGreaterThan(before._version + 1);
  });
});
