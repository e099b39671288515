import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTenant } from '@lbo/server/db/database';
import { notify, type NewNotification } from '@lbo/server/notifications/notifications.module';
import { signedInPage } from './support/money-cycle.ts';
import { artifactsDir, type RunningProduct, startProduct } from './support/product.ts';

/**
 * Notifications in the browser: one written on the server shows at once in the header's bell (its
 * count, a toast), opens its link from the dropdown and is then read; the /notifications inbox
 * and its preferences; the service worker shows a pushed notification (delivered through the
 * DevTools protocol, as a push service would).
 */
let product: RunningProduct;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const shot = (p: Page, name: string) => p.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });

const send = (n: Partial<NewNotification> & Pick<NewNotification, 'title'>) =>
  inTenant(product.db.database.db, { tenant: product.tenant, user: 'system' }, (tx) =>
    notify(
      tx,
      { tenant: product.tenant, username: 'system' },
      { to: { usernames: [product.username] }, type: 'MENTION', ...n },
    ),
  );

/** The count on the bell, null when it shows none. */
async function bellCount(): Promise<string | null> {
  const badge = page.getByTestId('notification-bell').locator('.ant-badge-count');
  if (!(await badge.count())) return null;
  const title = await badge.first().getAttribute('title', { timeout: 1000 });
  return title && title !== '0' ? title : null;
}

beforeAll(async () => {
  product = await startProduct({ contracts: 20 });
  ({ browser, context, page } = await signedInPage(product, { serviceWorkers: 'allow' }));
  await context.grantPermissions(['notifications'], { origin: new URL(product.url).origin });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('notifications journey', () => {
  it('shows a new notification live in the bell and a toast, and opens its link', async () => {
    // The live stream is open (the bell knows the count) before the notification is written.
    await page.locator('[data-testid="notification-bell"][data-live="true"]').waitFor();
    const contract = (
      await product.app.inject({
        method: 'GET',
        url: '/api/financing/contracts?range=0-0',
        headers: { authorization: await product.adminAuthorization() },
      })
    ).json()[0].registration as string;
    await send({ title: 'Jane mentioned you', body: 'Can you check the lease?', link: `/contract/${contract}` });
    await expect.poll(bellCount, { timeout: 10_000 }).toBe('1');
    await expect
      .poll(() => page.locator('.ant-notification-notice').allInnerTexts(), { timeout: 5_000 })
      .toEqual(expect.arrayContaining([expect.stringContaining('Jane mentioned you')]));
    await shot(page, 'notifications-bell-toast');
    await page.getByTestId('notification-bell').click();
    const item = page.getByTestId('notification-dropdown').getByTestId('notification-item').first();
    await expect.poll(() => item.innerText(), { timeout: 10_000 }).toContain('Can you check the lease?');
    await shot(page, 'notifications-dropdown');
    await item.locator('a').click();
    await page.waitForURL(new RegExp(`/contract/${contract}$`));
    await expect.poll(bellCount, { timeout: 10_000 }).toBe(null);
  });

  it('lists them on /notifications, marks them all read, and keeps the preferences', async () => {
    await send({ type: 'BATCH_FINISHED', title: 'Batch finished: billing of March', link: '/batches' });
    await send({ type: 'TASK_ASSIGNED', title: 'A task for you' });
    await expect.poll(bellCount, { timeout: 10_000 }).toBe('2');
    await page.goto(`${product.url}/notifications`);
    const inbox = page.getByTestId('notification-inbox');
    await expect.poll(() => inbox.getByTestId('notification-item').count(), { timeout: 20_000 }).toBe(3);
    expect(await inbox.locator('[data-unread="true"]').count()).toBe(2);
    await shot(page, 'notifications-inbox');
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => inbox.locator('[data-unread="true"]').count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(bellCount, { timeout: 10_000 }).toBe(null);
    await page.getByRole('tab', { name: 'Preferences' }).click();
    const mentionByMail = page.getByRole('switch', { name: 'E-mail: Mention' });
    expect(await mentionByMail.getAttribute('aria-checked')).toBe('true');
    await mentionByMail.click();
    await expect.poll(() => mentionByMail.getAttribute('aria-checked'), { timeout: 10_000 }).toBe('false');
    await shot(page, 'notifications-preferences');
    await page.reload();
    await page.getByRole('tab', { name: 'Preferences' }).click();
    await expect
      .poll(() => page.getByRole('switch', { name: 'E-mail: Mention' }).getAttribute('aria-checked'), {
        timeout: 10_000,
      })
      .toBe('false');
    // Push stays off until this browser subscribes.
    expect(await page.getByRole('switch', { name: 'Push: Mention' }).isDisabled()).toBe(true);
  });

  it('shows a pushed notification through the service worker', async () => {
    // Notifications allowed: the app registers its worker at /sw.js, scope /.
    await page.reload();
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${new URL(product.url).origin}/`);
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(product.url).origin,
      registrationId: await registrationId,
      data: JSON.stringify({
        title: 'Pushed: a return received',
        body: 'PER000002',
        link: '/notifications',
        tag: 'NTF9',
      }),
    });
    await expect
      .poll(
        () =>
          page.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
              title: n.title,
              body: n.body,
              tag: n.tag,
              link: (n.data as { link?: string })?.link,
            })),
          ),
        { timeout: 10_000 },
      )
      .toEqual([{ title: 'Pushed: a return received', body: 'PER000002', tag: 'NTF9', link: '/notifications' }]);
  });
});
