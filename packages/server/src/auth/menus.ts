import { entities } from '@lbo/model/entity-registry';
import type { Entity } from '@lbo/model/entity';
import { menuSections, type MenuPlacement } from '@lbo/model/navigation';
import { adminLevel, canReadEntity, hasPermission, type Grants } from './permissions.ts';

/**
 * The default menu of the shell: every kind's list screen, in the section its declaration names
 * (`menu`), with the tool screens. A tenant may replace it (`tenant-config.menus`). Items are filtered for a user by profiles
 * (an item with `profiles` shows when it shares one, spec 000 §6) and by permission: an entity's
 * list shows only to users who may read it; tool screens name what they need.
 */
export interface MenuItem {
  path: string;
  label?: string;
  menus?: MenuItem[];
  redirect?: string;
  hidden?: boolean;
  profiles?: string[];
  /** A permission name the screen needs, or `admin` for admin-only tools (not sent to the client). */
  permission?: string;
  /** A feature flag that must be on for the user (auth/feature-flags.ts; not sent to the client). */
  featureFlag?: string;
}

/** A screen that is not a kind's list (a tool), placed in a menu section like the kinds place theirs. */
export interface ToolPlacement extends MenuPlacement {
  path: string;
  label?: string;
}

/**
 * The core's tool screens, ordered among the kinds' list screens of their section (orders 10, 20, …
 * as the kinds'); the modules add theirs (ServerModule.menus).
 */
const coreToolScreens: ToolPlacement[] = [
  { section: 'Work', order: 60, path: '/calendar', permission: 'read /api/core/tasks', featureFlag: 'calendar' },
  { section: 'Administration', order: 20, path: '/tenant', permission: 'admin' },
  { section: 'Administration', order: 90, path: '/crons', permission: 'admin' },
  { section: 'Administration', order: 110, path: '/database/current-operations', permission: 'admin' },
  { section: 'Administration', order: 120, path: '/cache-info', permission: 'admin' },
  // The API description, for those who connect other systems (any signed-in user may open it).
  { section: 'Administration', order: 130, path: '/documentation/api', label: 'API', permission: 'admin' },
];

/** Where each kind placed its list screen (`menu` in its declaration), with the tool screens. */
function placements(kinds: Entity[], tools: ToolPlacement[]): ToolPlacement[] {
  const listed = kinds.flatMap((kind) =>
    kind.menu && 'section' in kind.menu ? [{ ...kind.menu, path: `/${kind.listRoute}` }] : [],
  );
  return [...listed, ...coreToolScreens, ...tools];
}

/** The default menu: the sections in their order, each with its screens by order; empty sections left out. */
export function defaultMenusOf(kinds: Entity[], tools: ToolPlacement[] = []): MenuItem[] {
  const all = placements(kinds, tools);
  return menuSections.flatMap((section) => {
    const menus = all
      .filter((p) => p.section === section)
      .sort((a, b) => a.order - b.order)
      .map(
        ({ path, label, permission, featureFlag }): MenuItem => ({
          path,
          ...(label ? { label } : {}),
          ...(permission ? { permission } : {}),
          ...(featureFlag ? { featureFlag } : {}),
        }),
      );
    return menus.length ? [{ path: menus[0].path, label: section, menus }] : [];
  });
}

/** The default menu of the declared kinds and the given tools (read on each request: a registered kind shows at once). */
export const defaultMenus = (tools: ToolPlacement[] = []): MenuItem[] => defaultMenusOf(entities, tools);

export const defaultBottomNavigation: MenuItem[] = [
  { path: '/contracts' },
  { path: '/persons' },
  { path: '/invoices' },
  { path: '/tasks' },
];

/** Whether a feature flag is on for the user; every flag is on when none is given. */
export type FlagCheck = (name: string) => boolean;

function visible(item: MenuItem, grants: Grants, profiles: string[], flagOn: FlagCheck): boolean {
  if (item.profiles?.length && !item.profiles.some((p) => profiles.includes(p))) return false;
  if (item.featureFlag && !flagOn(item.featureFlag)) return false;
  if (item.permission === 'admin') return adminLevel(grants) > 0;
  if (item.permission) return hasPermission(grants, item.permission);
  const entity = entities.find((e) => `/${e.listRoute}` === item.path);
  return entity ? canReadEntity(grants, entity) : true;
}

/** The menu as a user sees it: hidden groups dropped, a group's path its first visible item. */
export function menusFor(
  menus: MenuItem[],
  grants: Grants,
  profiles: string[],
  flagOn: FlagCheck = () => true,
): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of menus) {
    const allowed = item.menus
      ? (!item.profiles?.length || item.profiles.some((p) => profiles.includes(p))) &&
        (!item.featureFlag || flagOn(item.featureFlag))
      : visible(item, grants, profiles, flagOn);
    if (!allowed) continue;
    const { permission: _permission, featureFlag: _featureFlag, ...shown } = item;
    if (!item.menus) {
      out.push(shown);
      continue;
    }
    const children = menusFor(item.menus, grants, profiles, flagOn);
    if (children.length) out.push({ ...shown, path: children[0].path, menus: children });
  }
  return out;
}

/** The paths of a menu tree's gated entries with their flags: the web closes those routes when a flag is off. */
export function featureFlagPathsOf(menus: MenuItem[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of menus) {
    if (item.featureFlag) out[item.path] = item.featureFlag;
    if (item.menus) Object.assign(out, featureFlagPathsOf(item.menus));
  }
  return out;
}
