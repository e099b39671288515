import { Button, type MenuProps } from 'antd';
import Dropdown from 'antd/es/dropdown/dropdown';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/session-context.tsx';
import { changeLocale } from '../session/user-locale.ts';
import { useUiState } from '../ui-state.ts';
import { notify } from '../notify.tsx';
import { savePreference } from '../session/preferences.ts';
import type { ThemePreference } from '../theme.ts';
import { isRtl } from '../../i18n/locale.ts';
import { languageMenuItems } from './language-menu.tsx';
import {
  isNavigationPosition,
  navigationPositionLabels,
  navigationPositions,
  useNavigationPosition,
} from './navigation-position.ts';

/**
 * The signed-in user's menu: language (every locale, by language), the menu's position, colour
 * scheme, debug mode, the keyboard shortcuts, sign out.
 * Opened by a click or Ctrl+U (the shell holds `open`).
 */
export function UserMenu({
  open,
  onOpenChange,
  onHelp,
}: {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  onHelp?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { user, signOut } = useSession();
  const [themePreference, setTheme] = useUiState<ThemePreference>('theme', {});
  const [debug, setDebug] = useUiState('debug', false);
  const [navigation, setNavigation] = useNavigationPosition();
  const scheme = themePreference.colorScheme ?? 'light';
  const items: MenuProps['items'] = [
    { key: 'who', label: `${user?.username ?? ''}`, disabled: true },
    { type: 'divider' },
    {
      key: 'language',
      label: t('Language'),
      children: languageMenuItems(i18n.language),
    },
    {
      key: 'navigation',
      label: t('Navigation'),
      children: navigationPositions.map((position) => ({
        key: `navigation:${position}`,
        label: `${position === navigation ? '✓ ' : ''}${t(navigationPositionLabels[position])}`,
      })),
    },
    {
      key: 'theme',
      label: t('Colour scheme'),
      children: (['followSystem', 'dark', 'light'] as const).map((s) => ({
        key: `theme:${s}`,
        label: `${s === scheme ? '✓ ' : ''}${t({ followSystem: 'Follow system', dark: 'Dark', light: 'Light' }[s])}`,
      })),
    },
    { key: 'debug', label: debug ? t('Debug mode: ON') : t('Debug mode: OFF') },
    { key: 'help', label: t('Keyboard shortcuts (F1)') },
    { type: 'divider' },
    { key: 'logout', label: t('Sign out'), danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') return signOut();
    if (key === 'help') {
      onOpenChange?.(false);
      return onHelp?.();
    }
    if (key === 'debug') {
      setDebug(!debug);
      return notify({ level: 'info', message: debug ? 'Debug mode is now OFF' : 'Debug mode is now ON' });
    }
    const [kind, value] = key.split(':');
    if (kind === 'locale') void changeLocale(value, user);
    if (kind === 'navigation' && isNavigationPosition(value)) setNavigation(value);
    if (kind === 'theme') {
      const next = { ...themePreference, colorScheme: value as ThemePreference['colorScheme'] };
      setTheme(next);
      void savePreference(user, { groupId: 'THEMING', type: 'THEMING', value: next });
    }
  };
  return (
    // Sub-menus open on click: a hover-only sub-menu closes when the pointer crosses a gap.
    <Dropdown
      menu={{ items, onClick, triggerSubMenuAction: 'click' }}
      trigger={['click']}
      // The menu opens under its button, towards the screen: leftwards, rightwards in right-to-left.
      placement={isRtl(i18n.language) ? 'bottomLeft' : 'bottomRight'}
      {...(onOpenChange ? { open, onOpenChange: (next: boolean) => onOpenChange(next) } : {})}
    >
      <Button
        type="text"
        style={{ color: '#fff' }}
        icon={
          // A small round badge as antd's small Avatar draws it, without carrying the Avatar (groups, images).
          <span
            style={{
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              width: 24,
              height: 24,
              borderRadius: '50%',
              background: 'rgba(0, 0, 0, 0.25)',
              color: '#fff',
              fontSize: 14,
            }}
          >
            <UserOutlined />
          </span>
        }
        aria-label={t('User menu')}
        data-testid="user-menu"
      >
        {user?.username}
      </Button>
    </Dropdown>
  );
}
