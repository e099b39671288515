import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Entity } from '@lbo/model/entity';
import type { SideEffectName } from '@lbo/model/workflow/workflow';
import type { Database, Db, Tx } from '../db/database.ts';
import type { ObjectStore } from '../db/object-store.ts';
import type { Caller, Operations, WriteHooks } from '../entities/crud.operation.ts';
import type { TenantDefaults } from '../entities/default-records.ts';
import type { Row } from '../entities/storage.ts';
import type { CronEntry } from '../jobs/crons.ts';
import type { BatchTakeover } from '../jobs/batch-records.ts';
import type { BatchRunner, JobQueue } from '../jobs/job-queue.ts';
import type { ToolPlacement } from '../auth/menus.ts';
import type { RegisteredRoute } from '../auth/request-context.ts';
import type { SessionCaller, SessionService } from '../auth/sessions.ts';
import type { TenantSetting } from '../auth/tenant-settings.ts';
import type { SideEffectRegistration } from '../workflow/side-effects.ts';

/**
 * What the core hands every module when the application is built: the database, the generic
 * write path, sessions, the object store and the job queue, and the pre-handler that signs
 * requests in and checks the route's permission.
 */
export interface ModuleContext {
  database: Database;
  db: Db;
  operations: Operations;
  sessions: SessionService;
  store: ObjectStore;
  jobs: JobQueue;
  entities: Entity[];
  /** Every route of the application as registered, with its `config` (read when asked: all are registered by then). */
  routes?: () => RegisteredRoute[];
  /** The modules' tool screens placed in the default menu. */
  menus?: ToolPlacement[];
  preHandler: (request: FastifyRequest) => Promise<void>;
  /** Every module's write hooks, by the key a kind names (`writeHooks`): for a domain writing clients' records in bulk (imports). */
  writeHooks?: Record<string, WriteHooks>;
  /** Every section of the tenant configuration (the core's and the modules'), by name. */
  tenantSettings: Record<string, TenantSetting>;
  /** Records every new tenant starts with (the modules' `tenantDefaults`), by kind. */
  tenantDefaults: TenantDefaults[];
  /**
   * Makes a working tenant in one transaction (its record in the master tenant written as
   * `creator`, its administrator, its crons and default records): all of it, or nothing.
   */
  provisionTenant(tenant: NewTenant, creator: string): Promise<Record<string, unknown>>;
}

/** A tenant to make (`ModuleContext.provisionTenant`). */
export interface NewTenant {
  name: string;
  /** Its kind (reference list `tenantType`). */
  type?: string;
  admin: { username: string; password?: string; email?: string };
}

export type { TenantDefaults };

/** A module's check of a record about to be written (`ServerModule.recordChecks`). */
export type RecordCheck = (tx: Tx, caller: Caller, entity: Entity, doc: Row['data']) => Promise<void>;

/** What a demo step is given: the tenant being filled, the generic write path, the object store. */
export interface DemoContext {
  db: Db;
  /** The generic write path, with every module's write hooks. */
  operations: Operations;
  store?: ObjectStore;
  tenant: string;
  /** The kinds the seed engine loaded in this start (a step usually runs once, right after its kinds are loaded). */
  loadedKinds: string[];
}

export interface DemoStep {
  name: string;
  run(context: DemoContext): Promise<void>;
}

/**
 * A domain of the server (ARCHITECTURE.md, "Modules and the core"): everything it adds to the
 * product, in the slots the core offers. `app.ts` composes the modules; the core never names one.
 */
export interface ServerModule {
  name: string;
  /** Its routes and job runners, registered in a Fastify scope of its own. */
  register?(app: FastifyInstance, context: ModuleContext): Promise<void>;
  /**
   * Hooks on every request of the application (metrics, the request log), installed in the root
   * scope before any route is registered, so that they see the core's routes and every module's.
   */
  observeRequests?(app: FastifyInstance, context: ModuleContext): void;
  /** Runners of its batch types (the background work its routes and crons start), by type. */
  jobRunners?(context: ModuleContext): Record<string, BatchRunner>;
  /** Functions behind the side-effect names of transitions (`sideEffectNames` in the model). */
  sideEffects?: Partial<Record<SideEffectName, SideEffectRegistration>>;
  /** Write hooks, by the key a kind's declaration names (`writeHooks`). */
  writeHooks?: Record<string, WriteHooks>;
  /**
   * Checks run after the write hooks of that key (a kind's `writeHooks`) on a caller's create or
   * update, by a module other than the hooks' owner (a tenant script checking persons' identifiers):
   * a refusal is thrown as a catalogue error and nothing is written.
   */
  recordChecks?: Record<string, RecordCheck>;
  /** Sections of the tenant configuration it owns, with their checks. */
  tenantSettings?: Record<string, TenantSetting>;
  /** Its tool screens (not a kind's list) in the default menu. */
  menus?: ToolPlacement[];
  /**
   * DDL of its own tables and triggers (idempotent statements), run by the database's owner with
   * the DDL derived from the declarations (db/migrate.ts); the composition root registers it.
   */
  schema?(): string[];
  /** Recurring jobs every new tenant starts with (their batch types are run by this module's runners). */
  crons?: CronEntry[];
  /** Records every new tenant starts with (default scripts, lists), inserted again by the configuration check when missing. */
  tenantDefaults?: TenantDefaults[];
  /** Refuses a sign-in into `tenant` by throwing a catalogue error (a suspended tenant); run once the password matched. */
  signInGuard?(db: Db, tenant: string): Promise<void>;
  /** Steps of the demo tenant's book, played in the order of the modules, after the seed engine loaded the kinds. */
  demo?: DemoStep[];
  /** Work it keeps doing while a server serves (sweeps), started once listening; answers how to stop it. */
  serve?(context: ModuleContext): () => void;
  /** The tenant a sign-in page's host belongs to, when a module knows it (single sign-on hosts). */
  hostTenant?(db: Db, hostname: string): Promise<string | undefined>;
  /**
   * Told of each batch's end (SUCCESS, WARNING or ERROR) once committed, in a transaction of its
   * own as the user who started it; a failure is logged and never undoes the end.
   */
  batchEnded?(context: ModuleContext, tx: Tx, caller: Caller, batch: Row): Promise<void>;
  /**
   * Told when this process took over a batch whose worker's lease had run out (a process killed or
   * hung), once the claim is committed, in a transaction of its own; a failure is logged only.
   */
  batchTakenOver?(context: ModuleContext, tx: Tx, caller: Caller, batch: Row, takeover: BatchTakeover): Promise<void>;
  /** What the module adds to the signed-in user's configuration (`GET /api/core/users/current`). */
  currentUser?(db: Db, caller: SessionCaller): Promise<Record<string, unknown>>;
}
