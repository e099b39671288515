import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminApi, signedInPage, type Api } from './support/money-cycle.ts';
import { artifactsDir, startProduct, type RunningProduct } from './support/product.ts';
import { notice, settled } from './support/pages.ts';

/**
 * The script editor and layout scripts in the browser (issue 30, items 2 and 3): an administrator
 * edits the tenant's `person-layout` on /scripts to add a "Risk" card, test-runs it (its console
 * line shown), saves it with ctrl+S; a person's screen shows the card, run by QuickJS in the
 * page; restoring the former version takes it away. A layout without execute() is notified with
 * the spec's message; the registration format check speaks in the person form before a save;
 * ctrl+shift+S opens /scripts.
 */
let product: RunningProduct;
let browser: Browser;
let page: Page;
let api: Api;
const at = (route: string) => `${product.url}${route}`;
const shot = (name: string) => page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });

const riskLayout = `function execute(layout) {
  const cards = (layout && layout.cards) || [];
  console.log('person layout with', cards.length, 'cards');
  return { cards: cards.concat([{ title: 'Risk', fields: ['riskLevel', 'riskComment'] }]) };
}
`;

/** Replaces the code in the editor, as a user selecting all and pasting would. */
async function typeCode(code: string) {
  const editor = page.locator('[data-testid="script-code"] .cm-content');
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await editor.fill(code);
  await expect.poll(() => editor.innerText()).toContain(code.split('\n')[1].trim());
}

async function openScript(name: string) {
  await settled(page, () => page.goto(at(`/scripts?name=${name}`)));
  await page.locator(`[data-testid="script-editor"][data-script="${name}"]`).waitFor();
  await page.locator('[data-testid="script-code"] .cm-content').waitFor();
}

/** Opens a person's screen; its cards are read by `cardTitles`. */
async function openPerson(registration: string) {
  await settled(page, () => page.goto(at(`/person/${registration}`)));
  await expect.poll(() => page.getByTestId('person-title').innerText(), { timeout: 15_000 }).toContain(registration);
}

/** The titles of the person editor's cards, as shown now. */
const cardTitles = () => page.locator('.ant-card-head-title').allInnerTexts();

beforeAll(async () => {
  product = await startProduct({ contracts: 10 });
  api = await adminApi(product);
  ({ browser, page } = await signedInPage(product));
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('scripts in the browser', () => {
  it('an admin adds a card to the person layout on /scripts: test run, save, the card on a person', async () => {
    await openScript('person-layout');
    await expect.poll(() => page.getByTestId('script-list').innerText()).toContain('hello-world');
    await typeCode(riskLayout);
    await page.getByTestId('test-run-button').click();
    const logs = page.getByTestId('test-run-logs');
    await expect.poll(() => logs.innerText(), { timeout: 15_000 }).toContain('person layout with 0 cards');
    await expect.poll(() => page.getByTestId('test-run-result').innerText()).toContain('Risk');
    await shot('scripts-test-run');

    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/script/scripts/person-layout') && r.request().method() === 'PATCH',
    );
    await page.keyboard.press('Control+S');
    expect((await saved).status()).toBe(200);
    const stored = (await api('GET', '/api/script/scripts/person-layout')).json();
    expect(stored.code).toBe(riskLayout);

    // The layout script runs once its engine is loaded, which takes a while on a busy machine.
    await openPerson('PER000002');
    await expect.poll(cardTitles, { timeout: 30_000 }).toContain('Risk');
    await expect.poll(() => page.locator('[data-field="riskLevel"], #field-riskLevel').count()).toBeGreaterThan(0);
    await shot('scripts-person-risk-card');
  });

  it('restoring the former version takes the card away', async () => {
    await openScript('person-layout');
    await page.getByTestId('script-history').click();
    const drawer = page.getByTestId('script-versions');
    await drawer.waitFor();
    // The first version that is not the current code is chosen, and its diff shown.
    await page.locator('[data-testid="script-diff"] .cm-content').waitFor();
    await shot('scripts-versions-diff');
    await page.getByTestId('script-restore').click();
    const restored = page.waitForResponse(
      (r) => r.url().endsWith('/api/script/scripts/person-layout') && r.request().method() === 'PATCH',
    );
    await page.locator('.ant-popover .ant-btn-primary').click();
    expect((await restored).status()).toBe(200);
    const stored = (await api('GET', '/api/script/scripts/person-layout')).json();
    expect(stored.code).not.toContain('Risk');

    // A full page load holds no earlier script: once the engine has run, the cards are the restored layout's.
    await openPerson('PER000002');
    await page.waitForTimeout(1_000);
    expect(await cardTitles()).not.toContain('Risk');
  });

  it('a layout without execute() is notified with the spec message, and the screen keeps its cards', async () => {
    const current = (await api('GET', '/api/script/scripts/person-layout')).json();
    const broken = await api('PATCH', '/api/script/scripts/person-layout', {
      code: 'const layout = { cards: [] };',
      _version: current._version,
    });
    expect(broken.statusCode, broken.body).toBe(200);
    await openPerson('PER000003');
    await notice(page, 'Layout script person-layout does not have an execute() function').first().waitFor();
    const again = (await api('GET', '/api/script/scripts/person-layout')).json();
    const fixed = await api('PATCH', '/api/script/scripts/person-layout', {
      code: current.code,
      _version: again._version,
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
  });

  it('the registration format check speaks in the person form, and the server refuses the same', async () => {
    const check = (await api('GET', '/api/script/scripts/personRegistration-format-check')).json();
    const code = `function execute(identifier) {
  if (/000$/.test(identifier.number)) return { valid: false, field: 'registration', message: 'Numbers ending in 000 are blocked' };
  return { valid: true };
}`;
    const patched = await api('PATCH', '/api/script/scripts/personRegistration-format-check', {
      code,
      _version: check._version,
    });
    expect(patched.statusCode, patched.body).toBe(200);

    await settled(page, () => page.goto(at('/person')));
    await page.getByTestId('registration-type').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first().click();
    await page.getByTestId('registration-number').fill('AB12000');
    const alert = page.locator('[data-field="registration"] [role="alert"]');
    await expect.poll(() => alert.innerText(), { timeout: 15_000 }).toContain('Numbers ending in 000 are blocked');
    await shot('scripts-format-check');

    const refused = await api('POST', '/api/person/persons', {
      type: 'C',
      name: 'Blocked Ltd',
      registrations: [{ type: 'PTN', number: 'AB12000' }],
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().code).toBe('FORMAT_CHECK_REFUSED');
  });

  it("a contract's layout script adds its card to the generic detail form", async () => {
    const layout = (await api('GET', '/api/script/scripts/contract-layout')).json();
    const patched = await api('PATCH', '/api/script/scripts/contract-layout', {
      code: 'function execute(layout) { return { cards: [{ title: "Underwriting", fields: ["underwriter"] }] }; }',
      _version: layout._version,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const contract = String(
      (await api('GET', '/api/financing/contracts?range=[0-0]&sort=registration')).json()[0].registration,
    );
    await settled(page, () => page.goto(at(`/contract/${contract}`)));
    const card = page.locator('.ant-card-head-title').filter({ hasText: /^Underwriting$/ });
    await card.first().waitFor({ timeout: 15_000 });
    await page.locator('#field-underwriter').waitFor();
  });

  it('creates a script from /scripts and switches it off; the lists are one click away', async () => {
    await settled(page, () => page.goto(at('/scripts')));
    await page.getByTestId('new-script').click();
    await page.getByTestId('new-script-name').fill('risk-score');
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/script/scripts') && r.request().method() === 'POST',
    );
    await page.getByTestId('create-script').click();
    expect((await created).status()).toBe(201);
    await page.waitForURL(/name=risk-score/);
    await page.locator('[data-testid="script-editor"][data-script="risk-score"]').waitFor();
    await expect.poll(() => page.locator('[data-testid="script-code"] .cm-content').innerText()).toContain('execute');

    const switched = page.waitForResponse(
      (r) => r.url().endsWith('/api/script/scripts/risk-score') && r.request().method() === 'PATCH',
    );
    await page.getByTestId('script-enabled').click();
    expect((await switched).status()).toBe(200);
    expect((await api('GET', '/api/script/scripts/risk-score')).json().enabled).toBe(false);

    // A middle click opens the script in a new tab with all=1: the list's links say so.
    expect(await page.getByTestId('script-risk-score').getAttribute('href')).toBe('/scripts?name=risk-score&all=1');
    await page.getByText('Lists', { exact: true }).click();
    await page.waitForURL(/selectedSettingType=list/);
    await page.locator('[data-list-state]').first().waitFor();
  });

  it('ctrl+shift+S opens /scripts for an admin', async () => {
    await settled(page, () => page.goto(at('/persons')));
    await page.keyboard.press('Control+Shift+S');
    await page.waitForURL(/\/scripts/);
    await page.getByTestId('scripts-screen').waitFor();
  });
});
