import { loadDictionaries } from '@lbo/model/i18n/dictionaries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { entityByName } from '@lbo/model/entity-registry';
import { listQuerySchema, type ListQuery } from '@lbo/model/schema/kind-schemas';
import { queryBit } from '@lbo/model/schema/request-values';
import { listValues, type ListItem } from '@lbo/model/reference-lists';
import { readInTenant, scopeOf, type Db } from '../db/database.ts';
import { listHandler } from '../entities/entity.routes.ts';
import type { Operations } from '../entities/crud.operation.ts';
import { typed } from '../http/schemas.ts';

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
  // Labels in every shipped language are looked up synchronously.
  await loadDictionaries();
  const genericList = listHandler(operations, listEntity);
  /** The named lists, or (without `lists`) the List records' list query. */
  const listsQuery = z.looseObject({
    ...(listQuerySchema(listEntity) as unknown as z.ZodObject).shape,
    lists: z.string().max(10_000).optional().describe('the reference lists wanted, comma separated, in this order'),
    valuesOnly: queryBit.optional().describe('true: each list as its items only'),
    locale: z.string().max(35).optional().describe('labels in this locale'),
  }) as unknown as z.ZodType<
    ListQuery & { lists?: string; valuesOnly?: 'true' | 'false' | '1' | '0'; locale?: string }
  >;
  // Reference lists label every screen: any signed-in user reads them.
  typed(app).get(
    '/api/script/lists',
    {
      preValidation: preHandler,
      config: { permission: null },
      schema: { tags: ['List'], summary: 'Reference lists with their items', querystring: listsQuery },
    },
    async (request, reply) => {
      const { query } = request;
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
