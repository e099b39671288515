import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startProduct, type RunningProduct } from './support/product.ts';
import { activeLease, adminApi, issueTwo, signedInPage, type Api } from './support/money-cycle.ts';
import { listReady, settled } from './support/pages.ts';
import { answerTransitionQuestion, transitionQuestion } from './support/transitions.ts';

/**
 * What a clerk's day in Chromium stumbled on: dunning run as of a chosen day from the invoices
 * list; cancelling an issued invoice asks first, naming its credit note and amount; a draft's PDF
 * preview shown under the page's own content security policy; a refused bank statement shown as
 * the server's message without an uncaught error; person screens without a failed request for a
 * layout script the tenant does not have.
 */
let product: RunningProduct;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: Api;
let contract: string;
const at = (route: string) => `${product.url}${route}`;

/** What the page complained about: uncaught errors, console errors, CSP violations, failed answers. */
const complaints = { pageErrors: [] as string[], consoleErrors: [] as string[], failed: [] as string[] };
const clearComplaints = () => {
  complaints.pageErrors.length = 0;
  complaints.consoleErrors.length = 0;
  complaints.failed.length = 0;
};

beforeAll(async () => {
  product = await startProduct({ contracts: 20 });
  api = await adminApi(product);
  contract = await activeLease(api, 'Van for a day of work');
  ({ browser, context, page } = await signedInPage(product));
  page.on('pageerror', (error) => complaints.pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') complaints.consoleErrors.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) complaints.failed.push(`${response.status()} ${response.url()}`);
  });
}, 300_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await product?.stop();
});

describe("a clerk's day", () => {
  it('runs dunning from the invoices list as of a chosen day', async () => {
    await page.goto(at('/invoices'));
    await listReady(page);
    await page.getByTestId('run-dunning').click();
    const dialog = page.locator('.ant-modal').filter({ hasText: 'Run dunning' });
    const day = dialog.locator('#dunning-date');
    await day.fill('2025-09-30');
    await day.blur();
    await page.getByTestId('run-dunning-confirm').click();
    const link = dialog.getByRole('link', { name: /Open batch BAT\d{6}/ });
    await link.waitFor({ timeout: 15_000 });
    const batch = /BAT\d{6}/.exec(await link.innerText())![0];
    const stored = (await api('GET', `/api/script/batches/${batch}`)).json();
    expect(stored.type).toBe('DUNNING');
    expect(stored.parameters).toEqual({ date: '2025-09-30' });
    expect(stored.name).toBe('Dunning on 2025-09-30');
    await dialog.locator('.ant-modal-footer button').filter({ hasText: 'Close' }).click();
  });

  let drafts: string[] = [];
  it('asks before cancelling an issued invoice, naming its credit note and amount; no answer, no cancel', async () => {
    const [issued] = await issueTwo(api, contract, '2025-03-31');
    const billed = await api('GET', '/api/script/runs/run-billing?date=2025-05-31');
    drafts = (billed.json() as { registration: string; contractRegistration: string; status: string }[])
      .filter((i) => i.contractRegistration === contract && i.status === 'DRAFT')
      .map((i) => i.registration);
    const invoice = (await api('GET', `/api/billing/invoices/${issued}`)).json();
    await page.goto(at(`/invoice/${issued}`));
    const card = page.locator('[data-testid="workflow-card"]');
    await card.locator('[data-transition="CANCEL"]').click();
    const question = await transitionQuestion(page).innerText();
    const amount = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2 }).format(invoice.amountInclTax);
    expect(question).toContain(`Cancel invoice ${invoice.invoiceNumber}? A credit note of`);
    expect(question.replace(/\s/g, ' ')).toMatch(new RegExp(`${amount.replace(/[.,]/g, '[.,  ]?')} €`));
    // Cancel: nothing runs.
    await answerTransitionQuestion(page, { ok: false });
    expect((await api('GET', `/api/billing/invoices/${issued}`)).json().status).toBe('ISSUED');
    // OK: cancelled, and its credit note issued.
    await card.locator('[data-transition="CANCEL"]').click();
    await answerTransitionQuestion(page);
    await expect
      .poll(() => card.locator('[data-status]').first().getAttribute('data-status'), { timeout: 15_000 })
      .toBe('CANCELLED');
    expect((await api('GET', `/api/billing/invoices/${issued}`)).json().creditNoteRegistrations).toHaveLength(1);
  });

  it("shows a draft's PDF preview with no content-security-policy violation", async () => {
    expect(drafts.length).toBeGreaterThan(0);
    clearComplaints();
    await page.goto(at(`/invoice/${drafts[0]}`));
    const preview = page.getByTestId('invoice-pdf-preview');
    await expect.poll(() => preview.getAttribute('data-state'), { timeout: 20_000 }).toBe('shown');
    const src = await preview.locator('iframe').getAttribute('src');
    expect(src).toMatch(/^blob:/);
    // The frame loads the PDF itself (not the error page a refused frame shows).
    await expect.poll(() => page.frames().some((f) => f.url().startsWith('blob:')), { timeout: 10_000 }).toBe(true);
    await page.waitForTimeout(500);
    expect(complaints.consoleErrors.filter((m) => /Content Security Policy/i.test(m))).toEqual([]);
    expect(complaints.pageErrors).toEqual([]);
  });

  it('shows a refused bank statement as the server says, with no uncaught error', async () => {
    await page.goto(at('/camts'));
    await page.getByTestId('import-camt').waitFor();
    clearComplaints();
    const answer = page.waitForResponse((r) => r.url().includes('/camts/import'));
    await page
      .getByTestId('camt-file')
      .setInputFiles({ name: 'not-a-statement.xml', mimeType: 'application/xml', buffer: Buffer.from('<oops') });
    const refused = await answer;
    expect(refused.status()).toBe(400);
    const { message } = (await refused.json()) as { message: string };
    expect(message).toBeTruthy();
    const notice = page.locator('.ant-notification-notice').filter({ hasText: message.slice(0, 40) });
    await notice.first().waitFor({ timeout: 10_000 });
    await page.waitForTimeout(500);
    expect(complaints.pageErrors).toEqual([]);
    expect(page.url()).toMatch(/\/camts/);
  });

  it('opens person screens running their layout script without a failed request', async () => {
    clearComplaints();
    const asked: string[] = [];
    const listen = (request: { url(): string }) => {
      if (request.url().includes('person-layout')) asked.push(request.url());
    };
    page.on('request', listen);
    for (const person of ['PER000001', 'PER000002', 'PER000003']) {
      await settled(page, async () => {
        await page.goto(at(`/person/${person}`));
        await expect.poll(() => page.getByTestId('person-title').innerText(), { timeout: 15_000 }).toContain(person);
      });
    }
    page.off('request', listen);
    expect(complaints.failed).toEqual([]);
    expect(complaints.consoleErrors).toEqual([]);
    // Fetched by its name (every tenant has the default one; docs/scripts-web.md) and run in the page.
    expect(asked.filter((url) => url.includes('/api/script/scripts/person-layout')).length).toBeGreaterThan(0);
  });

  it("shows one payment plan: the chosen quotation's as the server priced it, then the stored schedule", async () => {
    // A new client: the day's earlier leases left PER000002 with arrears its score refuses (docs/scoring.md).
    const client = await api('POST', '/api/person/persons', {
      type: 'C',
      name: 'Transports Nouveaux',
      roles: [{ role: 'CLIENT' }],
    });
    expect(client.statusCode, client.body).toBe(201);
    const created = await api('POST', '/api/financing/deals', {
      name: 'Truck paid in advance',
      currency: 'EUR',
      startDate: '2025-01-15',
      persons: [
        { role: 'CLIENT', personRegistration: client.json().registration },
        { role: 'ORGANIZATION', personRegistration: 'PER000001' },
      ],
      quotations: [
        {
          name: 'In arrears',
          financialProduct: 'LEASE',
          financedAmountExclTax: 30000,
          rate: 0.05,
          duration: 36,
          frequency: '30',
          timing: 'arrears',
          taxCode: 'VAT20',
        },
        {
          name: 'In advance',
          financialProduct: 'LEASE',
          financedAmountExclTax: 24000,
          rate: 0.052,
          duration: 24,
          frequency: '30',
          timing: 'advance',
          taxCode: 'VAT20',
          isChosen: true,
        },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const deal = created.json();
    const priced = Number(deal.quotations[1].instalment);
    expect(priced).toBeGreaterThan(0);
    const money = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

    await page.goto(at(`/deal/${deal.registration}`));
    const quotations = page.getByTestId('quotations');
    await quotations.waitFor();
    const cells = async (label: string) =>
      quotations
        .locator('tr')
        .filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${label}$`) }) })
        .locator('td')
        .allInnerTexts();
    // Codes shown by their labels.
    await expect
      .poll(() => cells('Payment timing'), { timeout: 10_000 })
      .toEqual(['Payment timing', 'In arrears', 'In advance']);
    expect(await cells('Frequency')).toEqual(['Frequency', 'Monthly', 'Monthly']);
    expect((await cells('Financial product'))[1]).not.toBe('LEASE');
    expect(money((await cells('Instalment'))[2])).toBe(priced);
    // The payment plan beside them is the chosen quotation's, line for line the instalment it was priced at.
    const plan = page.locator('[data-testid="payment-plan"] .ant-table-tbody tr.ant-table-row');
    await plan.first().waitFor({ timeout: 15_000 });
    expect(money((await plan.first().locator('td').allInnerTexts())[3])).toBe(priced);

    for (const code of ['SUBMIT', 'APPROVE', 'MARK_WON'])
      expect((await api('GET', `/api/financing/deals/${deal.registration}/transitions/${code}`)).statusCode).toBe(200);
    const won = (await api('GET', `/api/financing/deals/${deal.registration}`)).json().contractRegistration as string;
    for (const code of ['SUBMIT', 'APPROVE', 'ACTIVATE'])
      expect((await api('GET', `/api/financing/contracts/${won}/transitions/${code}`)).statusCode).toBe(200);
    await page.goto(at(`/contract/${won}`));
    const elements = page.getByTestId('contract-elements');
    await elements.waitFor({ timeout: 15_000 });
    const firstLine = elements.locator('[data-testid="schedule-lines"] .ant-table-tbody tr.ant-table-row').first();
    await firstLine.waitFor();
    // The stored schedule is the payment plan: no second one computed beside it.
    expect(await page.locator('[data-testid="payment-plan"]').count()).toBe(0);
    expect(money((await firstLine.locator('td').allInnerTexts())[2])).toBe(priced);
  });
});
