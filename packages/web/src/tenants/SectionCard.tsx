import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Space, Spin, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../app/notify.tsx';
import { fieldErrorOf } from './field-errors.ts';
import { InvalidJson } from './JsonInput.tsx';
import { SectionForm } from './SectionForm.tsx';
import { sectionForms, withoutEmpty } from './section-forms.ts';
import { saveSection, useSection, useSectionSaved, type ConfigurationSection } from './tenant-api.ts';

const JsonEditor = lazy(() => import('./JsonEditor.tsx'));

const asText = (value: unknown) => JSON.stringify(value ?? {}, null, 2);

/**
 * One section of the tenant's configuration: its form where the web knows its shape, else (or on
 * demand) its JSON; saved whole with `PUT /api/core/tenant-configuration/{name}`, the server's
 * refusal shown on the field it names and above the save button.
 */
export function SectionCard({ section }: { section: ConfigurationSection }) {
  const { t } = useTranslation();
  const { name } = section;
  const spec = sectionForms[name];
  const { data, isLoading, error: readError } = useSection(name);
  const saved = useSectionSaved(name);
  const [form] = Form.useForm();
  const [asJson, setAsJson] = useState(!spec);
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  // The section as read (or as saved) fills the form and the JSON text.
  useEffect(() => {
    if (data === undefined) return;
    setText(asText(data));
    if (spec) {
      form.resetFields();
      form.setFieldsValue(spec.toForm ? spec.toForm(data) : (data as Record<string, unknown>));
    }
  }, [data, spec, form]);

  /** The section's value as edited; undefined (and the problem shown) when it cannot be read. */
  const edited = async (): Promise<unknown> => {
    if (asJson || !spec) {
      try {
        return JSON.parse(text);
      } catch (e) {
        setFailure(`${t('Not valid JSON')}: ${(e as Error).message}`);
        return undefined;
      }
    }
    try {
      await form.validateFields();
    } catch {
      return undefined;
    }
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    return withoutEmpty(spec.fromForm ? spec.fromForm(values) : values);
  };

  const toggleJson = async (json: boolean) => {
    if (!spec) return;
    setFailure(undefined);
    if (json) {
      const value = await edited();
      if (value === undefined) return;
      setText(asText(value));
    } else {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (e) {
        setFailure(`${t('Not valid JSON')}: ${(e as Error).message}`);
        return;
      }
      form.resetFields();
      form.setFieldsValue(spec.toForm ? spec.toForm(parsed) : (parsed as Record<string, unknown>));
    }
    setAsJson(json);
  };

  const save = async () => {
    setFailure(undefined);
    const value = await edited();
    if (value === undefined || value instanceof InvalidJson) return;
    setBusy(true);
    try {
      saved(await saveSection(name, value));
      notifySuccess(t('Saved'));
    } catch (e) {
      const { message, path } = fieldErrorOf(e);
      setFailure(message);
      if (spec && !asJson && path) {
        const at = spec.errorPath ? spec.errorPath(path) : path;
        form.setFields([{ name: at, errors: [message] }]);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      title={t(section.label)}
      data-testid={`section-${name}`}
      extra={
        <Space>
          <Typography.Text type="secondary">{name}</Typography.Text>
          {spec && (
            <Switch
              checked={asJson}
              onChange={(json) => void toggleJson(json)}
              checkedChildren="JSON"
              unCheckedChildren={t('Form')}
              aria-label={t('Edit as JSON')}
            />
          )}
        </Space>
      }
    >
      {isLoading ? (
        <Spin />
      ) : readError ? (
        <Alert type="error" showIcon message={t('This section could not be read')} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          {spec && !asJson ? (
            <SectionForm spec={spec} form={form} testId={`form-${name}`} />
          ) : (
            <Suspense fallback={<Spin />}>
              <JsonEditor value={text} onChange={setText} label={t(section.label)} />
            </Suspense>
          )}
          {failure && <Alert type="error" showIcon message={failure} data-testid={`section-error-${name}`} />}
          <Button type="primary" loading={busy} onClick={() => void save()}>
            {t('Save')}
          </Button>
        </Space>
      )}
    </Card>
  );
}
