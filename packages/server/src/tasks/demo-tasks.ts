import { sql } from 'kysely';
import { entityByName } from '@lbo/model/entity-registry';
import { task as taskKind } from '@lbo/model/entities/core/task.entity';
import { addDays, dayIn } from '@lbo/model/values/dates';
import { inTenant } from '../db/database.ts';
import { updateIn } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { DemoContext } from '../modules/server-module.ts';
import { runTaskRules } from './rule-engine.ts';

/**
 * The demo's tasks, once, on the start that loaded its book (after the other modules' steps): a
 * dozen tasks on its contracts and persons, some overdue, some for admin@demo, some for a team;
 * then the product's rules run, opening the tasks of its returned debits, contracts ending soon
 * and whatever else they find. The demo's calendar opens on the real month, so the hand-made
 * tasks are dated from the day of the start (the book itself stays dated as of its own day).
 */
const plan = [
  {
    offset: -6,
    subject: 'Call the client about the returned debit',
    type: 'CALL',
    priority: 'HIGH',
    owner: 'admin@demo',
    on: 'Contract',
  },
  {
    offset: -2,
    subject: 'Collect the signed amendment',
    type: 'FOLLOW_UP',
    priority: 'NORMAL',
    profiles: ['COLLECTOR'],
    on: 'Contract',
  },
  {
    offset: -1,
    subject: 'Check the insurance certificate',
    type: 'DOCUMENT_REVIEW',
    priority: 'NORMAL',
    owner: 'admin@demo',
    on: 'Person',
  },
  {
    offset: 0,
    subject: 'Prepare the credit committee file',
    type: 'TODO',
    priority: 'URGENT',
    owner: 'admin@demo',
    on: 'Contract',
    reminderHours: 1,
  },
  {
    offset: 1,
    subject: 'Send the renewal offer',
    type: 'EMAIL',
    priority: 'NORMAL',
    profiles: ['SALES'],
    on: 'Contract',
  },
  {
    offset: 3,
    subject: 'Visit the asset on site',
    type: 'VISIT',
    priority: 'LOW',
    owner: 'admin@demo',
    on: 'Contract',
  },
  {
    offset: 5,
    subject: 'Review the KYC documents',
    type: 'DOCUMENT_REVIEW',
    priority: 'HIGH',
    profiles: ['BACK_OFFICE'],
    on: 'Person',
  },
  {
    offset: 8,
    subject: 'Meeting with the partner about volumes',
    type: 'MEETING',
    priority: 'NORMAL',
    owner: 'admin@demo',
    on: 'Person',
  },
  {
    offset: 12,
    subject: 'Follow up the arrears plan',
    type: 'FOLLOW_UP',
    priority: 'HIGH',
    profiles: ['COLLECTOR'],
    on: 'Contract',
  },
  {
    offset: 20,
    subject: 'Quarterly portfolio review',
    type: 'MEETING',
    priority: 'NORMAL',
    owner: 'admin@demo',
    profiles: ['ADMIN'],
    on: 'Person',
  },
] as const;

export async function playDemoTasks({ db, operations, tenant, loadedKinds }: DemoContext): Promise<void> {
  if (!loadedKinds.includes('Person')) return;
  const timeZone = 'Europe/Paris';
  const now = new Date();
  const today = dayIn(now, timeZone);
  const records = await inTenant(db, { tenant, user: 'system' }, async (tx) => ({
    Contract: (
      await storage.findWhere(tx, entityByName('Contract')!, tenant, sql<boolean>`status = 'ACTIVE'`, plan.length)
    ).map((r) => r.registration),
    Person: (
      await storage.findWhere(
        tx,
        entityByName('Person')!,
        tenant,
        sql<boolean>`data->'roles' @> '[{"role":"CLIENT"}]'::jsonb`,
        plan.length,
      )
    ).map((r) => r.registration),
    existing: (await storage.findWhere(tx, taskKind, tenant, sql<boolean>`data->>'description' LIKE 'Demo task%'`, 1))
      .length,
  }));
  if (records.existing) return;
  const caller = { tenant, username: 'admin@demo', timeZone };
  for (const [i, item] of plan.entries()) {
    const on = records[item.on][i % Math.max(1, records[item.on].length)];
    const due = addDays(today, item.offset);
    const reminder =
      'reminderHours' in item ? new Date(now.getTime() + item.reminderHours * 3600_000).toISOString() : undefined;
    await operations.create(caller, taskKind, {
      subject: item.subject,
      description: `Demo task: ${item.subject.toLowerCase()}.\n\n- see the record's documents\n- write what was agreed in a note`,
      type: item.type,
      priority: item.priority,
      ...('owner' in item ? { ownerUsername: item.owner } : {}),
      ...('profiles' in item ? { profiles: [...item.profiles] } : {}),
      startDate: addDays(due, -3),
      dueDate: due,
      ...(reminder ? { reminderDate: reminder } : {}),
      ...(on ? { entityName: item.on, entityRegistration: on } : {}),
      checklist: [
        { label: 'Read the record', done: true },
        { label: 'Do it', done: false },
      ],
    });
  }
  await inTenant(db, { tenant, user: 'system' }, async (tx) => {
    // The book's generated tasks are written without the workflow: their `done` follows their status here.
    const system = { tenant, username: 'system', timeZone };
    const incoherent = await storage.findWhere(
      tx,
      taskKind,
      tenant,
      sql<boolean>`coalesce((data->>'done')::boolean, false) <> (status = 'DONE')`,
      1000,
    );
    for (const row of incoherent)
      await updateIn(tx, system, taskKind, row, { ...row.data, done: row.status === 'DONE' });
    await runTaskRules(tx, system, now, timeZone);
  });
}
