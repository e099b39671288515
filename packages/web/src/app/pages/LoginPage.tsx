import { useEffect, useState } from 'react';
import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/session-context.tsx';
import { defaultWindowTitle, hostText, useHostSettings } from '../session/host-settings.ts';

interface Credentials { username: string; password: string }

/** Only same-site paths are followed after sign-in. */
const safeRedirect = (value: string | null) => (value && value.startsWith('/') && !value.startsWith('//') ? value : undefined);

/** `/authentication/login-page`: password, then the TOTP code when the account has one. */
export function LoginPage() {
  const { t, i18n } = useTranslation();
  const host = useHostSettings();
  const { status, configuration, signIn, signInTotp } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [totp, setTotp] = useState<{ username: string; token: string }>();

  useEffect(() => {
    if (status === 'signed-in' && configuration) navigate(safeRedirect(params.get('redirect')) ?? configuration.landingPage, { replace: true });
  }, [status, configuration, navigate, params]);

  const run = async (call: () => ReturnType<typeof signIn>, username: string) => {
    setBusy(true);
    setError(undefined);
    const result = await call();
    setBusy(false);
    if (result.totpToken) setTotp({ username, token: result.totpToken });
    else if (!result.ok) setError(result.error);
  };

  const title = hostText(host.loginTitle, i18n.language, defaultWindowTitle);
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', background: 'var(--ant-color-bg-layout, #f0f2f5)' }}>
      <Card style={{ width: 380 }}>
        {host.publicLogo && <img src={host.publicLogoUrl ?? host.publicLogo} alt="" style={{ maxWidth: '100%', maxHeight: 64, marginBottom: 16 }} />}
        <Typography.Title level={3} style={{ marginTop: 0 }}>{title}</Typography.Title>
        {error && <Alert type="error" title={t(error)} showIcon style={{ marginBottom: 16 }} role="alert" />}
        {totp ? (
          <Form layout="vertical" onFinish={({ code }: { code: string }) => run(() => signInTotp(totp.username, totp.token, code), totp.username)}>
            <Form.Item label={t('Authentication code')} name="code" rules={[{ required: true, message: t('Field is mandatory') }]}>
              <Input autoFocus inputMode="numeric" autoComplete="one-time-code" maxLength={8} />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>{t('Verify')}</Button>
          </Form>
        ) : (
          <Form layout="vertical" onFinish={({ username, password }: Credentials) => run(() => signIn(username.trim(), password), username.trim())}>
            <Form.Item label={t('Username')} name="username" rules={[{ required: true, message: t('Field is mandatory') }]}>
              <Input autoFocus autoComplete="username" />
            </Form.Item>
            <Form.Item label={t('Password')} name="password" rules={[{ required: true, message: t('Field is mandatory') }]}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              {hostText(host.loginButtonText, i18n.language, t('Sign in'))}
            </Button>
          </Form>
        )}
      </Card>
    </Flex>
  );
}
