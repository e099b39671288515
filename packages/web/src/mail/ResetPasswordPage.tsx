import { Alert, Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../app/api/client.ts';
import { PublicCard } from './PublicCard.tsx';

const quiet = { silent: true, noSessionCheck: true } as const;

/**
 * `/reset-password`, reached without signing in: without a token, asks for a reset link by mail
 * (the answer is the same whether the user exists or not); with the token of the link, sets the
 * new password, then leads to the sign-in page.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [state, setState] = useState<'idle' | 'busy' | 'requested' | 'reset'>('idle');
  const [error, setError] = useState<string>();

  const ask = async ({ username }: { username: string }) => {
    setState('busy');
    setError(undefined);
    try {
      await api.post('/api/mail/password-reset', { username: username.trim() }, quiet);
      setState('requested');
    } catch (e) {
      setError((e as Error).message);
      setState('idle');
    }
  };
  const reset = async ({ password }: { password: string }) => {
    setState('busy');
    setError(undefined);
    try {
      await api.post('/api/mail/password-reset/confirm', { token, password }, quiet);
      setState('reset');
    } catch (e) {
      setError((e as Error).message);
      setState('idle');
    }
  };

  return (
    <PublicCard title={token ? t('Choose a new password') : t('Forgot password?')}>
      {error && <Alert type="error" showIcon title={t(error)} style={{ marginBottom: 16 }} role="alert" />}
      {state === 'requested' ? (
        <Alert
          type="success"
          showIcon
          role="status"
          title={t('If this user exists and has an e-mail address, a link to reset the password is on its way.')}
        />
      ) : state === 'reset' ? (
        <Flex vertical gap={12}>
          <Alert type="success" showIcon role="status" title={t('Your password is changed. Sign in with it.')} />
          <Link to="/authentication/login-page">{t('Sign in')}</Link>
        </Flex>
      ) : token ? (
        <Form layout="vertical" onFinish={reset} requiredMark={false}>
          <Form.Item
            name="password"
            label={t('New password')}
            extra={t('At least 10 characters, with three of lower case, upper case, digits and symbols')}
            rules={[{ required: true, message: t('Field is mandatory') }]}
          >
            <Input.Password autoFocus autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirm"
            label={t('Confirm the password')}
            dependencies={['password']}
            rules={[
              { required: true, message: t('Field is mandatory') },
              ({ getFieldValue }) => ({
                validator: (_, value) =>
                  !value || value === getFieldValue('password')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('The passwords differ'))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={state === 'busy'}>
            {t('Set the password')}
          </Button>
        </Form>
      ) : (
        <Form layout="vertical" onFinish={ask} requiredMark={false}>
          <Form.Item
            name="username"
            label={t('Username')}
            rules={[{ required: true, message: t('Field is mandatory') }]}
          >
            <Input autoFocus autoComplete="username" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={state === 'busy'}>
            {t('Send me a link')}
          </Button>
        </Form>
      )}
      <div style={{ marginTop: 16 }}>
        <Link to="/authentication/login-page">{t('Back to sign-in')}</Link>
      </div>
    </PublicCard>
  );
}
