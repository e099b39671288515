import { sql } from 'kysely';
import { budget as budgetKind } from '@lbo/model/entities/support/budget.entity';
import { project as projectKind } from '@lbo/model/entities/support/project.entity';
import { timeEntry as timeEntryKind } from '@lbo/model/entities/support/time-entry.entity';
import { entityByName } from '@lbo/model/entity-registry';
import { addDays } from '@lbo/model/values/dates';
import { inTenant } from '../db/database.ts';
import { createIn } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { DemoContext } from '../modules/server-module.ts';
import { mondayOf } from './timesheet.operation.ts';

/**
 * The demo's project, once: "Migration du portail client" with its members and milestones, a
 * budget whose lines are on accounts the demo's books post to (so that its actuals show), last
 * week's approved timesheet and this week's draft one for admin@demo.
 */
export const DEMO_PROJECT = 'Migration du portail client';
const postingKind = entityByName('Posting')!;

export async function writeDemoProjects({ db, tenant }: DemoContext): Promise<void> {
  const caller = { tenant, username: 'admin@demo' };
  await inTenant(db, { tenant, user: caller.username }, async (tx) => {
    const held = await storage.findWhere(tx, projectKind, tenant, sql<boolean>`name = ${DEMO_PROJECT}`, 1);
    if (held.length) return;
    const today = new Date().toISOString().slice(0, 10);
    const project = await createIn(tx, caller, projectKind, {
      name: DEMO_PROJECT,
      type: 'IMPLEMENTATION',
      status: 'IN_PROGRESS',
      startDate: addDays(today, -60),
      endDate: addDays(today, 90),
      members: [
        { username: 'admin@demo', role: 'Chef de projet' },
        { username: 'camille.martin@example.com', role: 'Analyste' },
      ],
      milestones: [
        { name: 'Cadrage validé', dueDate: addDays(today, -45), done: true },
        { name: 'Recette utilisateurs', dueDate: addDays(today, 20), done: false },
        { name: 'Mise en production', dueDate: addDays(today, 80), done: false },
      ],
    });
    const { rows: accounts } = await sql<{ account: string }>`
      SELECT data->>'account' AS account FROM ${sql.table(postingKind.table)}
      WHERE tenant = ${tenant} AND data->>'account' IS NOT NULL
      GROUP BY 1 ORDER BY count(*) DESC LIMIT 2`.execute(tx);
    const labels = ['Prestations informatiques', 'Frais de fonctionnement'];
    await createIn(tx, caller, budgetKind, {
      name: `Budget ${DEMO_PROJECT}`,
      status: 'ACTIVE',
      projectRegistration: project.registration,
      startDate: `${Number(today.slice(0, 4)) - 2}-01-01`,
      endDate: `${today.slice(0, 4)}-12-31`,
      currency: 'EUR',
      lines: [
        ...accounts.map((a, i) => ({
          accountNumber: a.account,
          label: labels[i],
          budgeted: 250_000,
          committed: 40_000,
        })),
        { accountNumber: '6251', label: 'Déplacements', budgeted: 8_000, committed: 1_200 },
      ],
    });
    const thisWeek = mondayOf(today);
    const lastWeek = addDays(thisWeek, -7);
    const week = async (monday: string, days: number, status: string) => {
      for (let i = 0; i < days; i++)
        await createIn(tx, caller, timeEntryKind, {
          name: `${addDays(monday, i)} ${project.registration}`,
          type: 'WORK',
          status,
          username: 'admin@demo',
          projectRegistration: project.registration,
          entryDate: addDays(monday, i),
          hours: i === 4 ? 4 : 7.5,
          description: i === 0 ? 'Ateliers de recette' : undefined,
        });
    };
    await week(lastWeek, 5, 'APPROVED');
    await week(thisWeek, 2, 'DRAFT');
  });
}
