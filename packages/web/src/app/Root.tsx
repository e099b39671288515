import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { ConfigProvider, theme as antTheme } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotificationHost, notify } from './notify.tsx';
import { SessionProvider, useSession } from './session/session-context.tsx';
import { defaultWindowTitle, useHostSettings } from './session/host-settings.ts';
import { pageTitle } from './location-rules.ts';
import { useShortcut } from './shortcuts.ts';
import { useUiState } from './ui-state.ts';
import { darkFilter, isDark, type ThemePreference } from './theme.ts';
import { documentLocale } from '../i18n/locale.ts';
import { isAdminUser } from './session/configuration.ts';
import { useAntdLocale } from './shell/antd-locale.ts';
import './shell/shell.css';

const darkQuery = () => window.matchMedia?.('(prefers-color-scheme: dark)');
const subscribeSystemDark = (listener: () => void) => {
  const query = darkQuery();
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
};

/** Users who ask their system for less motion get no animations (menus and dropdowns appear at once). */
const reducedMotion =
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/** Providers shared by every route: theme, direction, locale of antd, notifications, session. */
export function Root() {
  const { i18n } = useTranslation();
  const [preference] = useUiState<ThemePreference>('theme', {});
  const systemDark = useSyncExternalStore(subscribeSystemDark, () => darkQuery()?.matches ?? false);
  const { lang, dir: direction } = documentLocale(i18n.language);
  const antdLocale = useAntdLocale(i18n.language);
  const dark = isDark(preference, systemDark);
  const filter = darkFilter(preference, systemDark);
  // The document says its language and direction too: screen readers, hyphenation, fonts, native controls.
  useEffect(() => {
    document.documentElement.lang = lang;
    document.documentElement.dir = direction;
  }, [lang, direction]);
  return (
    <ConfigProvider
      direction={direction}
      locale={antdLocale}
      theme={{
        algorithm: dark ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
        token: { colorPrimary: '#1f5fa8', borderRadius: 4, motion: !reducedMotion },
      }}
    >
      <Surface filter={filter}>
        <NotificationHost direction={direction} />
        <SessionProvider>
          <RootEffects />
          <Outlet />
        </SessionProvider>
      </Surface>
    </ConfigProvider>
  );
}

/** The page background, text colour and font of the theme (light or dark), and the dark filter. */
function Surface({ filter, children }: { filter?: string; children: ReactNode }) {
  const { token } = antTheme.useToken();
  return (
    <div
      style={{
        minHeight: '100%',
        filter,
        background: token.colorBgLayout,
        color: token.colorText,
        fontFamily: token.fontFamily,
        fontSize: token.fontSize,
      }}
    >
      {children}
    </div>
  );
}

/** Page title and the debug shortcut (ctrl+D); alt+R belongs to the shell, which holds the data. */
function RootEffects() {
  const location = useLocation();
  const { t } = useTranslation();
  const host = useHostSettings();
  const { user, configuration } = useSession();
  const [debug, setDebug] = useUiState('debug', false);
  useEffect(() => {
    document.title = pageTitle(t(host.windowTitle || defaultWindowTitle), location.pathname, undefined, t);
  }, [host.windowTitle, location.pathname, t]);
  const debugAllowed = isAdminUser(user) || configuration?.options.allowDebugMode !== false;
  useShortcut(
    'ctrl+d',
    () => {
      setDebug(!debug);
      notify({ level: 'info', message: debug ? 'Debug mode is now OFF' : 'Debug mode is now ON' });
    },
    debugAllowed,
  );
  // Spec 000 §2.3: ctrl+shift+S opens the scripts screen, for admins only.
  const navigate = useNavigate();
  const admin = isAdminUser(user);
  useShortcut('ctrl+shift+s', () => navigate('/scripts'), admin);
  return null;
}
