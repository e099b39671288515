/**
 * The global search (docs/search.md):
 *   GET  /api/search?q=…&kinds=…&limit=…   the tenant's records of the indexed kinds the caller may read,
 *        grouped by kind, best first; any signed-in user (each kind needs its read permission)
 *   POST /api/search/rebuild               writes the tenant's index again from its records (admins)
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { inTenant, scopeOf, type Db } from '../db/database.ts';
import { noBody } from '@lbo/model/schema/request-values';
import { typed } from '../http/schemas.ts';
import { globalSearch, LIMIT_MAX, QUERY_MAX } from './search.operation.ts';
import { rebuildSearchIndex } from './search-index.ts';

type PreHandler = (request: FastifyRequest) => Promise<void>;

const searchQuery = z.strictObject({
  // Checked by the operation, so that a short or long query names its bound in the catalogue's words.
  q: z
    .string()
    .max(QUERY_MAX * 4)
    .optional()
    .describe('the text searched, 3 to 100 characters'),
  kinds: z.string().max(500).optional().describe('kinds searched, comma separated (Person,Contract…); all by default'),
  limit: z.string().max(20).optional().describe(`hits per kind, 1 to ${LIMIT_MAX} (5 by default)`),
});

export async function searchRoutes(app: FastifyInstance, { db, preHandler }: { db: Db; preHandler: PreHandler }) {
  typed(app).get(
    '/api/search',
    {
      preValidation: preHandler,
      // Any signed-in user: the answer holds only the kinds the caller may read.
      config: { permission: null },
      schema: {
        tags: ['Search'],
        summary: 'Searches persons, contracts, deals, invoices, assets, documents and notes, grouped by kind',
        querystring: searchQuery,
      },
    },
    async (request) => globalSearch(db, request.caller!, request.query),
  );
  typed(app).post(
    '/api/search/rebuild',
    {
      preValidation: preHandler,
      config: { permission: 'write /api/core/tenant-configuration' },
      schema: { tags: ['Search'], summary: "Writes the tenant's search index again from its records", body: noBody },
    },
    async (request) => {
      const caller = request.caller!;
      const indexed = await inTenant(db, scopeOf(caller), (tx) => rebuildSearchIndex(tx, caller.tenant), 600_000);
      return { indexed };
    },
  );
}
