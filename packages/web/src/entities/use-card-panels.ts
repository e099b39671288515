import { useCallback } from 'react';
import { useShortcut } from '../app/shortcuts.ts';
import { useUiState } from '../app/use-ui-state.ts';

/**
 * Collapsed cards of a detail screen, remembered per route and title in the interface
 * state; ALT+C collapses all cards, or expands them all when all are collapsed.
 */
export function useCardPanels(route: string, titles: string[]) {
  const [collapsed, setCollapsed] = useUiState<Record<string, boolean>>(`panels.${route}`, {});
  const toggle = useCallback((title: string) => setCollapsed({ ...collapsed, [title]: !collapsed[title] }), [collapsed, setCollapsed]);
  useShortcut('alt+c', () => {
    const allCollapsed = titles.every((title) => collapsed[title]);
    setCollapsed(Object.fromEntries(titles.map((title) => [title, !allCollapsed])));
  });
  return { isCollapsed: (title: string) => collapsed[title] === true, toggle };
}

/** The side column of detail screens, toggled with CTRL+B and remembered. */
export function useSideColumn() {
  const [visible, setVisible] = useUiState('detail.sideColumn', true);
  useShortcut('ctrl+b', () => setVisible(!visible));
  return visible;
}
