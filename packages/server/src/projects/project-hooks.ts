import { sql } from 'kysely';
import { project as projectKind } from '@lbo/model/entities/support/project.entity';
import { timeEntry as timeEntryKind } from '@lbo/model/entities/support/time-entry.entity';
import { entityByName } from '@lbo/model/entity-registry';
import { ApiError } from '@lbo/model/errors';
import { Dec, ZERO } from '@lbo/model/finance/decimal';
import type { Tx } from '../db/database.ts';
import type { Caller, WriteHooks } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';

/**
 * The rules of projects' time entries and budgets on every generic write (docs/projects.md): an
 * entry is a user's hours (above 0, at most 24 a day all projects together) on a project of the
 * tenant and, when given, one of its tasks; a budget's period runs forwards.
 */
const userKind = entityByName('User')!;
const taskKind = entityByName('Task')!;
export const MAX_HOURS_A_DAY = 24;

const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/** The hours `username` booked on `day` in entries other than `except` (rejected ones left out). */
export async function hoursOnDay(tx: Tx, tenant: string, username: string, day: string, except?: string) {
  const rows = await storage.findWhere(
    tx,
    timeEntryKind,
    tenant,
    sql<boolean>`data->>'username' = ${username} AND data->>'entryDate' = ${day} AND coalesce(status, '') <> 'REJECTED'`,
  );
  return rows
    .filter((r) => r.registration !== except)
    .reduce((sum, r) => sum.plus(new Dec(String(r.data.hours ?? 0))), ZERO);
}

/** Checks and completes a time entry: its user (the caller when absent), project, task, day and hours. */
export async function checkTimeEntry(tx: Tx, caller: Caller, doc: Doc, registration?: string): Promise<Doc> {
  const username = String(given(doc.username) ? doc.username : caller.username)
    .trim()
    .toLowerCase();
  const user = await storage.findOne(tx, userKind, caller.tenant, username);
  if (!user) throw new ApiError('INVALID_FIELD_VALUE', [username, 'username']);
  for (const field of ['projectRegistration', 'entryDate', 'hours'])
    if (!given(doc[field])) throw new ApiError('MISSING_FIELD_IN_BODY', [field]);
  const project = await storage.findOne(tx, projectKind, caller.tenant, String(doc.projectRegistration));
  if (!project)
    throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [projectKind.name, String(doc.projectRegistration)]);
  if (given(doc.taskRegistration)) {
    const task = await storage.findOne(tx, taskKind, caller.tenant, String(doc.taskRegistration));
    if (!task) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [taskKind.name, String(doc.taskRegistration)]);
    const taskProject = task.data.projectRegistration;
    if (given(taskProject) && taskProject !== project.registration)
      throw new ApiError('INVALID_FIELD_VALUE', [task.registration, 'taskRegistration']);
    doc.taskRegistration = task.registration;
  }
  const hours = new Dec(String(doc.hours));
  if (!hours.gt(0)) throw new ApiError('INVALID_POSITIVE_NUMBER_FIELD', ['hours']);
  const day = String(doc.entryDate);
  const booked = await hoursOnDay(tx, caller.tenant, user.registration, day, registration);
  if (booked.plus(hours).gt(MAX_HOURS_A_DAY)) throw new ApiError('INVALID_FIELD_VALUE', [String(doc.hours), 'hours']);
  return { ...doc, username: user.registration, projectRegistration: project.registration };
}

function checkBudget(doc: Doc): Doc {
  if (given(doc.startDate) && given(doc.endDate) && String(doc.endDate) < String(doc.startDate))
    throw new ApiError('INVALID_FIELD_VALUE', [String(doc.endDate), 'endDate']);
  return doc;
}

async function checkBudgetProject(tx: Tx, caller: Caller, doc: Doc): Promise<Doc> {
  if (given(doc.projectRegistration)) {
    const found = await storage.findOne(tx, projectKind, caller.tenant, String(doc.projectRegistration));
    if (!found)
      throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [projectKind.name, String(doc.projectRegistration)]);
    doc.projectRegistration = found.registration;
  }
  return checkBudget(doc);
}

export const projectWriteHooks: Record<string, WriteHooks> = {
  timeEntry: {
    beforeCreate: (tx, caller, _entity, doc) => checkTimeEntry(tx, caller, doc),
    beforeUpdate: (tx, caller, _entity, doc, before) => checkTimeEntry(tx, caller, doc, String(before.registration)),
  },
  budget: {
    beforeCreate: (tx, caller, _entity, doc) => checkBudgetProject(tx, caller, doc),
    beforeUpdate: (tx, caller, _entity, doc) => checkBudgetProject(tx, caller, doc),
  },
};
