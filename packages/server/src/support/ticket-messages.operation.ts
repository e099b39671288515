import { sql } from 'kysely';
import { ticket as ticketKind } from '@lbo/model/entities/support/ticket.entity';
import { inTenant, readInTenant, scopeOf, type Db, type Tx } from '../db/database.ts';
import { databaseError, mustFindRow, updateIn } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import type { WorkflowCaller } from '../workflow/permissions.ts';
import { runTransition } from '../workflow/workflow.operation.ts';
import { openStatuses, slaTargetsOf, withServiceLevels } from './sla.ts';

/** A message of a ticket's thread as the caller sends it. */
export interface NewMessage {
  body: string;
  /** An internal note (not for the requester). */
  internal?: boolean;
  /** The requester's answer, recorded by the staff (a reply received by phone or mail). */
  fromRequester?: boolean;
}

/**
 * Appends a message to a ticket's thread (docs/support-desk.md), stamped with its author and
 * instant, in one transaction with its History row: the first public reply of the staff stamps
 * the first answer (`firstResponseDate`); the requester's answer brings a ticket waiting for them
 * back to work, and a resolved one is reopened (its REOPEN transition).
 */
export async function appendMessage(
  tx: Tx,
  caller: WorkflowCaller,
  id: string,
  message: NewMessage,
  now = new Date(),
): Promise<Doc> {
  const row = await mustFindRow(tx, caller, ticketKind, id, true);
  const before = row.data as Doc;
  const fromRequester =
    message.fromRequester === true || (!!before.requesterUsername && before.requesterUsername === caller.username);
  const internal = message.internal === true && !fromRequester;
  const at = now.toISOString();
  const messages = [
    ...((before.messages as Doc[] | undefined) ?? []),
    { author: caller.username, date: at, body: message.body, internal, fromRequester },
  ];
  const firstAnswer = !internal && !fromRequester && !before.firstResponseDate;
  const targets = await slaTargetsOf(tx, caller.tenant);
  const doc = withServiceLevels(
    { ...before, status: row.status, messages, ...(firstAnswer ? { firstResponseDate: at } : {}) },
    targets,
    now,
  );
  await updateIn(tx, caller, ticketKind, row, doc, { action: internal ? 'INTERNAL_NOTE' : 'MESSAGE' });
  if (fromRequester && row.status === 'RESOLVED')
    return runTransition(tx, caller, ticketKind, row.registration, 'REOPEN');
  if (fromRequester && row.status === 'WAITING')
    return runTransition(tx, caller, ticketKind, row.registration, 'RESUME');
  return storage.toDocument((await mustFindRow(tx, caller, ticketKind, row.registration)) as storage.Row);
}

export const postMessage = (db: Db, caller: WorkflowCaller, id: string, message: NewMessage) =>
  inTenant(db, scopeOf(caller), (tx) => appendMessage(tx, caller, id, message)).catch((e) =>
    databaseError(e, ticketKind),
  );

const CHUNK = 200;

/**
 * Flags the open tickets of the tenant whose due instant passed at `now` and are not flagged yet
 * (a write in between flags them too): answers how many were flagged.
 */
export async function flagLateTickets(tx: Tx, caller: WorkflowCaller, now: Date, limit = CHUNK): Promise<number> {
  const at = now.toISOString();
  const rows = await storage.findWhere(
    tx,
    ticketKind,
    caller.tenant,
    sql<boolean>`status IN (${sql.join(openStatuses)}) AND (
      (coalesce(data->>'firstResponseBreached', 'false') <> 'true' AND data->>'firstResponseDate' IS NULL
        AND (data->>'firstResponseDue')::timestamptz < ${at}::timestamptz)
      OR (coalesce(data->>'resolutionBreached', 'false') <> 'true'
        AND (data->>'resolutionDue')::timestamptz < ${at}::timestamptz))`,
    limit,
  );
  if (!rows.length) return 0;
  const targets = await slaTargetsOf(tx, caller.tenant);
  for (const row of rows) {
    const locked = await mustFindRow(tx, caller, ticketKind, row.registration, true);
    const doc = withServiceLevels({ ...(locked.data as Doc), status: locked.status }, targets, now);
    await updateIn(tx, caller, ticketKind, locked, doc, { action: 'SLA_BREACH' });
  }
  return rows.length;
}

/** One team's queue: its open tickets, oldest first, and how many are late. */
export interface TeamQueue {
  team: string | null;
  open: number;
  breached: number;
  tickets: Doc[];
}

/** The open tickets of the tenant by team (none last), oldest first, with each team's breach count. */
export async function readQueue(db: Db, caller: WorkflowCaller, team?: string): Promise<TeamQueue[]> {
  const { rows, targets } = await readInTenant(db, scopeOf(caller), async (tx) => ({
    targets: await slaTargetsOf(tx, caller.tenant),
    rows: await storage.findWhere(
      tx,
      ticketKind,
      caller.tenant,
      team
        ? sql<boolean>`status IN (${sql.join(openStatuses)}) AND data->>'team' = ${team}`
        : sql<boolean>`status IN (${sql.join(openStatuses)})`,
      2000,
    ),
  })).catch((e) => databaseError(e, ticketKind));
  const now = new Date();
  const byTeam = new Map<string | null, Doc[]>();
  for (const row of rows) {
    const { messages: _thread, ...doc } = storage.toDocument(row) as Doc;
    const key = typeof doc.team === 'string' && doc.team ? doc.team : null;
    // Late as of now, even before the sweep flags it.
    const late = withServiceLevels(doc, targets, now);
    byTeam.set(key, [...(byTeam.get(key) ?? []), late]);
  }
  const opened = (doc: Doc) => String(doc.openedDate ?? doc._insertDate ?? '');
  return [...byTeam.entries()]
    .map(([key, tickets]) => ({
      team: key,
      open: tickets.length,
      breached: tickets.filter((doc) => doc.breached === true).length,
      tickets: tickets.sort((a, b) => opened(a).localeCompare(opened(b))),
    }))
    .sort((a, b) => (a.team === null ? 1 : b.team === null ? -1 : a.team.localeCompare(b.team)));
}
