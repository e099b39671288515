import crypto from 'node:crypto';
import { entityByName } from '@lbo/model/entity-registry';
import { inTenant, type Db } from '../db/database.ts';
import { scrubText, type LogLine } from '../http/logging.ts';
import { insertMany } from '../entities/storage.ts';

/**
 * The product's own records of what happened to it (docs/operations.md): SystemEvent rows for
 * start, stop, batch failures and configuration changes, SystemLog rows for every warning and
 * error the server's log writes (already redacted and scrubbed of credentials by the logger).
 * Events of the installation go to the master tenant; those of a tenant's work to that tenant.
 */
export const MASTER_TENANT = 'master';

const systemEvent = entityByName('SystemEvent')!;
const systemLog = entityByName('SystemLog')!;

export interface SystemEventInput {
  type: string;
  source: string;
  payload?: Record<string, unknown>;
  entityName?: string;
  entityRegistration?: string;
  errorMessage?: string;
}

/** Writes one event, already processed (the product's own events need no handler). */
export async function recordSystemEvent(db: Db, tenant: string, event: SystemEventInput): Promise<void> {
  await inTenant(db, { tenant, user: 'system' }, (tx) =>
    insertMany(tx, systemEvent, tenant, 'system', [eventDoc(event)]),
  );
}

export function eventDoc(event: SystemEventInput) {
  const now = new Date().toISOString();
  return {
    registration: crypto.randomUUID(),
    status: event.errorMessage ? 'ERROR' : 'PROCESSED',
    type: event.type,
    name: event.type,
    date: now,
    processedDate: now,
    source: event.source,
    attempts: 0,
    ...(event.payload ? { payload: event.payload } : {}),
    ...(event.entityName ? { entityName: event.entityName } : {}),
    ...(event.entityRegistration ? { entityRegistration: event.entityRegistration } : {}),
    ...(event.errorMessage ? { errorMessage: event.errorMessage.slice(0, 2000) } : {}),
  };
}

const LEVELS: Record<number, string> = { 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const MAX_MESSAGE = 4000;

/** A log line as a SystemLog document, with the tenant it is written in. */
export function logDoc(line: LogLine): { tenant: string; doc: Record<string, unknown> } {
  const err = line.err as { message?: unknown; type?: unknown } | undefined;
  const message = [line.msg, err?.message ? `${err.type ?? 'Error'}: ${err.message}` : undefined]
    .filter((part) => typeof part === 'string' && part)
    .join(' — ');
  const tenant = typeof line.tenant === 'string' && line.tenant ? line.tenant : MASTER_TENANT;
  return {
    tenant,
    doc: {
      registration: crypto.randomUUID(),
      type: LEVELS[line.level] ?? String(line.level),
      date: new Date(typeof line.time === 'number' ? line.time : Date.now()).toISOString(),
      level: LEVELS[line.level] ?? String(line.level),
      source: typeof line.route === 'string' ? line.route : typeof line.source === 'string' ? line.source : 'server',
      message: scrubText(message).slice(0, MAX_MESSAGE) || '(no message)',
      ...(typeof line.reqId === 'string' ? { requestId: line.reqId } : {}),
      ...(typeof line.user === 'string' ? { username: line.user } : {}),
    },
  };
}

/** Warning and error lines, buffered and written in batches (a failing database must not stop the server). */
export function createSystemLogWriter(db: Db) {
  let pending: { tenant: string; doc: Record<string, unknown> }[] = [];
  let writing: Promise<void> = Promise.resolve();
  const flush = () => {
    const lines = pending;
    pending = [];
    writing = writing.then(async () => {
      const byTenant = new Map<string, Record<string, unknown>[]>();
      for (const { tenant, doc } of lines) {
        const list = byTenant.get(tenant);
        if (list) list.push(doc);
        else byTenant.set(tenant, [doc]);
      }
      for (const [tenant, docs] of byTenant)
        await inTenant(db, { tenant, user: 'system' }, (tx) => insertMany(tx, systemLog, tenant, 'system', docs)).catch(
          (error) =>
            console.error(JSON.stringify({ level: 'error', msg: 'system log write failed', error: String(error) })),
        );
    });
    return writing;
  };
  return {
    add(line: LogLine) {
      if (pending.length < 1000) pending.push(logDoc(line));
    },
    flush,
  };
}
