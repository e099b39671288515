import { sql } from 'kysely';
import { task as taskKind } from '@lbo/model/entities/core/task.entity';
import type { Tx } from '../db/database.ts';
import { updateIn, type Caller } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { BatchRunner } from '../jobs/job-queue.ts';
import type { Doc } from '../entities/storage.ts';
import { notifyReminder } from './task-notify.ts';

/**
 * Task reminders (TASK_REMINDERS batches, cron `task-reminders`): every open task whose reminder
 * instant has passed and was not yet sent notifies its assignees (TASK_REMINDER) and records the
 * instant it was sent for (`reminderSent`), in one transaction: a run repeated, or killed and
 * resumed, sends each reminder once. A reminder moved later is sent again at its new instant.
 */
export const TASK_REMINDERS = 'TASK_REMINDERS';
const CHUNK = 200;

/** Sends the reminders due at `now`, at most `limit`; answers how many were sent. */
export async function sendDueReminders(tx: Tx, caller: Caller, now: Date, limit = CHUNK): Promise<number> {
  const due = await storage.findWhere(
    tx,
    taskKind,
    caller.tenant,
    sql<boolean>`data->>'reminderDate' IS NOT NULL AND (data->>'reminderDate')::timestamptz <= ${now.toISOString()}::timestamptz
      AND coalesce(data->>'reminderSent', '') <> data->>'reminderDate' AND status IN ('OPEN', 'IN_PROGRESS', 'WAITING')`,
    limit,
  );
  // The notifications' author is the product: nobody is left out as the one who acted.
  const product: Caller = { ...caller, username: 'system' };
  for (const row of due) {
    const locked = await storage.findOne(tx, taskKind, caller.tenant, row.registration, true);
    if (!locked || locked.data.reminderSent === locked.data.reminderDate) continue;
    const at = String(locked.data.reminderDate);
    await notifyReminder(tx, product, { ...(locked.data as Doc), registration: locked.registration }, at);
    await updateIn(tx, product, taskKind, locked, { ...locked.data, reminderSent: at } as Doc, {
      action: 'REMINDER',
    });
  }
  return due.length;
}

export const remindersRunner = (): BatchRunner => ({
  plan: async (_tx, _caller, _parameters, day) => ({ name: `Task reminders on ${day}`, parameters: {}, total: 0 }),
  chunk: async (tx, caller) => {
    const sent = await sendDueReminders(tx, caller, new Date());
    return { done: sent, cursor: null, finished: sent < CHUNK, message: `${sent} reminder(s) sent` };
  },
});
