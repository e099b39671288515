import type { Tx } from './database.ts';

const memos = new WeakMap<Tx, Map<string, Promise<unknown>>>();

/**
 * What `load` answers, read once per transaction under `key`: settings that every row of a bulk
 * write consults (an import writes a thousand persons in one transaction) cost one query instead
 * of one per row. Only for what the transaction itself does not change: a later write to it in
 * the same transaction is not seen.
 */
export function oncePerTransaction<T>(tx: Tx, key: string, load: () => Promise<T>): Promise<T> {
  let memo = memos.get(tx);
  if (!memo) memos.set(tx, (memo = new Map()));
  let value = memo.get(key) as Promise<T> | undefined;
  if (!value) {
    value = load();
    memo.set(key, value);
    // A failed read is not kept: the next row tries again (and fails the same way, naming its cause).
    value.catch(() => memo.delete(key));
  }
  return value;
}
