import { EnvironmentOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { openStreetMapUrl, positionText } from './map-link.ts';

/** A position with its link to OpenStreetMap, or a word saying there is none. */
export function PositionLink({
  latitude,
  longitude,
  accuracy,
}: {
  latitude: unknown;
  longitude: unknown;
  accuracy?: unknown;
}) {
  const { t } = useTranslation();
  if (typeof latitude !== 'number' || typeof longitude !== 'number')
    return <Typography.Text type="secondary">{t('No position yet')}</Typography.Text>;
  return (
    <Typography.Link
      data-testid="position-link"
      href={openStreetMapUrl(latitude, longitude)}
      target="_blank"
      rel="noopener noreferrer"
    >
      <EnvironmentOutlined /> {positionText(latitude, longitude, typeof accuracy === 'number' ? accuracy : undefined)}
    </Typography.Link>
  );
}
