import { sql } from 'kysely';
import { entityByName } from '@lbo/model/entity-registry';
import { committee as committeeKind } from '@lbo/model/entities/support/committee.entity';
import { voting as votingKind } from '@lbo/model/entities/support/voting.entity';
import { inTenant } from '../db/database.ts';
import { createIn, updateIn } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import type { DemoContext } from '../modules/server-module.ts';
import type { WorkflowCaller } from '../workflow/permissions.ts';
import { runTransition } from '../workflow/workflow.operation.ts';
import { answer, invite } from './committee.operation.ts';
import { committeeWriteHooks, withCounts } from './committee-hooks.ts';
import { castVote } from './voting.operation.ts';

/**
 * The demo's credit committee, once: four partners invited (three accepted, one refused, two
 * present), two projects on the agenda, and its vote on a submitted deal, closed APPROVED, which
 * approved the deal. A second, open ballot waits for admin@demo's vote.
 */
export const DEMO_COMMITTEE_NAME = 'Monthly credit committee';

export async function playDemoCommittee({ db, tenant, loadedKinds }: DemoContext): Promise<void> {
  if (!loadedKinds.includes('Person')) return;
  // The tenant's administrator (admin@demo in the demo tenant).
  const admin: WorkflowCaller = { tenant, username: `admin@${tenant}`, isAdmin: true, timeZone: 'Europe/Paris' };
  await inTenant(db, { tenant, user: admin.username }, async (tx) => {
    const done = await storage.findWhere(tx, committeeKind, tenant, sql<boolean>`name = ${DEMO_COMMITTEE_NAME}`, 1);
    if (done.length) return;
    const ids = async (table: string, condition = sql<boolean>`true`, n = 4) =>
      (
        await sql<{ registration: string }>`SELECT registration FROM ${sql.table(table)}
          WHERE tenant = ${tenant} AND ${condition} ORDER BY registration LIMIT ${n}`.execute(tx)
      ).rows.map((r) => r.registration);
    const partners = await ids('person');
    const projects = await ids('project', sql<boolean>`true`, 2);
    const users = await ids('user', sql<boolean>`coalesce(status, '') <> 'DISABLED'`, 3);
    const voters = users.includes(admin.username) ? users : [admin.username, ...users].slice(0, 3);
    const start = new Date(Date.now() - 7 * 86_400_000);
    start.setUTCHours(8, 0, 0, 0);
    const committee = await createIn(
      tx,
      admin,
      committeeKind,
      {
        name: DEMO_COMMITTEE_NAME,
        type: 'CREDIT',
        subject: 'Deals above the branch delegation',
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
        persons: partners.map((personRegistration) => ({ role: 'PARTNER', personRegistration })),
        projects: projects.map((projectRegistration) => ({ projectRegistration })),
      },
      { as: 'caller', hooks: committeeWriteHooks.committee },
    );
    const registration = String(committee.registration);
    await invite(tx, admin, registration, undefined, start);
    for (const [i, person] of partners.entries())
      await answer(tx, admin, registration, person, i === partners.length - 1 ? 'REFUSED' : 'ACCEPTED', start);
    // The meeting held: who came.
    const row = await storage.findOne(tx, committeeKind, tenant, registration, true);
    if (row) {
      const persons = (row.data.persons as Doc[]).map((p, i) => ({
        ...p,
        inviteStatus: p.rsvp === 'ACCEPTED' ? (i === 0 ? 'ABSENT' : 'PRESENTED') : p.inviteStatus,
      }));
      await updateIn(tx, admin, committeeKind, row, withCounts({ ...row.data, persons }), { as: 'system' });
    }
    const dealKind = entityByName('Deal')!;
    const [deal] = await storage.findWhere(tx, dealKind, tenant, sql<boolean>`status = 'SUBMITTED'`, 1);
    const ballot = await createIn(
      tx,
      admin,
      votingKind,
      {
        name: deal ? `Approve ${deal.name ?? deal.registration}` : 'Approve the committee minutes',
        ...(deal ? { entityName: 'Deal', entityRegistration: deal.registration } : {}),
        committeeRegistration: registration,
        voters: voters.map((username) => ({ username })),
        quorum: Math.min(2, voters.length),
        quorumType: 'COUNT',
        majority: 'SIMPLE',
        ballot: 'OPEN',
      },
      { as: 'system' },
    );
    await runTransition(tx, admin, votingKind, String(ballot.registration), 'OPEN');
    for (const [i, username] of voters.entries())
      await castVote(tx, { tenant, username }, String(ballot.registration), {
        choice: i === 2 ? 'ABSTAIN' : 'FOR',
        comment: i === 0 ? 'Sound client, asset resale value covers the exposure.' : undefined,
      });
    await runTransition(tx, admin, votingKind, String(ballot.registration), 'CLOSE');
    const open = await createIn(
      tx,
      admin,
      votingKind,
      {
        name: 'Raise the branch delegation to 150 000 EUR',
        committeeRegistration: registration,
        voters: voters.map((username) => ({ username })),
        quorumType: 'PERCENT',
        quorum: 50,
        majority: 'TWO_THIRDS',
        ballot: 'SECRET',
      },
      { as: 'system' },
    );
    await runTransition(tx, admin, votingKind, String(open.registration), 'OPEN');
  });
}
