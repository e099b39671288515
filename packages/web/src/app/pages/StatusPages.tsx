import { Button, Flex, Result, Spin } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Tool screens of spec 000 §2.2 that are not built yet: a clear page, never a blank screen. */
export function NotAvailable({ title }: { title?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <Result
      status="info"
      title={title ?? t('This screen is not available yet')}
      subTitle={t('{path} is part of the product but has not been built in this version.', { path: location.pathname })}
      extra={<Button onClick={() => navigate(-1)}>{t('Back')}</Button>}
      data-testid="not-available"
    />
  );
}

export function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('Page not found')}
      extra={<Button onClick={() => navigate('/')}>{t('Home')}</Button>}
    />
  );
}

export function NotAllowed() {
  const { t } = useTranslation();
  return <Result status="403" title={t('This page is not available for your profile')} />;
}

/** A screen behind a feature flag that is off for the user (app/feature-flags.ts). */
export function FeatureTurnedOff({ flag }: { flag: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title={t('This feature is turned off')}
      subTitle={t('The feature {flag} is turned off for you. An administrator may turn it on.', { flag })}
      data-testid="feature-turned-off"
    />
  );
}

/** The loading state of the app and of lazy screens. */
export function Loading({ full = false }: { full?: boolean }) {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="center" style={{ height: full ? '100vh' : 240 }}>
      <Spin tip={t('Loading')} size="large">
        <div style={{ width: 80, height: 80 }} />
      </Spin>
    </Flex>
  );
}
