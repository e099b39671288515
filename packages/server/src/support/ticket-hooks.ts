import { ApiError } from '@lbo/model/errors';
import { entityByName } from '@lbo/model/entity-registry';
import type { SideEffectName } from '@lbo/model/workflow/workflow';
import type { Tx } from '../db/database.ts';
import type { Caller, WriteHooks } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import type { SideEffectRegistration } from '../workflow/side-effects.ts';
import { slaTargetsOf, withServiceLevels } from './sla.ts';

/**
 * What the generic writes of a ticket add (the kind's `writeHooks: 'ticket'`): one requester at most
 * (a person, a user or an e-mail address), users that exist in the tenant, the thread and the
 * service-level fields kept as the server wrote them, and the due instants computed again from the
 * tenant's targets (a changed priority moves them).
 */
const userKind = entityByName('User')!;

const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/** Fields only the server writes on a ticket. */
export const serverFields = [
  'messages',
  'firstResponseDue',
  'firstResponseDate',
  'resolutionDue',
  'resolvedDate',
  'closedDate',
  'firstResponseBreached',
  'resolutionBreached',
  'breached',
  'reopenCount',
] as const;

function keepServerFields(doc: Doc, before: Doc | undefined): Doc {
  const out = { ...doc };
  for (const field of serverFields) {
    if (before && before[field] !== undefined) out[field] = before[field];
    else delete out[field];
  }
  return out;
}

const requesterFields = ['requesterRegistration', 'requesterUsername', 'requesterEmail'] as const;

/** One way of naming who asked: the second one given is refused, by its name. */
function checkRequester(doc: Doc): void {
  const named = requesterFields.filter((field) => given(doc[field]));
  if (named.length > 1) throw new ApiError('INVALID_FIELD_IN_BODY', [named[1]]);
}

/** The users a ticket names are users of the tenant (by username, lower case). */
async function checkUsers(tx: Tx, caller: Caller, doc: Doc): Promise<void> {
  for (const field of ['assigneeUsername', 'requesterUsername']) {
    if (!given(doc[field])) continue;
    const user = await storage.findOne(tx, userKind, caller.tenant, String(doc[field]).trim().toLowerCase());
    if (!user) throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(doc[field]), field]);
    doc[field] = user.registration;
  }
}

/** The opening instant must not be in the future: the service levels run from it. */
function checkOpened(doc: Doc, now: Date): void {
  if (given(doc.openedDate) && Date.parse(String(doc.openedDate)) > now.getTime() + 60_000)
    throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(doc.openedDate), 'openedDate']);
}

export const ticketWriteHooks: Record<string, WriteHooks> = {
  ticket: {
    async beforeCreate(tx, caller, _entity, doc) {
      const now = new Date();
      const input = keepServerFields(doc, undefined);
      checkRequester(input);
      checkOpened(input, now);
      await checkUsers(tx, caller, input);
      if (!given(input.priority)) input.priority = 'NORMAL';
      if (!given(input.name) && given(input.subject)) input.name = String(input.subject).slice(0, 200);
      input.messages = [];
      const targets = await slaTargetsOf(tx, caller.tenant);
      const { status: _status, ...levels } = withServiceLevels({ ...input, status: 'NEW' }, targets, now);
      return levels;
    },
    async beforeUpdate(tx, caller, _entity, doc, before) {
      const now = new Date();
      const input = keepServerFields(doc, before);
      checkRequester(input);
      if (input.openedDate !== before.openedDate) checkOpened(input, now);
      await checkUsers(tx, caller, input);
      if (!given(input.priority)) input.priority = before.priority ?? 'NORMAL';
      const targets = await slaTargetsOf(tx, caller.tenant);
      const { status: _status, ...levels } = withServiceLevels({ ...input, status: before.status }, targets, now);
      return levels;
    },
  },
};

/** A transition's service levels computed again at its instant (a resolution stops the clock). */
const refreshed = async (tx: Tx, tenant: string, doc: Doc, now: string): Promise<Doc> =>
  withServiceLevels(doc, await slaTargetsOf(tx, tenant), new Date(now));

export const ticketSideEffects: Partial<Record<SideEffectName, SideEffectRegistration>> = {
  resolveTicket: ({ tx, caller, doc, now }) => refreshed(tx, caller.tenant, { ...doc, resolvedDate: now }, now),
  reopenTicket: ({ tx, caller, doc, now }) => {
    const { resolvedDate: _cleared, ...rest } = doc;
    return refreshed(tx, caller.tenant, rest, now);
  },
  closeTicket: ({ tx, caller, doc, now }) => refreshed(tx, caller.tenant, { ...doc, closedDate: now }, now),
};
