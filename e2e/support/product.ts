import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { createTestDatabase, type TestDatabase } from '@lbo/server/testing/test-app';
import { buildApp, type AppOptions } from '@lbo/server/app';
import { loadDemoBook } from '@lbo/server/seed/bootstrap';
import { createTenant } from '@lbo/server/product';
import { inTenant } from '@lbo/server/db/database';
import { bookSize } from '@lbo/server/seed/demo-data';

const here = path.dirname(fileURLToPath(import.meta.url));
export const webDir = path.resolve(here, '../../packages/web/dist');
export const artifactsDir = path.resolve(here, '../artifacts');

/** The product as a browser sees it: a real database, a tenant with a demo book, the built app, an HTTP port. */
export interface RunningProduct {
  url: string;
  tenant: string;
  username: string;
  password: string;
  app: FastifyInstance;
  /** The product's database, for setting up what the screens do not (another tenant). */
  db: TestDatabase;
  /** The admin's `authorization` header, for calls made beside the browser. */
  adminAuthorization(): Promise<string>;
  stop(): Promise<void>;
}

export async function startProduct({
  contracts = 250,
  tenant = 'demo',
  listExports,
}: {
  contracts?: number;
  tenant?: string;
  listExports?: AppOptions['listExports'];
} = {}): Promise<RunningProduct> {
  if (!fs.existsSync(path.join(webDir, 'index.html')))
    throw new Error(`The web app is not built: run "npm run build -w @lbo/web" (${webDir})`);
  fs.mkdirSync(artifactsDir, { recursive: true });
  const db: TestDatabase = await createTestDatabase();
  const username = `admin@${tenant}`;
  const password = 'Browser-Journey-42';
  await createTenant(db.database.db, tenant, { username, password });
  await inTenant(
    db.database.db,
    { tenant, user: 'system' },
    (tx) => loadDemoBook(tx, tenant, bookSize(contracts)),
    300_000,
  );
  const app = await buildApp({ database: db.database, webDir, listExports });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    tenant,
    username,
    password,
    app,
    db,
    adminAuthorization: async () =>
      String(
        (await app.inject({ method: 'POST', url: '/api/core/auth/login', payload: { username, password } })).headers
          .authorization,
      ),
    stop: async () => {
      await app.close();
      await db.dispose();
    },
  };
}

/** Debian's Chromium, headless, with everything that would reach the network turned off. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A page as the journeys use it: a desktop window, British English, and reduced motion, so that
 * menus and dropdowns appear at once and a click never lands on one still sliding in. The app's
 * service worker is blocked unless asked for: it would fetch every code chunk of the app (some
 * 350 files) into its cache in each new page's background, which only the offline journey needs.
 */
export async function openJourneyPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'en-GB',
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
    ...options,
  });
  return { context, page: await context.newPage() };
}
