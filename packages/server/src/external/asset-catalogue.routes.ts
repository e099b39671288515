import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Decimal } from 'decimal.js';
import { entityByName } from '@lbo/model/entity-registry';
import { ApiError } from '@lbo/model/errors';
import { refusing } from '@lbo/model/schema/refusals';
import type { Db } from '../db/database.ts';
import type { Operations } from '../entities/crud.operation.ts';
import { typed } from '../http/schemas.ts';
import { ASSET_CATALOGUES, searchAssetCatalogue, vehicleItem } from './asset-catalogues.ts';
import { catalogueOf } from './lectura.routes.ts';

type PreHandler = (request: FastifyRequest) => Promise<void>;

const runs = '/api/script/runs';
const assetKind = entityByName('Asset')!;

const lecturaToAssetBody = z.strictObject({
  modelId: z
    .union([z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), z.number().int().nonnegative()], {
      error: refusing('INVALID_FIELD_IN_BODY', 'a model id of the vehicle catalogue'),
    })
    .describe('the chosen model (`id` of a model of /api/external/lectura)'),
  year: z.number().int().min(1900).max(2200).nullish().describe('model year'),
  usage: z
    .string()
    .regex(/^(low|normal|high)$/i, { error: refusing('INVALID_FIELD_IN_BODY', 'LOW, NORMAL or HIGH') })
    .nullish(),
  mileage: z.number().int().nonnegative().nullish(),
  quantity: z.number().positive().max(1_000_000).nullish(),
  type: z.string().max(60).nullish().describe('asset type (reference list assetType)'),
  taxCode: z.string().max(60).nullish(),
  name: z.string().max(200).nullish().describe('the asset name, else manufacturer and model'),
});

/**
 * The asset catalogues by name and the vehicle-to-asset run (spec 002 §7 "Assets and catalogues",
 * "Vehicle catalogue"), served under `/api/script/runs/` beside the tenant's own scripts: these
 * names are the product's, so a tenant script of the same name is not run.
 */
export async function assetCatalogueRoutes(
  app: FastifyInstance,
  { db, operations, preHandler }: { db: Db; operations: Operations; preHandler: PreHandler },
) {
  const api = typed(app);
  const tags = ['Assets'];

  for (const catalog of ASSET_CATALOGUES) {
    api.get(
      `${runs}/${catalog}`,
      {
        preValidation: preHandler,
        config: { permission: 'read /api/asset/assets' },
        schema: {
          tags,
          summary: `Asset catalogue ${catalog}: items whose name holds the searched words, to fill an asset line`,
          querystring: z.strictObject({ search: z.string().max(200).optional().describe('the words searched') }),
        },
      },
      async (request) =>
        searchAssetCatalogue(catalog, request.query.search ?? '', {
          caller: request.caller!,
          operations,
          lectura: () => catalogueOf(db, request),
        }),
    );
  }

  api.post(
    `${runs}/lectura-to-asset`,
    {
      preValidation: preHandler,
      config: { permission: 'write /api/asset/assets' },
      schema: {
        tags,
        summary:
          'Makes an asset of a vehicle catalogue model (its catalogue fields, price, description, model); `{}` when the catalogue cannot answer',
        body: lecturaToAssetBody,
      },
    },
    async (request, reply) => {
      const body = request.body;
      const caller = request.caller!;
      let fields: Record<string, unknown>;
      try {
        const model = await (await catalogueOf(db, request)).model(String(body.modelId));
        const item = vehicleItem(model);
        const quantity = body.quantity ?? 1;
        const price = item.unitPrice ? new Decimal(item.unitPrice) : undefined;
        // Amounts are JSON numbers of two decimals in a record (the declaration's currency fields).
        const amount = (d: Decimal | undefined) => (d ? Number(d.toFixed(2)) : undefined);
        fields = {
          name: body.name?.trim() || item.name,
          description: item.description,
          model: item.model,
          manufacturer: item.manufacturer,
          category: model.categoryName,
          ...(body.type ? { type: body.type } : {}),
          ...(body.taxCode ? { taxCode: body.taxCode } : {}),
          currency: item.currency,
          unitPrice: amount(price),
          sourcePrice: amount(price),
          quantity,
          discount: 0,
          priceExclTax: amount(price?.times(quantity)),
          serviceCode: item.serviceCode,
          rvCode: item.rvCode,
          rvCatalog: 'LECTURA',
          sourceCatalog: 'LECTURA',
          ...(body.year ? { modelYear: body.year } : {}),
          ...(body.usage ? { usage: body.usage.toUpperCase() } : {}),
          ...(body.mileage !== undefined && body.mileage !== null ? { mileage: body.mileage } : {}),
        };
      } catch (error) {
        // The spec's client answers `{}` on error: a catalogue that cannot answer, or a model it does not know.
        if (!(error instanceof ApiError)) throw error;
        request.log.warn({ modelId: body.modelId, reason: error.message }, 'lectura-to-asset failed');
        reply.header('x-provider-error', error.message);
        return {};
      }
      const clean = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null && v !== undefined));
      const asset = await operations.create(caller, assetKind, clean);
      return reply.status(201).send(asset);
    },
  );
}
