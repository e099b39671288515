import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Flex, Input, theme } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/session-context.tsx';
import { defaultWindowTitle, hostText, useHostSettings, type HostSettings } from '../session/host-settings.ts';

/** Only same-site paths are followed after sign-in. */
const safeRedirect = (value: string | null) => (value && value.startsWith('/') && !value.startsWith('//') ? value : undefined);

/**
 * `/authentication/login-page`: password, then the TOTP code when the account has one.
 * Plain inputs and no antd Form or Card (they pull in tabs, menus and validators) keep the sign-in route's JavaScript small.
 */
export function LoginPage() {
  const { t, i18n } = useTranslation();
  const host = useHostSettings();
  const { status, configuration, signIn, signInTotp } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [username, setUsername] = useState('');
  const [secret, setSecret] = useState('');
  const [missing, setMissing] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [totp, setTotp] = useState<{ username: string; token: string }>();

  useEffect(() => {
    if (status === 'signed-in' && configuration) navigate(safeRedirect(params.get('redirect')) ?? configuration.landingPage, { replace: true });
  }, [status, configuration, navigate, params]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = (totp?.username ?? username).trim();
    if (!name || !secret) return setMissing(true);
    setBusy(true);
    setError(undefined);
    const result = totp ? await signInTotp(name, totp.token, secret) : await signIn(name, secret);
    setBusy(false);
    if (result.totpToken) {
      setTotp({ username: name, token: result.totpToken });
      setSecret('');
    } else if (!result.ok) setError(result.error);
  };

  const { token } = theme.useToken();
  // A host's plain text is a text of the interface (translated like any other); a per-locale map is already translated.
  const hostLabel = (value: HostSettings['loginTitle'], fallback: string) =>
    (value && typeof value === 'object' ? hostText(value, i18n.language, t(fallback)) : t(value || fallback));
  const title = hostLabel(host.loginTitle, defaultWindowTitle);
  const mark = (empty: boolean) => (missing && empty ? 'error' : undefined);
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <div style={{ width: 380, padding: 24, borderRadius: token.borderRadiusLG, background: token.colorBgContainer, boxShadow: token.boxShadowTertiary, color: token.colorText }}>
        {host.publicLogo && <img src={host.publicLogoUrl ?? host.publicLogo} alt="" style={{ maxWidth: '100%', maxHeight: 64, marginBottom: 16 }} />}
        <h1 style={{ marginTop: 0, fontSize: 22, fontWeight: 600 }}>{title}</h1>
        {error && <Alert type="error" title={t(error)} showIcon style={{ marginBottom: 16 }} role="alert" />}
        <form onSubmit={submit} noValidate>
          <Flex vertical gap={12}>
            {totp ? (
              <label>{t('Authentication code')}
                <Input name="code" autoFocus inputMode="numeric" autoComplete="one-time-code" maxLength={8} value={secret} status={mark(!secret)} onChange={(e) => setSecret(e.target.value)} />
              </label>
            ) : (
              <>
                <label>{t('Username')}
                  <Input name="username" autoFocus autoComplete="username" value={username} status={mark(!username.trim())} onChange={(e) => setUsername(e.target.value)} />
                </label>
                <label>{t('Password')}
                  <Input.Password name="password" autoComplete="current-password" value={secret} status={mark(!secret)} onChange={(e) => setSecret(e.target.value)} />
                </label>
              </>
            )}
            {missing && (!secret || (!totp && !username.trim())) && <div style={{ color: '#cf1322' }}>{t('Field is mandatory')}</div>}
            <Button type="primary" htmlType="submit" block loading={busy}>
              {totp ? t('Verify') : hostLabel(host.loginButtonText, 'Sign in')}
            </Button>
          </Flex>
        </form>
      </div>
    </Flex>
  );
}
