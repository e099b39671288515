import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { entityByName } from '@lbo/model/entity-registry';
import type { SearchGroup } from './search-api.ts';

/** A group's title: the kind's plural in the user's language, and how many records match. */
export function KindTitle({ group }: { group: SearchGroup }) {
  const { t } = useTranslation();
  const entity = entityByName(group.entity);
  return (
    <Typography.Text strong data-testid="search-group-title">
      {t(entity?.labels.en.plural ?? group.entity)}{' '}
      <Typography.Text type="secondary" data-testid="search-group-count">
        ({group.count}
        {group.countCapped ? '+' : ''})
      </Typography.Text>
    </Typography.Text>
  );
}
