import type { ReactNode } from 'react';
import { Layout } from 'antd';
import type { NavigationPosition } from './navigation-position.ts';

/** The header's height in antd's layout: the column starts below it and stays in view while the screen scrolls. */
const headerHeight = 64;

/**
 * The main menu as a side column (navigation position `left` or `collapsed`): at the start of the
 * line, so on the right in a right-to-left locale. Its trigger at the bottom collapses it to its
 * icons (or first letters) and opens it again, and that choice is remembered like the user menu's;
 * its arrow points the way the column folds (antd mirrors it in right to left).
 */
export function SideColumn({
  position,
  onPosition,
  children,
}: {
  position: Exclude<NavigationPosition, 'top'>;
  onPosition: (next: NavigationPosition) => void;
  children: ReactNode;
}) {
  const collapsed = position === 'collapsed';
  return (
    <Layout.Sider
      collapsible
      collapsed={collapsed}
      onCollapse={(next) => onPosition(next ? 'collapsed' : 'left')}
      width={220}
      collapsedWidth={64}
      theme="dark"
      data-testid="side-column"
      style={{
        position: 'sticky',
        top: headerHeight,
        height: `calc(100vh - ${headerHeight}px)`,
        overflowY: 'auto',
        overflowX: 'hidden',
      }}
    >
      {children}
    </Layout.Sider>
  );
}
