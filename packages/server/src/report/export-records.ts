import { PassThrough, type Readable } from 'node:stream';
import { sql } from 'kysely';
import { entityByName } from '@lbo/model/entity-registry';
import { ApiError } from '@lbo/model/errors';
import { inTenant, readInTenant, scopeOf, type Db, type Tx } from '../db/database.ts';
import type { Caller, Operations, Query } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import { insertHistory } from '../entities/history.ts';
import { adminLevel } from '../auth/permissions.ts';
import type { ObjectStore } from '../documents/object-store.ts';
import { countMatches, exportFileName, writeWholeExport, type ExportPlan } from './list-export.operation.ts';
import { contentTypes, type ExportFormat } from './export-writers.ts';

/**
 * Background list exports: each an Export record (packages/model/src/entities/report) that says
 * how far it got, its file written through the object store. Any process may serve the record
 * and its file; the process that runs an export beats its heart on the record, so that an
 * export whose process died is failed, never left running.
 */
export interface ExportRecordsOptions {
  db: Db;
  store: ObjectStore;
  operations: Operations;
  /** This server process; its own exports are never taken for dead ones. */
  processId: string;
  /** A running export of another process whose record has not moved for this long is failed. */
  staleMs: number;
  /** Exports run at once by this process; the others wait, queued. */
  concurrency?: number;
  onError(error: unknown, registration: string): void;
}

const exportEntity = entityByName('Export')!;
const system = 'system';
/** At most one progress write a second: it is the heartbeat too. */
const PROGRESS_EVERY_MS = 1_000;
export const INTERRUPTED = 'The server stopped while the export ran';

const isAdmin = (caller: Caller) => adminLevel(caller as Parameters<typeof adminLevel>[0]) > 0;

export function createExportRecords({ db, store, operations, processId, staleMs, concurrency = 2, onError }: ExportRecordsOptions) {
  const running = new Set<Promise<void>>();
  const waiting: (() => void)[] = [];
  let active = 0;
  let closing = false;

  /** Writes the record's new state in its tenant, with its history when its status changes. */
  async function save(tenant: string, user: string, before: Doc, changes: Doc): Promise<Doc> {
    const after = { ...before, ...changes };
    return inTenant(db, { tenant, user }, async (tx) => {
      const data = Object.fromEntries(Object.entries(after).filter(([k]) => !k.startsWith('_')));
      const row = await storage.updateRow(tx, exportEntity, tenant, user, String(before._id), data);
      const saved = storage.toDocument(row);
      if (changes.status && changes.status !== before.status) {
        await insertHistory(tx, { tenant, username: user }, { entityName: exportEntity.name, entityRegistration: String(saved.registration), action: 'UPDATE', before, after: saved });
      }
      return saved;
    });
  }

  async function slot(): Promise<void> {
    if (active < concurrency) {
      active++;
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };

  /** Runs one export to its end: DONE with its file, or FAILED with the reason. */
  async function run(caller: Caller, plan: ExportPlan, record: Doc): Promise<void> {
    await slot();
    const { tenant } = caller;
    let current = record;
    const key = `${tenant}/${String(record._id)}`;
    try {
      if (closing) throw new Error(INTERRUPTED);
      const total = await countMatches(db, scopeOf(caller), plan);
      current = await save(tenant, system, current, { status: 'RUNNING', total, rowsWritten: 0, progress: 0, storageKey: key });
      const out = new PassThrough();
      const stored = store.put(key, out);
      // Awaited below; a failed upload also ends the writer, which must not leave it unheard.
      stored.catch(() => undefined);
      let lastWrite = Date.now();
      const written = await writeWholeExport(db, scopeOf(caller), plan, out, async (rows) => {
        if (closing) throw new Error(INTERRUPTED);
        if (Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
        lastWrite = Date.now();
        current = await save(tenant, system, current, { rowsWritten: rows, progress: total ? Math.min(1, rows / total) : 0 });
      }).catch((error) => {
        out.destroy(error as Error);
        throw error;
      });
      const { size } = await stored;
      current = await save(tenant, system, current, { status: 'DONE', rowsWritten: written, total: Math.max(total, written), progress: 1, size, finishedDate: new Date().toISOString() });
    } catch (error) {
      onError(error, String(record.registration));
      await store.remove(key).catch(() => undefined);
      const message = error instanceof ApiError || error instanceof Error ? error.message : String(error);
      await save(tenant, system, current, { status: 'FAILED', error: message.slice(0, 1000), storageKey: null, finishedDate: new Date().toISOString() })
        .catch((e) => onError(e, String(record.registration)));
    } finally {
      release();
    }
  }

  return {
    /** Records a queued export of `plan` for the caller and starts it; answers the record. */
    async start(caller: Caller, plan: ExportPlan): Promise<Doc> {
      const record = await inTenant(db, scopeOf(caller), async (tx: Tx) => {
        const registration = `${exportEntity.prefix}${String(await storage.nextCounter(tx, caller.tenant, exportEntity.name)).padStart(6, '0')}`;
        const data = {
          registration, status: 'QUEUED', name: exportFileName(plan), entityName: plan.entity.name, format: plan.format, fileName: exportFileName(plan),
          query: plan.query, columns: plan.columns.map((c) => c.field), locale: plan.locale, timeZone: plan.timeZone,
          ownerUser: caller.username, rowsWritten: 0, progress: 0, processId,
        };
        const doc = storage.toDocument(await storage.insertRow(tx, exportEntity, caller.tenant, caller.username, data));
        await insertHistory(tx, caller, { entityName: exportEntity.name, entityRegistration: registration, action: 'CREATE', after: doc });
        return doc;
      });
      const work = run(caller, plan, record);
      running.add(work);
      void work.finally(() => running.delete(work));
      return record;
    },

    /** The caller's exports (an admin's: every export of the tenant), with the list grammar. */
    list(caller: Caller, query: Query) {
      return operations.list(caller, exportEntity, isAdmin(caller) ? query : { ...query, ownerUser: caller.username });
    },

    /** One export the caller may see; another's is not found, as another tenant's is. */
    async get(caller: Caller, id: string): Promise<Doc> {
      const doc = await operations.get(caller, exportEntity, id);
      if (doc.ownerUser !== caller.username && !isAdmin(caller)) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [exportEntity.name, id]);
      return doc;
    },

    /** The file of a finished export. */
    async content(caller: Caller, id: string): Promise<{ content: Readable; size: number; fileName: string; contentType: string }> {
      const doc = await this.get(caller, id);
      if (doc.status !== 'DONE' || typeof doc.storageKey !== 'string') throw new ApiError('EXPORT_NOT_READY', [doc.registration, String(doc.status).toLowerCase()]);
      const file = await store.get(doc.storageKey);
      if (!file) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [exportEntity.name, `${id} (file)`]);
      return { ...file, fileName: String(doc.fileName), contentType: contentTypes[doc.format as ExportFormat] ?? 'application/octet-stream' };
    },

    /**
     * Fails the exports other processes left queued or running and stopped beating for
     * `staleMs`: their process died (killed, crashed, stopped). Answers how many.
     */
    async recover(olderThanMs = staleMs): Promise<number> {
      const tenants = await readInTenant(db, { tenant: 'master', user: system }, async (tx) =>
        (await sql<{ registration: string }>`SELECT registration FROM ${sql.table(entityByName('Tenant')!.table)} WHERE tenant = 'master'`.execute(tx)).rows.map((r) => r.registration));
      let failed = 0;
      for (const tenant of new Set(['master', ...tenants])) {
        const stale = await readInTenant(db, { tenant, user: system }, async (tx) => (await sql<storage.Row>`SELECT _id, registration, status, name, type, data,
            _insert_date, _insert_user, _update_date, _update_user, _version FROM ${sql.table(exportEntity.table)}
          WHERE tenant = ${tenant} AND status IN ('QUEUED', 'RUNNING') AND coalesce(data ->> 'processId', '') <> ${processId}
            AND coalesce(_update_date, _insert_date) <= now() - make_interval(secs => ${olderThanMs / 1000})`.execute(tx)).rows);
        for (const row of stale) {
          const doc = storage.toDocument(row);
          if (typeof doc.storageKey === 'string') await store.remove(doc.storageKey).catch(() => undefined);
          await save(tenant, system, doc, { status: 'FAILED', error: INTERRUPTED, storageKey: null, finishedDate: new Date().toISOString() });
          failed++;
        }
      }
      return failed;
    },

    /** Stops this process's exports (they fail as interrupted) and waits for them. */
    async close(): Promise<void> {
      closing = true;
      await Promise.allSettled([...running]);
    },
  };
}

export type ExportRecords = ReturnType<typeof createExportRecords>;
