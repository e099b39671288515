import { kinds } from '@lbo/model/lazy-registry';
import { isAdminUser, type MenuItem, type SessionUser } from './session/configuration.ts';

/** Spec 000 §6: an item shows when it has no profiles or shares one with the user; hidden items never show. */
export function visibleMenus(menus: MenuItem[] | undefined, profiles: string[] = []): MenuItem[] {
  return (menus ?? [])
    .filter((m) => !m.hidden && (!m.profiles?.length || m.profiles.some((p) => profiles.includes(p))))
    .map((m) => (m.menus ? { ...m, menus: visibleMenus(m.menus, profiles) } : m));
}

/** Every path of a menu tree. */
export function menuPaths(menus: MenuItem[] | undefined): string[] {
  return (menus ?? []).flatMap((m) => [m.path, ...menuPaths(m.menus)]);
}

/** Spec 000 §2.1: allowed routes are the allowedRoutes option plus all menu paths. */
export function allowedRoutesOf(option: string[] | undefined, menus: MenuItem[] | undefined): string[] {
  return [...new Set([...(option ?? []), ...menuPaths(menus)])];
}

const singular = (segment: string) =>
  segment
    .replace(/ies$/, 'y')
    .replace(/(ches|shes|sses|xes)$/, (s) => s.slice(0, -2))
    .replace(/s$/, '');

/**
 * Admins and users without a restriction go anywhere; otherwise a path is allowed when an
 * allowed route is a prefix of it, or when it is the detail route of an allowed list.
 */
export function isRouteAllowed(
  path: string,
  allowed: string[],
  user: Pick<SessionUser, 'isAdmin' | 'isMainAdmin' | 'isSuperAdmin'>,
): boolean {
  if (isAdminUser(user) || allowed.length === 0) return true;
  const first = path.split('/')[1] ?? '';
  return allowed.some(
    (route) => path === route || path.startsWith(`${route}/`) || singular(route.replace(/^\//, '')) === first,
  );
}

/** `/credit-lines` → `Credit lines`; a kind's list by its written title (`/sepas` → `SEPA mandates`). */
export function labelOfPath(path: string): string {
  const kind = kinds.find((entry) => `/${entry.listRoute}` === path);
  if (kind) return kind.titles.plural;
  const last = path.split('/').filter(Boolean).pop() ?? '';
  const words = last.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
