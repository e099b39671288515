import path from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminApi, signedInPage, type Api } from './support/money-cycle.ts';
import { artifactsDir, startProduct, type RunningProduct } from './support/product.ts';
import { supportJourney } from './office/support.journey.ts';
import { peJourney } from './office/pe.journey.ts';
import { fieldJourney } from './office/field.journey.ts';
import { scoringJourney } from './office/scoring.journey.ts';
import { committeeJourney } from './office/committee.journey.ts';

/**
 * The office around the money in the browser (issue 32): the support desk, committees and votes,
 * scoring, projects and private equity, the field work on assets. One product serves every journey
 * (each in its own file under e2e/office/), so that the suite starts one server, not one per module.
 */
export interface Office {
  product: RunningProduct;
  page: Page;
  api: Api;
  /** The product's URL of a route. */
  at(route: string): string;
  /** A full-page screenshot into the artifacts folder. */
  shot(name: string): Promise<void>;
}

let office: Office;
let browser: Browser;
const current = (): Office => office;

beforeAll(async () => {
  const product = await startProduct({ contracts: 10 });
  const api = await adminApi(product);
  const signed = await signedInPage(product);
  browser = signed.browser;
  const page = signed.page;
  office = {
    product,
    page,
    api,
    at: (route) => `${product.url}${route}`,
    shot: async (name) => {
      await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
    },
  };
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await office?.product.stop();
});

// Each journey (e2e/office/<module>.journey.ts) registers its own `it` blocks on the shared product:
// `export function supportJourney(office: () => Office) { describe('support desk', () => { it(...) }) }`,
// imported above and called here, one line per module.
describe('office journeys', () => {
  supportJourney(current);
  peJourney(current);
  fieldJourney(current);
  scoringJourney(current);
  committeeJourney(current);
});
