import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { ApiError } from '@lbo/model/errors';
import { entityByName } from '@lbo/model/entity-registry';
import { nonEmptyText, refusing } from '@lbo/model/schema/refusals';
import { inTenant, readInTenant, scopeOf, type Db, type Tx } from '../db/database.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import { MANAGE_USERS, mustFindUser, normaliseUsername } from './users.operation.ts';
import { typed } from '../http/schemas.ts';

/**
 * User preferences of spec 000 §3, stored as UserPreference records of the user:
 * `POST /api/core/users/{username}/preferences` with {groupId, type, value} creates one, or
 * updates the one whose `_id` is given; `DELETE …/preferences/{id}` removes one. A table
 * configuration, a UI setting and a theme are kept once per group: saving one again replaces it.
 */
export const preferenceTypes = [
  'SEARCH_FILTER',
  'TABLE_CONFIGURATION',
  'CONTENT',
  'UI',
  'PINNED_ITEM',
  'THEMING',
] as const;
export type PreferenceType = (typeof preferenceTypes)[number];

const oncePerGroup = new Set<string>(['TABLE_CONFIGURATION', 'UI', 'THEMING']);
const preferenceEntity = entityByName('UserPreference')!;
const colorSchemes = ['followSystem', 'dark', 'light'];

const nonEmpty = refusing('INVALID_NON_EMPTY_STRING_FIELD');
const requiredText = (max: number) =>
  z.string({ error: nonEmpty }).refine((v) => v.trim() !== '' && v.length <= max, { error: nonEmpty });
const integerIn = (min: number, max: number) => {
  const error = refusing('INVALID_INTEGER_FIELD');
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error }).optional();
};

/** The value of each type; CONTENT and UI values are the screen's own. */
const valueSchemas: Record<PreferenceType, z.ZodType> = {
  SEARCH_FILTER: z.looseObject({}),
  TABLE_CONFIGURATION: z.looseObject({
    columns: z.array(z.unknown()).optional(),
    pageSize: integerIn(1, 250),
    sideView: z.boolean().optional(),
    advancedSearchInModal: z.boolean().optional(),
  }),
  CONTENT: z.unknown(),
  UI: z.unknown(),
  PINNED_ITEM: z.looseObject({ entityName: requiredText(200), registration: requiredText(200) }),
  THEMING: z.looseObject({
    colorScheme: z.enum(colorSchemes).optional(),
    darkModeBrightness: z.number().min(0).max(200).optional(),
    darkModeContrast: z.number().min(0).max(200).optional(),
    darkModeSepia: z.number().min(0).max(100).optional(),
  }),
};

/** The page a user lands on after signing in, chosen by the user (groupId LANDING_PAGE, value `{path}`): it replaces the tenant's. */
const LANDING_PAGE = 'LANDING_PAGE';
const landingPageValue = z.looseObject({
  path: z
    .string({ error: refusing('INVALID_FIELD_VALUE') })
    .regex(/^\/[^/\\]/, { error: refusing('INVALID_FIELD_VALUE') })
    .max(500, { error: refusing('INVALID_FIELD_VALUE') }),
});

/** The landing page the user chose, if any. */
export function chosenLandingPage(preferences: Doc[]): string | undefined {
  const found = preferences.find((p) => p.groupId === LANDING_PAGE);
  const path = found && typeof found.value === 'object' && found.value ? (found.value as Doc).path : undefined;
  return typeof path === 'string' ? path : undefined;
}

/** `{groupId, type, value, _id?}`; the theme is saved with groupId THEMING (spec 000 §3) under type THEMING or UI: both are checked as a theme. */
const preferenceBody = z
  .strictObject({
    type: z.enum(preferenceTypes),
    groupId: nonEmptyText(500),
    value: z
      .unknown()
      .refine((v) => v !== undefined && JSON.stringify(v).length <= 100_000, {
        error: (issue) => (issue.input === undefined ? undefined : refusing('INVALID_FIELD_VALUE')),
      })
      .describe('the preference: its shape depends on the type'),
    _id: z
      .string({ error: refusing('INVALID_FIELD_VALUE') })
      .regex(/^[0-9a-f-]{36}$/i, { error: refusing('INVALID_FIELD_VALUE') })
      .optional()
      .describe('the preference to replace'),
  })
  .superRefine((body, context) => {
    const schema =
      body.groupId === LANDING_PAGE
        ? landingPageValue
        : valueSchemas[body.groupId === 'THEMING' ? 'THEMING' : body.type];
    const checked = schema.safeParse(body.value);
    for (const issue of checked.error?.issues.slice(0, 1) ?? [])
      context.addIssue({ ...issue, path: ['value', ...issue.path] } as z.core.$ZodRawIssue);
  });
type Preference = z.infer<typeof preferenceBody>;

/** A pinned record names a kind the product knows. */
function checkedPreference(preference: Preference): Preference {
  const entityName =
    preference.type === 'PINNED_ITEM' ? (preference.value as { entityName: string }).entityName : undefined;
  if (entityName !== undefined && !entityByName(entityName) && !/^dyno/i.test(entityName))
    throw new ApiError('UNSUPPORTED_ENTITY', [entityName]);
  return preference;
}

const shown = (doc: Doc) => ({ _id: doc._id, groupId: doc.groupId, type: doc.type, value: doc.value });

/** The preferences of a user, oldest first. */
export async function preferencesOf(tx: Tx, tenant: string, username: string): Promise<Doc[]> {
  const { rows } =
    await sql<storage.Row>`SELECT _id, registration, status, name, type, data, _insert_date, _insert_user, _update_date, _update_user, _version
    FROM ${sql.table(preferenceEntity.table)} WHERE tenant = ${tenant} AND data ->> 'username' = ${username} ORDER BY _insert_date, registration`.execute(
      tx,
    );
  return rows.map((r) => shown(storage.toDocument(r)));
}

type PreHandler = (request: FastifyRequest) => Promise<void>;

export async function userPreferenceRoutes(
  app: FastifyInstance,
  { db, preHandler }: { db: Db; preHandler: PreHandler },
) {
  const scope = (request: FastifyRequest) => scopeOf(request.caller!);
  const target = ({ params }: { params: { id: string } }) => normaliseUsername(params.id);
  const read = { name: 'read /api/core/users', orSelf: 'id' };
  const write = { name: MANAGE_USERS, orSelf: 'id' };
  const api = typed(app);
  const tags = ['Users'];
  const userPath = z.strictObject({ id: z.string().min(1).max(200).describe('the username') });

  api.get(
    '/api/core/users/:id/preferences',
    {
      preValidation: preHandler,
      config: { permission: read },
      schema: { tags, summary: 'The preferences of a user', params: userPath },
    },
    async (request) =>
      readInTenant(db, scope(request), async (tx) => {
        const user = await mustFindUser(tx, request.caller!.tenant, target(request));
        return preferencesOf(tx, request.caller!.tenant, user.registration);
      }),
  );

  const saveSchema = {
    tags,
    summary: 'Save a preference of a user (a search, a table, a pin, a theme…)',
    params: userPath,
    body: preferenceBody,
  };
  api.post(
    '/api/core/users/:id/preferences',
    { preValidation: preHandler, config: { permission: write }, schema: saveSchema },
    async (request) => {
      const preference = checkedPreference(request.body);
      const caller = request.caller!;
      return inTenant(db, scope(request), async (tx) => {
        const user = await mustFindUser(tx, caller.tenant, target(request));
        const data = {
          username: user.registration,
          groupId: preference.groupId,
          type: preference.type,
          value: preference.value,
        };
        let existing: storage.Row | undefined;
        if (preference._id) {
          existing = await storage.findOne(tx, preferenceEntity, caller.tenant, preference._id, true);
          if (!existing || existing.data.username !== user.registration)
            throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [preferenceEntity.name, preference._id]);
        } else if (oncePerGroup.has(preference.type)) {
          const { rows } = await sql<{
            _id: string;
          }>`SELECT _id FROM ${sql.table(preferenceEntity.table)} WHERE tenant = ${caller.tenant}
          AND data ->> 'username' = ${user.registration} AND type = ${preference.type} AND data ->> 'groupId' = ${preference.groupId} LIMIT 1 FOR UPDATE`.execute(
            tx,
          );
          if (rows[0]) existing = await storage.findOne(tx, preferenceEntity, caller.tenant, rows[0]._id, true);
        }
        const saved = existing
          ? await storage.updateRow(tx, preferenceEntity, caller.tenant, caller.username, existing._id, {
              ...data,
              registration: existing.registration,
            })
          : await storage.insertRow(tx, preferenceEntity, caller.tenant, caller.username, {
              ...data,
              registration: `${preferenceEntity.prefix}${String(await storage.nextCounter(tx, caller.tenant, preferenceEntity.name)).padStart(6, '0')}`,
            });
        return shown(storage.toDocument(saved));
      });
    },
  );

  api.delete(
    '/api/core/users/:id/preferences/:preferenceId',
    {
      preValidation: preHandler,
      config: { permission: write },
      schema: {
        tags,
        summary: 'Delete a preference of a user',
        params: userPath.extend({ preferenceId: z.string().min(1).max(200) }),
      },
    },
    async (request) => {
      const caller = request.caller!;
      const id = request.params.preferenceId;
      return inTenant(db, scope(request), async (tx) => {
        const user = await mustFindUser(tx, caller.tenant, target(request));
        const row = id.length <= 100 ? await storage.findOne(tx, preferenceEntity, caller.tenant, id, true) : undefined;
        if (!row || row.data.username !== user.registration)
          throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [preferenceEntity.name, id]);
        await storage.deleteRow(tx, preferenceEntity, caller.tenant, row._id);
        return shown(storage.toDocument(row));
      });
    },
  );
}
