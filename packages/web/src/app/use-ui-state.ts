import { useCallback, useSyncExternalStore } from 'react';
import { readUiState, subscribeUiState, writeUiState } from './ui-state.ts';

/** One value of the interface state, re-rendered when it changes. */
export function useUiState<T>(path: string, initial: T): [T, (value: T) => void] {
  const value = useSyncExternalStore(subscribeUiState, () => readUiState<T>(path));
  const set = useCallback((next: T) => writeUiState(path, next), [path]);
  return [value === undefined ? initial : value, set];
}
