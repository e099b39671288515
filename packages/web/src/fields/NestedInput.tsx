import { Button, Card, Col, Empty, Row, Table } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { entityByName } from '@lbo/model/entity-registry';
import { detailPath } from '../entities/entity-fields.ts';
import { formatCurrency, formatDate, formatNumber, formatPercentage } from '../i18n/formats.ts';
import { useFormApi, type InputProps } from './form-context.ts';
import type { FormField } from './form-field.ts';

/** Grid widths of spec 000 §9 (12/6/4 of 12 columns: xs, sm, lg); long texts and nested data take the row. */
export function colProps(field: FormField) {
  const wide = ['textarea', 'markdown', 'richtext', 'list', 'object', 'json', 'address', 'notice', 'files'].includes(
    field.type,
  );
  return wide ? { xs: 24 } : { xs: 24, sm: 12, lg: 8 };
}

/** The fields of one object at `path`, in the grid. */
export function FieldGrid({ fields, path }: { fields: FormField[]; path: string }) {
  const form = useFormApi();
  return (
    <Row gutter={16}>
      {fields
        .filter((f) => !f.hidden)
        .map((f) => (
          <Col key={f.name} {...colProps(f)}>
            {form.renderField(f, path ? `${path}.${f.name}` : f.name)}
          </Col>
        ))}
    </Row>
  );
}

/** An object of declared fields. */
export function ObjectInput({ field, path }: InputProps) {
  return <FieldGrid fields={field.fields ?? []} path={path} />;
}

/** A cell of a read-only list: amounts in the row's currency, numbers and days in the reader's locale, links to their record. */
function cellOf(field: FormField, value: unknown, row: Record<string, unknown>, locale: string): ReactNode {
  if (value === undefined || value === null || value === '') return '';
  switch (field.type) {
    case 'currency':
      return formatCurrency(value, typeof row.currency === 'string' ? row.currency : 'EUR', locale);
    case 'percentage':
      return formatPercentage(value, locale);
    case 'number':
    case 'integer':
      return typeof value === 'number' ? formatNumber(value, locale) : String(value);
    case 'date':
      return formatDate(value, locale);
    case 'link': {
      const target = field.entity ? entityByName(field.entity) : undefined;
      return target ? <Link to={detailPath(target, String(value))}>{String(value)}</Link> : String(value);
    }
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** A list only the server writes (a snapshot's balances, a schedule's lines): a compact table, one row per item. */
function ReadOnlyListTable({
  field,
  path,
  items,
}: {
  field: FormField;
  path: string;
  items: Record<string, unknown>[];
}) {
  const { t, i18n } = useTranslation();
  const columns = (field.fields ?? [])
    .filter((f) => !f.hidden && f.type !== 'list' && f.type !== 'object')
    .map((f) => ({
      key: f.name,
      title: t(f.label),
      dataIndex: f.name,
      align: ['currency', 'number', 'integer', 'percentage'].includes(f.type) ? ('right' as const) : undefined,
      render: (v: unknown, row: Record<string, unknown>) => cellOf(f, v, row, i18n.language),
    }));
  return (
    <Table
      data-testid={`list-${path}`}
      size="small"
      rowKey={(_, index) => String(index)}
      columns={columns}
      dataSource={items}
      pagination={items.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      scroll={{ x: true }}
    />
  );
}

/** A list of objects: one small card per item, with add and remove; a table when only the server writes it. */
export function ListInput({ field, path, value, onChange, onBlur, disabled }: InputProps) {
  const { t } = useTranslation();
  const items = Array.isArray(value) ? value : [];
  if (field.readOnly && items.length)
    return <ReadOnlyListTable field={field} path={path} items={items as Record<string, unknown>[]} />;
  const remove = (index: number) => {
    const next = items.filter((_, i) => i !== index);
    onChange(next.length ? next : undefined);
    onBlur();
  };
  return (
    <div data-testid={`list-${path}`}>
      {items.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('No data')} />}
      {items.map((_, index) => (
        <Card
          key={index}
          size="small"
          style={{ marginBottom: 8 }}
          title={`${t(field.label)} ${index + 1}`}
          extra={
            !disabled && (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('Remove')}
                onClick={() => remove(index)}
              />
            )
          }
        >
          <FieldGrid fields={field.fields ?? []} path={`${path}.${index}`} />
        </Card>
      ))}
      {!disabled && (
        <Button icon={<PlusOutlined />} onClick={() => onChange([...items, {}])}>
          {t('Add')}
        </Button>
      )}
    </div>
  );
}
