import { useEffect, useMemo, useState } from 'react';
import { AutoComplete, Button, Card, Input, Select, Space, Table, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../app/notify.tsx';
import { refreshStringOverrides } from '../app/session/user-locale.ts';
import { i18n, loadShippedTranslations } from '../i18n/i18n.ts';
import { supportedLocales } from '../i18n/locale.ts';
import { flagQueryKeys, readStringOverrides, saveStringOverrides, type StringOverrides } from './flags-api.ts';
import {
  overrideRows,
  shippedKeysMatching,
  withOverride,
  withoutOverride,
  type OverrideRow,
} from './string-overrides.ts';

/** Texts longer than this are refused by the server too. */
const MAX_TEXT = 2000;

/**
 * `/string-overrides` (admins, Configuration menu): the tenant's own wording of any text of the
 * web, per locale. The key is picked among the texts that ship (searched by their English
 * wording); saving puts the change in force at once, here and, at their next refresh, for every user.
 */
export default function StringOverridesScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: overrides = {} } = useQuery({ queryKey: flagQueryKeys.stringOverrides, queryFn: readStringOverrides });
  const [locale, setLocale] = useState<string>(i18n.language);
  const [key, setKey] = useState('');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [shippedKeys, setShippedKeys] = useState<string[]>([]);

  // The keys to pick from: every text that ships (the French dictionary is keyed by the English wording).
  useEffect(() => {
    void loadShippedTranslations('fr-FR').then(() =>
      setShippedKeys(Object.keys(i18n.getResourceBundle('fr-FR', 'translation') ?? {}).sort()),
    );
  }, []);
  const options = useMemo(() => shippedKeysMatching(shippedKeys, key).map((k) => ({ value: k })), [shippedKeys, key]);

  const save = async (next: StringOverrides) => {
    setBusy(true);
    try {
      await saveStringOverrides(next);
      await queryClient.invalidateQueries({ queryKey: flagQueryKeys.stringOverrides });
      await refreshStringOverrides();
      return true;
    } catch {
      // The client has shown the server's error (it names the field).
      return false;
    } finally {
      setBusy(false);
    }
  };
  const add = async () => {
    if (await save(withOverride(overrides, locale, key, text))) {
      notify({ level: 'success', message: t('The text is overridden') });
      setKey('');
      setText('');
    }
  };
  const shipped = (row: { locale: string; key: string }) =>
    row.locale === 'en-EU'
      ? row.key
      : ((i18n.getResource(row.locale, 'translation', row.key) as string | undefined) ?? row.key);

  return (
    <Card title={t('String overrides')}>
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Typography.Paragraph type="secondary">
          {t(
            'Replace any text of the interface for this tenant, in one language: pick the text by its English wording.',
          )}
        </Typography.Paragraph>
        <Space wrap align="start">
          <Select
            aria-label={t('Locale')}
            value={locale}
            onChange={setLocale}
            style={{ width: 120 }}
            options={supportedLocales.map((l) => ({ value: l, label: l }))}
          />
          <AutoComplete value={key} onChange={setKey} options={options} style={{ width: 320 }}>
            <Input aria-label={t('Text to override')} placeholder={t('Search the texts of the interface')} />
          </AutoComplete>
          <Input
            aria-label={t('New text')}
            placeholder={t('New text')}
            value={text}
            maxLength={MAX_TEXT}
            onChange={(e) => setText(e.target.value)}
            style={{ width: 320 }}
          />
          <Button type="primary" disabled={!key.trim() || !text.trim() || busy} onClick={() => void add()}>
            {t('Override')}
          </Button>
        </Space>
        <Table<OverrideRow>
          size="small"
          rowKey={(row) => `${row.locale}\u0000${row.key}`}
          dataSource={overrideRows(overrides)}
          pagination={false}
          locale={{ emptyText: t('No text is overridden') }}
          columns={[
            { title: t('Locale'), dataIndex: 'locale', width: 100 },
            { title: t('Text to override'), dataIndex: 'key' },
            { title: t('Shipped text'), key: 'shipped', render: (_, row) => shipped(row) },
            { title: t('New text'), dataIndex: 'text' },
            {
              title: '',
              key: 'remove',
              width: 110,
              render: (_, row) => (
                <Button
                  size="small"
                  disabled={busy}
                  onClick={() => void save(withoutOverride(overrides, row.locale, row.key))}
                >
                  {t('Remove')}
                </Button>
              ),
            },
          ]}
        />
      </Space>
    </Card>
  );
}
