import { useCallback } from 'react';
import { useSession } from '../session/session-context.tsx';
import { savePreference } from '../session/preferences.ts';
import type { UserPreference } from '../session/configuration.ts';
import { useUiState } from '../ui-state.ts';

/**
 * Where the main menu stands (spec 000 §9: "Navigation display toggles between top, left and
 * collapsed-sidebar"): a bar at the top, a side column (on the right in a right-to-left locale), or
 * that column collapsed to its icons. Kept in the interface state of this browser and, as a UI
 * preference of the user (groupId NAVIGATION), on the server, so that it follows the user.
 */
export const navigationPositions = ['top', 'left', 'collapsed'] as const;
export type NavigationPosition = (typeof navigationPositions)[number];

export const navigationGroup = 'NAVIGATION';
const statePath = 'navigation.position';

export const isNavigationPosition = (value: unknown): value is NavigationPosition =>
  navigationPositions.includes(value as NavigationPosition);

/** The position a user saved (preferences of the configuration), or undefined. */
export function savedNavigationPosition(preferences: UserPreference[] | undefined): NavigationPosition | undefined {
  const saved = preferences?.find((p) => p.groupId === navigationGroup)?.value as { position?: unknown } | undefined;
  return isNavigationPosition(saved?.position) ? saved.position : undefined;
}

/** The labels of the choices, in the user menu. */
export const navigationPositionLabels: Record<NavigationPosition, string> = {
  top: 'Menu at the top',
  left: 'Menu at the side',
  collapsed: 'Menu at the side, collapsed',
};

/** The current position (top by default) and its setter, which remembers it for the user. */
export function useNavigationPosition(): [NavigationPosition, (next: NavigationPosition) => void] {
  const { user } = useSession();
  const [stored, setStored] = useUiState<NavigationPosition>(statePath, 'top');
  const position = isNavigationPosition(stored) ? stored : 'top';
  const choose = useCallback(
    (next: NavigationPosition) => {
      setStored(next);
      void savePreference(user, { groupId: navigationGroup, type: 'UI', value: { position: next } });
    },
    [user, setStored],
  );
  return [position, choose];
}

/** The interface state's path of the position (the signed-in app writes the saved one there). */
export const navigationStatePath = statePath;
