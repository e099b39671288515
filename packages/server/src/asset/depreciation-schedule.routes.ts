/**
 * Depreciation schedules (spec 002 §7): `POST /api/asset/depreciation-schedules` with the asset's
 * registration and the terms creates the record with its computed lines; `DELETE …/{registration}`
 * removes it. Reads, lists and transitions are the generic ones; every write recomputes the
 * lines, so they always match the terms stored beside them.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '@lbo/model/errors';
import { entityByName } from '@lbo/model/entity-registry';
import { isObject, validateFields } from '@lbo/model/values/validate';
import { depreciationSchedule } from '@lbo/model/finance/depreciation';
import { Dec } from '@lbo/model/finance/decimal';
import type { Caller, Operations, Query } from '../entities/crud.operation.ts';
import { listHandler } from '../entities/entity.routes.ts';
import type { Doc } from '../entities/storage.ts';

const schedules = entityByName('DepreciationSchedule')!;
const assets = entityByName('Asset')!;
const BASE = `/api/${schedules.route}`;
const config = { entity: schedules.name };

export interface DepreciationScheduleRouteOptions {
  operations: Operations;
  preHandler: (request: FastifyRequest) => Promise<void>;
}

const systemFields = new Set(['_id', '_version', '_insertDate', '_insertUser', '_updateDate', '_updateUser']);
const withoutSystem = (doc: Doc) => Object.fromEntries(Object.entries(doc).filter(([key]) => !systemFields.has(key)));

function bodyOf(body: unknown): Doc {
  if (body === undefined || body === null || body === '' || (isObject(body) && Object.keys(body).length === 0)) throw new ApiError('MISSING_BODY_PAYLOAD');
  if (!isObject(body)) throw new ApiError('INVALID_NON_EMPTY_OBJECT_FIELD', ['body']);
  return body;
}

/** The asset's value when the schedule gives none: its price excluding tax, else unit price × quantity. */
function assetValue(asset: Doc): number | undefined {
  if (typeof asset.priceExclTax === 'number') return asset.priceExclTax;
  if (typeof asset.unitPrice === 'number') return new Dec(asset.unitPrice).times(typeof asset.quantity === 'number' ? asset.quantity : 1).toNumber();
  return undefined;
}

/**
 * Checks the terms (the catalogue error names the field), reads the asset in the caller's tenant
 * (another tenant's asset is not found) and computes the lines.
 */
async function computed(operations: Operations, caller: Caller, body: Doc): Promise<Doc> {
  const doc = validateFields(body, schedules.fields, '', { requireMandatory: true, timeZone: caller.timeZone });
  const asset = await operations.get(caller, assets, String(doc.assetRegistration));
  const acquisitionValue = typeof doc.acquisitionValue === 'number' ? doc.acquisitionValue : assetValue(asset);
  if (acquisitionValue === undefined) throw new ApiError('MISSING_FIELD_IN_BODY', ['acquisitionValue']);
  const base = new Dec(acquisitionValue).minus(typeof doc.salvageValue === 'number' ? doc.salvageValue : 0);
  if (base.lte(0)) throw new ApiError('INVALID_FIELD_VALUE', [doc.salvageValue, 'salvageValue']);
  const schedule = depreciationSchedule({
    method: String(doc.method), base, duration: doc.duration as number, startDate: String(doc.startDate),
    fiscalYearEndMonth: doc.fiscalYearEndMonth as number | undefined, coefficient: doc.coefficient as number | undefined,
    prorata: doc.prorata as boolean | undefined,
  });
  return {
    ...doc,
    acquisitionValue,
    currency: doc.currency ?? asset.currency,
    depreciableBase: schedule.base,
    ...(schedule.coefficient === null ? {} : { coefficient: schedule.coefficient }),
    endDate: schedule.lines[schedule.lines.length - 1].endDate,
    lines: schedule.lines.map(({ number, fiscalYear, startDate, endDate, prorata, rate, openingValue, depreciation, accumulated, closingValue }) =>
      ({ number, fiscalYear, startDate, endDate, prorata, rate, openingValue, depreciation, accumulated, closingValue })),
  };
}

const idOf = (request: FastifyRequest) => {
  const id = (request.params as { id: string }).id;
  if (!id || id.length > 200) throw new ApiError('INVALID_FIELD_IN_PATH', ['id']);
  return id;
};

export async function depreciationScheduleRoutes(app: FastifyInstance, { operations, preHandler }: DepreciationScheduleRouteOptions) {
  app.get(BASE, { preHandler, config }, listHandler(operations, schedules));
  app.get(`${BASE}/:id`, { preHandler, config }, async (request) => operations.get(request.caller!, schedules, idOf(request), request.query as Query));

  app.post(BASE, { preHandler, config }, async (request, reply) => {
    const doc = await computed(operations, request.caller!, bodyOf(request.body));
    return reply.status(201).send(await operations.create(request.caller!, schedules, doc));
  });

  // PUT replaces the terms, PATCH merges them; both recompute the lines.
  for (const mode of ['replace', 'merge'] as const) {
    app.route({
      method: mode === 'replace' ? 'PUT' : 'PATCH', url: `${BASE}/:id`, preHandler, config,
      handler: async (request) => {
        const id = idOf(request), body = bodyOf(request.body);
        const current = withoutSystem(await operations.get(request.caller!, schedules, id));
        const terms = mode === 'merge' ? { ...current, ...body } : { ...body, registration: current.registration, status: body.status ?? current.status };
        return operations.update(request.caller!, schedules, id, await computed(operations, request.caller!, terms), 'replace');
      },
    });
  }

  app.delete(`${BASE}/:id`, { preHandler, config }, async (request) => operations.remove(request.caller!, schedules, idOf(request)));
}
