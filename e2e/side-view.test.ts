import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { adminApi } from './support/money-cycle.ts';
import { artifactsDir, launchChromium, openJourneyPage, startProduct, type RunningProduct } from './support/product.ts';

/**
 * The side view (docs/shell-modes.md): a parent page served from another origin, listed in the
 * host's `parentOrigins` and `frameAncestors`, embeds the app in an iframe. Signed in there, the
 * app shows the side view and tells the parent its screen; the parent asks it to open a person and
 * it does. A message from a page of an origin the host does not list (a frame beside it), or one
 * that is not JSON, is ignored.
 */
let product: RunningProduct;
let browser: Browser;
let page: Page;
let parentServer: http.Server;
let appUrl = '';
let parentOrigin = '';
let strangerOrigin = '';
let personRegistration = '';
let contractRegistration = '';
const shot = (name: string) => page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });

/** The parent's page: the app in a frame, a stranger's page in another, the app's messages kept in `received`. */
const parentPage = (appUrl: string) => `<!doctype html><html><head><title>CRM</title></head><body>
<h1>Partner CRM</h1>
<iframe id="app" name="app" src="${appUrl}/" style="width:1100px;height:700px"></iframe>
<iframe id="stranger" src="${strangerOrigin}/stranger" style="width:200px;height:100px"></iframe>
<script>
  window.received = [];
  addEventListener('message', (event) => {
    if (event.origin === ${JSON.stringify(appUrl)}) window.received.push(JSON.parse(event.data));
  });
  window.sendToApp = (message) =>
    document.getElementById('app').contentWindow.postMessage(message, ${JSON.stringify(appUrl)});
</script></body></html>`;

beforeAll(async () => {
  // One small server answers both pages: the parent on another port of the app's host (another
  // origin of the same site, as a sibling application is; a browser that keeps a cross-site frame
  // from its storage would keep the app from signing in), the stranger on 127.0.0.3.
  parentServer = http.createServer((request, response) => {
    response.setHeader('content-type', 'text/html');
    response.end(request.url === '/stranger' ? '<!doctype html><p>Stranger</p>' : parentPage(appUrl));
  });
  await new Promise<void>((resolve) => parentServer.listen(0, '0.0.0.0', resolve));
  const port = (parentServer.address() as AddressInfo).port;
  parentOrigin = `http://127.0.0.1:${port}`;
  strangerOrigin = `http://127.0.0.3:${port}`;
  // Read when the application is built: the app's host lets the parent frame it and talk to it.
  process.env.HOSTS_JSON = JSON.stringify({
    '127.0.0.1': { frameAncestors: `'self' ${parentOrigin}`, parentOrigins: [parentOrigin] },
  });
  product = await startProduct({ contracts: 5 });
  appUrl = product.url;
  const api = await adminApi(product);
  personRegistration = (await api('GET', '/api/person/persons?range=[0-0]&projection=registration')).json()[0]
    .registration;
  contractRegistration = (await api('GET', '/api/financing/contracts?range=[0-0]&projection=registration')).json()[0]
    .registration;
  browser = await launchChromium();
  ({ page } = await openJourneyPage(browser));
}, 300_000);

afterAll(async () => {
  delete process.env.HOSTS_JSON;
  await browser?.close();
  await product?.stop();
  parentServer?.close();
});

const appFrame = (): Frame => page.frame({ name: 'app' })!;
const received = () => page.evaluate(() => (window as unknown as { received: { path: string }[] }).received);

describe('side view', () => {
  it('runs framed by a listed parent: signed in there, it shows the side view and tells the parent its screen', async () => {
    await page.goto(`${parentOrigin}/`);
    await page.waitForFunction(() => !!window.frames[0]);
    const frame = appFrame();
    await frame.waitForURL(/\/authentication\/login-page/);
    await frame.locator('input[name="username"]').fill(product.username);
    await frame.locator('input[name="password"]').fill(product.password);
    await frame.getByRole('button', { name: 'Sign in' }).click();
    await frame.getByTestId('side-view').waitFor();
    expect(await frame.getByTestId('main-menu').count()).toBe(0);
    await expect.poll(received, { timeout: 15_000 }).toContainEqual(expect.objectContaining({ type: 'location' }));
  }, 120_000);

  it('opens the record the parent asks for, and says so', async () => {
    const target = `/person/${personRegistration}`;
    await page.evaluate((path) => {
      (window as unknown as { sendToApp(m: string): void }).sendToApp(JSON.stringify({ type: 'open', path }));
    }, target);
    await appFrame().waitForURL((url) => url.pathname === target);
    await expect
      .poll(received, { timeout: 15_000 })
      .toContainEqual(expect.objectContaining({ type: 'location', path: target }));
    await appFrame().getByText(personRegistration).first().waitFor();
    await shot('side-view-record');
  }, 60_000);

  it('ignores a message from an origin the host does not list, and one that is not JSON', async () => {
    const stranger = page.frames().find((f) => f.url().startsWith(strangerOrigin))!;
    expect(stranger).toBeDefined();
    await stranger.evaluate((path) => {
      window.parent.frames[0].postMessage(JSON.stringify({ type: 'open', path }), '*');
    }, `/contract/${contractRegistration}`);
    await page.evaluate((path) => {
      (window as unknown as { sendToApp(m: string): void }).sendToApp(`open ${path}`);
    }, `/contract/${contractRegistration}`);
    await page.waitForTimeout(1500);
    expect(new URL(appFrame().url()).pathname).toBe(`/person/${personRegistration}`);
    // A message from the listed parent, sent after them, is taken: the others were seen and dropped.
    await page.evaluate(() => {
      (window as unknown as { sendToApp(m: string): void }).sendToApp(
        JSON.stringify({ type: 'open', path: '/persons' }),
      );
    });
    await appFrame().waitForURL((url) => url.pathname === '/persons');
    const paths = (await received()).map((m) => m.path);
    expect(paths.some((p) => p?.startsWith('/contract/'))).toBe(false);
  }, 60_000);
});
