import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { outdatedText } from './RouteError.tsx';

/** What an error page shows (spec 000 §8): a newer build asks to refresh; other errors say "Oops" with the detail. */
export default function ErrorResult({
  outdated,
  online,
  detail,
}: {
  outdated: boolean;
  online: boolean;
  detail: string;
}) {
  const { t } = useTranslation();
  if (outdated)
    return (
      <Result
        status="warning"
        title={online ? t(outdatedText) : ''}
        extra={<Button onClick={() => window.location.reload()}>{t('Refresh')}</Button>}
      />
    );
  return (
    <Result
      status="error"
      title={t('Oops, something went wrong')}
      subTitle={detail}
      extra={<Button href="/">{t('Home')}</Button>}
    />
  );
}
