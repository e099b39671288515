import { describe, expect, it } from 'vitest';
import { entityByName } from '@lbo/model/entity-registry';
import type { Office } from '../office.test.ts';

/**
 * Credit scoring in the browser (docs/scoring.md): a deal of a new client is submitted from its
 * Workflow card, scored on the tenant's default card and referred to the credit committee; the
 * score's screen shows why, criterion by criterion.
 */
export function scoringJourney(office: () => Office) {
  describe('credit scoring', () => {
    it('scores a deal on submit, refers it, and the score screen shows why', async () => {
      const { api, page, at, shot } = office();
      const person = await api('POST', '/api/person/persons', { type: 'I', firstName: 'Nora', lastName: 'Newcomer' });
      expect(person.statusCode, person.body).toBe(201);
      const created = await api('POST', '/api/financing/deals', {
        name: 'Journey scored deal',
        financedAmountExclTax: 18000,
        persons: [{ role: 'CLIENT', personRegistration: person.json().registration }],
      });
      expect(created.statusCode, created.body).toBe(201);
      const deal = String(created.json().registration);
      await page.goto(at(`/${entityByName('Deal')!.clientRoute}/${deal}`));
      const submit = page.locator('[data-testid="workflow-card"] [data-transition="SUBMIT"]');
      await submit.waitFor({ timeout: 30_000 });
      await submit.click();
      const read = async () => (await api('GET', `/api/financing/deals/${deal}`)).json();
      await expect.poll(async () => (await read()).status, { timeout: 30_000 }).toBe('SUBMITTED');
      // Nothing known yet of a new client: 70 points on the default card, referred to the committee.
      const scored = await read();
      expect(scored).toMatchObject({ scoreTotal: 70, scoreDecision: 'REFER' });
      await page.goto(at(`/${entityByName('Score')!.clientRoute}/${scored.scoreRegistration}`));
      const decision = page.getByTestId('score-why').getByTestId('score-decision').first();
      await expect
        .poll(async () => decision.getAttribute('data-decision').catch(() => null), { timeout: 30_000 })
        .toBe('REFER');
      expect((await page.getByTestId('score-total').innerText()).trim()).toBe('70');
      const lines = page.getByTestId('score-explanation').locator('.ant-table-tbody tr.ant-table-row');
      await expect.poll(async () => lines.count(), { timeout: 30_000 }).toBe(6);
      const overdue = lines.filter({ hasText: 'Overdue invoices' });
      expect(await overdue.innerText()).toMatch(/< 1\s+20\s+1[.,]5\s+30/);
      expect(await lines.filter({ hasText: 'Years since registration' }).innerText()).toMatch(/No data/);
      await expect
        .poll(async () => page.getByTestId('score-history').locator('.ant-table-tbody tr.ant-table-row').count(), {
          timeout: 30_000,
        })
        .toBe(1);
      await shot('scoring-referred-deal-why');
    });
  });
}
