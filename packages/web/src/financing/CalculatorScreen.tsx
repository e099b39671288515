import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CalculatorElement } from './CalculatorElement.tsx';

/** The rates tool screen (`/rates`, spec 000 §2.2): the calculator element on a page of its own. */
export default function CalculatorScreen() {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Title level={3}>{t('Rates and payment plan')}</Typography.Title>
      <Card size="small">
        <CalculatorElement />
      </Card>
    </>
  );
}
