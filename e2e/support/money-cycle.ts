import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchChromium, openJourneyPage, type RunningProduct } from './product.ts';
import { signIn } from './pages.ts';

/** What the money-cycle journeys (billing, payment files, statements, books) set up through the API beside the browser. */
export type Api = (method: string, url: string, payload?: object) => Promise<LightMyRequestResponse>;

/** Calls to the product as its administrator. */
export async function adminApi(product: RunningProduct): Promise<Api> {
  const authorization = await product.adminAuthorization();
  return (method, url, payload) =>
    product.app.inject({ method: method as 'GET', url, headers: { authorization }, ...(payload ? { payload } : {}) });
}

/** Chromium with a journey page, signed in as the product's administrator. */
export async function signedInPage(
  product: RunningProduct,
  options: BrowserContextOptions = {},
): Promise<{ browser: Browser; context: BrowserContext; page: Page }> {
  const browser = await launchChromium();
  const { context, page } = await openJourneyPage(browser, options);
  await page.goto(`${product.url}/`);
  await page.waitForURL(/\/authentication\/login-page/);
  await signIn(page, product.username, product.password);
  return { browser, context, page };
}

/**
 * A 24-month lease of `client` (the demo client PER000002 by default) under the organization
 * PER000001, won from its deal and activated: its lines fall due monthly from February 2025.
 * Answers the contract.
 */
export async function activeLease(api: Api, name: string, client = 'PER000002'): Promise<string> {
  const deal = await api('POST', '/api/financing/deals', {
    name,
    currency: 'EUR',
    startDate: '2025-01-15',
    persons: [
      { role: 'CLIENT', personRegistration: client },
      { role: 'ORGANIZATION', personRegistration: 'PER000001' },
    ],
    quotations: [
      {
        name: 'Lease 24 months',
        financialProduct: 'LEASE',
        financedAmountExclTax: 24000,
        rate: 0.05,
        duration: 24,
        frequency: '30',
        timing: 'arrears',
        taxCode: 'VAT20',
        isChosen: true,
      },
    ],
  });
  expect(deal.statusCode, deal.body).toBe(201);
  const registration = deal.json().registration as string;
  for (const code of ['SUBMIT', 'APPROVE', 'MARK_WON'])
    expect((await api('GET', `/api/financing/deals/${registration}/transitions/${code}`)).statusCode).toBe(200);
  const contract = (await api('GET', `/api/financing/deals/${registration}`)).json().contractRegistration as string;
  for (const code of ['SUBMIT', 'APPROVE', 'ACTIVATE']) {
    const res = await api('GET', `/api/financing/contracts/${contract}/transitions/${code}`);
    expect(res.statusCode, res.body).toBe(200);
  }
  return contract;
}

type Billed = { registration: string; contractRegistration: string; pr: string; paymentMode?: string };

/** Bills up to `date` (`query` adds to the run's query), then issues the first two receivable invoices of `contract` that `keep` keeps. */
export async function issueTwo(
  api: Api,
  contract: string,
  date: string,
  { query = '', keep = () => true }: { query?: string; keep?: (i: Billed) => boolean } = {},
): Promise<string[]> {
  const billed = await api('GET', `/api/script/runs/run-billing?date=${date}${query}`);
  expect(billed.statusCode, billed.body).toBe(200);
  const invoices = (billed.json() as Billed[])
    .filter((i) => i.contractRegistration === contract && i.pr === 'R' && keep(i))
    .slice(0, 2)
    .map((i) => i.registration);
  expect(invoices).toHaveLength(2);
  for (const i of invoices)
    expect((await api('GET', `/api/billing/invoices/${i}/transitions/ISSUE`)).statusCode).toBe(200);
  return invoices;
}
