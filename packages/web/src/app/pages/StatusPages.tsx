import { Button, Result } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

/*
 * Status pages drawn with antd's Result, whose illustrations (404, 403, 500) weigh some 36 KB: the
 * shell loads this file when it shows one of them (app/shell/AppRoutes.tsx).
 */

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
