import type { ReactNode } from 'react';
import { Button, Grid, Layout, Menu, Tooltip, Typography, type MenuProps } from 'antd';
import { FullscreenExitOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/session-context.tsx';
import { defaultWindowTitle, useHostSettings } from '../session/host-settings.ts';
import { labelOfPath, visibleMenus } from '../menus.ts';
import type { MenuItem } from '../session/configuration.ts';
import { UserMenu } from './UserMenu.tsx';
import { BottomNavigation } from './BottomNavigation.tsx';
import { useUiState } from '../ui-state.ts';
import { escapeContextOf, escapeTogglesSideView, useShortcut } from '../shortcuts.ts';

const escapeAccepted = (event: KeyboardEvent) => escapeTogglesSideView(escapeContextOf(event));

/**
 * The signed-in layout: header with the menus filtered by profiles, the user menu, the screen.
 * In the side view (spec 000 §1, the app embedded in a parent window; alt+X or Escape toggles
 * it, remembered) only the screen is shown, with a button to leave it.
 */
export function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [sideView, setSideView] = useUiState('sideView', false);
  useShortcut('alt+x', () => setSideView(!sideView));
  useShortcut('escape', () => setSideView(!sideView), true, escapeAccepted);
  const { configuration, user } = useSession();
  const host = useHostSettings();
  const navigate = useNavigate();
  const location = useLocation();
  const screens = Grid.useBreakpoint();
  const menus = visibleMenus(configuration?.menus, user?.profiles);
  type NavItem = NonNullable<MenuProps['items']>[number];
  const toItem = (m: MenuItem): NavItem => ({
    key: m.menus?.length ? `group:${m.path}` : (m.redirect ?? m.path),
    label: t(m.label ?? labelOfPath(m.path)),
    children: m.menus?.length ? m.menus.map(toItem) : undefined,
  });
  const selected = `/${location.pathname.split('/')[1] ?? ''}`;
  if (sideView) {
    return (
      <Layout style={{ minHeight: '100vh' }} data-testid="side-view">
        <Layout.Content style={{ padding: 8 }}>{children}</Layout.Content>
        <Tooltip title={t('Leave the side view (Alt+X)')}>
          <Button
            shape="circle"
            icon={<FullscreenExitOutlined />}
            aria-label={t('Leave the side view')}
            onClick={() => setSideView(false)}
            style={{ position: 'fixed', top: 8, right: 8, zIndex: 20 }}
          />
        </Tooltip>
      </Layout>
    );
  }
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 16,
          paddingInline: 16,
          position: 'sticky',
          top: 0,
          zIndex: 10,
        }}
      >
        <Link to="/" style={{ whiteSpace: 'nowrap' }}>
          <Typography.Text strong style={{ color: '#fff', fontSize: 16 }}>
            {t(host.windowTitle || defaultWindowTitle)}
          </Typography.Text>
        </Link>
        <Menu
          theme="dark"
          mode="horizontal"
          items={menus.map(toItem)}
          selectedKeys={[selected]}
          style={{ flex: 1, minWidth: 0 }}
          onClick={({ key }) => navigate(key)}
          aria-label={t('Main menu')}
        />
        <UserMenu />
      </Layout.Header>
      <Layout.Content style={{ padding: screens.md ? 24 : 12, paddingBottom: screens.md ? 24 : 72 }}>
        {children}
      </Layout.Content>
      {!screens.md && (
        <BottomNavigation items={visibleMenus(configuration?.responsiveBottomNavigation, user?.profiles)} />
      )}
    </Layout>
  );
}
