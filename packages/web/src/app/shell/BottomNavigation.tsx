import { Flex, Button, theme } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '../session/configuration.ts';
import { labelOfPath } from '../menus.ts';

/** The bottom navigation of small screens (responsiveBottomNavigation, filtered by profiles). */
export function BottomNavigation({ items }: { items: MenuItem[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { token } = theme.useToken();
  if (!items.length) return null;
  return (
    <Flex
      justify="space-around"
      style={{
        position: 'fixed',
        insetInline: 0,
        bottom: 0,
        height: 56,
        background: token.colorBgContainer,
        borderTop: `1px solid ${token.colorBorder}`,
        zIndex: 10,
      }}
    >
      {items.map((item) => (
        <Button
          key={item.path}
          type={location.pathname.startsWith(item.path) ? 'link' : 'text'}
          style={{ height: '100%' }}
          onClick={() => navigate(item.redirect ?? item.path)}
        >
          {t(item.label ?? labelOfPath(item.path))}
        </Button>
      ))}
    </Flex>
  );
}
