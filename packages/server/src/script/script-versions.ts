import { entityByName } from '@lbo/model/entity-registry';
import { ApiError } from '@lbo/model/errors';
import { sql } from 'kysely';
import type { Tx } from '../db/database.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import { scriptEntity } from './script-runs.ts';

const historyEntity = entityByName('History')!;

export interface ScriptVersion {
  version: number;
  date: string;
  username: string;
  code: string;
}

/**
 * A script's code at each of its writes, newest first. The generic write path records every
 * write in History with what changed (not the whole record), so the code of each version is
 * replayed from its creation: a write that left the code alone (a status, a description) is a
 * version with the code before it. Versions count from the script's last creation, as `_version`.
 */
export async function scriptVersions(tx: Tx, tenant: string, id: string): Promise<ScriptVersion[]> {
  const row = await storage.findOne(tx, scriptEntity, tenant, id);
  if (!row) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [scriptEntity.name, id]);
  const rows = await storage.findWhere(
    tx,
    historyEntity,
    tenant,
    sql<boolean>`data ->> 'entityName' = ${scriptEntity.name} AND data ->> 'entityRegistration' = ${row.registration}`,
    10_000,
  );
  // History registrations are time-ordered UUIDs: their order is the order of the writes.
  const writes = rows
    .map((r) => ({ key: r.registration, data: r.data as Doc }))
    .sort((a, b) => (a.key < b.key ? -1 : 1));
  const lastCreation = writes.findLastIndex((w) => w.data.action === 'CREATE');
  const versions: ScriptVersion[] = [];
  let code = '';
  for (const { data } of writes.slice(Math.max(lastCreation, 0))) {
    const change = (data.changes as Record<string, { to?: unknown }> | undefined)?.code;
    if (change) code = typeof change.to === 'string' ? change.to : '';
    versions.push({
      version: versions.length + 1,
      date: String(data.date),
      username: String(data.user ?? ''),
      code,
    });
  }
  return versions.reverse();
}
