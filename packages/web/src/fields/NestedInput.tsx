import { Button, Card, Col, Empty, Row } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useFormApi, type InputProps } from './form-context.ts';
import type { FormField } from './form-field.ts';

/** Grid widths of spec 000 §9 (12/6/4 of 12 columns: xs, sm, lg); long texts and nested data take the row. */
export function colProps(field: FormField) {
  const wide = ['textarea', 'markdown', 'richtext', 'list', 'object', 'json', 'address', 'notice', 'files'].includes(field.type);
  return wide ? { xs: 24 } : { xs: 24, sm: 12, lg: 8 };
}

/** The fields of one object at `path`, in the grid. */
export function FieldGrid({ fields, path }: { fields: FormField[]; path: string }) {
  const form = useFormApi();
  return (
    <Row gutter={16}>
      {fields.filter((f) => !f.hidden).map((f) => (
        <Col key={f.name} {...colProps(f)}>{form.renderField(f, path ? `${path}.${f.name}` : f.name)}</Col>
      ))}
    </Row>
  );
}

/** An object of declared fields. */
export function ObjectInput({ field, path }: InputProps) {
  return <FieldGrid fields={field.fields ?? []} path={path} />;
}

/** A list of objects: one small card per item, with add and remove. */
export function ListInput({ field, path, value, onChange, onBlur, disabled }: InputProps) {
  const { t } = useTranslation();
  const items = Array.isArray(value) ? value : [];
  const remove = (index: number) => {
    const next = items.filter((_, i) => i !== index);
    onChange(next.length ? next : undefined);
    onBlur();
  };
  return (
    <div data-testid={`list-${path}`}>
      {items.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('No data')} />}
      {items.map((_, index) => (
        <Card key={index} size="small" style={{ marginBottom: 8 }} title={`${t(field.label)} ${index + 1}`}
          extra={!disabled && <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('Remove')} onClick={() => remove(index)} />}>
          <FieldGrid fields={field.fields ?? []} path={`${path}.${index}`} />
        </Card>
      ))}
      {!disabled && <Button icon={<PlusOutlined />} onClick={() => onChange([...items, {}])}>{t('Add')}</Button>}
    </div>
  );
}
