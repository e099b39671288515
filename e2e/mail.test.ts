import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeLease, adminApi, issueTwo, signedInPage, type Api } from './support/money-cycle.ts';
import { signIn } from './support/pages.ts';
import { artifactsDir, openJourneyPage, type RunningProduct, startProduct } from './support/product.ts';

/**
 * Mail in the browser, without an SMTP server (the local mailbox): two invoices issued, their mails
 * read on /mailbox with the invoice PDF downloaded from the mail; a forgotten password reset from
 * the sign-in page through the link of its mail, then a sign-in with the new password.
 */
let product: RunningProduct;
let browser: Browser;
let page: Page;
let api: Api;
let invoices: string[] = [];
const shot = (p: Page, name: string) => p.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });

beforeAll(async () => {
  delete process.env.SMTP_URL;
  product = await startProduct({ contracts: 20 });
  api = await adminApi(product);
  const client = (await api('GET', '/api/person/persons/PER000002')).json();
  const patched = await api('PATCH', '/api/person/persons/PER000002', {
    email: 'accounts@client.example',
    _version: client._version,
  });
  expect(patched.statusCode, patched.body).toBe(200);
  const contract = await activeLease(api, 'Van for the mailbox');
  invoices = await issueTwo(api, contract, '2025-03-31');
  ({ browser, page } = await signedInPage(product));
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('mail journey', () => {
  it('shows the issued invoices’ mails in the mailbox, with their PDF to download', async () => {
    const numbers = await Promise.all(
      invoices.map(async (i) => (await api('GET', `/api/billing/invoices/${i}`)).json().invoiceNumber as string),
    );
    await page.goto(`${product.url}/mailbox`);
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: `Invoice ${numbers[0]}` });
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.locator('.ant-table').first().waitFor();
          return row.count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    await row.click();
    await expect.poll(() => page.locator('.ant-card-head').first().innerText()).toContain(`Invoice ${numbers[0]}`);
    expect(await page.locator('.ant-card').first().innerText()).toContain('accounts@client.example');
    const attachment = page.getByRole('button', { name: /\.pdf$/ });
    await attachment.waitFor();
    await shot(page, 'mailbox');
    const [download] = await Promise.all([page.waitForEvent('download'), attachment.click()]);
    const file = await download.path();
    const bytes = (await import('node:fs')).readFileSync(file!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // The text as it would have been read, and the HTML in its sandboxed frame.
    const frame = page.locator('iframe[sandbox=""]');
    await frame.waitFor();
    expect(await frame.getAttribute('sandbox')).toBe('');
    await page.getByText('Text', { exact: true }).click();
    expect(await page.getByTestId('mail-text').innerText()).toContain(`invoice ${numbers[0]}`);
  });

  it('resets a forgotten password from the sign-in page through the link of its mail', async () => {
    const created = await api('POST', '/api/core/users', {
      username: 'carol@demo',
      email: 'carol@client.example',
      password: 'Blue-Harbour-Lantern-7',
      isAdmin: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const visitor = await openJourneyPage(browser);
    const p = visitor.page;
    await p.goto(`${product.url}/authentication/login-page`);
    await p.getByRole('link', { name: 'Forgot password?' }).click();
    await p.waitForURL(/\/reset-password$/);
    await p.locator('input#username').fill('carol@demo');
    await p.getByRole('button', { name: 'Send me a link' }).click();
    await p.getByRole('status').waitFor();
    expect(await p.getByRole('status').innerText()).toContain('a link to reset the password is on its way');
    await shot(p, 'reset-requested');
    let link = '';
    await expect
      .poll(
        async () => {
          const [mail] = (await api('GET', '/api/core/mails?to=carol@client.example')).json() as { text: string }[];
          link = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? '';
          return link;
        },
        { timeout: 20_000 },
      )
      .toContain('/reset-password?token=');
    await p.goto(link);
    await p.locator('input#password').fill('New-Harbour-Lantern-9');
    await p.locator('input#confirm').fill('New-Harbour-Lantern-9');
    await p.getByRole('button', { name: 'Set the password' }).click();
    await p.getByRole('status').waitFor();
    expect(await p.getByRole('status').innerText()).toContain('Your password is changed');
    await p.getByRole('link', { name: 'Sign in' }).click();
    await p.waitForURL(/\/authentication\/login-page/);
    await signIn(p, 'carol@demo', 'New-Harbour-Lantern-9');
    expect(new URL(p.url()).pathname).not.toMatch(/^\/authentication/);
    // The link works once.
    await p.goto(link);
    await p.locator('input#password').fill('Other-Harbour-Lantern-3');
    await p.locator('input#confirm').fill('Other-Harbour-Lantern-3');
    await p.getByRole('button', { name: 'Set the password' }).click();
    await p.getByRole('alert').waitFor();
    await visitor.context.close();
  });
});
