import type { Entity } from '@lbo/model/entity';
import { entityByName } from '@lbo/model/entity-registry';

/**
 * Permission checks of spec 000 §6 and 001 §6, in one place:
 * - admins, main admins and super admins pass every check;
 * - otherwise the user's permissions (the names its profiles grant through the tenant
 *   configuration `profilesPermissions`) must hold the exact name;
 * - a name starting `read ` or `write ` is also granted by `read all` / `write all`, unless the
 *   check is strict;
 * - a read of an entity kind accepts `read all`, `read {entity}` or `get {entity}`, where
 *   `{entity}` is the kind's API path (`/api/financing/contracts`) or its name (`Contract`).
 */
export interface Grants {
  isAdmin?: boolean;
  isMainAdmin?: boolean;
  isSuperAdmin?: boolean;
  permissions: ReadonlySet<string>;
  /** The tenant acted in and the user's own (they differ while impersonating). */
  tenant?: string;
  homeTenant?: string;
}

/** 0 none, 1 admin (system admin), 2 main admin, 3 super admin. */
export function adminLevel(user: { isAdmin?: unknown; isMainAdmin?: unknown; isSuperAdmin?: unknown }): number {
  if (user.isSuperAdmin === true) return 3;
  if (user.isMainAdmin === true) return 2;
  return user.isAdmin === true ? 1 : 0;
}

/** Names that `read all` / `write all` never grant: only admins or the exact name pass. */
export const strictPermissions: ReadonlySet<string> = new Set([
  'read /api/script/scripts',
  'write /api/script/scripts',
  'read /api/system/access-logs',
  'read /api/core/audits',
  'write /api/core/tenants',
  'read /api/core/tenant-configuration',
  'write /api/core/tenant-configuration',
]);

/**
 * Names only a super admin of the master tenant holds, acting in it: tenants belong to the
 * installation, so no tenant's admin (nor an impersonating super admin) creates or changes them.
 */
export const masterPermissions: ReadonlySet<string> = new Set(['write /api/core/tenants']);

const isMasterSuperAdmin = (grants: Grants) =>
  grants.isSuperAdmin === true && grants.homeTenant === 'master' && grants.tenant === 'master';

export function hasPermission(grants: Grants, name: string, strict = strictPermissions.has(name)): boolean {
  if (masterPermissions.has(name)) return isMasterSuperAdmin(grants);
  if (adminLevel(grants) > 0) return true;
  if (grants.permissions.has(name)) return true;
  if (strict) return false;
  if (name.startsWith('read ')) return grants.permissions.has('read all');
  if (name.startsWith('write ')) return grants.permissions.has('write all');
  return false;
}

export const entityPath = (entity: Entity) => `/api/${entity.route}`;

export function canReadEntity(grants: Grants, entity: Entity): boolean {
  const name = `read ${entityPath(entity)}`;
  if (strictPermissions.has(name)) return hasPermission(grants, name, true);
  if (adminLevel(grants) > 0) return true;
  return ['read all', name, `get ${entityPath(entity)}`, `read ${entity.name}`, `get ${entity.name}`].some((p) =>
    grants.permissions.has(p),
  );
}

export function canWriteEntity(grants: Grants, entity: Entity): boolean {
  return hasPermission(grants, `write ${entityPath(entity)}`);
}

/**
 * What a route asks for, declared in its `config`:
 * - `entity: 'Contract'` (generic entity routes): read of the kind for GET, write otherwise;
 * - `permission: 'read /api/core/users'`: that name;
 * - `permission: { name, orSelf: 'username' }`: that name, or the caller is the user named by the path parameter;
 * - `permission: null`: any signed-in user (self-service routes: current user, configuration, logout).
 * A route that declares nothing asks `read` (GET, HEAD) or `write` (other methods) of its path,
 * at most two segments after `/api` (`write /api/report/excel`), stopping at a parameter unless it
 * is the second segment (`/api/dyno/:name` asks `read /api/dyno/{name}`).
 */
export type RoutePermission = string | null | { name: string; orSelf?: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The entity kind a generic route serves. */
    entity?: string;
    /** What the route requires of a signed-in user (see auth/permissions.ts). */
    permission?: RoutePermission;
  }
}

export interface Requirement {
  /** The permission name, or undefined when any signed-in user passes. */
  name?: string;
  entity?: Entity;
  orSelf?: string;
}

const readMethods = new Set(['GET', 'HEAD']);

export function derivedPermission(method: string, url: string, params: Record<string, unknown> = {}): string {
  const segments: string[] = [];
  for (const segment of url.split('?')[0].split('/').slice(2)) {
    if (!segment || segment === '*' || segments.length === 2) break;
    if (segment.startsWith(':')) {
      // A parameter naming the collection itself (`/api/dyno/:name`): the permission names it.
      const value = params[segment.slice(1)];
      if (segments.length === 0 || segments.length > 1 || typeof value !== 'string' || !/^[\w-]{1,100}$/.test(value))
        break;
      segments.push(value);
      continue;
    }
    segments.push(segment);
  }
  return `${readMethods.has(method) ? 'read' : 'write'} /api/${segments.join('/')}`;
}

export function requirementOf(
  config: { entity?: string; permission?: RoutePermission },
  method: string,
  url: string,
  params?: Record<string, unknown>,
): Requirement {
  if (config.permission === null) return {};
  const entity = config.entity ? entityByName(config.entity) : undefined;
  if (typeof config.permission === 'string') return { name: config.permission, entity };
  if (config.permission) return { name: config.permission.name, orSelf: config.permission.orSelf, entity };
  if (entity) return { name: `${readMethods.has(method) ? 'read' : 'write'} ${entityPath(entity)}`, entity };
  return { name: derivedPermission(method, url, params) };
}

/** Whether `grants` meet `requirement`; `self` says whether the route's user parameter names the caller. */
export function allows(grants: Grants, requirement: Requirement, self = false): boolean {
  if (!requirement.name) return true;
  if (requirement.orSelf && self) return true;
  if (requirement.entity && requirement.name.startsWith('read ')) return canReadEntity(grants, requirement.entity);
  return hasPermission(grants, requirement.name);
}

/**
 * The kinds an `include=` of a read brings along (`include=persons` on contracts: Person), so that
 * a read cannot reach records of a kind the caller may not read. Names that link nothing are left
 * to the list query, which refuses them.
 */
export function includedKinds(entity: Entity, include: unknown): Entity[] {
  if (typeof include !== 'string') return [];
  const kinds: Entity[] = [];
  for (const name of include
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const field = entity.fields[name];
    const itemLink =
      field?.type === 'list' ? Object.values(field.fields ?? {}).find((f) => f.type === 'link') : undefined;
    const topLink =
      entity.fields[`${name}Registration`]?.type === 'link' ? entity.fields[`${name}Registration`] : undefined;
    const target = entityByName((itemLink ?? topLink)?.entity ?? '');
    if (target) kinds.push(target);
  }
  return kinds;
}

/**
 * Profiles and the permissions they grant when the tenant has not configured
 * `profilesPermissions` (a tenant's configuration replaces this map whole).
 */
export const defaultProfilesPermissions: Record<string, string[]> = {
  ADMIN: ['read all', 'write all'],
  BACK_OFFICE: ['read all', 'write all'],
  SALES: [
    'read all',
    'write /api/person/persons',
    'write /api/person/prospects',
    'write /api/financing/deals',
    'write /api/core/notes',
    'write /api/core/tasks',
    'write /api/core/documents',
  ],
  ACCOUNTANT: [
    'read all',
    'write /api/accounting/postings',
    'write /api/accounting/posting-events',
    'write /api/accounting/bookings',
    'write /api/billing/invoices',
    'write /api/billing/cashflows',
    'write /api/billing/payment-files',
    'write /api/billing/sepas',
    'write /api/billing/camts',
    'write /api/core/notes',
    'write /api/core/tasks',
  ],
  COLLECTOR: [
    'read all',
    'write /api/case/cases',
    'write /api/case/claims',
    'write /api/core/notes',
    'write /api/core/tasks',
    'write /api/core/documents',
  ],
  SUPPORT: [
    'read all',
    'write /api/support/tickets',
    'write /api/support/time-entries',
    'write /api/core/notes',
    'write /api/core/tasks',
  ],
  AUDITOR: ['read all'],
  // Portal users: the reference lists and translations every screen reads, nothing else until configured.
  CLIENT: ['read /api/script/lists', 'read /api/core/locales'],
  PARTNER: ['read /api/script/lists', 'read /api/core/locales'],
};

/** The permission names a set of profiles grants under a profiles → permissions map. */
export function permissionsOf(profiles: readonly string[], profilesPermissions: Record<string, string[]>): Set<string> {
  return new Set(profiles.flatMap((profile) => profilesPermissions[profile] ?? []));
}

/** User fields shown only to callers of an admin level (spec 001 §6 column gating). */
export const gatedUserFields: Record<string, number> = {
  canImpersonate: 2,
  isAdmin: 1,
  isMainAdmin: 2,
  isSuperAdmin: 3,
};

/** A user document as `viewerLevel` may see it. */
export function gateUserFields<T extends Record<string, unknown>>(doc: T, viewerLevel: number): T {
  const out: Record<string, unknown> = { ...doc };
  for (const [field, level] of Object.entries(gatedUserFields)) if (viewerLevel < level) delete out[field];
  return out as T;
}
