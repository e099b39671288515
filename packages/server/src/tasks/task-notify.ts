import type { Tx } from '../db/database.ts';
import type { Caller } from '../entities/crud.operation.ts';
import type { Doc } from '../entities/storage.ts';
import { notify, type NotificationType } from '../notifications/notifications.module.ts';

/**
 * The notifications a task sends, through the notifications module (its inbox, e-mail, push):
 * TASK_ASSIGNED to whoever a create or a change of assignee names, TASK_REMINDER at its
 * reminder, and the type a rule names for a task the product opened. Each carries a key, so a
 * write or a run repeated notifies nobody twice.
 */
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : [];

export const taskLink = (registration: string) => `/task/${registration}`;

/** Who a task is for: its assignee and its profiles. */
export function assigneesOf(task: Doc): { usernames: string[]; profiles: string[] } {
  return {
    usernames: typeof task.ownerUsername === 'string' && task.ownerUsername ? [task.ownerUsername] : [],
    profiles: strings(task.profiles),
  };
}

const describe = (task: Doc) => {
  const about =
    typeof task.entityName === 'string' && typeof task.entityRegistration === 'string'
      ? { entity: task.entityName, registration: task.entityRegistration }
      : undefined;
  const due = typeof task.dueDate === 'string' ? ` (due ${task.dueDate})` : '';
  return {
    title: String(task.subject ?? task.name ?? task.registration),
    body: `${task.registration}${due}${about ? ` · ${about.entity} ${about.registration}` : ''}`,
    link: taskLink(String(task.registration)),
    ...(about ? { about } : {}),
  };
};

/**
 * Notifies the assignees `task` names that `before` did not (all of them on a create) that the
 * task is theirs. A closed task notifies nobody.
 */
export async function notifyAssignees(
  tx: Tx,
  caller: Caller,
  task: Doc,
  before: Doc | undefined,
  type: NotificationType = 'TASK_ASSIGNED',
): Promise<void> {
  if (task.status === 'DONE' || task.status === 'CANCELLED') return;
  const now = assigneesOf(task);
  const was = before ? assigneesOf(before) : { usernames: [], profiles: [] };
  const usernames = now.usernames.filter((u) => !was.usernames.includes(u));
  const profiles = now.profiles.filter((p) => !was.profiles.includes(p));
  if (!usernames.length && !profiles.length) return;
  const assignment = [...usernames, ...profiles].join(',');
  await notify(tx, caller, {
    to: { usernames, profiles },
    type,
    ...describe(task),
    key: `${type}:${task.registration}:${assignment}`,
  });
}

/** The reminder of `task` at the instant `at`, once per task and instant. */
export async function notifyReminder(tx: Tx, caller: Caller, task: Doc, at: string): Promise<void> {
  await notify(tx, caller, {
    to: assigneesOf(task),
    type: 'TASK_REMINDER',
    ...describe(task),
    key: `TASK_REMINDER:${task.registration}:${at}`,
  });
}
