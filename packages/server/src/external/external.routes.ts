import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '@lbo/model/errors';
import { refusing } from '@lbo/model/schema/refusals';
import { inTenant, scopeOf, type Db } from '../db/database.ts';
import { typed } from '../http/schemas.ts';
import { registryProviders, type RegistryCandidate } from './company-registry.ts';
import { addressProviders } from './address-service.ts';
import { externalSettingsOf, type ExternalSettings } from './external-settings.ts';
import type { ExternalService } from './http-json.ts';

type PreHandler = (request: FastifyRequest) => Promise<void>;

const lookupText = z.string().max(200).nullish();
const lookupFlag = z.boolean().nullish();

/** A registry lookup: the register (`SIR`, `SRT`, …), only active companies, a text or a chosen candidate. */
const registrationLookupSchema = {
  tags: ['Persons'],
  summary: 'Look a registration up in the public register of its type',
  params: z.strictObject({
    type: z
      .string()
      .regex(/^[A-Za-z-]{3}$/)
      .describe('registration type (SIR, SRT, …)'),
  }),
  querystring: z.strictObject({
    administrativeStatus: z
      .literal('ACTIVE', { error: refusing('INVALID_FIELD_IN_QUERY', 'only ACTIVE is known') })
      .optional(),
  }),
  body: z.strictObject({
    value: lookupText.describe('what the user typed: a number or a name'),
    selectedId: lookupText.describe('the candidate chosen from an earlier answer, for its details'),
    personType: lookupText.describe('C (company) or P (person)'),
    withDetails: lookupFlag,
    displayFirstRegistrationsInPriority: lookupFlag.describe('exact numbers first'),
  }),
};

/** What address completion reads, from the query or the body (the query wins); each checked as it is read. */
const addressNames = [
  'search',
  'placeId',
  'coordinates',
  'provider',
  'language',
  'country',
  'region',
  'sessiontoken',
  'extraInfo',
  'detailFromCoordinates',
  'limit',
] as const;
const addressQuery = z.strictObject(
  Object.fromEntries(addressNames.map((name) => [name, z.string().max(1000).optional()])) as Record<
    (typeof addressNames)[number],
    z.ZodOptional<z.ZodString>
  >,
);
const addressBody = z
  .strictObject(
    Object.fromEntries(
      addressNames.map((name) => [
        name,
        (name === 'coordinates'
          ? z.union([z.string().max(1000), z.number(), z.array(z.unknown()).max(2)])
          : z.union([z.string().max(1000), z.number()])
        ).nullish(),
      ]),
    ),
  )
  .optional()
  .describe('the same fields as the query, when sent as a body');

/**
 * The external-service pivot (spec 002 §7): registry lookups for the registration field and
 * address completion. The tenant's settings are read in a short transaction; the provider is
 * called after it, so that no database connection waits on a third party.
 */
export async function externalRoutes(app: FastifyInstance, { db, preHandler }: { db: Db; preHandler: PreHandler }) {
  const settingsOf = (request: FastifyRequest): Promise<ExternalSettings> =>
    inTenant(db, scopeOf(request.caller!), (tx) => externalSettingsOf(tx, request.caller!.tenant));
  // Public registers and address services: any signed-in user filling a person form may ask.
  const config = { permission: null };
  const api = typed(app);

  api.post(
    '/api/external/pivot/person-registration/:type',
    { preValidation: preHandler, config, schema: registrationLookupSchema },
    async (request) => {
      const type = request.params.type.toUpperCase();
      const { query, body } = request;
      const value = (body.value ?? '').trim().replace(/\s+/g, type === 'SIR' || type === 'SRT' ? '' : ' ');
      const selectedId = (body.selectedId ?? '').replace(/\s+/g, '');
      const personType = body.personType?.trim() || 'C';
      const withDetails = body.withDetails === true;
      const priority = body.displayFirstRegistrationsInPriority === true;
      if (!value && !selectedId) throw new ApiError('MISSING_FIELD_IN_BODY', ['value']);

      const registry = (await settingsOf(request)).registry;
      const settings = own(registry, type);
      if (!settings?.provider) throw new ApiError('MISSING_CONFIG', [`options.externalServices.registry.${type}`]);
      const provider = own(registryProviders, settings.provider);
      if (!provider)
        throw new ApiError('INVALID_FIELD_IN_CONFIG', [
          `options.externalServices.registry.${type}.provider`,
          `unknown provider ${settings.provider}`,
        ]);
      const service: ExternalService = {
        name: settings.provider,
        baseUrl: settings.baseUrl ?? provider.defaultBaseUrl,
        timeoutMs: settings.timeoutMs,
      };

      if (selectedId) {
        const found = await provider.adapter.details(service, { type, selectedId, personType });
        if (!found) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [type, selectedId]);
        return found;
      }
      const candidates = await provider.adapter.lookup(service, {
        type,
        value,
        personType,
        onlyActive: query.administrativeStatus === 'ACTIVE',
        withDetails,
      });
      // Exact identifiers first, when asked: a typed number should be the first choice.
      const exact = (c: RegistryCandidate) => (c.number === value.replace(/\s+/g, '') ? 0 : 1);
      return priority ? [...candidates].sort((a, b) => exact(a) - exact(b)) : candidates;
    },
  );

  const addressSchema = {
    tags: ['Persons'],
    summary: 'Address completion: suggestions for a text, the details of a place, the address at coordinates',
    querystring: addressQuery,
    body: addressBody,
  };
  api.post(
    '/api/external/pivot/addresses',
    { preValidation: preHandler, config, schema: addressSchema },
    async (request, reply) => {
      const input: Record<string, unknown> = { ...request.body, ...request.query };
      const text = (name: string) => {
        const v = input[name];
        if (v === undefined || v === null) return undefined;
        if (typeof v !== 'string' && typeof v !== 'number')
          throw new ApiError('INVALID_FIELD_IN_QUERY', [name, 'must be a string']);
        const s = String(v).trim();
        if (s.length > 300) throw new ApiError('INVALID_FIELD_IN_QUERY', [name, 'too long']);
        return s || undefined;
      };
      const settings = (await settingsOf(request)).addresses;
      const name = text('provider') ?? settings.provider;
      const provider = own(addressProviders, name);
      if (!provider) throw new ApiError('INVALID_FIELD_IN_QUERY', ['provider', `unknown provider ${name}`]);
      const configured = own(settings.providers, name) ?? {};
      const service: ExternalService = {
        name,
        baseUrl: configured.baseUrl ?? provider.defaultBaseUrl,
        timeoutMs: configured.timeoutMs,
      };
      const coordinates = coordinatesOf(input.coordinates);
      const placeId = text('placeId');
      const search = text('search');
      const limitText = text('limit');
      const limit = limitText === undefined ? 5 : Number(limitText);
      if (!Number.isInteger(limit) || limit < 1 || limit > 20)
        throw new ApiError('INVALID_FIELD_IN_QUERY', ['limit', 'must be an integer from 1 to 20']);
      if (!coordinates && !placeId && search === undefined)
        throw new ApiError('MISSING_MANDATORY_QUERY_FIELDS', ['search, placeId or coordinates']);
      // Completion must never stand in the user's way: a provider failure answers "nothing found".
      try {
        if (coordinates) return reply.send(await provider.adapter.reverse(service, coordinates));
        if (placeId)
          return reply.send(
            await provider.adapter.detail(service, {
              placeId,
              extraInfo: text('extraInfo'),
              sessionToken: text('sessiontoken'),
            }),
          );
        return await provider.adapter.suggest(service, {
          search: search ?? '',
          language: text('language'),
          country: text('country'),
          region: text('region'),
          sessionToken: text('sessiontoken'),
          limit,
        });
      } catch (error) {
        if (!(error instanceof ApiError) || error.code !== 'EXTERNAL_SERVICE_UNAVAILABLE') throw error;
        request.log.warn({ provider: name, reason: error.message }, 'address completion failed');
        reply.header('x-provider-error', error.message);
        return reply.send(coordinates || placeId ? null : []);
      }
    },
  );
}

/** A provider or setting named by the client or the tenant: own entries only (`constructor` is none). */
function own<T>(table: Record<string, T>, name: string): T | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}

/** `coordinates`: `"lon,lat"` or `[lon, lat]` (GeoJSON order). */
function coordinatesOf(value: unknown): { longitude: number; latitude: number } | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const [longitude, latitude] = parts.map((p) => (typeof p === 'number' || typeof p === 'string' ? Number(p) : NaN));
  if (
    parts.length !== 2 ||
    !Number.isFinite(longitude) ||
    !Number.isFinite(latitude) ||
    Math.abs(longitude) > 180 ||
    Math.abs(latitude) > 90
  ) {
    throw new ApiError('INVALID_FIELD_IN_QUERY', ['coordinates', 'expected "longitude,latitude"']);
  }
  return { longitude, latitude };
}
