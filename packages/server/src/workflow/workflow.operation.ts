import type { Entity } from '@lbo/model/entity';
import { ApiError } from '@lbo/model/errors';
import { workflowTones, type StatusTone } from '@lbo/model/workflow/status-tone';
import { sortTransitions, transitionsFrom, type Transition, type WorkflowAction } from '@lbo/model/workflow/workflow';
import { inTenant, scopeOf, type Db, type Tx } from '../db/database.ts';
import { databaseError } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Doc, Row } from '../entities/storage.ts';
import { canRun, configurePermission, hasPermission, type WorkflowCaller } from './permissions.ts';
import { runSideEffects, todayIn } from './side-effects.ts';
import { withTransitionResources } from './transition-resources.ts';
import type { ObjectStore } from '../db/object-store.ts';
import { isReplaced, loadWorkflow, resetWorkflow, saveWorkflow, type EffectiveWorkflow } from './workflow-config.ts';
import { insertHistory } from '../entities/history.ts';
import { isFlagOn, readTenantFlags, type TenantFlags } from '../auth/feature-flags.ts';

/**
 * Running and listing transitions. A run is one transaction: the record is locked, the
 * transition checked (status, type, permission, required fields), the status set, the side
 * effects run and a History row written; a racing run waits for the lock and then finds the
 * status moved on.
 */

/** A transition as the client's menus take it (spec 000 §3, 001 §4). */
export interface TransitionItem {
  code: string;
  label: string;
  icon: string | null;
  hidden: boolean;
  orderIndex: number;
  props: { pullRight: boolean; action: WorkflowAction; from: string[]; to: string };
}

/** What a transition run on a selection did to each record. */
export interface BulkRunResult {
  code: string;
  done: number;
  refused: number;
  results: { registration: string; statusCode: number; status?: string; error?: string; rejectionReason?: string }[];
}

export type RejectionKind = 'STATUS' | 'TYPE' | 'PERMISSION' | 'REQUIRED_FIELDS';

const toItem = (tr: Transition): TransitionItem => ({
  code: tr.code,
  label: tr.label,
  icon: tr.icon ?? null,
  hidden: tr.hidden,
  orderIndex: tr.orderIndex,
  props: { pullRight: tr.pullRight, action: tr.action, from: tr.from, to: tr.to },
});

const isEmpty = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && !v.trim()) || (Array.isArray(v) && v.length === 0);

/** Whether `path` (dotted; through lists, any item counts) holds a value in `doc`. */
function isFilled(doc: unknown, path: string[]): boolean {
  if (Array.isArray(doc)) return doc.some((item) => isFilled(item, path));
  if (!path.length) return !isEmpty(doc);
  if (typeof doc !== 'object' || doc === null) return false;
  return isFilled((doc as Doc)[path[0]], path.slice(1));
}

/** The tenant's feature flags when a transition of `workflow` names one (read in the transaction: never stale). */
async function flagsOfWorkflow(
  tx: Tx,
  caller: WorkflowCaller,
  workflow: EffectiveWorkflow['workflow'],
): Promise<TenantFlags | undefined> {
  return workflow.transitions.some((tr) => tr.featureFlag) ? readTenantFlags(tx, caller.tenant) : undefined;
}

const flagAllows = (flags: TenantFlags | undefined, caller: WorkflowCaller, transition: Transition) =>
  !transition.featureFlag || !flags || isFlagOn(flags, transition.featureFlag, caller);

/** Transitions of one record that `caller` may take (the record's own type unless `type` is given). */
function available(
  workflow: EffectiveWorkflow['workflow'],
  caller: WorkflowCaller,
  row: Row,
  type?: string,
  flags?: TenantFlags,
): Transition[] {
  return transitionsFrom(workflow, row.status, type ?? row.type).filter(
    (tr) => canRun(caller, tr) && flagAllows(flags, caller, tr),
  );
}

/**
 * Runs transition `code` on record `id` in the caller's transaction: the checks (status, type,
 * permission, required fields), the side effects, the write and its History row. Domains moving a
 * record by its workflow (a payment paying an invoice) call it inside their own transaction.
 */
export async function runTransition(
  tx: Tx,
  caller: WorkflowCaller,
  entity: Entity,
  id: string,
  code: string,
): Promise<Doc> {
  const { workflow } = await loadWorkflow(tx, caller.tenant, entity);
  const transition = workflow.transitions.find((tr) => tr.code === code);
  if (!transition) throw new ApiError('TRANSITION_NOT_FOUND', [code, entity.name]);
  if (transition.featureFlag && !isFlagOn(await readTenantFlags(tx, caller.tenant), transition.featureFlag, caller))
    throw new ApiError('FEATURE_DISABLED', [transition.featureFlag], {
      rejection: 'FEATURE_FLAG',
      transition: transition.code,
      featureFlag: transition.featureFlag,
    });
  const row = await storage.findOne(tx, entity, caller.tenant, id, true);
  if (!row) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [entity.name, id]);
  const reject = (kind: RejectionKind, reason: string, extra: Doc = {}) =>
    new ApiError('TRANSITION_REJECTED', [transition.code, entity.name, row.registration, reason], {
      rejectionReason: reason,
      rejection: kind,
      transition: transition.code,
      currentStatus: row.status,
      ...extra,
    });
  const name = `"${transition.label}"`;
  if (row.status === null || !transition.from.includes(row.status)) {
    throw reject(
      'STATUS',
      `${name} is not allowed from status ${row.status ?? '(none)'}; it needs ${transition.from.join(' or ')}`,
      { allowedFrom: transition.from },
    );
  }
  if (transition.types && !(row.type !== null && transition.types.includes(row.type))) {
    throw reject(
      'TYPE',
      `${name} is only for records of type ${transition.types.join(' or ')}, not ${row.type ?? '(none)'}`,
      { allowedTypes: transition.types },
    );
  }
  if (!canRun(caller, transition)) {
    throw reject('PERMISSION', `${name} needs the permission "${transition.permission}"`, {
      permission: transition.permission,
    });
  }
  const before = storage.toDocument(row);
  const missingFields = transition.requiredFields.filter((path) => !isFilled(before, path.split('.')));
  if (missingFields.length) {
    throw reject(
      'REQUIRED_FIELDS',
      `${name} needs ${missingFields.length > 1 ? 'these fields' : 'this field'} filled: ${missingFields.join(', ')}`,
      { missingFields },
    );
  }
  const now = new Date();
  const changed = await runSideEffects(
    transition.sideEffects,
    {
      entity,
      transition,
      caller,
      tx,
      today: caller.asOf ?? todayIn(caller.timeZone, now),
      now: now.toISOString(),
      moveRecord: (other, otherId, otherCode) => runTransition(tx, caller, other, otherId, otherCode),
    },
    { ...row.data, status: transition.to },
  );
  // Side effects may fill fields; the identity and the status stay the transition's.
  const data = { ...changed, registration: row.registration, status: transition.to };
  const updated = storage.toDocument(
    await storage.updateRow(tx, entity, caller.tenant, caller.username, row._id, data),
  );
  await insertHistory(tx, caller, {
    entityName: entity.name,
    entityRegistration: row.registration,
    action: 'TRANSITION',
    before,
    after: updated,
    extra: { transition: transition.code, transitionLabel: transition.label, workflowAction: transition.action },
  });
  return updated;
}

/** `store`: where side effects write contents (an issued invoice's PDF); none are written without it. */
export function createWorkflowOperations(db: Db, store?: ObjectStore) {
  const scoped = <T>(caller: WorkflowCaller, work: (tx: Tx) => Promise<T>) => inTenant(db, scopeOf(caller), work);

  async function mustFind(tx: Tx, caller: WorkflowCaller, entity: Entity, id: string, forUpdate = false): Promise<Row> {
    const row = await storage.findOne(tx, entity, caller.tenant, id, forUpdate);
    if (!row) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [entity.name, id]);
    return row;
  }

  function mustConfigure(caller: WorkflowCaller) {
    if (!hasPermission(caller, configurePermission)) throw new ApiError('FORBIDDEN', [configurePermission]);
  }

  const describe = ({ workflow, source }: EffectiveWorkflow) => ({
    ...workflow,
    source,
    tones: workflowTones(workflow) as Record<string, StatusTone>,
  });

  return {
    /** `POST {route}/transitions`: the transitions every one of the selected records may take. */
    async forSelection(caller: WorkflowCaller, entity: Entity, registrations: string[]): Promise<TransitionItem[]> {
      return scoped(caller, async (tx) => {
        const { workflow } = await loadWorkflow(tx, caller.tenant, entity);
        const rows = await storage.findMany(tx, entity, caller.tenant, registrations);
        const found = new Set(rows.map((r) => r.registration));
        const missing = registrations.find((r) => !found.has(r));
        if (missing !== undefined) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [entity.name, missing]);
        const flags = await flagsOfWorkflow(tx, caller, workflow);
        let common: Transition[] | undefined;
        for (const row of rows) {
          const codes = new Set(available(workflow, caller, row, undefined, flags).map((tr) => tr.code));
          common = (common ?? workflow.transitions).filter((tr) => codes.has(tr.code));
        }
        return sortTransitions((common ?? []).map(toItem));
      }).catch((e) => databaseError(e, entity));
    },

    /** `GET {route}/{registration}/transitions?type=…`: what this record may take now. */
    async forRecord(caller: WorkflowCaller, entity: Entity, id: string, type?: string): Promise<TransitionItem[]> {
      return scoped(caller, async (tx) => {
        const { workflow } = await loadWorkflow(tx, caller.tenant, entity);
        const row = await mustFind(tx, caller, entity, id);
        const flags = await flagsOfWorkflow(tx, caller, workflow);
        return sortTransitions(available(workflow, caller, row, type, flags).map(toItem));
      }).catch((e) => databaseError(e, entity));
    },

    /** `GET {route}/{registration}/transitions/{code}`: runs it and answers the updated record. */
    async run(caller: WorkflowCaller, entity: Entity, id: string, code: string): Promise<Doc> {
      return withTransitionResources(store, () =>
        scoped(caller, (tx) => runTransition(tx, caller, entity, id, code)),
      ).catch((e) => databaseError(e, entity));
    },

    /**
     * `POST {route}/transitions/{code}`: runs the transition on each selected record, each in its
     * own transaction (a refusal of one leaves the others done), `concurrency` at a time.
     */
    async runMany(
      caller: WorkflowCaller,
      entity: Entity,
      registrations: string[],
      code: string,
      concurrency = 4,
    ): Promise<BulkRunResult> {
      const results: BulkRunResult['results'] = new Array(registrations.length);
      let next = 0;
      const worker = async () => {
        for (let i = next++; i < registrations.length; i = next++) {
          const registration = registrations[i];
          try {
            const doc = await this.run(caller, entity, registration, code);
            results[i] = { registration, statusCode: 200, status: String(doc.status) };
          } catch (error) {
            if (!(error instanceof ApiError)) throw error;
            if (error.code === 'TRANSITION_NOT_FOUND') throw error;
            results[i] = {
              registration,
              statusCode: error.status,
              error: error.message,
              ...(error.extra?.rejectionReason ? { rejectionReason: String(error.extra.rejectionReason) } : {}),
            };
          }
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, registrations.length)) }, worker));
      const done = results.filter((r) => r.statusCode === 200).length;
      return { code, done, refused: results.length - done, results };
    },

    /** Every kind with a workflow, and whether the tenant replaced its default. */
    async overview(caller: WorkflowCaller, kinds: Entity[]) {
      return scoped(caller, async (tx) => {
        const out = [];
        for (const e of kinds)
          out.push({
            entity: e.name,
            route: e.route,
            statusList: e.status,
            source: (await isReplaced(tx, caller.tenant, e)) ? 'tenant' : 'default',
          });
        return out;
      });
    },

    /** The workflow the tenant uses for `entity`, with each status's badge tone. */
    async definition(caller: WorkflowCaller, entity: Entity) {
      return scoped(caller, async (tx) => describe(await loadWorkflow(tx, caller.tenant, entity)));
    },

    async configure(caller: WorkflowCaller, entity: Entity, input: unknown) {
      mustConfigure(caller);
      return scoped(caller, async (tx) => describe(await saveWorkflow(tx, caller, entity, input))).catch((e) =>
        databaseError(e, entity),
      );
    },

    async reset(caller: WorkflowCaller, entity: Entity) {
      mustConfigure(caller);
      return scoped(caller, async (tx) => describe(await resetWorkflow(tx, caller, entity)));
    },
  };
}

export type WorkflowOperations = ReturnType<typeof createWorkflowOperations>;
