import { Button, Card, Col, Form, Input, InputNumber, Row, Select, Space, Switch, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useListOptions } from '../fields/reference-lists.ts';
import { JsonInput, jsonRule } from './JsonInput.tsx';
import type { FieldSpec, SectionForm as Spec } from './section-forms.ts';

function SelectInput({ list, ...props }: { list: string; value?: string; onChange?: (v: string) => void }) {
  const { options, loading } = useListOptions(list);
  return <Select {...props} loading={loading} options={options} allowClear showSearch optionFilterProp="label" />;
}

/** The input of one field, by its kind. */
function FieldInput({ spec, path }: { spec: FieldSpec; path: (string | number)[] }) {
  const { t } = useTranslation();
  const label = t(spec.label);
  const common = { name: path, label };
  switch (spec.kind) {
    case 'boolean':
      return (
        <Form.Item {...common} valuePropName="checked">
          <Switch aria-label={label} />
        </Form.Item>
      );
    case 'number':
      return (
        <Form.Item {...common}>
          <InputNumber aria-label={label} style={{ width: '100%' }} />
        </Form.Item>
      );
    case 'select':
      return (
        <Form.Item {...common}>
          <SelectInput list={spec.list!} />
        </Form.Item>
      );
    case 'tags':
      return (
        <Form.Item {...common}>
          <Select mode="tags" aria-label={label} tokenSeparators={[',']} />
        </Form.Item>
      );
    case 'json':
      return (
        <Form.Item {...common} rules={[jsonRule(t('Not valid JSON'))]}>
          <JsonInput aria-label={label} />
        </Form.Item>
      );
    case 'secret':
      return (
        <Form.Item {...common} extra={t('Left empty, the stored secret is kept.')}>
          <Input.Password aria-label={label} autoComplete="new-password" />
        </Form.Item>
      );
    default:
      return (
        <Form.Item {...common}>
          <Input aria-label={label} />
        </Form.Item>
      );
  }
}

/** Fields side by side, two to a line; a JSON value takes the whole line. */
function FieldGrid({ fields, prefix = [] }: { fields: FieldSpec[]; prefix?: (string | number)[] }) {
  return (
    <Row gutter={12}>
      {fields.map((field) => (
        <Col key={field.name.join('.')} xs={24} md={field.kind === 'json' ? 24 : 12}>
          <FieldInput spec={field} path={[...prefix, ...field.name]} />
        </Col>
      ))}
    </Row>
  );
}

/** A section's form, laid out from its spec (section-forms.ts): its fields, then its lists as cards of items. */
export function SectionForm({ spec, form, testId }: { spec: Spec; form: FormInstance; testId: string }) {
  const { t } = useTranslation();
  return (
    <Form form={form} name={testId} layout="vertical" data-testid={testId}>
      {spec.fields && <FieldGrid fields={spec.fields} />}
      {spec.lists?.map((list) => (
        <Form.List key={list.name} name={list.name}>
          {(items, { add, remove }) => (
            <Space direction="vertical" style={{ width: '100%' }}>
              {items.map((item, index) => (
                <Card
                  key={item.key}
                  size="small"
                  title={`${t(list.label)} ${index + 1}`}
                  extra={
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('Remove')}
                      onClick={() => remove(item.name)}
                    />
                  }
                >
                  <FieldGrid fields={list.item} prefix={[item.name]} />
                </Card>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({})}>
                {t('Add')} ({t(list.label)})
              </Button>
            </Space>
          )}
        </Form.List>
      ))}
    </Form>
  );
}
