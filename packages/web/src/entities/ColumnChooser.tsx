import { Button, Checkbox, Popover, Space, theme } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@lbo/model/entity';
import { columnLabel } from './entity-fields.ts';

/** Shows or hides the declared columns; the choice is saved per route and can be reset. */
export function ColumnChooser({
  entity,
  visible,
  onChange,
  onReset,
}: {
  entity: Entity;
  visible: string[];
  onChange(columns: string[]): void;
  onReset(): void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const content = (
    <div style={{ maxHeight: 360, overflow: 'auto' }}>
      <Space direction="vertical" size={2}>
        {entity.columns.map((column) => (
          <Checkbox
            key={column.field}
            checked={visible.includes(column.field)}
            onChange={(e) =>
              onChange(
                e.target.checked
                  ? entity.columns.map((c) => c.field).filter((f) => f === column.field || visible.includes(f))
                  : visible.filter((f) => f !== column.field),
              )
            }
          >
            {t(columnLabel(entity, column))}
          </Checkbox>
        ))}
      </Space>
      {/* A rule in the theme's split colour (antd's Divider is no part of the list route). */}
      <hr style={{ border: 0, borderTop: `1px solid ${token.colorSplit}`, margin: '8px 0' }} />
      <Button size="small" onClick={onReset}>
        {t('Reset to defaults')}
      </Button>
    </div>
  );
  return (
    <Popover content={content} title={t('Columns')} trigger="click" placement="bottomRight">
      <Button icon={<SettingOutlined />} aria-label={t('Columns')} />
    </Popover>
  );
}
