import { entities } from '@lbo/model/entity-registry';
import type { Entity } from '@lbo/model/entity';
import { adminLevel, canReadEntity, hasPermission, type Grants } from './permissions.ts';

/**
 * The default menu of the shell: every list screen of spec 000 §2.2, grouped by domain. A
 * tenant may replace it (`tenant-config.menus`). Items are filtered for a user by profiles
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
}

const group = (label: string, paths: (string | MenuItem)[]): MenuItem => {
  const menus = paths.map((p) => (typeof p === 'string' ? { path: p } : p));
  return { path: menus[0].path, label, menus };
};

export const defaultMenus: MenuItem[] = [
  group('Persons', ['/persons', '/prospects', '/person-amendments', '/campaigns', '/communications']),
  group('Financing', ['/deals', '/contracts', '/contract-lots', '/contract-elements', '/credit-lines', '/agreements', '/amendments', '/financing-services', '/funds', '/fundings', '/collaterals',
    { path: '/rates', label: 'Rates and payment plan', permission: 'read /api/financing/calculator' }]),
  group('Catalogues', ['/products', '/product-catalog-items', '/product-element-catalog-items', '/product-tables', '/amendment-catalog-items', '/asset-catalog-items', '/asset-service-catalog-items']),
  group('Assets', ['/assets', '/asset-lots', '/depreciation-schedules', '/inspections', '/maintenances']),
  group('Billing', ['/invoices', '/cashflows', '/sepas', '/camts', '/payment-files']),
  group('Banking', ['/bank-accounts', '/bank-operations', '/bank-transactions',
    { path: '/move-money', permission: 'write /api/bank/bank-operations' }, { path: '/arbitration', permission: 'write /api/bank/bank-operations' },
    { path: '/bank/set-overdraft', permission: 'write /api/bank/bank-accounts' }]),
  group('Accounting', ['/postings', '/posting-events', '/bookings', '/inventories']),
  group('Cases', ['/cases', '/claims']),
  group('Support', ['/tickets', '/projects', '/budgets', '/time-entries', '/committees', '/votings', '/votes', '/questions']),
  group('Scoring', ['/scores', '/rules']),
  group('Private equity', ['/private-equity-assets']),
  group('Work', ['/tasks', '/notes', '/documents', '/flows', '/external-datas', { path: '/calendar', permission: 'read /api/core/tasks' }]),
  group('Configuration', [{ path: '/scripts', permission: 'read /api/script/scripts' }, '/script-logs', '/batches', { path: '/imports', permission: 'read /api/import/imports' },
    { path: '/exports', permission: 'read /api/core/metrics' }, '/feature-flags', '/locales', '/key-values']),
  group('Administration', ['/users', { path: '/tenant', permission: 'admin' }, '/tenants', '/audits', '/access-logs', '/system-events', '/system-logs', '/metrics',
    { path: '/crons', permission: 'admin' }, '/dtxns', { path: '/database/current-operations', permission: 'admin' }, { path: '/cache-info', permission: 'admin' }]),
];

export const defaultBottomNavigation: MenuItem[] = [{ path: '/contracts' }, { path: '/persons' }, { path: '/invoices' }, { path: '/tasks' }];

const byListPath = new Map<string, Entity>(entities.map((e) => [`/${e.listRoute}`, e]));

function visible(item: MenuItem, grants: Grants, profiles: string[]): boolean {
  if (item.profiles?.length && !item.profiles.some((p) => profiles.includes(p))) return false;
  if (item.permission === 'admin') return adminLevel(grants) > 0;
  if (item.permission) return hasPermission(grants, item.permission);
  const entity = byListPath.get(item.path);
  return entity ? canReadEntity(grants, entity) : true;
}

/** The menu as a user sees it: hidden groups dropped, a group's path its first visible item. */
export function menusFor(menus: MenuItem[], grants: Grants, profiles: string[]): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of menus) {
    const allowed = item.menus ? !item.profiles?.length || item.profiles.some((p) => profiles.includes(p)) : visible(item, grants, profiles);
    if (!allowed) continue;
    const { permission: _permission, ...shown } = item;
    if (!item.menus) {
      out.push(shown);
      continue;
    }
    const children = menusFor(item.menus, grants, profiles);
    if (children.length) out.push({ ...shown, path: children[0].path, menus: children });
  }
  return out;
}
