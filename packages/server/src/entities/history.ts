import crypto from 'node:crypto';
import { entityByName } from '@lbo/model/entity-registry';
import type { Tx } from '../db/database.ts';
import * as storage from './storage.ts';
import type { Doc } from './storage.ts';

const history = entityByName('History')!;
const ignored = new Set(['_id', '_version', '_insertDate', '_insertUser', '_updateDate', '_updateUser']);

/** Fields whose value differs between two documents, as `{ field: { from, to } }`. */
export function changesBetween(
  before: Doc | undefined,
  after: Doc | undefined,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  // A record created or deleted: every field present changed, with nothing to compare (a billing
  // run writes hundreds of thousands of these).
  const only = before === undefined ? after : after === undefined ? before : undefined;
  if (only) {
    for (const [key, value] of Object.entries(only)) {
      if (!ignored.has(key) && value !== undefined)
        changes[key] = before ? { from: value ?? null, to: null } : { from: null, to: value ?? null };
    }
    return changes;
  }
  for (const key of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    if (ignored.has(key)) continue;
    const from = before?.[key];
    const to = after?.[key];
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from: from ?? null, to: to ?? null };
  }
  return changes;
}

/**
 * One History row, written in the caller's transaction so that it commits with the change it
 * records: who, when, the action, the status before and after, the changed fields, plus
 * whatever `extra` names (a workflow's transition).
 */
export interface HistoryEntry {
  entityName: string;
  entityRegistration: string;
  action: string;
  before?: Doc;
  after?: Doc;
  extra?: Doc;
  /** The changes when the writer knows them (then `before` and `after` may be left out): a bulk writer's, cheaper than comparing whole documents. */
  changes?: Record<string, { from: unknown; to: unknown }>;
  fromStatus?: string | null;
  toStatus?: string | null;
}

let lastMillis = 0,
  sequence = 0;
const random = Buffer.alloc(16);

/**
 * A version 7 UUID (RFC 9562): milliseconds first, then a counter within the millisecond, then
 * random bits. History rows are written by the hundred thousand, and a random registration put
 * each one on a random page of the registration index (a fifth of a History row's insert cost).
 */
export function timeOrderedUuid(): string {
  const now = Date.now();
  if (now > lastMillis) {
    lastMillis = now;
    sequence = 0;
  } else if (++sequence > 0xfff) {
    lastMillis++;
    sequence = 0;
  }
  crypto.randomFillSync(random);
  random.writeUIntBE(lastMillis, 0, 6);
  random[6] = 0x70 | (sequence >> 8);
  random[7] = sequence & 0xff;
  random[8] = (random[8] & 0x3f) | 0x80;
  const hex = random.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function historyDoc(caller: { username: string }, entry: HistoryEntry): Doc {
  return {
    registration: timeOrderedUuid(),
    entityName: entry.entityName,
    entityRegistration: entry.entityRegistration,
    action: entry.action,
    user: caller.username,
    date: new Date().toISOString(),
    fromStatus: entry.fromStatus !== undefined ? entry.fromStatus : (entry.before?.status ?? null),
    toStatus: entry.toStatus !== undefined ? entry.toStatus : (entry.after?.status ?? null),
    changes: entry.changes ?? changesBetween(entry.before, entry.after),
    ...entry.extra,
  };
}

export async function insertHistory(
  tx: Tx,
  caller: { tenant: string; username: string },
  entry: HistoryEntry,
): Promise<void> {
  await storage.insertRow(tx, history, caller.tenant, caller.username, historyDoc(caller, entry));
}

/** Several History rows in one statement (the records a transition creates together). */
export async function insertHistories(
  tx: Tx,
  caller: { tenant: string; username: string },
  entries: HistoryEntry[],
): Promise<void> {
  await storage.insertMany(
    tx,
    history,
    caller.tenant,
    caller.username,
    entries.map((entry) => historyDoc(caller, entry)),
  );
}
