import { AsyncLocalStorage } from 'node:async_hooks';
import type { ObjectStore } from '../db/object-store.ts';

/**
 * What a transition's side effects may need beyond its transaction: the object store (an issued
 * invoice's PDF), and undoing on failure what a rollback cannot (a content already in the store).
 * The workflow operation opens them around the transaction; a record moved by a side effect
 * (`moveRecord`) runs in the same scope. Carried in async context rather than through every
 * `runTransition` signature, so that a domain moving records in its own transaction may open them too.
 */
export interface TransitionResources {
  store: ObjectStore;
  /** `undo` runs if the transaction does not commit. */
  onRollback(undo: () => Promise<void>): void;
}

const current = new AsyncLocalStorage<TransitionResources>();

/** The resources of the transition running now; undefined outside `withTransitionResources`. */
export const transitionResources = (): TransitionResources | undefined => current.getStore();

/** Runs `work` (a transaction) with `store`; when it fails, what side effects asked to undo is undone. */
export async function withTransitionResources<T>(store: ObjectStore | undefined, work: () => Promise<T>): Promise<T> {
  if (!store) return work();
  const undos: (() => Promise<void>)[] = [];
  try {
    return await current.run({ store, onRollback: (undo) => void undos.push(undo) }, work);
  } catch (error) {
    for (const undo of undos.reverse()) await undo().catch(() => undefined);
    throw error;
  }
}
