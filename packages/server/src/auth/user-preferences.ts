import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { ApiError } from '@lbo/model/errors';
import { entityByName } from '@lbo/model/entity-registry';
import { isObject } from '@lbo/model/values/validate';
import { inTenant, readInTenant, scopeOf, type Db, type Tx } from '../db/database.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import { MANAGE_USERS, mustFindUser, normaliseUsername } from './users.operation.ts';

/**
 * User preferences of spec 000 §3, stored as UserPreference records of the user:
 * `POST /api/core/users/{username}/preferences` with {groupId, type, value} creates one, or
 * updates the one whose `_id` is given; `DELETE …/preferences/{id}` removes one. A table
 * configuration, a UI setting and a theme are kept once per group: saving one again replaces it.
 */
export const preferenceTypes = ['SEARCH_FILTER', 'TABLE_CONFIGURATION', 'CONTENT', 'UI', 'PINNED_ITEM', 'THEMING'] as const;
export type PreferenceType = (typeof preferenceTypes)[number];

const oncePerGroup = new Set<string>(['TABLE_CONFIGURATION', 'UI', 'THEMING']);
const preferenceEntity = entityByName('UserPreference')!;
const colorSchemes = ['followSystem', 'dark', 'light'];

const numberIn = (value: unknown, path: string, min: number, max: number) => {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new ApiError('INVALID_NUMBER_FIELD', [path]);
  if (value < min || value > max) throw new ApiError('INVALID_FIELD_VALUE', [value, path]);
};

/** Checks the value of each type; CONTENT, UI and SEARCH_FILTER values are the screen's own. */
const valueChecks: Record<PreferenceType, (value: unknown) => void> = {
  SEARCH_FILTER: (v) => { if (!isObject(v)) throw new ApiError('INVALID_OBJECT_FIELD', ['value']); },
  TABLE_CONFIGURATION: (v) => {
    if (!isObject(v)) throw new ApiError('INVALID_OBJECT_FIELD', ['value']);
    if (v.columns !== undefined && !Array.isArray(v.columns)) throw new ApiError('INVALID_ARRAY_FIELD', ['value.columns']);
    if (v.pageSize !== undefined && !(Number.isInteger(v.pageSize) && (v.pageSize as number) > 0 && (v.pageSize as number) <= 250)) throw new ApiError('INVALID_INTEGER_FIELD', ['value.pageSize']);
    for (const flag of ['sideView', 'advancedSearchInModal']) if (v[flag] !== undefined && typeof v[flag] !== 'boolean') throw new ApiError('INVALID_BOOLEAN_FIELD', [`value.${flag}`]);
  },
  CONTENT: () => {},
  UI: () => {},
  PINNED_ITEM: (v) => {
    if (!isObject(v)) throw new ApiError('INVALID_OBJECT_FIELD', ['value']);
    if (typeof v.entityName !== 'string' || !v.entityName) throw new ApiError('INVALID_NON_EMPTY_STRING_FIELD', ['value.entityName']);
    if (!entityByName(v.entityName) && !/^dyno/i.test(v.entityName)) throw new ApiError('UNSUPPORTED_ENTITY', [v.entityName]);
    if (typeof v.registration !== 'string' || !v.registration) throw new ApiError('INVALID_NON_EMPTY_STRING_FIELD', ['value.registration']);
  },
  THEMING: (v) => {
    if (!isObject(v)) throw new ApiError('INVALID_OBJECT_FIELD', ['value']);
    if (v.colorScheme !== undefined && !colorSchemes.includes(v.colorScheme as string)) throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(v.colorScheme), 'value.colorScheme']);
    numberIn(v.darkModeBrightness, 'value.darkModeBrightness', 0, 200);
    numberIn(v.darkModeContrast, 'value.darkModeContrast', 0, 200);
    numberIn(v.darkModeSepia, 'value.darkModeSepia', 0, 100);
  },
};

/** The theme is saved with groupId THEMING (spec 000 §3) under type THEMING or UI; both are checked as a theme. */
function preferenceOf(body: unknown): { _id?: string; groupId: string; type: PreferenceType; value: unknown } {
  if (body === undefined || body === null || body === '' || (isObject(body) && Object.keys(body).length === 0)) throw new ApiError('MISSING_BODY_PAYLOAD');
  if (!isObject(body)) throw new ApiError('INVALID_NON_EMPTY_OBJECT_FIELD', ['body']);
  const { _id, groupId, type, value } = body;
  if (type === undefined) throw new ApiError('MISSING_FIELD_IN_BODY', ['type']);
  if (typeof type !== 'string' || !preferenceTypes.includes(type as PreferenceType)) throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(type), 'type']);
  if (groupId === undefined) throw new ApiError('MISSING_FIELD_IN_BODY', ['groupId']);
  if (typeof groupId !== 'string' || !groupId.trim() || groupId.length > 500) throw new ApiError('INVALID_NON_EMPTY_STRING_FIELD', ['groupId']);
  if (value === undefined) throw new ApiError('MISSING_FIELD_IN_BODY', ['value']);
  if (_id !== undefined && (typeof _id !== 'string' || !/^[0-9a-f-]{36}$/i.test(_id))) throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(_id), '_id']);
  if (JSON.stringify(value).length > 100_000) throw new ApiError('INVALID_FIELD_VALUE', ['(more than 100000 characters)', 'value']);
  valueChecks[groupId === 'THEMING' ? 'THEMING' : (type as PreferenceType)](value);
  return { _id: _id as string | undefined, groupId, type: type as PreferenceType, value };
}

const shown = (doc: Doc) => ({ _id: doc._id, groupId: doc.groupId, type: doc.type, value: doc.value });

/** The preferences of a user, oldest first. */
export async function preferencesOf(tx: Tx, tenant: string, username: string): Promise<Doc[]> {
  const { rows } = await sql<storage.Row>`SELECT _id, registration, status, name, type, data, _insert_date, _insert_user, _update_date, _update_user, _version
    FROM ${sql.table(preferenceEntity.table)} WHERE tenant = ${tenant} AND data ->> 'username' = ${username} ORDER BY _insert_date, registration`.execute(tx);
  return rows.map((r) => shown(storage.toDocument(r)));
}

type PreHandler = (request: FastifyRequest) => Promise<void>;

export async function userPreferenceRoutes(app: FastifyInstance, { db, preHandler }: { db: Db; preHandler: PreHandler }) {
  const scope = (request: FastifyRequest) => scopeOf(request.caller!);
  const target = (request: FastifyRequest) => normaliseUsername((request.params as { id: string }).id);
  const read = { name: 'read /api/core/users', orSelf: 'id' };
  const write = { name: MANAGE_USERS, orSelf: 'id' };

  app.get('/api/core/users/:id/preferences', { preHandler, config: { permission: read } }, async (request) =>
    readInTenant(db, scope(request), async (tx) => {
      const user = await mustFindUser(tx, request.caller!.tenant, target(request));
      return preferencesOf(tx, request.caller!.tenant, user.registration);
    }));

  app.post('/api/core/users/:id/preferences', { preHandler, config: { permission: write } }, async (request) => {
    const preference = preferenceOf(request.body);
    const caller = request.caller!;
    return inTenant(db, scope(request), async (tx) => {
      const user = await mustFindUser(tx, caller.tenant, target(request));
      const data = { username: user.registration, groupId: preference.groupId, type: preference.type, value: preference.value };
      let existing: storage.Row | undefined;
      if (preference._id) {
        existing = await storage.findOne(tx, preferenceEntity, caller.tenant, preference._id, true);
        if (!existing || existing.data.username !== user.registration) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [preferenceEntity.name, preference._id]);
      } else if (oncePerGroup.has(preference.type)) {
        const { rows } = await sql<{ _id: string }>`SELECT _id FROM ${sql.table(preferenceEntity.table)} WHERE tenant = ${caller.tenant}
          AND data ->> 'username' = ${user.registration} AND type = ${preference.type} AND data ->> 'groupId' = ${preference.groupId} LIMIT 1 FOR UPDATE`.execute(tx);
        if (rows[0]) existing = await storage.findOne(tx, preferenceEntity, caller.tenant, rows[0]._id, true);
      }
      const saved = existing
        ? await storage.updateRow(tx, preferenceEntity, caller.tenant, caller.username, existing._id, { ...data, registration: existing.registration })
        : await storage.insertRow(tx, preferenceEntity, caller.tenant, caller.username, {
          ...data, registration: `${preferenceEntity.prefix}${String(await storage.nextCounter(tx, caller.tenant, preferenceEntity.name)).padStart(6, '0')}`,
        });
      return shown(storage.toDocument(saved));
    });
  });

  app.delete('/api/core/users/:id/preferences/:preferenceId', { preHandler, config: { permission: write } }, async (request) => {
    const caller = request.caller!;
    const id = (request.params as { preferenceId: string }).preferenceId;
    return inTenant(db, scope(request), async (tx) => {
      const user = await mustFindUser(tx, caller.tenant, target(request));
      const row = id.length <= 100 ? await storage.findOne(tx, preferenceEntity, caller.tenant, id, true) : undefined;
      if (!row || row.data.username !== user.registration) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [preferenceEntity.name, id]);
      await storage.deleteRow(tx, preferenceEntity, caller.tenant, row._id);
      return shown(storage.toDocument(row));
    });
  });
}
