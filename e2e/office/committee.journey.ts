import { describe, expect, it } from 'vitest';
import { entityByName } from '@lbo/model/entity-registry';
import type { Office } from '../office.test.ts';

/**
 * Committees and votes in the browser (docs/committees.md): a credit committee's members are
 * invited and answer from the committee's screen; its vote on a submitted deal is cast from the
 * ballot and closed from the Workflow card; the count approves the deal.
 */
export function committeeJourney(office: () => Office) {
  describe('committees and votes', () => {
    it('a credit committee votes on a deal and the deal moves to APPROVED', async () => {
      const { api, page, at, shot } = office();
      const me = String((await api('GET', '/api/core/users/current')).json().username);
      const members: string[] = [];
      for (const [firstName, lastName] of [
        ['Inès', 'Garnier'],
        ['Hugo', 'Lambert'],
      ]) {
        const person = await api('POST', '/api/person/persons', { type: 'I', firstName, lastName });
        expect(person.statusCode, person.body).toBe(201);
        members.push(String(person.json().registration));
      }
      const deal = await api('POST', '/api/financing/deals', {
        name: 'Committee journey deal',
        financedAmountExclTax: 90000,
        persons: [{ role: 'CLIENT', personRegistration: members[0] }],
      });
      expect(deal.statusCode, deal.body).toBe(201);
      const dealId = String(deal.json().registration);
      expect((await api('GET', `/api/financing/deals/${dealId}/transitions/SUBMIT`)).statusCode).toBe(200);
      const committee = await api('POST', '/api/support/committees', {
        name: 'Journey credit committee',
        type: 'CREDIT',
        startDate: new Date().toISOString(),
        persons: members.map((personRegistration) => ({ role: 'PARTNER', personRegistration })),
      });
      expect(committee.statusCode, committee.body).toBe(201);
      const committeeId = String(committee.json().registration);

      // Invitations sent and an answer recorded from the committee's screen.
      const readCommittee = async () => (await api('GET', `/api/support/committees/${committeeId}`)).json();
      await page.goto(at(`/${entityByName('Committee')!.clientRoute}/${committeeId}`));
      const invite = page.getByRole('button', { name: 'Send invitations' });
      await invite.waitFor({ timeout: 30_000 });
      await invite.click();
      await expect.poll(async () => (await readCommittee()).invitedCount, { timeout: 30_000 }).toBe(2);
      const firstRow = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: members[0] });
      await firstRow.getByRole('button', { name: 'Accepted' }).click();
      await expect.poll(async () => (await readCommittee()).acceptedCount, { timeout: 30_000 }).toBe(1);
      await expect
        .poll(async () => page.getByTestId('committee-counts').innerText(), { timeout: 30_000 })
        .toMatch(/Accepted\s*1/);
      await shot('committee-invitations');

      // The vote: opened through the API, cast and closed in the browser.
      const voting = await api('POST', '/api/support/votings', {
        name: 'Approve the journey deal',
        entityName: 'Deal',
        entityRegistration: dealId,
        committeeRegistration: committeeId,
        voters: [{ username: me }],
        quorum: 1,
      });
      expect(voting.statusCode, voting.body).toBe(201);
      const votingId = String(voting.json().registration);
      expect((await api('GET', `/api/support/votings/${votingId}/transitions/OPEN`)).statusCode).toBe(200);
      await page.goto(at(`/${entityByName('Voting')!.clientRoute}/${votingId}`));
      const voteFor = page.getByRole('button', { name: 'Vote for' });
      await voteFor.waitFor({ timeout: 30_000 });
      await voteFor.click();
      const tally = async () => (await api('GET', `/api/support/votings/${votingId}/tally`)).json();
      await expect.poll(async () => (await tally()).voted, { timeout: 30_000 }).toBe(1);
      await expect.poll(async () => page.getByTestId('tally').innerText(), { timeout: 30_000 }).toMatch(/For\s*1/);
      const close = page.locator('[data-testid="workflow-card"] [data-transition="CLOSE"]');
      await close.waitFor({ timeout: 30_000 });
      await close.click();
      await expect
        .poll(async () => (await api('GET', `/api/financing/deals/${dealId}`)).json().status, { timeout: 30_000 })
        .toBe('APPROVED');
      expect((await api('GET', `/api/support/votings/${votingId}`)).json()).toMatchObject({
        status: 'CLOSED',
        outcome: 'APPROVED',
        forCount: 1,
      });
      await expect
        .poll(
          async () =>
            page
              .getByTestId('outcome')
              .innerText()
              .catch(() => ''),
          { timeout: 30_000 },
        )
        .toBe('Approved');
      await shot('committee-vote-approved-deal');
    });
  });
}
