import type { Entity } from '@lbo/model/entity';
import { defaultWorkflows } from '@lbo/model/workflow/workflows';
import type { Db, Tx } from '../db/database.ts';
import type { Caller, WriteHooks } from '../entities/crud.operation.ts';
import type { Row } from '../entities/storage.ts';
import type { BatchTakeover } from '../jobs/batch-records.ts';
import { nextTick, type CronEntry } from '../jobs/crons.ts';
import type { ToolPlacement } from '../auth/menus.ts';
import type { SessionCaller } from '../auth/sessions.ts';
import { coreTenantSettings, type TenantSetting } from '../auth/tenant-settings.ts';
import { coreSideEffects, installSideEffects } from '../workflow/side-effects.ts';
import type { DemoStep, ModuleContext, RecordCheck, ServerModule, TenantDefaults } from './server-module.ts';

/** The slots of all modules, merged and checked. */
export interface ComposedModules {
  modules: ServerModule[];
  writeHooks: Record<string, WriteHooks>;
  tenantSettings: Record<string, TenantSetting>;
  crons: CronEntry[];
  menus: ToolPlacement[];
  demo: DemoStep[];
  tenantDefaults: TenantDefaults[];
  /** Every module's `signInGuard`, in the order of the modules. */
  signInGuard(db: Db, tenant: string): Promise<void>;
  hostTenant(db: Db, hostname: string): Promise<string | undefined>;
  currentUser(db: Db, caller: SessionCaller): Promise<Record<string, unknown>>;
  /** Every module's `batchEnded`, in the order of the modules. */
  batchEnded(context: ModuleContext, tx: Tx, caller: Caller, batch: Row): Promise<void>;
  /** Every module's `batchTakenOver`, in the order of the modules. */
  batchTakenOver(context: ModuleContext, tx: Tx, caller: Caller, batch: Row, takeover: BatchTakeover): Promise<void>;
}

/** `hooks` followed by `check` on what they made of the document (not on an existing record answered instead). */
function withRecordCheck(hooks: WriteHooks, check: RecordCheck): WriteHooks {
  return {
    ...hooks,
    async beforeCreate(tx, caller, entity, doc) {
      const made = hooks.beforeCreate ? await hooks.beforeCreate(tx, caller, entity, doc) : doc;
      if (!('existing' in made && made.existing)) await check(tx, caller, entity, made);
      return made;
    },
    async beforeUpdate(tx, caller, entity, doc, before) {
      const made = hooks.beforeUpdate ? await hooks.beforeUpdate(tx, caller, entity, doc, before) : doc;
      await check(tx, caller, entity, made);
      return made;
    },
  };
}

/** Merges named entries, refusing a name two modules claim. */
function merged<T>(what: string, groups: [string, Record<string, T> | undefined][]): Record<string, T> {
  const out: Record<string, T> = {};
  const owner: Record<string, string> = {};
  for (const [module, group] of groups)
    for (const [name, value] of Object.entries(group ?? {})) {
      if (Object.hasOwn(out, name)) throw new Error(`${what} ${name} is registered by ${owner[name]} and ${module}`);
      out[name] = value;
      owner[name] = module;
    }
  return out;
}

/**
 * Composes the modules into the core's slots and checks them, so that a product missing a piece
 * refuses to start and names it: a side effect a workflow may list that no module registers, write
 * hooks a kind names that no module has, a name two modules claim.
 */
export function composeModules(modules: ServerModule[], kinds: Entity[]): ComposedModules {
  merged(
    'The module',
    modules.map((m) => [m.name, { [m.name]: m }]),
  );
  installSideEffects([coreSideEffects, ...modules.map((m) => m.sideEffects ?? {})], defaultWorkflows());
  const writeHooks = merged(
    'The write hooks',
    modules.map((m) => [m.name, m.writeHooks]),
  );
  for (const module of modules)
    for (const [key, check] of Object.entries(module.recordChecks ?? {})) {
      if (!Object.hasOwn(writeHooks, key))
        throw new Error(`${module.name} checks the write hooks "${key}", which no module registers`);
      writeHooks[key] = withRecordCheck(writeHooks[key], check);
    }
  for (const kind of kinds)
    if (kind.writeHooks && !Object.hasOwn(writeHooks, kind.writeHooks))
      throw new Error(`${kind.name} names the write hooks "${kind.writeHooks}", which no module registers`);
  const tenantSettings = merged('The tenant configuration section', [
    ['core', coreTenantSettings],
    ...modules.map((m): [string, Record<string, TenantSetting> | undefined] => [m.name, m.tenantSettings]),
  ]);
  // A new tenant's list shows its crons in the order they run, whichever module brought them. Each
  // tick is computed once: cron-parser steps through the time zone, milliseconds a call, and every
  // application built (each test file's) composes the modules.
  const someDay = new Date('2025-01-02T12:00:00Z');
  const firstTicks = new Map(modules.flatMap((m) => m.crons ?? []).map((c) => [c, nextTick(c, someDay).getTime()]));
  const crons = [...firstTicks.keys()].sort((a, b) => firstTicks.get(a)! - firstTicks.get(b)!);
  merged(
    'The cron',
    modules.map((m) => [m.name, Object.fromEntries((m.crons ?? []).map((c) => [c.name, c]))]),
  );
  const hostTenants = modules.flatMap((m) => (m.hostTenant ? [m.hostTenant] : []));
  const userParts = modules.flatMap((m) => (m.currentUser ? [m.currentUser] : []));
  return {
    modules,
    writeHooks,
    tenantSettings,
    crons,
    menus: modules.flatMap((m) => m.menus ?? []),
    demo: modules.flatMap((m) => m.demo ?? []),
    tenantDefaults: modules.flatMap((m) => m.tenantDefaults ?? []),
    async signInGuard(db, tenant) {
      for (const module of modules) await module.signInGuard?.(db, tenant);
    },
    async hostTenant(db, hostname) {
      for (const resolve of hostTenants) {
        const tenant = await resolve(db, hostname);
        if (tenant) return tenant;
      }
      return undefined;
    },
    async batchEnded(context, tx, caller, batch) {
      for (const module of modules) await module.batchEnded?.(context, tx, caller, batch);
    },
    async batchTakenOver(context, tx, caller, batch, takeover) {
      for (const module of modules) await module.batchTakenOver?.(context, tx, caller, batch, takeover);
    },
    async currentUser(db, caller) {
      const parts = await Promise.all(userParts.map((part) => part(db, caller)));
      return Object.assign({}, ...parts);
    },
  };
}
