import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';

/** The frame of the pages reached without signing in (as the sign-in page's). */
export function PublicCard({ title, children, width = 420 }: { title: string; children: ReactNode; width?: number }) {
  const { token } = theme.useToken();
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16 }}>
      <div
        style={{
          width,
          maxWidth: '100%',
          padding: 24,
          borderRadius: token.borderRadiusLG,
          background: token.colorBgContainer,
          boxShadow: token.boxShadowTertiary,
          color: token.colorText,
        }}
      >
        <h1 style={{ marginTop: 0, fontSize: 22, fontWeight: 600 }}>{title}</h1>
        {children}
      </div>
    </Flex>
  );
}
