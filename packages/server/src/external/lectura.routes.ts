import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { refusing } from '@lbo/model/schema/refusals';
import { readInTenant, scopeOf, type Db } from '../db/database.ts';
import { typed } from '../http/schemas.ts';
import { lecturaCatalogue, type LecturaCatalogue } from './lectura.ts';
import { lecturaSettingsOf } from './lectura-settings.ts';

type PreHandler = (request: FastifyRequest) => Promise<void>;

const base = '/api/external/lectura';
const providerId = (name: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: refusing('INVALID_FIELD_IN_QUERY', 'not an identifier') })
    .describe(name);
const listQuery = z.strictObject({
  list: z.enum(['true', 'false']).optional().describe('a plain list (always answered as one)'),
});

/** The vehicle catalogue the caller's tenant is set up with; its settings are read in a short read of their own. */
export async function catalogueOf(db: Db, request: FastifyRequest): Promise<LecturaCatalogue> {
  const caller = request.caller!;
  const settings = await readInTenant(db, scopeOf(caller), (tx) => lecturaSettingsOf(tx, caller.tenant));
  return lecturaCatalogue(caller.tenant, settings);
}

/**
 * The vehicle catalogue through the product's external-service proxy (spec 002 §7, all GET):
 * categories, manufacturers, models, search and residual-value curves, for anyone who reads assets.
 */
export async function lecturaRoutes(app: FastifyInstance, { db, preHandler }: { db: Db; preHandler: PreHandler }) {
  const api = typed(app);
  const common = { preValidation: preHandler, config: { permission: 'read /api/asset/assets' } };
  const tags = ['Assets'];
  const catalogue = (request: FastifyRequest) => catalogueOf(db, request);

  api.get(
    `${base}/root-categories`,
    { ...common, schema: { tags, summary: 'Vehicle catalogue: the root categories', querystring: listQuery } },
    async (request) => (await catalogue(request)).rootCategories(),
  );
  api.get(
    `${base}/categories/:categoryId/sub-categories`,
    {
      ...common,
      schema: {
        tags,
        summary: 'Vehicle catalogue: the sub-categories of a category',
        params: z.strictObject({ categoryId: providerId('category id') }),
        querystring: listQuery,
      },
    },
    async (request) => (await catalogue(request)).subCategories(request.params.categoryId),
  );
  api.get(
    `${base}/categories/:categoryId/manufacturers`,
    {
      ...common,
      schema: {
        tags,
        summary: 'Vehicle catalogue: the manufacturers with models in a category',
        params: z.strictObject({ categoryId: providerId('category id') }),
        querystring: listQuery,
      },
    },
    async (request) => (await catalogue(request)).manufacturers(request.params.categoryId),
  );
  api.get(
    `${base}/categories/:categoryId/manufacturers/:manufacturerId/models`,
    {
      ...common,
      schema: {
        tags,
        summary: "Vehicle catalogue: a manufacturer's models in a category",
        params: z.strictObject({
          categoryId: providerId('category id'),
          manufacturerId: providerId('manufacturer id'),
        }),
        querystring: listQuery,
      },
    },
    async (request) => (await catalogue(request)).models(request.params.categoryId, request.params.manufacturerId),
  );
  api.get(
    `${base}/models/:modelId`,
    {
      ...common,
      schema: {
        tags,
        summary: 'Vehicle catalogue: a model',
        params: z.strictObject({ modelId: providerId('model id') }),
      },
    },
    async (request) => (await catalogue(request)).model(request.params.modelId),
  );
  api.get(
    `${base}/manufacturers/:manufacturerId`,
    {
      ...common,
      schema: {
        tags,
        summary: 'Vehicle catalogue: a manufacturer',
        params: z.strictObject({ manufacturerId: providerId('manufacturer id') }),
      },
    },
    async (request) => (await catalogue(request)).manufacturer(request.params.manufacturerId),
  );
  api.get(
    `${base}/search/:text?`,
    {
      ...common,
      schema: {
        tags,
        summary: 'Vehicle catalogue: models whose manufacturer and name hold every word (an empty text finds nothing)',
        params: z.strictObject({ text: z.string().max(200).optional().describe('the words searched') }),
        querystring: listQuery,
      },
    },
    async (request) => {
      const text = request.params.text ?? '';
      return text.trim() ? (await catalogue(request)).search(text) : [];
    },
  );
  api.get(
    `${base}/v2/regressor`,
    {
      ...common,
      schema: {
        tags,
        summary:
          'Vehicle catalogue: residual-value curves (percent of the price new by age in months) of a model; none when a name is missing',
        querystring: z.strictObject({
          modelName: z.string().max(200).optional(),
          manufacturerName: z.string().max(200).optional(),
          year: z
            .string()
            .regex(/^\d{4}$/, { error: refusing('INVALID_FIELD_IN_QUERY', 'a year of four digits') })
            .optional(),
          usage: z
            .string()
            .regex(/^(low|normal|high)$/i, { error: refusing('INVALID_FIELD_IN_QUERY', 'LOW, NORMAL or HIGH') })
            .optional(),
        }),
      },
    },
    async (request) => {
      const { modelName, manufacturerName, year, usage } = request.query;
      if (!modelName?.trim() || !manufacturerName?.trim()) return { curves: [] };
      return (await catalogue(request)).regressor({ modelName, manufacturerName, year, usage });
    },
  );
}
