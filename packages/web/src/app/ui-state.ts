import { useCallback, useSyncExternalStore } from 'react';

/**
 * Interface state (table configuration, panel expansion, side column, theme, debug) kept in
 * browser storage under ONE key (spec 000 §1): read once, read by path, written by path, and
 * each write saves.
 */
export const uiStateKey = 'lbo.ui-state';

type Tree = Record<string, unknown>;
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `tables./contracts.pageSize` → [tables, /contracts, pageSize] (routes hold no dots). */
export const pathOf = (path: string | string[]): string[] =>
  Array.isArray(path) ? path : path.split('.').filter(Boolean);

export function getAtPath(tree: unknown, path: string | string[]): unknown {
  let node = tree;
  for (const key of pathOf(path)) {
    if (!isTree(node)) return undefined;
    node = node[key];
  }
  return node;
}

/** A copy of `tree` with `value` at `path` (undefined removes it). */
export function setAtPath(tree: Tree, path: string | string[], value: unknown): Tree {
  const [key, ...rest] = pathOf(path);
  if (key === undefined) return isTree(value) ? value : tree;
  const copy = { ...tree };
  if (rest.length === 0) {
    if (value === undefined) delete copy[key];
    else copy[key] = value;
    return copy;
  }
  copy[key] = setAtPath(isTree(tree[key]) ? (tree[key] as Tree) : {}, rest, value);
  return copy;
}

function readStorage(): Tree {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(uiStateKey) ?? '{}');
    return isTree(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

let state: Tree | undefined;
const listeners = new Set<() => void>();

export function readUiState<T>(path: string | string[]): T | undefined {
  state ??= readStorage();
  return getAtPath(state, path) as T | undefined;
}

export function writeUiState(path: string | string[], value: unknown): void {
  state = setAtPath(state ?? readStorage(), path, value);
  try {
    localStorage.setItem(uiStateKey, JSON.stringify(state));
  } catch {
    // Full or unavailable storage: the state lives for this page only.
  }
  listeners.forEach((listener) => listener());
}

export function subscribeUiState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** One value of the interface state, re-rendered when it changes. */
export function useUiState<T>(path: string, initial: T): [T, (value: T) => void] {
  const value = useSyncExternalStore(subscribeUiState, () => readUiState<T>(path));
  const set = useCallback((next: T) => writeUiState(path, next), [path]);
  return [value === undefined ? initial : value, set];
}
