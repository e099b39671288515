import { useEffect, useSyncExternalStore } from 'react';
import { App as AntApp, ConfigProvider, theme as antTheme } from 'antd';
import enGB from 'antd/es/locale/en_GB';
import frFR from 'antd/es/locale/fr_FR';
import { Outlet, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NotificationHost, notify } from './notify.tsx';
import { SessionProvider, useSession } from './session/session-context.tsx';
import { defaultWindowTitle, useHostSettings } from './session/host-settings.ts';
import { pageTitle } from './page-title.ts';
import { useShortcut } from './shortcuts.ts';
import { useUiState } from './use-ui-state.ts';
import { darkFilter, isDark, type ThemePreference } from './theme.ts';
import { isRtl } from '../i18n/locale.ts';

const darkQuery = () => window.matchMedia?.('(prefers-color-scheme: dark)');
const subscribeSystemDark = (listener: () => void) => {
  const query = darkQuery();
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
};

/** Providers shared by every route: theme, direction, locale of antd, notifications, session. */
export function Root() {
  const { i18n } = useTranslation();
  const [preference] = useUiState<ThemePreference>('theme', {});
  const systemDark = useSyncExternalStore(subscribeSystemDark, () => darkQuery()?.matches ?? false);
  const direction = isRtl(i18n.language) ? 'rtl' : 'ltr';
  const dark = isDark(preference, systemDark);
  const filter = darkFilter(preference, systemDark);
  return (
    <ConfigProvider
      direction={direction}
      locale={i18n.language.startsWith('fr') ? frFR : enGB}
      theme={{ algorithm: dark ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm, token: { colorPrimary: '#1f5fa8', borderRadius: 4 } }}
    >
      <AntApp style={{ height: '100%', filter }}>
        <NotificationHost direction={direction} />
        <SessionProvider>
          <RootEffects />
          <Outlet />
        </SessionProvider>
      </AntApp>
    </ConfigProvider>
  );
}

/** Page title, reload (alt+R) and debug (ctrl+D) shortcuts. */
function RootEffects() {
  const location = useLocation();
  const host = useHostSettings();
  const queryClient = useQueryClient();
  const { user, configuration } = useSession();
  const [debug, setDebug] = useUiState('debug', false);
  useEffect(() => {
    document.title = pageTitle(host.windowTitle || defaultWindowTitle, location.pathname);
  }, [host.windowTitle, location.pathname]);
  useShortcut('alt+r', () => void queryClient.invalidateQueries());
  const debugAllowed = Boolean(user?.isAdmin || user?.isMainAdmin || user?.isSuperAdmin || configuration?.options.allowDebugMode !== false);
  useShortcut('ctrl+d', () => {
    setDebug(!debug);
    notify({ level: 'info', message: debug ? 'Debug mode is now OFF' : 'Debug mode is now ON' });
  }, debugAllowed);
  return null;
}
