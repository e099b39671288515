import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startSmtpTestServer, type SmtpTestServer } from '@lbo/server/mail/smtp-test-server';
import { adminApi, type Api } from './support/money-cycle.ts';
import { artifactsDir, launchChromium, openJourneyPage, startProduct, type RunningProduct } from './support/product.ts';
import { signIn } from './support/pages.ts';

/**
 * The mention journey (issue 29, item 9a): Alice writes a note on a contract mentioning Bruno in
 * her browser; Bruno, signed in in another browser context on another screen, sees the bell's
 * count rise without reloading, and the mail telling him reaches a real SMTP server started here.
 */
let smtp: SmtpTestServer;
let product: RunningProduct;
let browser: Browser;
let api: Api;
const password = 'Mention-Journey-42';
const at = (route: string) => `${product.url}${route}`;
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  // The mail module reads where mail leaves when the application is built.
  process.env.SMTP_URL = smtp.url;
  product = await startProduct({ contracts: 10 });
  api = await adminApi(product);
  for (const [username, lastName, email] of [
    ['alice@demo', 'Alice', 'alice@example.com'],
    ['bruno@demo', 'Bruno', 'bruno@example.com'],
  ]) {
    const created = await api('POST', '/api/core/users', {
      username,
      lastName,
      email,
      password,
      profiles: ['BACK_OFFICE'],
    });
    expect(created.statusCode, created.body).toBe(201);
  }
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  delete process.env.SMTP_URL;
  await browser?.close();
  await product?.stop();
  await smtp?.close();
});

async function signedIn(username: string): Promise<Page> {
  const { page } = await openJourneyPage(browser);
  await page.goto(at('/'));
  await page.waitForURL(/\/authentication\/login-page/);
  await signIn(page, username, password);
  return page;
}

/** The bell's unread count as the header says it ("Notifications (3 unread)"; 0 when it says none). */
async function bellCount(page: Page): Promise<number> {
  const label = (await page.getByTestId('notification-bell').getAttribute('aria-label')) ?? '';
  return Number(/\((\d+)/.exec(label)?.[1] ?? 0);
}

describe('a mention in a note', () => {
  it('reaches the mentioned user live in the bell and by mail', async () => {
    const contract = String(
      (await api('GET', '/api/financing/contracts?limit=1&sort=registration')).json()[0].registration,
    );
    const bruno = await signedIn('bruno@demo');
    await bruno.goto(at('/contracts'));
    // The live stream is open (the bell knows the count) before anything is written for him.
    await bruno.locator('[data-testid="notification-bell"][data-live="true"]').waitFor();
    // What the book's start left for him (tasks of the rules, batches) has arrived once the count holds still.
    let before = -1;
    await expect
      .poll(
        async () => {
          const [was, now] = [before, await bellCount(bruno)];
          before = now;
          return was === now;
        },
        { timeout: 60_000, interval: 3_000 },
      )
      .toBe(true);

    const alice = await signedIn('alice@demo');
    await alice.goto(at(`/contract/${contract}`));
    const card = alice.getByTestId('notes-card');
    await card.waitFor();
    const editor = card.getByTestId('note-editor').first().locator('textarea');
    await editor.click();
    await editor.pressSequentially('Can you **check** the deposit, @bru');
    // The picker offers Bruno; choosing him writes his username.
    const option = alice.locator('.ant-mentions-dropdown-menu-item', { hasText: 'bruno@demo' });
    await option.waitFor();
    await option.click();
    await editor.pressSequentially('? Thanks');
    expect(await editor.inputValue()).toBe('Can you **check** the deposit, @bruno@demo ? Thanks');
    await card.getByTestId('note-save').click();
    const note = card.getByTestId('note').first();
    await expect.poll(() => note.innerText(), { timeout: 15_000 }).toContain('Can you check the deposit');
    expect(await note.locator('strong').innerText()).toBe('check');
    expect(await note.getByTestId('note-author').innerText()).toBe('alice@demo');
    await shot(alice, 'mention-note-written');

    // Bruno's bell counts one more, on the screen he had open, without a reload; it is the mention.
    await expect.poll(() => bellCount(bruno), { timeout: 20_000 }).toBeGreaterThan(before);
    expect(bruno.url()).toBe(at('/contracts'));
    await bruno.getByTestId('notification-bell').click();
    const dropdown = bruno.getByTestId('notification-dropdown');
    await expect
      .poll(() => dropdown.innerText(), { timeout: 10_000 })
      .toContain(`alice@demo mentioned you on Contract ${contract}`);
    await shot(bruno, 'mention-bell');

    // The mail reaches the SMTP server, to Bruno's address, naming the record (other mails of the
    // book's start may come before it: the rules' tasks tell their assignees).
    const mentionMail = () =>
      smtp.received.find(
        (mail) =>
          (mail.to && 'text' in mail.to ? mail.to.text : '').includes('bruno@example.com') &&
          /alice@demo/.test(mail.subject ?? ''),
      );
    await expect.poll(() => Boolean(mentionMail()), { timeout: 30_000 }).toBe(true);
    const mail = mentionMail()!;
    expect(mail.subject).toBe('alice@demo mentioned you');
    expect(mail.text).toContain(`on Contract ${contract}`);
    expect(mail.text).toContain('Can you check the deposit');
    expect(mail.text).toContain(`/contract/${contract}`);
  }, 180_000);
});
