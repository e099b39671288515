import { z } from 'zod';
import type { Entity } from '@lbo/model/entity';
import {
  bodySchema,
  errorSchema,
  listQuerySchema,
  readQuerySchema,
  recordParams,
  recordSchema,
} from '@lbo/model/schema/kind-schemas';

/**
 * The schemas of a kind's generic routes: requests validated, answers documented (OpenAPI). Each
 * is built when first used (a request of the kind, or the OpenAPI document): all kinds' schemas
 * together hold about 50 MB, and a process serves few kinds between two starts.
 */
export function kindRouteSchemas(entity: Entity) {
  const record = z.lazy(() => recordSchema(entity));
  const tags = [entity.name];
  const notFound = errorSchema.describe(`No ${entity.name} with this identifier in the tenant`);
  const conflict = errorSchema.describe(
    'If-Match names another version (412), or the idempotency key was used for another request (422)',
  );
  return {
    list: {
      tags,
      summary: `List ${entity.plural}`,
      querystring: z.lazy(() => listQuerySchema(entity)),
      response: {
        200: z.union([
          z.array(record),
          z.object({ entities: z.array(record), breakdown: z.record(z.string(), z.record(z.string(), z.number())) }),
        ]),
      },
    },
    read: {
      tags,
      summary: `Read a ${entity.name}`,
      params: recordParams,
      querystring: readQuerySchema,
      response: { 200: record, 404: notFound },
    },
    create: {
      tags,
      summary: `Create a ${entity.name}`,
      body: z.lazy(() => bodySchema(entity, 'create')),
      response: { 201: record, 200: record.describe('The record a matching one already was') },
    },
    replace: {
      tags,
      summary: `Replace a ${entity.name}`,
      params: recordParams,
      body: z.lazy(() => bodySchema(entity, 'replace')),
      response: { 200: record, 404: notFound, 412: conflict },
    },
    merge: {
      tags,
      summary: `Change fields of a ${entity.name}`,
      params: recordParams,
      body: z.lazy(() => bodySchema(entity, 'merge')),
      response: { 200: record, 404: notFound, 412: conflict },
    },
    remove: {
      tags,
      summary: `Delete a ${entity.name}`,
      params: recordParams,
      response: { 200: record.describe('The deleted record'), 404: notFound, 412: conflict },
    },
  };
}
