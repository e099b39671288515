import type { Transition } from '@lbo/model/workflow/workflow';
import type { Caller } from '../entities/crud.operation.ts';

/**
 * Who may run a transition. The permission system (auth/) is being built: until it sets
 * `permissions` on the caller, only admins hold named permissions. Connect it here, in
 * `hasPermission`, and nowhere else.
 */
export type PermissionSet = ReadonlySet<string> | readonly string[] | Readonly<Record<string, boolean>>;

export type WorkflowCaller = Caller & {
  isAdmin?: boolean;
  isMainAdmin?: boolean;
  isSuperAdmin?: boolean;
  /** Names the user holds (spec 000 §3 `userPermissions`: a map of name to true, or a set). */
  permissions?: PermissionSet;
  /** The user's profiles, which feature flags may target (auth/feature-flags.ts). */
  profiles?: readonly string[];
  /** The day a transition is run on when it is not today: a history replayed by the server itself (the demo's), never a request's. */
  asOf?: string;
};

/** Spec 000 §6: admins, main admins and super admins pass; otherwise the exact name must be held. */
export function hasPermission(caller: WorkflowCaller, name: string): boolean {
  if (caller.isAdmin || caller.isMainAdmin || caller.isSuperAdmin) return true;
  const held = caller.permissions;
  if (!held) return false;
  if (held instanceof Set) return held.has(name);
  if (Array.isArray(held)) return held.includes(name);
  return (held as Record<string, boolean>)[name] === true;
}

/** A transition that names no permission is open to every signed-in user of the tenant. */
export function canRun(caller: WorkflowCaller, transition: Pick<Transition, 'permission'>): boolean {
  return !transition.permission || hasPermission(caller, transition.permission);
}

/**
 * Permission to replace a kind's workflow: a workflow is tenant configuration, and it says who
 * may approve, so the strict tenant-configuration name (not granted by "write all").
 */
export const configurePermission = 'write /api/core/tenant-configuration';
