import { Badge, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dataProvider, queryKeys } from '../app/api/data-provider.ts';
import type { ScreenProps } from '../app/web-module.ts';
import { localeInfo } from '@lbo/model/i18n/locales';
import { missingOf, type LocaleRecord } from './locale-translations.ts';

/** `/locales`: the tenant's locales, each with its translations and the texts still missing, to translate. */
export default function LocalesScreen({ entity }: ScreenProps) {
  const { t } = useTranslation();
  const query = { range: '[0-199]' };
  const { data, isLoading } = useQuery({
    queryKey: queryKeys.list(entity, query),
    queryFn: () => dataProvider.list(entity, query),
  });
  const rows = ((data?.rows ?? []) as unknown as LocaleRecord[]).toSorted((a, b) => a.locale.localeCompare(b.locale));
  return (
    <div data-testid="locales">
      <Typography.Title level={2}>{t('Translations')}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {t(
          'Texts the interface showed without a translation wait here, by locale, for an administrator to translate them.',
        )}
      </Typography.Paragraph>
      <Table<LocaleRecord>
        rowKey="_id"
        loading={isLoading}
        dataSource={rows}
        pagination={false}
        columns={[
          {
            title: t('Locale'),
            dataIndex: 'locale',
            render: (locale: string, row) => (
              <Link to={`/locale/${encodeURIComponent(row._id)}`}>
                {locale}
                {localeInfo(locale) ? ` (${localeInfo(locale)?.name})` : ''}
              </Link>
            ),
          },
          {
            title: t('Translations'),
            key: 'translations',
            render: (_, row) => Object.keys(row.translations ?? {}).length,
          },
          {
            title: t('Missing translations'),
            key: 'missing',
            render: (_, row) => {
              const missing = missingOf(row).length;
              return <Badge count={missing} showZero color={missing ? 'orange' : 'green'} overflowCount={99999} />;
            },
          },
        ]}
      />
    </div>
  );
}
