import type { ReactNode } from 'react';
import { Button, Card } from 'antd';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** A card of a detail screen; collapsible ones remember their state (spec 001 §2.3, §2.12). */
export function FormCard({ title, collapsed, onToggle, extra, children }: {
  title: ReactNode;
  collapsed?: boolean;
  onToggle?: () => void;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const toggle = onToggle && (
    <Button type="text" size="small" aria-label={collapsed ? t('Expand') : t('Collapse')} aria-expanded={!collapsed}
      icon={collapsed ? <DownOutlined /> : <UpOutlined />} onClick={onToggle} />
  );
  return (
    <Card title={title} size="small" style={{ marginBottom: 16 }} extra={<>{extra}{toggle}</>}
      styles={{ body: collapsed ? { display: 'none' } : undefined }}>
      {children}
    </Card>
  );
}
