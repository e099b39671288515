import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { addDays } from '@lbo/model/values/dates';
import { artifactsDir, startProduct, type RunningProduct } from './support/product.ts';
import { activeLease, adminApi, issueTwo, signedInPage, type Api } from './support/money-cycle.ts';

/**
 * A returned debit opens a task that the calendar shows (issue 29, 9b): two invoices of a lease
 * collected by a pain.008 that is sent, one of its debits returned by the bank (AM04), the
 * product's task rules run by their cron; the collectors' task appears on `/calendar` when the
 * team's calendar is chosen, is dragged to another day in the month view, and is still there
 * after a reload (its due date changed on the server).
 */
let product: RunningProduct;
let browser: Browser;
let page: Page;
let api: Api;
let task: { registration: string; dueDate: string; subject: string };
const shot = (name: string) => page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
const at = (route: string) => `${product.url}${route}`;

async function waitForBatch(registration: string) {
  let batch: { status?: string } = {};
  for (let i = 0; i < 240 && !['SUCCESS', 'WARNING', 'ERROR'].includes(String(batch.status)); i++) {
    await new Promise((r) => setTimeout(r, 250));
    batch = (await api('GET', `/api/script/batches/${registration}`)).json();
  }
  expect(['SUCCESS', 'WARNING']).toContain(batch.status);
}

/** A debit of the demo client PER000002 sent to the bank in a pain.008, then returned: answers the returned line. */
async function returnedDebit(): Promise<string> {
  const organization = (await api('GET', '/api/person/persons/PER000001')).json();
  const accounts = organization.bankAccounts as Record<string, unknown>[];
  const patched = await api('PATCH', '/api/person/persons/PER000001', {
    bankAccounts: [{ ...accounts[0], sepaCreditorIdentifier: 'FR12ZZZ123456' }, ...accounts.slice(1)],
    _version: organization._version,
  });
  expect(patched.statusCode, patched.body).toBe(200);
  const contract = await activeLease(api, 'Van whose debit comes back');
  const invoices = await issueTwo(api, contract, '2025-03-31', {
    query: '&organizations=PER000001',
    keep: (i) => i.paymentMode === 'SEPA_DIRECT_DEBIT',
  });
  const generated = await api('POST', '/api/billing/payment-files/generate', {
    type: 'SEPA_DIRECT_DEBIT',
    dueUntil: '2025-03-31',
    organizations: ['PER000001'],
  });
  expect(generated.statusCode, generated.body).toBeLessThan(300);
  await waitForBatch(generated.json().registration);
  const line = (await api('GET', `/api/billing/payment-file-lines?invoice=${invoices[0]}`)).json()[0];
  expect(line?.paymentFileRegistration).toMatch(/^PF\d{6}$/);
  const sent = await api('GET', `/api/billing/payment-files/${line.paymentFileRegistration}/transitions/SEND`);
  expect(sent.statusCode, sent.body).toBe(200);
  const returned = await api('POST', `/api/billing/payment-file-lines/${line.registration}/return`, {
    reasonCode: 'AM04',
    date: '2025-04-04',
  });
  expect(returned.statusCode, returned.body).toBe(200);
  return line.registration;
}

beforeAll(async () => {
  product = await startProduct({ contracts: 20 });
  api = await adminApi(product);
  const line = await returnedDebit();
  // The rules' cron, run now rather than waiting for its next tick.
  const run = await api('POST', '/api/core/crons/task-rules/run');
  expect(run.statusCode, run.body).toBe(201);
  await waitForBatch(run.json().registration);
  const opened = (await api('GET', `/api/core/tasks?ruleKey=returned-debit:PaymentFileLine:${line}`)).json();
  expect(opened).toHaveLength(1);
  task = opened[0];
  ({ browser, page } = await signedInPage(product));
}, 400_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('a returned debit on the calendar', () => {
  it('opens a task for the collectors, shown on the calendar with their team chosen', async () => {
    expect(task.subject).toContain('(AM04)');
    await page.goto(at('/calendar'));
    await page.getByTestId('calendar').waitFor();
    await page.locator('.fc-daygrid-body').waitFor();
    const picker = page.getByRole('combobox', { name: 'Teams and people' });
    await picker.click();
    await picker.fill('Collector');
    await page.locator('.ant-select-item-option').filter({ hasText: 'Team Collector' }).first().click();
    await page.keyboard.press('Escape');
    const event = page.locator(`[data-event-id="task:${task.registration}"]`);
    await event.waitFor({ timeout: 15_000 });
    // The event sits in the cell of its due date.
    expect(
      await page.locator(`td[data-date="${task.dueDate}"] [data-event-id="task:${task.registration}"]`).count(),
    ).toBe(1);
    await shot('task-calendar-month');
  });

  it('is dragged to another day, and stays there after a reload', async () => {
    const event = page.locator(`[data-event-id="task:${task.registration}"]`);
    const next = addDays(task.dueDate, 1);
    const target = (await page.locator(`td[data-date="${next}"]`).count()) ? next : addDays(task.dueDate, -1);
    const from = (await event.boundingBox())!;
    const to = (await page.locator(`td[data-date="${target}"]`).boundingBox())!;
    const patched = page.waitForResponse(
      (r) => r.url().includes(`/api/core/tasks/${task.registration}`) && r.request().method() === 'PATCH',
    );
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 5, from.y + from.height / 2 + 5, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 20 });
    await page.mouse.up();
    const answer = await patched;
    expect(answer.status()).toBe(200);
    expect(answer.request().headers()['if-match']).toMatch(/^"\d+"$/);
    await page.reload();
    await page
      .locator(`td[data-date="${target}"] [data-event-id="task:${task.registration}"]`)
      .waitFor({ timeout: 15_000 });
    expect((await api('GET', `/api/core/tasks/${task.registration}`)).json().dueDate).toBe(target);
    await shot('task-calendar-moved');
  });
});
