import { useMemo, useState } from 'react';
import { Alert, Button, Input, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { dataProvider, queryKeys } from '../app/api/data-provider.ts';
import { notify } from '../app/notify.tsx';
import type { ScreenProps } from '../app/web-module.ts';
import { addTranslations, i18n } from '../i18n/i18n.ts';
import { missingOf, withTranslations, type LocaleRecord } from './locale-translations.ts';

interface Row {
  key: string;
  missing: boolean;
}

/**
 * `/locale/{id}`: one locale's texts. Those the interface reported without translation come first,
 * each with a field; saving moves each translated one from `missingKeys` to `translations`, and the
 * tenant's users see it from their next screen (this browser at once, when it shows that locale).
 */
export default function LocaleScreen({ entity }: ScreenProps) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [show, setShow] = useState<'missing' | 'all'>('missing');
  const { data: record, isLoading } = useQuery({
    queryKey: queryKeys.record(entity, id),
    queryFn: () => dataProvider.get<LocaleRecord>(entity, id),
  });
  const missing = useMemo(() => (record ? missingOf(record) : []), [record]);
  const rows: Row[] = useMemo(() => {
    const missingRows = missing.map((key) => ({ key, missing: true }));
    if (show === 'missing' || !record) return missingRows;
    return [...missingRows, ...Object.keys(record.translations ?? {}).map((key) => ({ key, missing: false }))];
  }, [missing, record, show]);
  const save = useMutation({
    mutationFn: async () => {
      if (!record) return undefined;
      const changes = withTranslations(record, typed);
      return dataProvider.update<LocaleRecord>(entity, record.locale, { ...changes, _version: record._version });
    },
    onSuccess: async (saved) => {
      if (!saved) return;
      if (i18n.language === saved.locale) addTranslations(saved.locale, saved.translations ?? {});
      setTyped({});
      await queryClient.invalidateQueries({ queryKey: queryKeys.kind(entity) });
      notify({ level: 'success', message: t('Translations saved') });
    },
  });
  if (isLoading || !record) return <Typography.Text type="secondary">{isLoading ? t('Loading…') : ''}</Typography.Text>;
  const changed = Object.keys(typed).length > 0;
  return (
    <div data-testid="locale-translations">
      <Typography.Title level={2}>
        <Link to="/locales">{t('Translations')}</Link> › {record.locale}
      </Typography.Title>
      <Space style={{ marginBottom: 16 }} wrap>
        <Tag color={missing.length ? 'orange' : 'green'} data-testid="missing-count">
          {t('Missing translations: {count}', { count: missing.length })}
        </Tag>
        <Segmented
          value={show}
          onChange={(value) => setShow(value as 'missing' | 'all')}
          options={[
            { value: 'missing', label: t('Missing') },
            { value: 'all', label: t('All') },
          ]}
        />
        <Button type="primary" disabled={!changed} loading={save.isPending} onClick={() => save.mutate()}>
          {t('Save translations')}
        </Button>
      </Space>
      {!rows.length && <Alert type="success" showIcon title={t('Every reported text is translated.')} />}
      {rows.length > 0 && (
        <Table<Row>
          rowKey="key"
          dataSource={rows}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          columns={[
            {
              title: t('Text'),
              dataIndex: 'key',
              width: '45%',
              render: (key: string, row) => (
                <Space>
                  <span lang="en">{key}</span>
                  {row.missing && <Tag color="orange">{t('Missing')}</Tag>}
                </Space>
              ),
            },
            {
              title: t('Translation'),
              key: 'translation',
              render: (_, row) => (
                <Input
                  aria-label={t('Translation of {text}', { text: row.key })}
                  lang={record.locale}
                  value={typed[row.key] ?? record.translations?.[row.key] ?? ''}
                  onChange={(event) => setTyped((current) => ({ ...current, [row.key]: event.target.value }))}
                  onPressEnter={() => changed && save.mutate()}
                />
              ),
            },
          ]}
        />
      )}
    </div>
  );
}
