import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '@lbo/model/errors';
import { refusing } from '@lbo/model/schema/refusals';
import { entityByName } from '@lbo/model/entity-registry';
import { isObject } from '@lbo/model/values/validate';
import { inTenant, readInTenant, scopeOf, type Db } from '../db/database.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import { insertHistory } from '../entities/history.ts';
import { typed } from '../http/schemas.ts';

/**
 * A tenant's translations (spec 000 §7): `GET /api/core/locales/{locale}` answers the Locale
 * record, or an empty set when the tenant has none (the interface then shows its shipped texts),
 * and `POST /api/core/locales/{locale}/keys` with `{keysToAdd}` adds texts the interface found
 * without translation to the record's `missingKeys`, for an administrator to translate. Every
 * signed-in user loads translations and, when the configuration asks, reports missing keys, so
 * neither route needs a permission; a batch only ever adds to `missingKeys`, never to
 * `translations`, and both are bounded.
 */
const localeEntity = entityByName('Locale')!;

/** Keys accepted in one batch (the interface sends one batch per second at most). */
export const maxKeysPerBatch = 500;
/** Missing keys kept per locale: past it, new ones are dropped until some are translated. */
export const maxMissingKeys = 5000;
export const maxKeyLength = 1000;

/** `fr-fr` → `fr-FR`; undefined when the text is no BCP 47 language tag. */
export function canonicalLocale(text: string): string | undefined {
  if (!text || text.length > 35 || !/^[a-z]{2,3}([-_][a-z0-9]{2,8})*$/i.test(text)) return undefined;
  try {
    return Intl.getCanonicalLocales(text.replace(/_/g, '-'))[0];
  } catch {
    return undefined;
  }
}

/** `{keysToAdd: [...]}`: texts the web found no translation for. */
const missingKeysBody = z.strictObject({
  keysToAdd: z
    .array(
      z
        .string({ error: refusing('INVALID_NON_EMPTY_STRING_FIELD') })
        .refine((key) => key.trim() !== '', { error: refusing('INVALID_NON_EMPTY_STRING_FIELD') })
        .refine((key) => key.length <= maxKeyLength, { error: refusing('INVALID_FIELD_VALUE') }),
    )
    .min(1, { error: refusing('EMPTY_BODY_ARRAY') })
    .max(maxKeysPerBatch),
});

/** A locale code (`fr-FR`), or a Locale record's `_id` for the detail route. */
const localePath = z.strictObject({
  // Its length is checked by the routes, which name it `locale`.
  id: z.string().describe('a locale code, or the _id of a Locale record'),
});

const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

type PreHandler = (request: FastifyRequest) => Promise<void>;

export async function localesRoutes(app: FastifyInstance, { db, preHandler }: { db: Db; preHandler: PreHandler }) {
  const signedIn = { preHandler, config: { permission: null } };
  const scope = (request: FastifyRequest) => scopeOf(request.caller!);
  const api = typed(app);
  const tags = ['Translations'];

  /**
   * By locale code, or by `_id` for the detail route /locale/{id}. A locale the tenant has not
   * translated is an empty set; an identifier that is no locale code and no record is not found.
   */
  api.get(
    '/api/core/locales/:id',
    {
      preValidation: preHandler,
      config: signedIn.config,
      schema: { tags, summary: 'The tenant’s translations of a locale', params: localePath },
    },
    async (request) => {
      const { id } = request.params;
      if (!id || id.length > 200) throw new ApiError('INVALID_FIELD_IN_PATH', ['locale']);
      const locale = canonicalLocale(id);
      const row = await readInTenant(
        db,
        scope(request),
        async (tx) =>
          (await storage.findOne(tx, localeEntity, request.caller!.tenant, id)) ??
          (locale && locale !== id
            ? await storage.findOne(tx, localeEntity, request.caller!.tenant, locale)
            : undefined),
      );
      if (row) return storage.toDocument(row);
      if (!locale) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [localeEntity.name, id]);
      return { locale, registration: locale, translations: {} };
    },
  );

  const reportSchema = {
    tags,
    summary: 'Report texts a locale does not translate yet',
    params: localePath,
    body: missingKeysBody,
  };
  api.post(
    '/api/core/locales/:id/keys',
    { preValidation: preHandler, config: signedIn.config, schema: reportSchema },
    async (request) => {
      const locale = canonicalLocale(request.params.id);
      if (!locale) throw new ApiError('INVALID_FIELD_IN_PATH', ['locale']);
      const keys = [...new Set(request.body.keysToAdd)];
      const caller = request.caller!;
      const addKeys = () =>
        inTenant(db, scope(request), async (tx) => {
          const row = await storage.findOne(tx, localeEntity, caller.tenant, locale, true);
          const before: Doc | undefined = row ? storage.toDocument(row) : undefined;
          const translations = isObject(row?.data.translations) ? row.data.translations : {};
          const missing = stringsOf(row?.data.missingKeys).filter(
            (key) => typeof translations[key] !== 'string' || !translations[key],
          );
          const known = new Set(missing);
          const fresh = keys.filter(
            (key) => !known.has(key) && !(typeof translations[key] === 'string' && translations[key]),
          );
          const added = fresh.slice(0, Math.max(0, maxMissingKeys - missing.length));
          if (added.length) {
            const data = {
              ...(row?.data ?? { locale, registration: locale, translations: {} }),
              missingKeys: [...missing, ...added],
            };
            const saved = row
              ? await storage.updateRow(tx, localeEntity, caller.tenant, caller.username, row._id, data)
              : await storage.insertRow(tx, localeEntity, caller.tenant, caller.username, data);
            await insertHistory(tx, caller, {
              entityName: localeEntity.name,
              entityRegistration: locale,
              action: row ? 'UPDATE' : 'CREATE',
              before,
              after: storage.toDocument(saved),
            });
          }
          return {
            locale,
            added: added.length,
            dropped: fresh.length - added.length,
            missingKeys: missing.length + added.length,
          };
        });
      // Two first batches of one locale may race to create its record: the loser reads it and adds to it.
      return addKeys().catch((error) =>
        (error as { code?: string })?.code === '23505' ? addKeys() : Promise.reject(error),
      );
    },
  );
}
