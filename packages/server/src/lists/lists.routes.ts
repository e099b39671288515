import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { entityByName } from '@lbo/model/entity-registry';
import { listValues, type ListItem } from '@lbo/model/reference-lists';
import { readInTenant, scopeOf, type Db } from '../db/database.ts';
import { listHandler } from '../entities/entity.routes.ts';
import type { Operations } from '../entities/crud.operation.ts';

/**
 * `GET /api/script/lists?valuesOnly=true&locale=…&lists=a,b`: the named reference lists in
 * the asked order, each as items {value, label, isTranslated}. A tenant overrides a list by
 * storing a List record of that name whose `values` hold the items.
 * Without `lists`, the route lists the stored List records like any entity.
 */
export async function listsRoutes(
  app: FastifyInstance,
  { db, operations, preHandler }: { db: Db; operations: Operations; preHandler: (r: FastifyRequest) => Promise<void> },
) {
  const listEntity = entityByName('List')!;
  const genericList = listHandler(operations, listEntity);
  // Reference lists label every screen: any signed-in user reads them.
  app.get(
    '/api/script/lists',
    { preHandler, config: { permission: null } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const query = request.query as Record<string, string | undefined>;
      if (query.lists === undefined) return genericList(request, reply);
      const names = query.lists
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const caller = request.caller!;
      const overrides = await readInTenant(db, scopeOf(caller), async (tx) => {
        const { rows } = await sql<{
          registration: string;
          values: ListItem[] | null;
        }>`SELECT registration, data -> 'values' AS values
        FROM ${sql.table(listEntity.table)} WHERE tenant = ${caller.tenant} AND registration = ANY(${names}::text[])`.execute(
          tx,
        );
        return Object.fromEntries(rows.filter((r) => Array.isArray(r.values)).map((r) => [r.registration, r.values!]));
      });
      const lists = names.map((name) => listValues(name, query.locale, overrides));
      if (query.valuesOnly === 'true' || query.valuesOnly === '1') return lists;
      return names.map((name, i) => ({ name, values: lists[i] }));
    },
  );
}
