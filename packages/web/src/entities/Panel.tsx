import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { theme } from 'antd';

/**
 * A bordered box of the list screen, drawn like antd's small card. antd's Card brings its tabs
 * (about 10 KB of compressed JavaScript) to every list route; the list never shows tabs.
 */
export function Panel({
  title,
  children,
  style,
  ...rest
}: { title?: ReactNode; children: ReactNode; style?: CSSProperties } & HTMLAttributes<HTMLDivElement>) {
  const { token } = theme.useToken();
  return (
    <div
      {...rest}
      style={{
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        ...style,
      }}
    >
      {title && (
        <div
          style={{
            padding: '8px 12px',
            fontWeight: 600,
            color: token.colorTextHeading,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          {title}
        </div>
      )}
      <div style={{ padding: 12 }}>{children}</div>
    </div>
  );
}
