import { Alert, Button, Checkbox, Form, Input, InputNumber, Spin } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api } from '../app/api/client.ts';
import {
  fieldLabel,
  fillableFields,
  filledValues,
  flowInputOf,
  flowPagePath,
  type FlowInput,
  type FlowPageData,
} from './flow-page.ts';

/** No shell and no session: the page shows its own errors, and a 401 is no expired session. */
const quiet = { silent: true, noSessionCheck: true } as const;

const inputs: Record<FlowInput, () => ReactNode> = {
  text: () => <Input />,
  longText: () => <Input.TextArea rows={4} />,
  number: () => <InputNumber style={{ width: '100%' }} />,
  date: () => <Input type="date" />,
  boolean: () => <Checkbox />,
};

type State =
  | { status: 'loading' }
  | { status: 'refused' }
  | { status: 'ready'; page: FlowPageData }
  | { status: 'sent'; registration: string };

/**
 * `/k/{accessKey}/p/{pageId}`, flow mode (spec 000 §2.1): the page an access key opens, full
 * screen, without menus; a wrong or expired key gets a page that says so and nothing else.
 */
export default function FlowPage() {
  const { t } = useTranslation();
  const { accessKey = '', pageId = '' } = useParams();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    api.get<FlowPageData>(flowPagePath(accessKey, pageId), quiet).then(
      (page) => live && setState({ status: 'ready', page }),
      () => live && setState({ status: 'refused' }),
    );
    return () => {
      live = false;
    };
  }, [accessKey, pageId]);

  const submit = async (values: Record<string, unknown>) => {
    setBusy(true);
    setError(undefined);
    try {
      const created = await api.post<{ registration: string }>(
        `${flowPagePath(accessKey, pageId)}/records`,
        filledValues(values),
        quiet,
      );
      setState({ status: 'sent', registration: created.registration });
    } catch (e) {
      setError((e as Error).message);
    }
    setBusy(false);
  };

  return (
    <main data-testid="flow-page" style={{ minHeight: '100vh', padding: 24, maxWidth: 720, margin: '0 auto' }}>
      {state.status === 'loading' && <Spin />}
      {state.status === 'refused' && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('This link is not valid or has expired.')}
          description={t('Ask the person who sent it for a new link.')}
        />
      )}
      {state.status === 'sent' && (
        <Alert
          type="success"
          showIcon
          role="status"
          title={t('Thank you: your answer was saved as {registration}.', { registration: state.registration })}
        />
      )}
      {state.status === 'ready' && (
        <>
          <h1 style={{ marginTop: 0, fontSize: 24, fontWeight: 600 }}>{state.page.title ?? state.page.label}</h1>
          {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />}
          <Form layout="vertical" onFinish={submit} disabled={!state.page.canWrite || busy}>
            {fillableFields(state.page.fields).map(([name, field]) => {
              const input = flowInputOf(field);
              return (
                <Form.Item
                  key={name}
                  name={name}
                  label={fieldLabel(name, field)}
                  valuePropName={input === 'boolean' ? 'checked' : 'value'}
                  rules={field.mandatory ? [{ required: true, message: t('Field is mandatory') }] : undefined}
                >
                  {inputs[input]()}
                </Form.Item>
              );
            })}
            {state.page.canWrite && (
              <Button type="primary" htmlType="submit" loading={busy}>
                {t('Send')}
              </Button>
            )}
          </Form>
        </>
      )}
    </main>
  );
}
