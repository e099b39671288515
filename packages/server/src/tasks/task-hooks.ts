import { ApiError } from '@lbo/model/errors';
import { entityByName } from '@lbo/model/entity-registry';
import { task as taskKind } from '@lbo/model/entities/core/task.entity';
import type { SideEffectName } from '@lbo/model/workflow/workflow';
import type { Tx } from '../db/database.ts';
import { freeRegistration, type Caller, type WriteHooks } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import type { SideEffectRegistration } from '../workflow/side-effects.ts';
import { notifyAssignees } from './task-notify.ts';

/**
 * What the generic writes of a task add (the kind's `writeHooks: 'task'`): the record it is about
 * must exist in the tenant, its assignee must be a user of the tenant, `done` and the fields the
 * server keeps (the reminder sent, the rule's key) stay the server's, and whoever a create or a
 * change of assignee names is notified (TASK_ASSIGNED) in the write's transaction.
 */
const userKind = entityByName('User')!;

const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/** The record a task links to exists in the caller's tenant; both halves of the link or neither. */
async function checkLinkedRecord(tx: Tx, caller: Caller, doc: Doc): Promise<void> {
  const hasName = given(doc.entityName);
  const hasRegistration = given(doc.entityRegistration);
  if (!hasName && !hasRegistration) return;
  if (!hasName) throw new ApiError('MISSING_FIELD_IN_BODY', ['entityName']);
  if (!hasRegistration) throw new ApiError('MISSING_FIELD_IN_BODY', ['entityRegistration']);
  const kind = entityByName(String(doc.entityName));
  if (!kind || kind === taskKind) throw new ApiError('UNSUPPORTED_ENTITY', [String(doc.entityName)]);
  const record = await storage.findOne(tx, kind, caller.tenant, String(doc.entityRegistration));
  if (!record) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [kind.name, String(doc.entityRegistration)]);
  // Linked by registration even when named by `_id`.
  doc.entityRegistration = record.registration;
}

/** The assignee is a user of the tenant. */
async function checkAssignee(tx: Tx, caller: Caller, doc: Doc): Promise<void> {
  if (!given(doc.ownerUsername)) return;
  const username = String(doc.ownerUsername).trim().toLowerCase();
  const user = await storage.findOne(tx, userKind, caller.tenant, username);
  if (!user) throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(doc.ownerUsername), 'ownerUsername']);
  doc.ownerUsername = user.registration;
}

/** Fields only the server writes on a task: kept as they were (absent on a new task). */
const serverFields = ['done', 'completionDate', 'reopenCount', 'reminderSent', 'ruleKey'] as const;

function keepServerFields(doc: Doc, before: Doc | undefined): Doc {
  const out = { ...doc };
  for (const field of serverFields) {
    if (before && before[field] !== undefined) out[field] = before[field];
    else delete out[field];
  }
  out.done = before?.status === 'DONE';
  return out;
}

export const taskWriteHooks: Record<string, WriteHooks> = {
  task: {
    async beforeCreate(tx, caller, entity, doc) {
      const input = keepServerFields(doc, undefined);
      await checkLinkedRecord(tx, caller, input);
      await checkAssignee(tx, caller, input);
      if (!given(input.name) && given(input.subject)) input.name = String(input.subject).slice(0, 200);
      // Numbered here, so that the assignees' notifications link to it.
      input.registration = await freeRegistration(tx, caller, entity);
      await notifyAssignees(tx, caller, { ...input, status: 'OPEN' }, undefined);
      return input;
    },
    async beforeUpdate(tx, caller, _entity, doc, before) {
      const input = keepServerFields(doc, before);
      await checkLinkedRecord(tx, caller, input);
      await checkAssignee(tx, caller, input);
      await notifyAssignees(tx, caller, { ...input, registration: before.registration, status: before.status }, before);
      return input;
    },
  },
};

/** `done` follows the status: set when a task is completed, cleared when it is reopened. */
export const taskSideEffects: Partial<Record<SideEffectName, SideEffectRegistration>> = {
  markTaskDone: ({ doc, today }) => ({ ...doc, done: true, completionDate: today }),
  markTaskOpen: ({ doc }) => {
    const { completionDate: _cleared, ...rest } = doc;
    return { ...rest, done: false };
  },
};
