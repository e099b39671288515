import { describe, expect, it } from 'vitest';
import { entityByName } from '@lbo/model/entity-registry';
import type { Office } from '../office.test.ts';

/**
 * Private equity and projects in the browser (docs/private-equity.md, docs/projects.md): a holding
 * with an investment, a valuation and a partial exit shows its multiple (TVPI) and IRR, and its
 * fund's; a user fills a week on `/timesheet` and submits it.
 */
export function peJourney(office: () => Office) {
  describe('private equity', () => {
    it('shows a holding’s multiple and IRR after an investment, a valuation and a partial exit', async () => {
      const { api, page, at, shot } = office();
      const created = await api('POST', '/api/private-equity/assets', {
        name: 'Journey Robotics',
        fund: 'Journey Fund',
        currency: 'EUR',
        sector: 'INDUSTRY',
        acquisitionDate: '2020-01-01',
      });
      expect(created.statusCode, created.body).toBe(201);
      const asset = String(created.json().registration);
      const steps = [
        { type: 'INVESTMENT', operationDate: '2020-01-01', amount: 1_000_000, shares: 1000 },
        { type: 'VALUATION', operationDate: '2021-01-01', amount: 1_500_000 },
        { type: 'PARTIAL_EXIT', operationDate: '2022-01-01', amount: 800_000, shares: 400 },
      ];
      for (const step of steps) {
        const res = await api('POST', '/api/private-equity/operations', {
          name: step.type,
          assetRegistration: asset,
          ...step,
        });
        expect(res.statusCode, res.body).toBe(201);
      }
      const kind = entityByName('PrivateEquityAsset')!;
      await page.goto(at(`/${kind.clientRoute}/${asset}`));
      // 1,000,000 in; 800,000 out and 600 shares valued 900,000: 1.70x, and an IRR of 30.34 %.
      await expect
        .poll(
          async () =>
            page
              .getByTestId('pe-multiple')
              .textContent()
              .catch(() => ''),
          { timeout: 30_000 },
        )
        .toMatch(/^1[.,]70x$/);
      await expect
        .poll(
          async () =>
            page
              .getByTestId('pe-irr')
              .textContent()
              .catch(() => ''),
          { timeout: 30_000 },
        )
        .toMatch(/30[.,]34/);
      await expect
        .poll(
          async () =>
            page
              .getByTestId('pe-fund-multiple')
              .textContent()
              .catch(() => ''),
          { timeout: 30_000 },
        )
        .toMatch(/^1[.,]70x$/);
      await shot('pe-holding-performance');
    });

    it('fills a week on the timesheet and submits it; the manager approves it', async () => {
      const { api, page, at, product, shot } = office();
      const created = await api('POST', '/api/support/projects', {
        name: 'Journey portal',
        members: [{ username: product.username, role: 'Lead' }],
      });
      expect(created.statusCode, created.body).toBe(201);
      const project = String(created.json().registration);
      const week = '2025-03-10';
      await page.goto(at(`/timesheet?week=${week}`));
      await page.getByTestId('timesheet').waitFor({ timeout: 30_000 });
      // antd gives the input itself the cell's test id (or its wrapper, by version): either way, the input.
      const cell = (day: number) =>
        page.locator(`input[data-testid="cell-${project}-${day}"], [data-testid="cell-${project}-${day}"] input`);
      await cell(0).waitFor({ timeout: 30_000 });
      const hours = ['7.5', '8', '6.25', '7', '4'];
      for (const [day, value] of hours.entries()) await cell(day).fill(value);
      await expect
        .poll(async () => page.getByTestId('timesheet-total').textContent(), { timeout: 15_000 })
        .toMatch(/^32[.,]75$/);
      await page.getByRole('button', { name: 'Submit the week' }).click();
      await expect
        .poll(async () => page.getByTestId('timesheet-status').textContent(), { timeout: 30_000 })
        .toBe('Submitted');
      await expect.poll(async () => cell(0).isDisabled(), { timeout: 15_000 }).toBe(true);
      const entries = await api('GET', `/api/support/time-entries?project=${project}&sort=entryDate`);
      expect(entries.json().map((e: { hours: number; status: string }) => [e.hours, e.status])).toEqual(
        [7.5, 8, 6.25, 7, 4].map((h) => [h, 'SUBMITTED']),
      );
      await shot('pe-timesheet-submitted');
      // The manager (here the same administrator) approves the week from the review card.
      await page.getByRole('combobox', { name: 'User' }).click();
      await page.getByRole('combobox', { name: 'User' }).fill(product.username);
      await page.locator('.ant-select-item-option').filter({ hasText: product.username }).first().click();
      await expect
        .poll(
          async () =>
            page
              .getByTestId('review-status')
              .textContent()
              .catch(() => ''),
          { timeout: 30_000 },
        )
        .toBe('SUBMITTED');
      await page.getByRole('button', { name: 'Approve the week' }).click();
      await expect
        .poll(async () => page.getByTestId('timesheet-status').textContent(), { timeout: 30_000 })
        .toBe('Approved');
      const summary = await api('GET', `/api/support/projects/${project}/summary`);
      expect(summary.json().hours.approved).toBe(32.75);
    });
  });
}
