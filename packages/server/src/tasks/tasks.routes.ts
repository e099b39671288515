import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { task as taskKind } from '@lbo/model/entities/core/task.entity';
import { referenceLists } from '@lbo/model/reference-lists';
import { queryFlag } from '@lbo/model/schema/request-values';
import { readInTenant, scopeOf, type Db, type Tx } from '../db/database.ts';
import { databaseError } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import { typed } from '../http/schemas.ts';
import { todayIn } from '../workflow/side-effects.ts';

/**
 * The task routes beside the generic ones (docs/tasks.md):
 *   GET /api/core/tasks/userNames?listMode=true   who a task may be assigned to (spec 001, 002)
 *   GET /api/core/tasks/mine                      the caller's open tasks, overdue ones marked
 * Both need `read /api/core/tasks` (a named permission, spec 001 §6).
 */
type PreHandler = (request: FastifyRequest) => Promise<void>;
export const READ_TASKS = 'read /api/core/tasks';

export interface Assignee {
  /** A username, or `profile:{CODE}` for a team. */
  value: string;
  label: string;
  kind: 'USER' | 'PROFILE';
}

/** The tenant's users (not disabled) and the profiles, users first by name. */
export async function assigneesOf(tx: Tx, tenant: string): Promise<{ users: Doc[]; profiles: Doc[] }> {
  const { rows } = await sql<{ username: string; name: string | null; profiles: string[] | null }>`
    SELECT registration AS username, data->'profiles' AS profiles,
      coalesce(nullif(name, ''), nullif(trim(concat_ws(' ', data->>'firstName', data->>'lastName')), '')) AS name
    FROM "user" WHERE tenant = ${tenant} AND coalesce(status, '') <> 'DISABLED' ORDER BY 3 NULLS LAST, registration
    LIMIT 5000`.execute(tx);
  const users = rows.map((r) => ({ username: r.username, name: r.name ?? r.username, profiles: r.profiles ?? [] }));
  const profiles = (referenceLists.profile ?? []).map((item) => ({
    code: item.value,
    label: item.label.en,
    users: users.filter((u) => (u.profiles as string[]).includes(item.value)).length,
  }));
  return { users, profiles };
}

/** The caller's open tasks: assigned to them or to one of their profiles, by due date. */
export async function openTasksOf(tx: Tx, tenant: string, username: string, profiles: string[]): Promise<Doc[]> {
  const rows = await storage.findWhere(
    tx,
    taskKind,
    tenant,
    sql<boolean>`status IN ('OPEN', 'IN_PROGRESS', 'WAITING')
      AND (data->>'ownerUsername' = ${username} OR (data->'profiles') ?| ${profiles}::text[])`,
    1000,
  );
  return rows
    .map((row) => storage.toDocument(row) as Doc)
    .sort((a, b) => String(a.dueDate ?? '9999').localeCompare(String(b.dueDate ?? '9999')));
}

export async function taskRoutes(app: FastifyInstance, { db, preHandler }: { db: Db; preHandler: PreHandler }) {
  const api = typed(app);
  const tags = ['Task'];
  const config = { permission: READ_TASKS };

  api.get(
    '/api/core/tasks/userNames',
    {
      preValidation: preHandler,
      config,
      schema: {
        tags,
        summary: 'Who a task may be assigned to: the users and the profiles (teams)',
        description:
          'With listMode=true: [{value, label, kind}] — users by username, profiles as `profile:{CODE}`. Otherwise {users: [{username, name, profiles}], profiles: [{code, label, users}]}.',
        querystring: z.strictObject({ listMode: queryFlag.optional() }),
      },
    },
    async (request) => {
      const caller = request.caller!;
      const found = await readInTenant(db, scopeOf(caller), (tx) => assigneesOf(tx, caller.tenant)).catch((e) =>
        databaseError(e, taskKind),
      );
      if (request.query.listMode !== 'true') return found;
      const list: Assignee[] = [
        ...found.users.map((u) => ({
          value: String(u.username),
          label: u.name === u.username ? String(u.username) : `${u.name} (${u.username})`,
          kind: 'USER' as const,
        })),
        ...found.profiles.map((p) => ({
          value: `profile:${p.code}`,
          label: String(p.label),
          kind: 'PROFILE' as const,
        })),
      ];
      return list;
    },
  );

  api.get(
    '/api/core/tasks/mine',
    {
      preValidation: preHandler,
      config,
      schema: {
        tags,
        summary: "The caller's open tasks (theirs or their profiles'), by due date; overdue ones marked",
        description:
          '{today, open, overdue, tasks: [task + overdue]}: a task is overdue when its due date is before today in the client-timezone.',
      },
    },
    async (request) => {
      const caller = request.caller!;
      const today = todayIn(caller.timeZone);
      const tasks = await readInTenant(db, scopeOf(caller), (tx) =>
        openTasksOf(tx, caller.tenant, caller.username, caller.profiles),
      ).catch((e) => databaseError(e, taskKind));
      const marked = tasks.map((t) => ({ ...t, overdue: typeof t.dueDate === 'string' && t.dueDate < today }));
      return { today, open: marked.length, overdue: marked.filter((t) => t.overdue).length, tasks: marked };
    },
  );
}
