import { describe, expect, it } from 'vitest';
import type { Office } from '../office.test.ts';

/**
 * The support desk in the browser (issue 32 item 1): a ticket opened five hours ago with a HIGH
 * priority (first answer due in 4 h) shows its SLA breach; the agent replies to the requester and
 * adds an internal note from the ticket's thread, links a knowledge-base question found from the
 * ticket, finds it late in the support queue, and resolves it.
 */
export function supportJourney(office: () => Office) {
  describe('support desk', () => {
    let ticket = '';

    it('shows a late ticket breached, and takes a reply and an internal note on its thread', async () => {
      const { api, page, at, shot } = office();
      const created = await api('POST', '/api/support/tickets', {
        subject: 'Portal sign-in fails',
        description: 'The client cannot **sign in** since yesterday.',
        priority: 'HIGH',
        team: 'SUPPORT',
        category: 'ACCOUNT',
        requesterEmail: 'fleet.manager@example.com',
        openedDate: new Date(Date.now() - 5 * 3600_000).toISOString(),
      });
      expect(created.statusCode, created.body).toBe(201);
      ticket = created.json().registration;
      expect(created.json().breached).toBe(true);

      await page.goto(at(`/ticket/${ticket}`));
      await page.getByTestId('sla-breached').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('sla-first-answer').getAttribute('data-late')).toBe('true');

      const composer = page.getByTestId('ticket-composer');
      await composer.fill('Hello, we reset your access: please try again.');
      await page.getByTestId('ticket-send').click();
      const thread = page.getByTestId('ticket-message');
      await expect.poll(() => thread.count(), { timeout: 30_000 }).toBe(1);

      await page.getByText('Internal note', { exact: true }).first().click();
      await composer.fill('Password reset done by **the IT desk**.');
      await page.getByTestId('ticket-send').click();
      await expect.poll(() => thread.count(), { timeout: 30_000 }).toBe(2);
      expect(await thread.nth(1).getAttribute('data-internal')).toBe('true');
      expect(await thread.nth(0).getAttribute('data-internal')).toBe('false');
      await expect.poll(() => thread.nth(1).innerText()).toContain('the IT desk');
      await shot('support-ticket-thread');

      const stored = (await api('GET', `/api/support/tickets/${ticket}`)).json();
      expect(stored.messages.map((m: { internal: boolean }) => m.internal)).toEqual([false, true]);
      expect(stored.firstResponseDate).toBe(stored.messages[0].date);
      expect(stored.firstResponseBreached).toBe(true);
    });

    it('finds a knowledge-base question from the ticket and links it', async () => {
      const { api, page } = office();
      const question = await api('POST', '/api/support/questions', {
        subject: 'How do I reset my portal password?',
        keywords: 'portal, password, sign-in',
        answer: 'Use **Forgot password** on the sign-in page; the link is valid one hour.',
        type: 'FAQ',
      });
      expect(question.statusCode, question.body).toBe(201);
      const registration = question.json().registration;
      const card = page.getByTestId('ticket-knowledge');
      await card.getByPlaceholder('Search the knowledge base').fill('password');
      await card.getByPlaceholder('Search the knowledge base').press('Enter');
      const hit = card.locator('.ant-list-item').filter({ hasText: 'How do I reset my portal password?' });
      await hit.waitFor({ timeout: 30_000 });
      await hit.getByRole('button', { name: 'Link' }).click();
      await card.getByRole('link', { name: registration }).waitFor({ timeout: 30_000 });
      await expect
        .poll(async () => (await api('GET', `/api/support/tickets/${ticket}`)).json().questionRegistrations)
        .toEqual([{ questionRegistration: registration }]);
    });

    it('is counted late in its team queue, then resolved from its workflow', async () => {
      const { api, page, at, shot } = office();
      await page.goto(at('/support-queue'));
      const team = page.getByTestId('queue-SUPPORT');
      await team.waitFor({ timeout: 30_000 });
      await team.getByRole('link', { name: ticket }).waitFor();
      await expect.poll(() => team.getByTestId('queue-breached').innerText()).toMatch(/[1-9]\d* breached/);
      await shot('support-queue');

      await page.goto(at(`/ticket/${ticket}`));
      const card = page.locator('[data-testid="workflow-card"]');
      await card.waitFor({ timeout: 30_000 });
      await card.locator('[data-transition="START"]').click();
      await expect
        .poll(async () => (await api('GET', `/api/support/tickets/${ticket}`)).json().status, { timeout: 30_000 })
        .toBe('IN_PROGRESS');
      await card.locator('[data-transition="RESOLVE"]').click();
      await expect
        .poll(async () => (await api('GET', `/api/support/tickets/${ticket}`)).json().status, { timeout: 30_000 })
        .toBe('RESOLVED');
      const resolved = (await api('GET', `/api/support/tickets/${ticket}`)).json();
      expect(resolved.resolvedDate).toBeTruthy();
      expect(resolved.breached).toBe(true);
      await shot('support-ticket-resolved');
    });
  });
}
