import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Flex, theme } from 'antd';
// Input's own files: antd's `Input` also brings the text area and the one-time-code input.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/session-context.tsx';
import { defaultWindowTitle, hostText, useHostSettings, type HostSettings } from '../session/host-settings.ts';
import {
  completeOidc,
  completeSaml,
  readEntry,
  readStored,
  startOidc,
  startSaml,
  writeStored,
} from '../session/sso.ts';

/** A provider button of the host settings. */
interface ProviderButton {
  id: string;
  label?: string | Record<string, string>;
}

/** Only same-site paths are followed after sign-in. */
const safeRedirect = (value: string | null) => (value?.startsWith('/') && !value.startsWith('//') ? value : undefined);

/**
 * `/authentication/login-page`: password, then the TOTP code when the account has one.
 * Plain inputs and no antd Form or Card (they pull in tabs, menus and validators) keep the sign-in route's JavaScript small.
 */
export function LoginPage() {
  const { t, i18n } = useTranslation();
  const host = useHostSettings();
  const { status, configuration, signIn, signInTotp, signInSso } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const [ssoBusy, setSsoBusy] = useState(false);
  const returnTo = useRef<string | undefined>(undefined);
  const [username, setUsername] = useState('');
  const [secret, setSecret] = useState('');
  const [missing, setMissing] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [totp, setTotp] = useState<{ username: string; token: string }>();

  useEffect(() => {
    if (status === 'signed-in' && configuration)
      navigate(returnTo.current ?? safeRedirect(params.get('redirect')) ?? configuration.landingPage, {
        replace: true,
      });
  }, [status, configuration, navigate, params]);

  // Single sign-on (spec 000 §4): the provider's answer, or a provider to leave for.
  const entry = useRef(readEntry(location.search, location.hash, readStored()));
  const original = safeRedirect(params.get('redirect'));
  useEffect(() => {
    const sso = entry.current;
    const leave = (started: Promise<boolean>) => {
      setSsoBusy(true);
      void started.then((ok) => ok || setSsoBusy(false));
    };
    const settle = (result: { ok: boolean; error?: string; restart?: boolean; originalUrl?: string }) => {
      if (result.restart) return leave(startOidc(sso.oidc!, readStored().originalUrl ?? original ?? ''));
      if (result.ok) {
        returnTo.current = safeRedirect(result.originalUrl ?? null);
        return;
      }
      writeStored({});
      setSsoBusy(false);
      setError(result.error);
    };
    if (sso.error) {
      writeStored({});
      setError(sso.error);
    } else if (sso.oidc && (sso.code !== undefined || sso.accessToken !== undefined)) {
      setSsoBusy(true);
      void signInSso(() => completeOidc(sso)).then(settle);
    } else if (sso.saml && sso.token) {
      setSsoBusy(true);
      void signInSso(() => completeSaml(sso)).then(settle);
    } else if (sso.oidc && sso.autoOidc !== false) {
      leave(startOidc(sso.oidc, original ?? ''));
    } else if (sso.saml) {
      leave(startSaml(sso.saml, original ?? ''));
    }
    // Read once, from the URL the page was opened with.
  }, []);

  // A host may sign in through one provider at once, unless the URL says autoOidc=0.
  const autoOidc = (host.uiAuthConfig as { autoOidc?: string } | undefined)?.autoOidc;
  useEffect(() => {
    const sso = entry.current;
    if (!autoOidc || sso.oidc || sso.saml || sso.autoOidc === false || status === 'signed-in') return;
    setSsoBusy(true);
    void startOidc(autoOidc, original ?? '').then((ok) => ok || setSsoBusy(false));
  }, [autoOidc]);

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
    value && typeof value === 'object' ? hostText(value, i18n.language, t(fallback)) : t(value || fallback);
  const title = hostLabel(host.loginTitle, defaultWindowTitle);
  const mark = (empty: boolean) => (missing && empty ? 'error' : undefined);
  const oidcButtons = (Array.isArray(host.oidc) ? host.oidc : []) as ProviderButton[];
  const samlButtons = (Array.isArray(host.saml) ? host.saml : []) as ProviderButton[];
  const passwordShown = (host.uiAuthConfig as { password?: boolean } | undefined)?.password !== false;
  const providerLabel = (button: ProviderButton) =>
    t('Sign in with {provider}', { provider: hostLabel(button.label, button.id) });
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <div
        style={{
          width: 380,
          padding: 24,
          borderRadius: token.borderRadiusLG,
          background: token.colorBgContainer,
          boxShadow: token.boxShadowTertiary,
          color: token.colorText,
        }}
      >
        {host.publicLogo && (
          <img
            src={host.publicLogoUrl ?? host.publicLogo}
            alt=""
            style={{ maxWidth: '100%', maxHeight: 64, marginBottom: 16 }}
          />
        )}
        <h1 style={{ marginTop: 0, fontSize: 22, fontWeight: 600 }}>{title}</h1>
        {error && <Alert type="error" title={t(error)} showIcon style={{ marginBottom: 16 }} role="alert" />}
        {(oidcButtons.length > 0 || samlButtons.length > 0) && (
          <Flex vertical gap={8} style={{ marginBottom: passwordShown ? 16 : 0 }}>
            {oidcButtons.map((button) => (
              <Button
                key={`oidc-${button.id}`}
                block
                loading={ssoBusy}
                data-oidc={button.id}
                onClick={() => {
                  setSsoBusy(true);
                  void startOidc(button.id, original ?? '').then((ok) => ok || setSsoBusy(false));
                }}
              >
                {providerLabel(button)}
              </Button>
            ))}
            {samlButtons.map((button) => (
              <Button
                key={`saml-${button.id}`}
                block
                loading={ssoBusy}
                data-saml={button.id}
                onClick={() => {
                  setSsoBusy(true);
                  void startSaml(button.id, original ?? '').then((ok) => ok || setSsoBusy(false));
                }}
              >
                {providerLabel(button)}
              </Button>
            ))}
          </Flex>
        )}
        {passwordShown && (
          <form onSubmit={submit} noValidate>
            <Flex vertical gap={12}>
              {totp ? (
                <label>
                  {t('Authentication code')}
                  <Input
                    name="code"
                    autoFocus
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={8}
                    value={secret}
                    status={mark(!secret)}
                    onChange={(e) => setSecret(e.target.value)}
                  />
                </label>
              ) : (
                <>
                  <label>
                    {t('Username')}
                    <Input
                      name="username"
                      autoFocus
                      autoComplete="username"
                      value={username}
                      status={mark(!username.trim())}
                      onChange={(e) => setUsername(e.target.value)}
                    />
                  </label>
                  <label>
                    {t('Password')}
                    <Password
                      name="password"
                      autoComplete="current-password"
                      value={secret}
                      status={mark(!secret)}
                      onChange={(e) => setSecret(e.target.value)}
                    />
                  </label>
                </>
              )}
              {missing && (!secret || (!totp && !username.trim())) && (
                <div style={{ color: '#cf1322' }}>{t('Field is mandatory')}</div>
              )}
              <Button type="primary" htmlType="submit" block loading={busy}>
                {totp ? t('Verify') : hostLabel(host.loginButtonText, 'Sign in')}
              </Button>
              {!totp && <Link to="/reset-password">{t('Forgot password?')}</Link>}
            </Flex>
          </form>
        )}
      </div>
    </Flex>
  );
}
