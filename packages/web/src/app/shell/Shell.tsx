import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Grid, Layout, Menu, Tooltip, type MenuProps } from 'antd';
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
import { useWebModules } from '../web-module.ts';
import {
  escapeContextOf,
  escapeTogglesSideView,
  notTypedInField,
  registrationOfPath,
  useShortcut,
} from '../shortcuts.ts';
import { notify } from '../notify.tsx';
import { savePreference } from '../session/preferences.ts';
import type { ThemePreference } from '../theme.ts';
import { useParentWindow } from './side-view.ts';
import { SideColumn } from './SideColumn.tsx';
import { useNavigationPosition } from './navigation-position.ts';

/**
 * A collapsed side column shows each section by the first letter of its name (the configuration's
 * menus have no icons); in Arabic the article (ال) is passed over, as most names begin with it.
 */
const initialOf = (label: unknown) =>
  String(label ?? '')
    .replace(/^ال/, '')
    .charAt(0)
    .toLocaleUpperCase();
type NavItem = NonNullable<MenuProps['items']>[number];
const withInitial = (item: NavItem): NavItem =>
  item && 'label' in item
    ? ({ ...item, icon: <span className="lbo-menu-initial">{initialOf(item.label)}</span> } as NavItem)
    : item;

/** The help (a table of the shortcuts) and the jump box load when first opened: no list route needs them. */
const ShellHelp = lazy(async () => ({ default: (await import('./ShellHelp.tsx')).ShellHelp }));
const JumpBox = lazy(async () => ({ default: (await import('./JumpBox.tsx')).JumpBox }));

/** A dialog's state that remembers whether it was ever opened: it is not mounted (nor loaded) before. */
function useDialogState() {
  const [state, setState] = useState<'never' | 'open' | 'closed'>('never');
  const setOpen = (open: boolean) => setState((was) => (open ? 'open' : was === 'never' ? 'never' : 'closed'));
  return { open: state === 'open', used: state !== 'never', setOpen };
}

const escapeAccepted = (event: KeyboardEvent) => escapeTogglesSideView(escapeContextOf(event));

/** The event F9 sends: a screen that computes figures in the browser recomputes them (the data is fetched again too). */
export const RECOMPUTE_EVENT = 'lbo:recompute';

/**
 * The shell's own shortcuts (spec 000 §2.3; the choices for the keys the spec leaves open are in
 * docs/search.md): back, main menu, user menu, theme, copy, jump box, recompute, help.
 */
function useShellShortcuts({ openUserMenu, openHelp, openJump }: Record<string, () => void>) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [theme, setTheme] = useUiState<ThemePreference>('theme', {});
  useShortcut('alt+b', () => navigate(-1));
  useShortcut('ctrl+m', () => {
    const item = document.querySelector<HTMLElement>('[data-testid="main-menu"] [role="menuitem"]');
    item?.setAttribute('tabindex', '0');
    item?.focus();
  });
  useShortcut('ctrl+u', openUserMenu);
  useShortcut('ctrl+g', openJump);
  useShortcut('f1', openHelp);
  useShortcut('?', openHelp, true, notTypedInField);
  useShortcut('alt+t', () => {
    const next: ThemePreference = { ...theme, colorScheme: theme.colorScheme === 'dark' ? 'light' : 'dark' };
    setTheme(next);
    void savePreference(user, { groupId: 'THEMING', type: 'THEMING', value: next });
  });
  useShortcut('ctrl+shift+c', () => {
    const registration = registrationOfPath(location.pathname);
    const text = registration ?? window.location.href;
    void navigator.clipboard
      ?.writeText(text)
      .then(() =>
        notify({ level: 'success', message: registration ? 'Registration copied' : 'Link copied', description: text }),
      )
      .catch(() => notify({ level: 'warning', message: 'The clipboard is not available', description: text }));
  });
  useShortcut('f9', () => {
    window.dispatchEvent(new Event(RECOMPUTE_EVENT));
    void queryClient.refetchQueries({ type: 'active' });
  });
}

/**
 * The signed-in layout: header with the menus filtered by profiles, the user menu, the screen.
 * The main menu stands where the user put it (navigation-position.ts): in the header, or as a
 * side column at the start of the line (on the right in Arabic), open or collapsed.
 * In the side view (spec 000 §1, the app embedded in a parent window; alt+X or Escape toggles
 * it, remembered) only the screen is shown, with a button to leave it.
 */
export function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [sideView, setSideView] = useUiState('sideView', false);
  const [userMenuOpen, setUserMenuOpen] = useState(false);
  const help = useDialogState();
  const jump = useDialogState();
  useShellShortcuts({
    openUserMenu: () => setUserMenuOpen(true),
    openHelp: () => help.setOpen(true),
    openJump: () => jump.setOpen(true),
  });
  const dialogs = (
    <Suspense fallback={null}>
      {help.used && <ShellHelp open={help.open} onClose={() => help.setOpen(false)} />}
      {jump.used && <JumpBox open={jump.open} onClose={() => jump.setOpen(false)} />}
    </Suspense>
  );
  useShortcut('alt+x', () => setSideView(!sideView));
  useShortcut('escape', () => setSideView(!sideView), true, escapeAccepted);
  useParentWindow(setSideView);
  const { configuration, user } = useSession();
  const { slots } = useWebModules();
  const { globalSearch: GlobalSearch, notificationBell: NotificationBell, appStatus: AppStatus } = slots;
  const host = useHostSettings();
  const navigate = useNavigate();
  const location = useLocation();
  const screens = Grid.useBreakpoint();
  const [position, setPosition] = useNavigationPosition();
  const menus = visibleMenus(configuration?.menus, user?.profiles);
  const toItem = (m: MenuItem): NavItem => ({
    key: m.menus?.length ? `group:${m.path}` : (m.redirect ?? m.path),
    label: t(m.label ?? labelOfPath(m.path)),
    children: m.menus?.length ? m.menus.map(toItem) : undefined,
  });
  const selected = `/${location.pathname.split('/')[1] ?? ''}`;
  if (sideView) {
    return (
      <Layout style={{ minHeight: '100vh' }} data-testid="side-view">
        {/* A row of its own: a button floating over the screen would cover the screen's own (Save). */}
        <Flex justify="end" style={{ padding: '8px 8px 0' }}>
          <Tooltip title={t('Leave the side view (Alt+X)')}>
            <Button
              shape="circle"
              icon={<FullscreenExitOutlined />}
              aria-label={t('Leave the side view')}
              onClick={() => setSideView(false)}
            />
          </Tooltip>
        </Flex>
        <Layout.Content style={{ padding: 8 }}>{children}</Layout.Content>
        {dialogs}
      </Layout>
    );
  }
  // Small screens keep the bar at the top (and the bottom navigation): a side column would eat the screen.
  const side = screens.md && position !== 'top';
  const mainMenu = (mode: 'horizontal' | 'inline') => (
    <Menu
      theme="dark"
      mode={mode}
      items={side && position === 'collapsed' ? menus.map(toItem).map(withInitial) : menus.map(toItem)}
      selectedKeys={[selected]}
      style={mode === 'horizontal' ? { flex: 1, minWidth: 0 } : { borderInlineEnd: 0 }}
      onClick={({ key }) => navigate(key)}
      aria-label={t('Main menu')}
      data-testid="main-menu"
      data-position={side ? position : 'top'}
    />
  );
  const content = (
    <Layout.Content style={{ padding: screens.md ? 24 : 12, paddingBottom: screens.md ? 24 : 72, minWidth: 0 }}>
      {children}
    </Layout.Content>
  );
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
        <Link to="/" style={{ whiteSpace: 'nowrap' }} data-testid="product-name">
          <strong style={{ color: '#fff', fontSize: 16 }}>{t(host.windowTitle || defaultWindowTitle)}</strong>
        </Link>
        {side ? <div style={{ flex: 1 }} /> : mainMenu('horizontal')}
        {/* The domains' header parts load on first render, without holding the shell. */}
        <Suspense fallback={null}>
          {GlobalSearch && <GlobalSearch />}
          {AppStatus && <AppStatus />}
          {NotificationBell && <NotificationBell />}
        </Suspense>
        <UserMenu open={userMenuOpen} onOpenChange={setUserMenuOpen} onHelp={() => help.setOpen(true)} />
      </Layout.Header>
      {dialogs}
      {/* The screen keeps its place in the tree whether the menu stands at the side or not: a window
          narrowed past the breakpoint, or the menu moved, must not remount it and lose what was typed. */}
      <Layout hasSider={side}>
        {side && (
          <SideColumn position={position} onPosition={setPosition}>
            {mainMenu('inline')}
          </SideColumn>
        )}
        {content}
      </Layout>
      {!screens.md && (
        <BottomNavigation items={visibleMenus(configuration?.responsiveBottomNavigation, user?.profiles)} />
      )}
    </Layout>
  );
}
