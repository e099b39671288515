import { useCallback, type ReactNode } from 'react';
import { useShortcut } from '../app/shortcuts.ts';
import { useUiState } from '../app/ui-state.ts';
import { Button, Card } from 'antd';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** A card of a detail screen; collapsible ones remember their state (spec 001 §2.3, §2.12). */
export function FormCard({
  title,
  collapsed,
  onToggle,
  extra,
  children,
}: {
  title: ReactNode;
  collapsed?: boolean;
  onToggle?: () => void;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const toggle = onToggle && (
    <Button
      type="text"
      size="small"
      aria-label={collapsed ? t('Expand') : t('Collapse')}
      aria-expanded={!collapsed}
      icon={collapsed ? <DownOutlined /> : <UpOutlined />}
      onClick={onToggle}
    />
  );
  return (
    <Card
      title={title}
      size="small"
      style={{ marginBottom: 16 }}
      extra={
        <>
          {extra}
          {toggle}
        </>
      }
      styles={{ body: collapsed ? { display: 'none' } : undefined }}
    >
      {children}
    </Card>
  );
}

/**
 * Collapsed cards of a detail screen, remembered per route and title in the interface
 * state; ALT+C collapses all cards, or expands them all when all are collapsed.
 */
export function useCardPanels(route: string, titles: string[]) {
  const [collapsed, setCollapsed] = useUiState<Record<string, boolean>>(`panels.${route}`, {});
  const toggle = useCallback(
    (title: string) => setCollapsed({ ...collapsed, [title]: !collapsed[title] }),
    [collapsed, setCollapsed],
  );
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
