import { registerCache, type CacheCounters } from '../db/caches.ts';
import { sql } from 'kysely';
import { entityByName } from '@lbo/model/entity-registry';
import { readInTenant, type Db, type Tx } from '../db/database.ts';
import { authFeed, onAuthChange } from '../db/change-feed.ts';

/**
 * Feature flags as the core checks them, next to permissions: a menu entry, a transition or a
 * route names a flag (`featureFlag`), and this decides whether it is on for a caller. Modelled on
 * Unleash and LaunchDarkly targeting, kept simple; the precedence, first match wins:
 * 1. no FeatureFlag of that name in the tenant: on (a gate stays open until a flag is created);
 * 2. the flag ARCHIVED: off for everyone;
 * 3. an ENABLED or DISABLED FeatureFlagItem naming the user: on or off;
 * 4. such items naming one of the user's profiles: on if one of them is ENABLED, else off;
 * 5. the flag's status: on when ENABLED (DRAFT and DISABLED are off).
 * A DRAFT item does nothing. The flags are read from the database and kept per tenant while the
 * change feed is live: a write to them, in any process, drops what every process keeps
 * (db/change-feed.ts), so a change acts on the next request without a restart.
 */

/** One targeting rule: a user's or a profile's. */
export interface FlagRule {
  flag: string;
  username?: string;
  profile?: string;
  on: boolean;
}

/** What a tenant stored: each flag's status by name, and the rules of its items. */
export interface TenantFlags {
  statuses: ReadonlyMap<string, string>;
  rules: readonly FlagRule[];
}

/** Who a flag is evaluated for. */
export interface FlagAudience {
  username: string;
  profiles?: readonly string[];
}

const flagKind = entityByName('FeatureFlag')!;
const itemKind = entityByName('FeatureFlagItem')!;

/** Reads a tenant's flags and rules in `tx` (always fresh: a transition checks inside its own transaction). */
export async function readTenantFlags(tx: Tx, tenant: string): Promise<TenantFlags> {
  const { rows: flags } = await sql<{ registration: string; status: string | null }>`
    SELECT registration, status FROM ${sql.table(flagKind.table)} WHERE tenant = ${tenant}`.execute(tx);
  const { rows: items } = await sql<{ flag: string; username: string | null; profile: string | null; status: string }>`
    SELECT data ->> 'flagName' AS flag, data ->> 'username' AS username, data ->> 'profile' AS profile, status
    FROM ${sql.table(itemKind.table)} WHERE tenant = ${tenant} AND status IN ('ENABLED', 'DISABLED')`.execute(tx);
  return {
    statuses: new Map(flags.map((f) => [f.registration, f.status ?? 'DRAFT'])),
    rules: items.map((item) => ({
      flag: item.flag,
      ...(item.username ? { username: item.username.toLowerCase() } : {}),
      ...(item.profile ? { profile: item.profile } : {}),
      on: item.status === 'ENABLED',
    })),
  };
}

/** Whether flag `name` is on for `who` (the precedence above). */
export function isFlagOn(flags: TenantFlags, name: string, who: FlagAudience): boolean {
  const status = flags.statuses.get(name);
  if (status === undefined) return true;
  if (status === 'ARCHIVED') return false;
  const rules = flags.rules.filter((rule) => rule.flag === name);
  const username = who.username.toLowerCase();
  const userRule = rules.find((rule) => rule.username === username);
  if (userRule) return userRule.on;
  const profileRules = rules.filter((rule) => rule.profile && who.profiles?.includes(rule.profile));
  if (profileRules.length) return profileRules.some((rule) => rule.on);
  return status === 'ENABLED';
}

/** Every flag the tenant holds, on or off for `who` (`featureFlags` of the user configuration). */
export function flagsFor(flags: TenantFlags, who: FlagAudience): Record<string, boolean> {
  return Object.fromEntries([...flags.statuses.keys()].sort().map((name) => [name, isFlagOn(flags, name, who)]));
}

const cachesByDb = new WeakMap<Db, Map<string, TenantFlags>>();
const counters = new WeakMap<Db, CacheCounters>();

function cacheOf(db: Db): Map<string, TenantFlags> {
  let cache = cachesByDb.get(db);
  if (!cache) {
    const created = new Map<string, TenantFlags>();
    onAuthChange(db, () => created.clear());
    counters.set(
      db,
      registerCache(db, {
        name: 'feature-flags',
        description: "Each tenant's feature flags; emptied whenever sessions, users or permissions change",
        size: () => created.size,
        clear: () => created.clear(),
      }),
    );
    cachesByDb.set(db, (cache = created));
  }
  return cache;
}

/** A tenant's flags, from memory while the change feed vouches for it, else from the database. */
export async function tenantFlags(db: Db, scope: { tenant: string; user: string }): Promise<TenantFlags> {
  const cache = cacheOf(db);
  const feed = authFeed(db);
  const cached = feed.live ? cache.get(scope.tenant) : undefined;
  if (cached) {
    counters.get(db)?.hit();
    return cached;
  }
  counters.get(db)?.miss();
  const generation = feed.generation;
  const loaded = await readInTenant(db, scope, (tx) => readTenantFlags(tx, scope.tenant));
  if (feed.live && feed.generation === generation) cache.set(scope.tenant, loaded);
  return loaded;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The feature flag a route needs on for its caller (403 FEATURE_DISABLED otherwise). */
    featureFlag?: string;
  }
}
