import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '@lbo/model/errors';
import { listValues } from '@lbo/model/reference-lists';
import { isObject } from '@lbo/model/values/validate';
import { readInTenant, scopeOf, type Db } from '../db/database.ts';
import { readConfiguration } from '../db/configuration.ts';
import type { TenantSetting } from '../auth/tenant-settings.ts';
import { typed } from '../http/schemas.ts';
import { refusing } from '@lbo/model/schema/refusals';

/**
 * String overrides (spec 000 §3 `string-overrides`, §7): a tenant's own wording of any text of
 * the web, per locale, keyed by the shipped English text (the web's dictionaries' keys). Stored as
 * the tenant configuration section `{ [locale]: { [key]: text } }`, written by admins through
 * `PUT /api/core/tenant-configuration/string-overrides` (checked here), read by every signed-in
 * user through `GET /api/script/runs/string-overrides`.
 */
export const STRING_OVERRIDES = 'string-overrides';
export const MAX_KEY_LENGTH = 500;
export const MAX_TEXT_LENGTH = 2000;
/** Keys of one locale: enough for every text of the web, small enough to load at every start. */
export const MAX_KEYS_PER_LOCALE = 5000;

export type StringOverrides = Record<string, Record<string, string>>;

/** The locales of spec 000 §9 (the `locale` reference list). */
const knownLocales = new Set(listValues('locale').map((item) => item.value));
export const isKnownLocale = (locale: string) => knownLocales.has(locale);

export function validateStringOverrides(value: unknown): StringOverrides {
  if (!isObject(value)) throw new ApiError('INVALID_OBJECT_FIELD', ['body']);
  const out: StringOverrides = {};
  for (const [locale, texts] of Object.entries(value)) {
    if (!isKnownLocale(locale))
      throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(locale).slice(0, 80), 'locale']);
    if (!isObject(texts)) throw new ApiError('INVALID_OBJECT_FIELD', [locale]);
    const entries = Object.entries(texts);
    if (entries.length > MAX_KEYS_PER_LOCALE)
      throw new ApiError('INVALID_FIELD_VALUE', [`${entries.length} keys (at most ${MAX_KEYS_PER_LOCALE})`, locale]);
    const kept: Record<string, string> = {};
    for (const [key, text] of entries) {
      if (!key.trim() || key.length > MAX_KEY_LENGTH || key.includes('\u0000'))
        throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(key.slice(0, 80)), 'key']);
      if (typeof text !== 'string' || !text.trim() || text.includes('\u0000'))
        throw new ApiError('INVALID_NON_EMPTY_STRING_FIELD', [`${locale}.${key.slice(0, 80)}`]);
      if (text.length > MAX_TEXT_LENGTH)
        throw new ApiError('INVALID_FIELD_VALUE', [`${text.length} characters (at most ${MAX_TEXT_LENGTH})`, 'text']);
      kept[key] = text;
    }
    if (entries.length) out[locale] = kept;
  }
  return out;
}

export const stringOverridesSetting: TenantSetting<StringOverrides> = {
  validate: validateStringOverrides,
  default: {},
};

const localeQuery = z
  .string()
  .max(20)
  .refine(isKnownLocale, { error: refusing('INVALID_FIELD_IN_QUERY', 'a locale of the locale list (fr-FR)') })
  .optional()
  .describe('one locale (fr-FR): its map alone');

export async function stringOverridesRoutes(
  app: FastifyInstance,
  { db, preHandler }: { db: Db; preHandler: (request: FastifyRequest) => Promise<void> },
) {
  typed(app).get(
    '/api/script/runs/string-overrides',
    {
      preValidation: preHandler,
      // Every screen of every user shows these texts.
      config: { permission: null },
      schema: {
        tags: ['Core'],
        summary: 'The tenant’s string overrides: { [locale]: { [key]: text } }, or one locale’s { [key]: text }',
        querystring: z.strictObject({ locale: localeQuery }),
      },
    },
    async (request) => {
      const caller = request.caller!;
      const stored =
        (await readInTenant(db, scopeOf(caller), (tx) =>
          readConfiguration<StringOverrides>(tx, caller.tenant, STRING_OVERRIDES),
        )) ?? {};
      const { locale } = request.query;
      return locale ? (stored[locale] ?? {}) : stored;
    },
  );
}
