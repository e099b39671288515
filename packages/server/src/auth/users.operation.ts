import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Entity } from '@lbo/model/entity';
import { ApiError } from '@lbo/model/errors';
import { entityByName } from '@lbo/model/entity-registry';
import { referenceLists } from '@lbo/model/reference-lists';
import { isObject, validateFields } from '@lbo/model/values/validate';
import { isValidUsername, passwordWeakness } from '@lbo/model/values/credentials';
import { PROPS_PREFIX } from '@lbo/model/values/limits';
import { inTenant, scopeOf, type Db, type Tx } from '../db/database.ts';
import { databaseError } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import type { SessionCaller, SessionService } from './sessions.ts';
import { adminLevel, gatedUserFields, hasPermission } from './permissions.ts';
import { checkPassword, setPassword } from './passwords.ts';
import { originOf, recordAccess, type Origin } from './access-log.ts';

/**
 * What is special to users beyond the generic operations: usernames by the spec's rule,
 * passwords kept apart from the document (hashed in `user_credential`, never answered), admin
 * levels that only an equal or higher admin may grant or touch, the person a user is linked to,
 * and the sessions that end when a user is locked, deleted or given a new password.
 */
export type UserCaller = SessionCaller & { timeZone?: string };

export const userEntity = entityByName('User')!;
const personEntity = entityByName('Person')!;
const historyEntity = entityByName('History')!;

export const MANAGE_USERS = 'write /api/core/users';
const systemFields = ['_id', '_version', '_insertDate', '_insertUser', '_updateDate', '_updateUser'];

/** Refuses a change of a user whose version the client's `If-Match` does not name (412, nothing written). */
function checkIfMatch(username: string, version: number, ifMatch: number[] | '*' | undefined) {
  if (ifMatch === undefined || ifMatch === '*' || ifMatch.includes(version)) return;
  throw new ApiError('PRECONDITION_FAILED', ['User', username, version, ifMatch.join(' or ')]);
}
/** Never stored in the document. */
const credentialFields = ['password', 'currentPassword', 'confirmPassword', 'passwordConfirmation'];
/** Kept by the server whatever a body says. */
const serverManaged = ['lastLoginDate', 'hasActivatedMfa'];
/** Names of the linked persons, computed on every write. */
const displayNames = ['person', 'partner', 'organization'];
/** What users may change in their own record without the users write permission. */
const selfEditable = new Set([
  'firstName',
  'lastName',
  'email',
  'mobile',
  'locale',
  'timeZone',
  'isNotificationsDisabled',
  'signatureUserId',
]);

export const normaliseUsername = (username: string) => username.trim().toLowerCase();

/** A History row for a change, as the generic operations write it. */
export async function recordHistory(
  tx: Tx,
  caller: { tenant: string; username: string },
  entity: Entity,
  action: string,
  before: Doc | undefined,
  after: Doc | undefined,
) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    if (systemFields.includes(key)) continue;
    if (JSON.stringify(before?.[key]) !== JSON.stringify(after?.[key]))
      changes[key] = { from: before?.[key] ?? null, to: after?.[key] ?? null };
  }
  await storage.insertRow(tx, historyEntity, caller.tenant, caller.username, {
    registration: crypto.randomUUID(),
    entityName: entity.name,
    entityRegistration: (after ?? before)?.registration,
    action,
    user: caller.username,
    date: new Date().toISOString(),
    fromStatus: before?.status ?? null,
    toStatus: after?.status ?? null,
    changes,
  });
}

function bodyOf(body: unknown): Doc {
  if (body === undefined || body === null || body === '' || (isObject(body) && Object.keys(body).length === 0))
    throw new ApiError('MISSING_BODY_PAYLOAD');
  if (!isObject(body)) throw new ApiError('INVALID_NON_EMPTY_OBJECT_FIELD', ['body']);
  return body;
}

/** Names a user body may carry beside the declared fields: its contexts, passwords and the record's own. */
const bodyOnly = new Set(['contexts', ...credentialFields, ...systemFields]);

/**
 * Refuses the first name of a body the User declaration does not know (nor a `props_` flag of a
 * declared field), as the generic writes do: nothing undeclared is stored, a tenant least of all.
 */
function refuseUnknownFields(raw: Doc) {
  for (const key of Object.keys(raw)) {
    if (Object.hasOwn(userEntity.fields, key) || bodyOnly.has(key)) continue;
    if (key.startsWith(PROPS_PREFIX) && Object.hasOwn(userEntity.fields, key.slice(PROPS_PREFIX.length))) continue;
    throw new ApiError('INVALID_FIELD_IN_BODY', [key]);
  }
}

const withoutKeys = (doc: Doc, keys: string[]) =>
  Object.fromEntries(Object.entries(doc).filter(([k]) => !keys.includes(k)));

export async function mustFindUser(tx: Tx, tenant: string, username: string, forUpdate = false) {
  const row = await storage.findOne(tx, userEntity, tenant, normaliseUsername(username), forUpdate);
  if (!row) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [userEntity.name, username]);
  return row;
}

/** Whether the caller may manage (change, lock, reset, delete) a user of `target`'s admin level. */
export function canManage(caller: UserCaller, target: Doc): boolean {
  return hasPermission(caller, MANAGE_USERS) && caller.adminLevel >= adminLevel(target);
}

function assertCanManage(caller: UserCaller, target: Doc) {
  if (!hasPermission(caller, MANAGE_USERS)) throw new ApiError('FORBIDDEN', [MANAGE_USERS]);
  if (caller.adminLevel < adminLevel(target)) throw new ApiError('FORBIDDEN', [`admin level ${adminLevel(target)}`]);
}

/** Refuses changes of admin flags, profiles and contexts beyond the caller's own level. */
function assertGrants(caller: UserCaller, before: Doc, after: Doc) {
  const changed = (field: string) => JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null);
  for (const [field, level] of Object.entries(gatedUserFields)) {
    if ((before[field] === true) !== (after[field] === true) && caller.adminLevel < level)
      throw new ApiError('FORBIDDEN', [`admin level ${level} to change ${field}`]);
  }
  const held = new Set(caller.profiles);
  const added = ((after.profiles as string[] | undefined) ?? []).filter(
    (p) => !((before.profiles as string[] | undefined) ?? []).includes(p),
  );
  if (caller.adminLevel < 1 && added.some((p) => !held.has(p)))
    throw new ApiError('FORBIDDEN', ['admin level 1 to grant a profile one does not hold']);
  if (caller.adminLevel < 1 && changed('contexts'))
    throw new ApiError('FORBIDDEN', ['admin level 1 to change contexts']);
}

/** Display names of the linked persons (`person.name`, `partner.name`, `organization.name`). */
async function linkedNames(tx: Tx, tenant: string, doc: Doc): Promise<Doc> {
  const links = {
    person: doc.personRegistration,
    partner: doc.partnerRegistration,
    organization: doc.orgaRegistration,
  };
  const wanted = Object.values(links).filter((r): r is string => typeof r === 'string' && r !== '');
  const found = new Map(
    (await storage.findMany(tx, personEntity, tenant, wanted)).map((r) => [r.registration, r.name]),
  );
  const out: Doc = {};
  for (const [key, registration] of Object.entries(links)) {
    const name = typeof registration === 'string' ? found.get(registration) : undefined;
    if (name) out[key] = { name };
  }
  return out;
}

function validated(caller: UserCaller, body: Doc): Doc {
  const doc = validateFields(withoutKeys(body, [...systemFields, ...credentialFields]), userEntity.fields, '', {
    requireMandatory: true,
    timeZone: caller.timeZone,
  });
  if (doc.contexts !== undefined) {
    if (!Array.isArray(doc.contexts)) throw new ApiError('INVALID_ARRAY_FIELD', ['contexts']);
    (doc.contexts as unknown[]).forEach((c, i) => {
      if (!isObject(c) || typeof c.name !== 'string' || !c.name.trim())
        throw new ApiError('INVALID_NON_EMPTY_STRING_FIELD', [`contexts[${i}].name`]);
      if (c.profiles !== undefined && !(Array.isArray(c.profiles) && c.profiles.every((p) => typeof p === 'string')))
        throw new ApiError('INVALID_ARRAY_FIELD', [`contexts[${i}].profiles`]);
    });
  }
  return doc;
}

function passwordOf(body: Doc, field = 'password'): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !value) throw new ApiError('INVALID_NON_EMPTY_STRING_FIELD', [field]);
  return value;
}

function assertStrong(password: string, username: string) {
  const weakness = passwordWeakness(password, username);
  if (weakness) throw new ApiError('WEAK_PASSWORD', [weakness]);
}

/** A new Person for a user created with `syncPerson=1` and no person to link. */
async function createPerson(tx: Tx, caller: UserCaller, user: Doc): Promise<Doc> {
  const profiles = (user.profiles as string[] | undefined) ?? [];
  const roles = ['CLIENT', 'SALES'].filter((r) => profiles.includes(r));
  const email = user.email ?? (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(String(user.username)) ? user.username : undefined);
  const input = validateFields(
    {
      type: 'I',
      firstName: user.firstName,
      lastName: user.lastName,
      name: [user.firstName, user.lastName].filter(Boolean).join(' '),
      email,
      roles: (roles.length ? roles : ['CLIENT']).map((role) => ({ role })),
    },
    personEntity.fields,
    '',
    { requireMandatory: true, timeZone: caller.timeZone },
  );
  if (!input.lastName) throw new ApiError('MISSING_FIELD_IN_BODY', ['lastName']);
  const status = personEntity.status ? (referenceLists[personEntity.status]?.[0]?.value ?? 'DRAFT') : undefined;
  const registration = `${personEntity.prefix}${String(await storage.nextCounter(tx, caller.tenant, personEntity.name)).padStart(6, '0')}`;
  const person = storage.toDocument(
    await storage.insertRow(tx, personEntity, caller.tenant, caller.username, {
      ...input,
      username: user.username,
      registration,
      ...(status ? { status } : {}),
    }),
  );
  await recordHistory(tx, caller, personEntity, 'CREATE', undefined, person);
  return person;
}

/**
 * The person a user is created for learns its username (the relation diagram shows it), and
 * gets the user's email and names where it has none (spec 002 §4 quick add re-reads it after).
 */
async function syncPerson(tx: Tx, caller: UserCaller, row: storage.Row, user: Doc): Promise<void> {
  const before = storage.toDocument(row);
  const fill = Object.fromEntries(
    ['email', 'firstName', 'lastName']
      .filter(
        (f) =>
          (before[f] === undefined || before[f] === null || before[f] === '') &&
          typeof user[f] === 'string' &&
          user[f] !== '',
      )
      .map((f) => [f, user[f]]),
  );
  const data = { ...row.data, ...fill, username: user.username };
  if (JSON.stringify(data) === JSON.stringify(row.data)) return;
  const updated = storage.toDocument(
    await storage.updateRow(tx, personEntity, caller.tenant, caller.username, row._id, data),
  );
  await recordHistory(tx, caller, personEntity, 'UPDATE', before, updated);
}

/** The users' username rule (spec 000 §5): an e-mail, or a name ending with `@{tenant}`; refused as the users API refuses it. */
export function assertValidUsername(username: string, tenant: string): void {
  if (!isValidUsername(username, tenant)) throw new ApiError('INVALID_USERNAME', [tenant]);
}

export function createUserOperations(db: Db, sessions: SessionService) {
  const scoped = <T>(caller: UserCaller, work: (tx: Tx) => Promise<T>) =>
    inTenant(db, scopeOf(caller), work).catch((e) => databaseError(e, userEntity));

  return {
    async create(caller: UserCaller, body: unknown, options: { syncPerson: boolean }): Promise<Doc> {
      const raw = bodyOf(body);
      refuseUnknownFields(raw);
      if (typeof raw.username !== 'string' || !raw.username.trim())
        throw new ApiError('MISSING_FIELD_IN_BODY', ['username']);
      const username = normaliseUsername(raw.username);
      assertValidUsername(username, caller.tenant);
      const password = passwordOf(raw);
      if (password) assertStrong(password, username);
      const input = validated(caller, { ...withoutKeys(raw, [...serverManaged, ...displayNames]), username });
      if (input.status !== undefined) throw new ApiError('STATUS_PATCH_PROHIBITED');
      assertGrants(caller, {}, input);
      return scoped(caller, async (tx) => {
        if (options.syncPerson) {
          if (typeof input.personRegistration === 'string' && input.personRegistration) {
            const person = await storage.findOne(tx, personEntity, caller.tenant, input.personRegistration, true);
            if (!person)
              throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [personEntity.name, input.personRegistration]);
            await syncPerson(tx, caller, person, { ...input, username });
          } else {
            input.personRegistration = (await createPerson(tx, caller, input)).registration;
          }
        }
        const status = userEntity.status ? referenceLists[userEntity.status]?.[0]?.value : undefined;
        const data = {
          ...input,
          registration: username,
          ...(await linkedNames(tx, caller.tenant, input)),
          ...(status ? { status } : {}),
        };
        const doc = storage.toDocument(await storage.insertRow(tx, userEntity, caller.tenant, caller.username, data));
        await recordHistory(tx, caller, userEntity, 'CREATE', undefined, doc);
        if (password) await setPassword(tx, caller.tenant, username, password);
        return doc;
      });
    },

    /** PUT replaces, PATCH merges; users without the write permission may change only their own personal fields. */
    async update(
      caller: UserCaller,
      username: string,
      body: unknown,
      mode: 'replace' | 'merge',
      origin: Origin,
      ifMatch?: number[] | '*',
    ): Promise<Doc> {
      const raw = bodyOf(body);
      refuseUnknownFields(raw);
      for (const field of credentialFields)
        if (raw[field] !== undefined) throw new ApiError('INVALID_FIELD_IN_BODY', [field]);
      const expectedVersion = raw._version;
      if (expectedVersion !== undefined && !Number.isInteger(expectedVersion))
        throw new ApiError('INVALID_INTEGER_FIELD', ['_version']);
      return scoped(caller, async (tx) => {
        const row = await mustFindUser(tx, caller.tenant, username, true);
        checkIfMatch(username, row._version, ifMatch);
        const before = storage.toDocument(row);
        if (expectedVersion !== undefined && expectedVersion !== row._version)
          throw new ApiError('VERSION_CONFLICT', [userEntity.name, username, expectedVersion, row._version]);
        const base = withoutKeys(before, systemFields);
        // Fields the caller may not see are kept as they are (a PUT cannot drop what it cannot show).
        const hidden = Object.fromEntries(
          Object.entries(gatedUserFields)
            .filter(([f, level]) => caller.adminLevel < level && before[f] !== undefined && raw[f] === undefined)
            .map(([f]) => [f, before[f]]),
        );
        const kept = Object.fromEntries(
          serverManaged.filter((f) => before[f] !== undefined).map((f) => [f, before[f]]),
        );
        const merged = mode === 'merge' ? { ...base, ...raw } : { ...raw };
        const input = validated(caller, {
          ...withoutKeys(merged, [...serverManaged, ...displayNames]),
          ...hidden,
          username: merged.username ?? row.registration,
        });
        if (input.username !== undefined && normaliseUsername(String(input.username)) !== row.registration)
          throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(input.username), 'username']);
        if (input.status !== undefined && input.status !== row.status) throw new ApiError('STATUS_PATCH_PROHIBITED');
        const next: Doc = {
          ...input,
          username: row.registration,
          registration: row.registration,
          ...kept,
          ...(await linkedNames(tx, caller.tenant, input)),
          ...(row.status !== null ? { status: row.status } : {}),
        };
        const isSelf = row.registration === caller.username && !caller.impersonatingTenant;
        const changedFields = [...new Set([...Object.keys(base), ...Object.keys(next)])].filter(
          (k) => !displayNames.includes(k) && JSON.stringify(base[k] ?? null) !== JSON.stringify(next[k] ?? null),
        );
        if (!(isSelf && changedFields.every((f) => selfEditable.has(f)))) {
          assertCanManage(caller, before);
          assertGrants(caller, before, next);
        }
        const updated = storage.toDocument(
          await storage.updateRow(tx, userEntity, caller.tenant, caller.username, row._id, next),
        );
        await recordHistory(tx, caller, userEntity, 'UPDATE', before, updated);
        if (before.isLocked !== true && updated.isLocked === true) {
          await sessions.revokeUser(tx, caller.tenant, row.registration);
          await recordAccess(tx, caller.tenant, 'USER_LOCKED', row.registration, origin, { by: caller.username });
        }
        if (before.isLocked === true && updated.isLocked !== true) {
          await sql`UPDATE user_credential SET failed_attempts = 0 WHERE tenant = ${caller.tenant} AND username = ${row.registration}`.execute(
            tx,
          );
          await recordAccess(tx, caller.tenant, 'USER_UNLOCKED', row.registration, origin, { by: caller.username });
        }
        return updated;
      });
    },

    async remove(caller: UserCaller, username: string, ifMatch?: number[] | '*'): Promise<Doc> {
      return scoped(caller, async (tx) => {
        const row = await mustFindUser(tx, caller.tenant, username, true);
        checkIfMatch(username, row._version, ifMatch);
        const before = storage.toDocument(row);
        assertCanManage(caller, before);
        await storage.deleteRow(tx, userEntity, caller.tenant, row._id);
        await recordHistory(tx, caller, userEntity, 'DELETE', before, undefined);
        await sql`DELETE FROM user_credential WHERE tenant = ${caller.tenant} AND username = ${row.registration}`.execute(
          tx,
        );
        await sql`DELETE FROM user_photo WHERE tenant = ${caller.tenant} AND username = ${row.registration}`.execute(
          tx,
        );
        await sql`DELETE FROM ${sql.table(entityByName('UserPreference')!.table)} WHERE tenant = ${caller.tenant} AND data ->> 'username' = ${row.registration}`.execute(
          tx,
        );
        await sessions.revokeUser(tx, caller.tenant, row.registration);
        return before;
      });
    },

    /**
     * Sets a password: users change their own with `currentPassword` (a wrong one counts as a
     * failed sign-in); a manager of the user resets it without. Other sessions of the user end.
     */
    async setPassword(caller: UserCaller, username: string, body: unknown, origin: Origin): Promise<{ ok: true }> {
      const raw = bodyOf(body);
      const password = passwordOf(raw);
      if (!password) throw new ApiError('MISSING_FIELD_IN_BODY', ['password']);
      const current = passwordOf(raw, 'currentPassword');
      const outcome = await scoped(caller, async (tx) => {
        const row = await mustFindUser(tx, caller.tenant, username, true);
        const isSelf = row.registration === caller.username && !caller.impersonatingTenant;
        if (!isSelf || current === undefined) assertCanManage(caller, storage.toDocument(row));
        assertStrong(password, row.registration);
        if (isSelf && current !== undefined) {
          const {
            rows: [cred],
          } = await sql<{ password_hash: string | null }>`SELECT password_hash FROM user_credential
            WHERE tenant = ${caller.tenant} AND username = ${row.registration} FOR UPDATE`.execute(tx);
          if (!(await checkPassword(cred?.password_hash, current))) {
            await countFailure(tx, caller, row.registration, origin, sessions);
            return 'wrong' as const;
          }
        }
        await setPassword(tx, caller.tenant, row.registration, password);
        await sql`UPDATE user_credential SET password_changed_at = now() WHERE tenant = ${caller.tenant} AND username = ${row.registration}`.execute(
          tx,
        );
        await sessions.revokeUser(tx, caller.tenant, row.registration, isSelf ? caller.sessionId : undefined);
        await recordAccess(
          tx,
          caller.tenant,
          isSelf && current !== undefined ? 'PASSWORD_CHANGED' : 'PASSWORD_RESET',
          row.registration,
          origin,
          { by: caller.username },
        );
        return 'done' as const;
      });
      if (outcome === 'wrong') throw new ApiError('INVALID_CURRENT_PASSWORD');
      return { ok: true };
    },

    async unlock(caller: UserCaller, username: string, origin: Origin): Promise<Doc> {
      return scoped(caller, async (tx) => {
        const row = await mustFindUser(tx, caller.tenant, username, true);
        assertCanManage(caller, storage.toDocument(row));
        await sql`UPDATE user_credential SET failed_attempts = 0 WHERE tenant = ${caller.tenant} AND username = ${row.registration}`.execute(
          tx,
        );
        await recordAccess(tx, caller.tenant, 'USER_UNLOCKED', row.registration, origin, { by: caller.username });
        return setUserFlags(tx, caller, row.registration, { isLocked: false }, 'UNLOCK');
      });
    },

    /** Turns the second factor off; the user may enrol again. */
    async resetTotp(caller: UserCaller, username: string, origin: Origin): Promise<Doc> {
      return scoped(caller, async (tx) => {
        const row = await mustFindUser(tx, caller.tenant, username, true);
        assertCanManage(caller, storage.toDocument(row));
        await sql`UPDATE user_credential SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = NULL
          WHERE tenant = ${caller.tenant} AND username = ${row.registration}`.execute(tx);
        await recordAccess(tx, caller.tenant, 'MFA_RESET', row.registration, origin, { by: caller.username });
        return setUserFlags(tx, caller, row.registration, { hasActivatedMfa: false }, 'MFA_RESET');
      });
    },
  };
}

export type UserOperations = ReturnType<typeof createUserOperations>;

/** Merges server-managed flags into a user's document, with its History row. */
export async function setUserFlags(
  tx: Tx,
  caller: { tenant: string; username: string },
  username: string,
  flags: Doc,
  action: string,
): Promise<Doc> {
  const row = await mustFindUser(tx, caller.tenant, username, true);
  const before = storage.toDocument(row);
  const updated = storage.toDocument(
    await storage.updateRow(tx, userEntity, caller.tenant, caller.username, row._id, { ...row.data, ...flags }),
  );
  await recordHistory(tx, caller, userEntity, action, before, updated);
  return updated;
}

/** Counts a failed sign-in (password or code); the fifth in a row locks the user and ends its sessions. */
export async function countFailure(
  tx: Tx,
  scope: { tenant: string; username: string },
  username: string,
  origin: Origin,
  sessions: Pick<SessionService, 'revokeUser'>,
): Promise<boolean> {
  const {
    rows: [cred],
  } = await sql<{ failed_attempts: number }>`UPDATE user_credential SET failed_attempts = failed_attempts + 1
    WHERE tenant = ${scope.tenant} AND username = ${username} RETURNING failed_attempts`.execute(tx);
  if (!cred || cred.failed_attempts < MAX_FAILED_ATTEMPTS) return false;
  const row = await storage.findOne(tx, userEntity, scope.tenant, username, true);
  if (!row || row.data.isLocked === true) return true;
  await setUserFlags(tx, { tenant: scope.tenant, username: 'system' }, username, { isLocked: true }, 'LOCK');
  await sessions.revokeUser(tx, scope.tenant, username);
  await recordAccess(tx, scope.tenant, 'USER_LOCKED', username, origin, { failedAttempts: cred.failed_attempts });
  return true;
}

/** Consecutive failures after which a user is locked until an admin unlocks it. */
export const MAX_FAILED_ATTEMPTS = 5;

export { originOf };
