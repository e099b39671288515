import { sql } from 'kysely';
import type { Entity } from '@lbo/model/entity';
import { entityByName } from '@lbo/model/entity-registry';
import { ApiError } from '@lbo/model/errors';
import type { Tx } from '../db/database.ts';
import { readConfiguration } from '../db/configuration.ts';
import * as storage from '../entities/storage.ts';
import { canReadEntity, defaultProfilesPermissions, permissionsOf, type Grants } from '../auth/permissions.ts';

/**
 * Mentions of users in a note's text: `@username`, where a username is the product's (an e-mail,
 * or a name ending with `@tenant`: `@admin@demo`). A mention may not start inside a word or an
 * address (`x@y.com` mentions nobody), and ends before a trailing dot or comma.
 */
const mentionPattern = /(?<![\w.@/:+-])@([\w.%+-]+@[\w-]+(?:\.[\w-]+)*)/g;

/** The usernames a text mentions, each once, in their order of appearance (lower case). */
export function mentionedUsernames(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(mentionPattern)) found.add(match[1].toLowerCase());
  return [...found];
}

const userEntity = entityByName('User')!;

/** What a user may read, as their profiles grant it under the tenant's configuration. */
function grantsOf(user: storage.Doc, profilesPermissions: Record<string, string[]>): Grants {
  const profiles = Array.isArray(user.profiles) ? user.profiles.filter((p): p is string => typeof p === 'string') : [];
  return {
    isAdmin: user.isAdmin === true,
    isMainAdmin: user.isMainAdmin === true,
    isSuperAdmin: user.isSuperAdmin === true,
    permissions: permissionsOf(profiles, profilesPermissions),
  };
}

/**
 * The mentioned users, checked: each must be a user of the tenant who may read the record the note
 * belongs to (a kind's read permission), else the note is refused with a 400 naming the field
 * `text` and the mention (docs/notes.md: refused rather than ignored, so that nobody believes a
 * colleague was told when they were not). Answers the usernames as the tenant spells them.
 */
export async function checkedMentions(tx: Tx, tenant: string, text: string, kind: Entity): Promise<string[]> {
  const wanted = mentionedUsernames(text);
  if (!wanted.length) return [];
  const rows = await storage.findMany(tx, userEntity, tenant, wanted);
  const byName = new Map(rows.map((row) => [row.registration.toLowerCase(), row]));
  const profilesPermissions =
    (await readConfiguration<Record<string, string[]>>(tx, tenant, 'profilesPermissions')) ??
    defaultProfilesPermissions;
  const usernames: string[] = [];
  for (const name of wanted) {
    const row = byName.get(name) ?? (await caseInsensitiveUser(tx, tenant, name));
    if (!row) throw new ApiError('INVALID_FIELD_VALUE', [`@${name} (no such user)`, 'text']);
    if (!canReadEntity(grantsOf(storage.toDocument(row), profilesPermissions), kind))
      throw new ApiError('INVALID_FIELD_VALUE', [`@${name} (this user may not read ${kind.labels.en.plural})`, 'text']);
    usernames.push(row.registration);
  }
  return usernames;
}

/** A user whose username differs from the mention by case only (`@Admin@demo`). */
async function caseInsensitiveUser(tx: Tx, tenant: string, name: string) {
  const [row] = await storage.findWhere(tx, userEntity, tenant, sql<boolean>`lower(registration) = ${name}`, 1);
  return row;
}
