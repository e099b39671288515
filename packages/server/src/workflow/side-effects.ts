import type { Entity } from '@lbo/model/entity';
import { dayIn } from '@lbo/model/values/dates';
import { sideEffectNames, type SideEffectName, type Transition } from '@lbo/model/workflow/workflow';
import type { WorkflowDefinition } from '@lbo/model/workflow/workflow';
import type { Tx } from '../db/database.ts';
import type { Doc } from '../entities/storage.ts';
import type { WorkflowCaller } from './permissions.ts';

/**
 * The functions behind the side-effect names a transition may list. Each runs in the
 * transition's transaction, after the checks and before the record is written, and answers
 * the document to store: whatever it does commits with the status change or not at all.
 */
export interface SideEffectContext {
  entity: Entity;
  transition: Transition;
  caller: WorkflowCaller;
  tx: Tx;
  /** The document as it will be stored (status already set). */
  doc: Doc;
  /** Today in the caller's time zone (`YYYY-MM-DD`) and now (ISO instant). */
  today: string;
  now: string;
  /** Moves another record through its own workflow, in this transaction (a credit note issued by a cancellation). */
  moveRecord(entity: Entity, id: string, code: string): Promise<Doc>;
}

export type SideEffect = (context: SideEffectContext) => Doc | Promise<Doc>;

/**
 * A side effect run on many records of one transition at once (a bank statement's allocations), as
 * running it on each in turn would, in fewer statements; answers the documents in their order.
 */
export type SideEffectOnMany = (contexts: SideEffectContext[]) => Promise<Doc[]>;

/** Writes today into `field` (an instant when the field is declared datetime); `keep` leaves a value already given. */
const stamp =
  (field: string, keep = false) =>
  ({ entity, doc, today, now }: SideEffectContext): Doc => {
    if (keep && doc[field] !== undefined && doc[field] !== null && doc[field] !== '') return doc;
    return { ...doc, [field]: entity.fields[field]?.type === 'datetime' ? now : today };
  };

/** The core's side effects: dates stamped, counts kept. Modules register the rest (ServerModule.sideEffects). */
export const coreSideEffects: Partial<Record<SideEffectName, SideEffectRegistration>> = {
  stampSubmitDate: stamp('submitDate'),
  clearSubmitDate: ({ doc }) => {
    const { submitDate: _cleared, ...rest } = doc;
    return rest;
  },
  stampAcceptDate: stamp('acceptDate'),
  stampValidationDate: stamp('validationDate'),
  stampApprovalDate: stamp('approvalDate'),
  stampActivationDate: stamp('activationDate'),
  stampTerminationDate: stamp('terminationDate'),
  stampCancellationDate: stamp('cancellationDate'),
  stampClosingDate: stamp('closingDate'),
  // Delivery, return and issue dates are often typed in by the user beforehand: keep theirs.
  stampDeliveryDate: stamp('deliveryDate', true),
  stampReturnDate: stamp('returnDate', true),
  stampIssueDate: stamp('issueDate', true),
  /** Paid in full: nothing left to pay; the payment date is today unless one was entered. */
  markInvoicePaid: (context) => ({ ...stamp('paymentDate', true)(context), totalBalance: 0 }),
  /** How many times a request was reopened after being resolved (or done). */
  countReopening: ({ doc }) => ({
    ...doc,
    reopenCount: (typeof doc.reopenCount === 'number' ? doc.reopenCount : 0) + 1,
  }),
};

/**
 * A side effect as a module registers it: the function, the side effects that must come before it
 * wherever a transition lists both (an invoice is numbered before its PDF is drawn), and its form
 * for many records at once when it has one.
 */
export type SideEffectRegistration =
  | SideEffect
  | { run: SideEffect; after?: SideEffectName[]; runOnMany?: SideEffectOnMany };

const runOf = (registration: SideEffectRegistration): SideEffect =>
  typeof registration === 'function' ? registration : registration.run;

/** The side effects of this process, installed once from the composed modules (installSideEffects). */
let installed: Partial<Record<SideEffectName, SideEffect>> = {};
let installedOnMany: Partial<Record<SideEffectName, SideEffectOnMany>> = {};

/**
 * Installs the side effects of the core and the modules. Throws, naming it, when a name the
 * workflows may list has no function or two, or when a transition lists two in an order its
 * side effects forbid.
 */
export function installSideEffects(
  registrations: Partial<Record<SideEffectName, SideEffectRegistration>>[],
  workflows: WorkflowDefinition[],
): void {
  const merged: Partial<Record<SideEffectName, SideEffectRegistration>> = {};
  for (const group of registrations)
    for (const [name, registration] of Object.entries(group) as [SideEffectName, SideEffectRegistration][]) {
      if (merged[name]) throw new Error(`The side effect ${name} is registered twice`);
      merged[name] = registration;
    }
  const missing = sideEffectNames.filter((name) => !merged[name]);
  if (missing.length) throw new Error(`No module registers the side effect(s) ${missing.join(', ')}`);
  for (const workflow of workflows)
    for (const transition of workflow.transitions) {
      const listed = transition.sideEffects ?? [];
      listed.forEach((name, index) => {
        const registration = merged[name]!;
        const after = typeof registration === 'function' ? [] : (registration.after ?? []);
        for (const earlier of after) {
          const at = listed.indexOf(earlier);
          if (at > index)
            throw new Error(
              `Transition ${transition.code} of ${workflow.entity} runs ${name} before ${earlier}, which must come first`,
            );
        }
      });
    }
  installed = Object.fromEntries(Object.entries(merged).map(([name, r]) => [name, runOf(r!)]));
  installedOnMany = Object.fromEntries(
    Object.entries(merged).flatMap(([name, r]) => (typeof r === 'object' && r.runOnMany ? [[name, r.runOnMany]] : [])),
  );
}

/** Runs the named side effects in order, each on the previous one's document. */
export async function runSideEffects(
  names: SideEffectName[],
  context: Omit<SideEffectContext, 'doc'>,
  doc: Doc,
): Promise<Doc> {
  let current = doc;
  for (const name of names) {
    const sideEffect = installed[name];
    if (!sideEffect) throw new Error(`The side effect ${name} is not installed`);
    current = await sideEffect({ ...context, doc: current });
  }
  return current;
}

/**
 * Runs the named side effects in order on many documents of one transition: each side effect on
 * all of them (at once where it has a form for many, otherwise on each in turn) before the next.
 */
export async function runSideEffectsOnMany(
  names: SideEffectName[],
  context: Omit<SideEffectContext, 'doc'>,
  docs: Doc[],
): Promise<Doc[]> {
  let current = docs;
  for (const name of names) {
    const sideEffect = installed[name];
    if (!sideEffect) throw new Error(`The side effect ${name} is not installed`);
    const onMany = installedOnMany[name];
    if (onMany) current = await onMany(current.map((doc) => ({ ...context, doc })));
    else {
      const next: Doc[] = [];
      for (const doc of current) next.push(await sideEffect({ ...context, doc }));
      current = next;
    }
  }
  return current;
}

export const todayIn = (timeZone: string | undefined, instant = new Date()) => dayIn(instant, timeZone ?? 'UTC');
