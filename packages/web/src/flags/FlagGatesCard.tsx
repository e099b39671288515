import { List, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { labelOfPath } from '../app/menus.ts';
import { FormCard } from '../entities/FormCard.tsx';
import { flagGates, flagQueryKeys } from './flags-api.ts';

/** What the flag gates: the menu entries, transitions and routes declared with its name. */
export function FlagGatesCard({ name }: { name: string }) {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: flagQueryKeys.gates(name), queryFn: () => flagGates(name) });
  const lines = [
    ...(data?.menus ?? []).map((m) => ({
      key: `menu ${m.path}`,
      what: t('Menu entry'),
      text: <Link to={m.path}>{t(labelOfPath(m.path))}</Link>,
    })),
    ...(data?.transitions ?? []).map((tr) => ({
      key: `transition ${tr.entity} ${tr.code}`,
      what: t('Transition'),
      text: `${t(tr.label)} (${tr.entity})`,
    })),
    ...(data?.routes ?? []).map((r) => ({
      key: `route ${r.method} ${r.url}`,
      what: t('API route'),
      text: <Typography.Text code>{`${r.method} ${r.url}`}</Typography.Text>,
    })),
  ];
  return (
    <FormCard title={t('What it gates')}>
      <List
        size="small"
        dataSource={lines}
        locale={{ emptyText: t('Nothing is declared with this flag’s name yet') }}
        renderItem={(line) => (
          <List.Item key={line.key} data-testid="flag-gate">
            <Typography.Text type="secondary" style={{ minWidth: 120 }}>
              {line.what}
            </Typography.Text>
            {line.text}
          </List.Item>
        )}
      />
    </FormCard>
  );
}
